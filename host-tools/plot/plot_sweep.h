/*
 * The sweep figure of `rvbench plot` (DIR/plot-BENCH-sweep.png): the cost
 * per call of a benchmark against the one parameter its blocks differ in.
 */
#ifndef RVBENCH_PLOT_SWEEP_H
#define RVBENCH_PLOT_SWEEP_H

#include <stddef.h>

#include "results_csv.h"

/*
 * The swept parameter of the series idx[0..n) (one benchmark of one run):
 * the first p.* key, in record order, whose value differs between them and
 * is a positive number in all of them. 0 and name in buf, or -1: whether
 * the benchmark gets a sweep figure at all.
 */
int plot_swept_param(const struct results *r, const size_t *idx, size_t n, char *buf, size_t len);

/*
 * The sweep figure of benchmark idx[0..n) (its series, one run) against
 * param, drawn to file (.png or .svg): per line (hart, other parameters)
 * and point (swept value) the median and p10..p90 of cycles per call,
 * divided by per_call when the block has one (cycles per load, per byte);
 * log2 x axis. Returns 0, or -1 with a reason in err.
 */
int plot_sweep(const struct results *r, const size_t *idx, size_t n, const char *param,
	       const char *file, char *err, size_t errlen);

#endif
