/* meta.json read back by the fuzz targets (fuzz_json_check.h). */
#include "fuzz_json_check.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

void fuzz_check_json_object(const char *name, const char *text, size_t len)
{
	json_error_t je;
	json_t *m = json_loadb(text, len, 0, &je);
	if (!json_is_object(m)) {
		fprintf(stderr, "fuzz: %s is not a JSON object: %d:%d: %s\n", name, je.line, je.column,
			je.text);
		abort();
	}
	json_decref(m);
}
