/* A string in JSON: escaped, and valid UTF-8 whatever the bytes
 * received (a byte that is not UTF-8 becomes U+FFFD). */
#ifndef RVBENCH_JSON_STRING_H
#define RVBENCH_JSON_STRING_H

#include <stdio.h>

/* Writes s as a JSON string (quotes included); 0 or -1 on a write error. */
int json_write_str(FILE *f, const char *s);

#endif
