/* The blocks of a result directory without a sample (unmeasured.h). */
#include "unmeasured.h"

#include <fnmatch.h>
#include <string.h>

#include "rcsv.h"
#include "results_csv.h"
#include "term_str.h"

/* Appends text to buf[0..len) at *at, cut to fit. */
static void append(char *buf, size_t len, size_t *at, const char *text)
{
	int n = snprintf(buf + *at, len - *at, "%s", text);
	if (n > 0)
		*at += (size_t)n < len - *at ? (size_t)n : len - *at - 1;
}

/* "block B of run R ended with status S (reason)" for row i of t (the
 * columns of col: run, block, bench, status, reason), escaped for a
 * terminal: summary.csv is a plain file. */
static void why_row(const struct rcsv *t, size_t i, const int *col, char *buf, size_t len)
{
	char run[100], block[40], status[100], reason[300];
	char **f = t->row[i];
	const char *r = col[4] >= 0 && *f[col[4]] ? f[col[4]] : NULL;
	snprintf(buf, len, "block %s of run %s ended with status %s%s%s%s",
		 term_str(f[col[1]], block, sizeof(block)), term_str(f[col[0]], run, sizeof(run)),
		 term_str(f[col[3]], status, sizeof(status)), r ? " (" : "",
		 r ? term_str(r, reason, sizeof(reason)) : "", r ? ")" : "");
}

size_t unmeasured_why(const char *dir, const char *bench, char *buf, size_t len)
{
	static const char *const name[] = { "run", "block", "bench", "status", "reason" };
	struct rcsv t;
	char err[256], row[700];
	int col[5], cols = 1;
	size_t found = 0, at = 0;
	buf[0] = 0;
	if (results_summary_read(dir, &t, err, sizeof(err)))
		return 0;
	for (int k = 0; k < 5; k++)
		cols &= (col[k] = rcsv_col(&t, name[k])) >= 0 || k == 4; /* reason: optional */
	for (size_t i = 1; cols && i < t.nrows; i++) {
		if (t.nfield[i] != t.nfield[0] || fnmatch(bench, t.row[i][col[2]], 0))
			continue;
		/* Three are enough to see why; the rest are counted. */
		if (found < 3) {
			why_row(&t, i, col, row, sizeof(row));
			append(buf, len, &at, found ? "; " : "");
			append(buf, len, &at, row);
		}
		found++;
	}
	if (found > 3) {
		snprintf(row, sizeof(row), "; and %zu more blocks", found - 3);
		append(buf, len, &at, row);
	}
	rcsv_free(&t);
	return found;
}

size_t unmeasured_say(const char *dir, const char *bench, const char *who, const char *what,
		      FILE *to)
{
	static const char *const column[] = { "run", "block", "bench", "status", "reason", "count",
					      "params" };
	struct rcsv t;
	char err[256], row[700], name[200], params[700];
	int col[7], cols = 1;
	size_t found = 0;
	if (results_summary_read(dir, &t, err, sizeof(err)))
		return 0;
	for (int k = 0; k < 7; k++)
		cols &= (col[k] = rcsv_col(&t, column[k])) >= 0 || k == 4; /* reason: optional */
	for (size_t i = 1; cols && i < t.nrows; i++) {
		char **f = t.row[i];
		if (t.nfield[i] != t.nfield[0] || strcmp(f[col[5]], "0") ||
		    (bench && fnmatch(bench, f[col[2]], 0)))
			continue;
		found++;
		if (!to)
			continue;
		why_row(&t, i, col, row, sizeof(row));
		fprintf(to, "rvbench: %s: no %s of %s%s%s: %s\n", who, what,
			term_str(f[col[2]], name, sizeof(name)), *f[col[6]] ? " " : "",
			term_str(f[col[6]], params, sizeof(params)), row);
	}
	rcsv_free(&t);
	return found;
}
