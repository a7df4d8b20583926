/*
 * The rank of a median's distribution-free confidence interval. Its own
 * file, with nothing but libm below it, because make bench-boot's timing
 * tool (tests/bench/boot_time.c) uses it too, without the rest of the
 * analysis.
 */
#ifndef RVBENCH_MEDIAN_RANK_H
#define RVBENCH_MEDIAN_RANK_H

#include <stddef.h>

/*
 * With B ~ Binomial(n, 1/2) the number of values below the median, the
 * 1-based order statistics [x_(l), x_(n+1-l)] cover the median with
 * probability 1 - 2 P(B <= l - 1). Returns the largest l that keeps that
 * at or above level, or 0 when n is too small (95 %: n < 6).
 */
size_t median_ci_rank(size_t n, double level);

#endif
