/*
 * What a person watching the UART reads: the kbench summary line, the text
 * histogram with its CDF (seed 000), the Kanata group table (seed 002) and
 * the seL4-style overhead table (seed 004). All of it after measuring.
 */
#ifndef RVBENCH_REPORT_H
#define RVBENCH_REPORT_H

#include <stddef.h>
#include <stdint.h>

#include "stats.h"

/* "name: min= max= count= 99th= 95th= 90th= 50th= mad=" */
void report_kbench_line(const char *name, const struct order_stats *s);
/* Histogram + CDF of sorted values (n > 0), at most `rows` bins. */
void report_histogram(const uint64_t *sorted, size_t n, unsigned rows);

/* Moments of a sample, exact: mean and variance from integer sums. */
struct moments {
	uint64_t n, min, max;
	uint64_t sum;
	unsigned __int128 sumsq;
};
void moments_add(struct moments *m, uint64_t v);
/* One row of the seL4 table: samples, min, max, mean, variance, stddev, stddev %. */
void report_moments_row(const char *label, const struct moments *m);
void report_moments_header(void);

/* The Kanata table: one column per group, one row per sample. */
void report_group_table(uint32_t initial, uint32_t delta, uint32_t size, uint32_t groups,
			const uint64_t *table /* [group * size + row] */);

#endif
