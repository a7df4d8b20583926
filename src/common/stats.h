/*
 * Order statistics of cycle samples, shared by the firmware's summary line
 * and the host's summary.csv so both print the same numbers.
 *
 * Percentiles use the nearest-rank definition on the sorted values:
 *   P(p) = x[ceil(p * n / 100) - 1] (1-based rank clamped to 1..n)
 * so every percentile is an observed value (cycle counts are integers) and
 * there is no out-of-bounds read for tiny n. The median is P(50), the lower
 * median for even n. MAD is the P(50) of |x - median|.
 */
#ifndef RVBENCH_STATS_H
#define RVBENCH_STATS_H

#include <stddef.h>
#include <stdint.h>

struct order_stats {
	size_t count;
	uint64_t min, max;
	uint64_t median, p90, p95, p99, mad;
	uint64_t sum_hi, sum_lo; /* 128-bit sum of the values, for an exact mean */
};

/* Sorts v in place (ascending). */
void stats_sort_u64(uint64_t *v, size_t n);
/* Nearest-rank percentile of sorted v (n > 0, 0 <= p <= 100). */
uint64_t stats_percentile(const uint64_t *sorted, size_t n, unsigned p);
/*
 * Fills s from v (sorted in place). scratch has room for n values (used for
 * the MAD). n may be 0: all fields are then 0.
 */
void stats_order(uint64_t *v, uint64_t *scratch, size_t n, struct order_stats *s);

/*
 * The most frequent value of sorted v (n > 0) and how often it occurs;
 * among equally frequent values, the smallest. Cycle and instret data are
 * discrete, so the mode is a real value, and the modal instret names the
 * usual code path through a benchmark.
 */
uint64_t stats_mode(const uint64_t *sorted, size_t n, size_t *count);

/* raw - overhead, clamped at 0; *clamped is set when it would wrap. */
static inline uint64_t stats_net(uint64_t raw, uint64_t overhead, int *clamped)
{
	if (raw < overhead) {
		*clamped = 1;
		return 0;
	}
	*clamped = 0;
	return raw - overhead;
}

#endif
