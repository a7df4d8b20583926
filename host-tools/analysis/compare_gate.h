/*
 * What a CI gate must not wave through (`rvbench compare --fail-above`):
 * the blocks of a result directory that are not whole, from its own files:
 * a status other than ok in summary.csv (skipped, the benchmark cannot
 * run there by design, is not a failure), or samples listed in gaps.csv.
 */
#ifndef RVBENCH_COMPARE_GATE_H
#define RVBENCH_COMPARE_GATE_H

#include <stddef.h>
#include <stdint.h>

struct cmp_problem {
	char *run, *bench;
	int64_t block;
	/* "status fault", "12 samples lost (gaps.csv)", or for a skipped
	 * block its reason from summary.csv ("size_kib=262144 does not fit,
	 * ..."). */
	char why[192];
	/* From summary.csv (NULL from gaps.csv, which lacks them): which
	 * series the block would have made, for a block with no sample. */
	char *params;
	uint64_t group, batch;
	/* A skipped block (summary.csv's status skipped): the benchmark cannot
	 * run there, which is no failure of that side; it only says why the
	 * other side's series has no partner. */
	int skipped;
};

struct cmp_problems {
	struct cmp_problem *p;
	size_t n;
};

/* Reads DIR/summary.csv, checked against meta.json (results_summary_read,
 * results_csv.h: missing when meta.json lists it, cut or edited, refused
 * unless --no-check), and DIR/gaps.csv (absent: older results). 0, or -1
 * with a reason in err. */
int cmp_problems_load(const char *dir, struct cmp_problems *pr, char *err, size_t errlen);
/* Why block (run, block) is not whole, or NULL when it is (a skipped
 * block is whole: nothing was to be measured). */
const char *cmp_problem_of(const struct cmp_problems *pr, const char *run, int64_t block);
void cmp_problems_free(struct cmp_problems *pr);

#endif
