/* meta.json read back with jansson, in a file of its own. */
#ifndef RVBENCH_FUZZ_JSON_CHECK_H
#define RVBENCH_FUZZ_JSON_CHECK_H

#include <stddef.h>

/* Aborts, with name and jansson's reason on stderr, unless text[0..len)
 * is one JSON object. */
void fuzz_check_json_object(const char *name, const char *text, size_t len);

#endif
