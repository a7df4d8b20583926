/*
 * Order statistics (see stats.h for the percentile definition). The sort is
 * an in-place heapsort: O(n log n) worst case, no allocation and no
 * recursion, so it behaves the same on the firmware's small stack as on the
 * host.
 */
#include "stats.h"

static void sift_down(uint64_t *v, size_t root, size_t n)
{
	for (;;) {
		size_t child = 2 * root + 1;
		if (child >= n)
			return;
		if (child + 1 < n && v[child + 1] > v[child])
			child++;
		if (v[root] >= v[child])
			return;
		uint64_t t = v[root];
		v[root] = v[child];
		v[child] = t;
		root = child;
	}
}

void stats_sort_u64(uint64_t *v, size_t n)
{
	if (n < 2)
		return;
	for (size_t i = n / 2; i-- > 0;)
		sift_down(v, i, n);
	for (size_t end = n - 1; end > 0; end--) {
		uint64_t t = v[0];
		v[0] = v[end];
		v[end] = t;
		sift_down(v, 0, end);
	}
}

uint64_t stats_percentile(const uint64_t *sorted, size_t n, unsigned p)
{
	if (p > 100)
		p = 100;
	/* rank = ceil(p * n / 100), computed without floating point */
	size_t rank = (size_t)(((unsigned long long)p * n + 99) / 100);
	if (rank < 1)
		rank = 1;
	if (rank > n)
		rank = n;
	return sorted[rank - 1];
}

void stats_order(uint64_t *v, uint64_t *scratch, size_t n, struct order_stats *s)
{
	*s = (struct order_stats){ .count = n };
	if (n == 0)
		return;
	stats_sort_u64(v, n);
	s->min = v[0];
	s->max = v[n - 1];
	s->median = stats_percentile(v, n, 50);
	s->p90 = stats_percentile(v, n, 90);
	s->p95 = stats_percentile(v, n, 95);
	s->p99 = stats_percentile(v, n, 99);
	for (size_t i = 0; i < n; i++) {
		scratch[i] = v[i] > s->median ? v[i] - s->median : s->median - v[i];
		uint64_t lo = s->sum_lo + v[i];
		s->sum_hi += lo < s->sum_lo;
		s->sum_lo = lo;
	}
	stats_sort_u64(scratch, n);
	s->mad = stats_percentile(scratch, n, 50);
}

uint64_t stats_mode(const uint64_t *sorted, size_t n, size_t *count)
{
	uint64_t best = sorted[0];
	size_t best_run = 0;

	for (size_t i = 0; i < n;) {
		size_t j = i;
		while (j < n && sorted[j] == sorted[i])
			j++;
		if (j - i > best_run) {
			best_run = j - i;
			best = sorted[i];
		}
		i = j;
	}
	*count = best_run;
	return best;
}
