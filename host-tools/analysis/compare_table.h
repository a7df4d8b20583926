/*
 * The rows of `rvbench compare` (compare_table.c builds them, compare_text.c,
 * compare_md.c and compare_csv.c print them): one per benchmark, parameters,
 * group (and hart, for a parallel run) of A, matched in B; with --by PARAM,
 * matched in B with another value of PARAM and all else equal. Then what B
 * alone has, and the geometric mean of the compared rows.
 */
#ifndef RVBENCH_COMPARE_TABLE_H
#define RVBENCH_COMPARE_TABLE_H

#include <stdio.h>

#include "analysis.h"
#include "compare_gate.h"
#include "compare_match.h"

enum cmp_row_kind {
	CMP_COMPARED, /* c is filled */
	CMP_ONLY_A,   /* missing from B */
	CMP_ONLY_B,
	CMP_SKIPPED, /* why says why (different batch sizes, no samples, the
		      * other side's block faulted before its first sample) */
};

struct cmp_row {
	enum cmp_row_kind kind;
	char bench[300];  /* "bench", "bench vs other" (DIR:BENCH), + " g1 N=10", " hart 2" */
	char params[600]; /* "size_kib=64;steps=64", with --by "size_kib=4->64;steps=64" */
	const char *why;  /* CMP_SKIPPED */
	/* CMP_SKIPPED: A skipped what B measured (a working set A's machine
	 * could not hold). B's extra, which the gate lets pass as it does
	 * what only B has. */
	int a_skipped;
	char *why_text;   /* what why points to when made for the row (heap) */
	const char *incomplete; /* a block of the row is not whole in A or B (compare_gate.h) */
	const struct res_series *sa, *sb; /* A's first series; B's (NULL: none) */
	int by_hart;
	struct an_compare c;
	uint64_t *va, *vb; /* the pooled samples, kept for --plot */
	size_t na, nb;
};

struct cmp_table {
	struct cmp_row *row;
	size_t n, compared;
	/* Geometric means over the compared rows with both medians above 0:
	 * of median A, of median B, and their ratio. */
	size_t gm_n;
	double gm_a, gm_b, gm_ratio;
	double alpha;
	const char *by;
};

/* Whether the gate --fail-above pct refuses compared row r, and why in
 * why ("is slower by +12.50% (limit 5 %)", "has too few samples to
 * decide at this level (3 + 3 samples, alpha 0.05)"; "" when it passes): a
 * significant slowdown above pct, or samples too few to decide at the
 * level (the CI is n/a: no slowdown could ever be significant, so passing
 * the row would wave any slowdown through). 1 refused, 0 passed. */
int cmp_row_gate(const struct cmp_row *r, double pct, char *why, size_t len);

/* Compares a and b (pa, pb: their blocks that are not whole). 0, or -1
 * out of memory. */
int cmp_table_build(const struct cmp_side *a, const struct cmp_side *b,
		    const struct cmp_problems *pa, const struct cmp_problems *pb, double alpha,
		    const char *by, struct cmp_table *t);
void cmp_table_free(struct cmp_table *t);

/* Formatting shared by the printers. The change in %, "+1.23%" (more
 * decimals while a nonzero change would print as 0), "~" when not
 * significant and tilde set. */
void cmp_fmt_change(char *buf, size_t len, struct an_val change, int significant, int tilde);
/* The CI of the ratio as changes in %: "[+1.2%, +3.4%]", or "n/a". */
void cmp_fmt_ci(char *buf, size_t len, const struct an_interval *ci);
/* The p-value: "0.0312", "<1e-300", "n/a". */
void cmp_fmt_p(char *buf, size_t len, struct an_val p);

/* The printers: text (aligned columns), md (a GitHub table), csv (RFC
 * 4180). a_name, b_name: what A and B are. -1 on a write error. */
int cmp_print_text(FILE *f, const struct cmp_table *t, const char *a_name, const char *b_name);
int cmp_print_md(FILE *f, const struct cmp_table *t, const char *a_name, const char *b_name);
int cmp_print_csv(FILE *f, const struct cmp_table *t);

#endif
