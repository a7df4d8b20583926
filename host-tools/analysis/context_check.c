/* Two results' contexts compared (context_check.h). */
#include "context_check.h"

#include <string.h>

unsigned context_check(FILE *f, const char *who, const struct run_context *a,
		       const struct run_context *b)
{
	unsigned n = 0;

	for (int side = 0; side < 2; side++)
		if (!(side ? b : a)->found) {
			fprintf(f, "rvbench: %s: warning: %s has no context in its meta.json (an older "
				   "result): cannot check that both ran on the same kind of machine\n",
				who, side ? "B" : "A");
			n++;
		}
	if (n)
		return n;
	for (int k = 0; k < CTX_KEY_COUNT; k++)
		if (strcmp(a->value[k], b->value[k])) {
			fprintf(f, "rvbench: %s: warning: different %s: A %s, B %s\n", who,
				ctx_key_name[k], a->value[k], b->value[k]);
			n++;
		}
	return n;
}
