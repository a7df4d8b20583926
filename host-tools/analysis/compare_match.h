/*
 * `rvbench compare A B`: which series of A and B are compared with which.
 * A and B are result directories, or DIR:BENCH for one benchmark each.
 */
#ifndef RVBENCH_COMPARE_MATCH_H
#define RVBENCH_COMPARE_MATCH_H

#include <stddef.h>
#include <stdint.h>

#include "results_csv.h"

/* One side: its argument, directory and (DIR:BENCH) benchmark. */
struct cmp_side {
	const char *arg;
	char *dir, *bench; /* bench NULL: every benchmark */
	struct results r;
};

/*
 * What matches between A and B: bench, params and group, and the hart
 * when the benchmark ran on several harts (a parallel run) in A or B. A
 * block id is not compared: the same sweep point may have another id in
 * another run. Without several harts the hart is not compared either, so
 * runs on machines with another boot hart still compare.
 */
struct cmp_key {
	const char *bench, *params;
	uint64_t group, hart;
	/* Calls per sample: samples of another batch size measure another
	 * quantity (a sample of N calls), never pooled with these. */
	uint64_t batch;
	int by_hart;
};

/* 1 when params p and q ("a=1;b=2") hold the same entries in the same
 * order once the entry named by is left out of both (by NULL: p equals q). */
int cmp_params_except(const char *p, const char *q, const char *by);

/* Loads arg (DIR, or DIR:BENCH when DIR:BENCH is not a path). 0, or -1
 * with a reason in err; s is to be closed (cmp_close_side) either way. */
int cmp_open_side(struct cmp_side *s, const char *arg, char *err, size_t errlen);
/* Frees what cmp_open_side loaded, whether or not it succeeded. */
void cmp_close_side(struct cmp_side *s);
/* 1 when s is one of k's series. */
int cmp_matches(const struct res_series *s, const struct cmp_key *k);
/* 1 when one run of r has (bench, params, group) on two harts or more (a
 * parallel run; runs that booted on other harts are not). */
int cmp_several_harts(const struct results *r, const char *bench, const char *params,
		      uint64_t group);
/* All measured cycles of the series of r matching k (all runs, one batch
 * size), malloc'd (NULL out of memory); *batch k's, *found whether any. */
uint64_t *cmp_gather(const struct results *r, const struct cmp_key *k, size_t *n, uint64_t *batch,
		     int *found);
/* 1 when a series before r->s[i] matches k (it was compared already). */
int cmp_seen_before(const struct results *r, size_t i, const struct cmp_key *k);

#endif
