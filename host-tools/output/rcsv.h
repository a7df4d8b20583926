/* A CSV file in memory (RFC 4180), read by header name: what
 * results_csv.h reads samples.csv and summary.csv with. */
#ifndef RVBENCH_RCSV_H
#define RVBENCH_RCSV_H

#include <stddef.h>

/* A parsed CSV: rows of fields, row 0 the header. */
struct rcsv {
	char ***row;    /* row[i][j]: field j of row i (unquoted) */
	size_t *nfield; /* fields of row i */
	size_t *line;   /* line number where row i starts (1-based) */
	size_t nrows;
};

/* Parses text[0..len) (RFC 4180: CRLF or LF, "quoted" fields with ""
 * escapes and line breaks). Returns 0, or -1 with "LINE: reason" in err. */
int rcsv_parse(const char *text, size_t len, struct rcsv *t, char *err, size_t errlen);
void rcsv_free(struct rcsv *t);
/* Index of the header field called name, or -1. */
int rcsv_col(const struct rcsv *t, const char *name);

/* p grown to hold need elements of elem bytes (*cap doubled until it
 * does); NULL out of memory, p still valid. */
void *rcsv_grow(void *p, size_t *cap, size_t need, size_t elem);

#endif
