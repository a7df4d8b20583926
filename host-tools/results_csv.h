/*
 * Reading a result directory back: samples.csv (RFC 4180) and the
 * completeness recorded in meta.json. Columns are found by header name, so
 * columns added later are ignored. Errors name the file and line.
 */
#ifndef RVBENCH_RESULTS_CSV_H
#define RVBENCH_RESULTS_CSV_H

#include <stddef.h>
#include <stdint.h>

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

/* The measured (warmup = 0) samples of one (run, bench, group). */
struct res_series {
	char *run, *bench;
	uint64_t hart, group, batch;
	size_t n, cap;
	uint64_t *cycles, *instret; /* in file order */
};

struct results {
	char *dir;
	struct res_series *s; /* in order of first appearance */
	size_t ns;
	int meta_found;    /* meta.json was read */
	int complete;      /* meta.json says "status": "complete" */
	char status[32];   /* that status, "" if unknown */
};

/* Loads DIR/samples.csv and DIR/meta.json. Returns 0, or -1 with a message
 * naming the file (and line) in err. A missing meta.json is not an error. */
int results_load(const char *dir, struct results *r, char *err, size_t errlen);
void results_free(struct results *r);

/* Appends one sample to the series (run, bench, group), created if new. */
int results_add(struct results *r, const char *run, const char *bench, uint64_t hart,
		uint64_t group, uint64_t batch, uint64_t cycles, uint64_t instret);

#endif
