/*
 * Order statistics (see stats.h for the percentile definition). The sort is
 * an introsort: quicksort with a median-of-three pivot and a three-way
 * partition (cycle data has few distinct values, and runs of equal keys
 * leave the recursion at once), insertion sort below 24 values, and a
 * heapsort for any segment that goes deeper than 2 log2(n) partitions, so
 * the worst case stays O(n log n). No allocation and no recursion: the
 * pending segments sit on a fixed stack of 64 entries (the smaller side is
 * always sorted first, so at most log2(n) are pending), which behaves the
 * same on the firmware's small stack as on the host.
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

static void heap_sort(uint64_t *v, size_t n)
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

static void insertion_sort(uint64_t *v, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		uint64_t x = v[i];
		size_t j = i;
		while (j > 0 && v[j - 1] > x) {
			v[j] = v[j - 1];
			j--;
		}
		v[j] = x;
	}
}

static uint64_t median3(uint64_t a, uint64_t b, uint64_t c)
{
	if (a > b) {
		uint64_t t = a;
		a = b;
		b = t;
	}
	/* a <= b */
	return c <= a ? a : c >= b ? b : c;
}

#define SORT_SMALL 24
/* Pending segments: at most log2(n), since the smaller side goes first;
 * 40 cover 2^40 values, and a full stack falls back to heapsort anyway.
 * About 700 bytes of the firmware's 16 KiB stack. */
#define SORT_STACK 40

void stats_sort_u64(uint64_t *v, size_t n)
{
	size_t stack_lo[SORT_STACK], stack_n[SORT_STACK];
	unsigned char stack_depth[SORT_STACK];
	unsigned top = 0, limit = 0;

	for (size_t m = n; m > 1; m >>= 1)
		limit += 2; /* 2 floor(log2 n) */
	size_t lo = 0;
	unsigned depth = limit;
	for (;;) {
		while (n > SORT_SMALL) {
			uint64_t *a = v + lo;
			if (!depth || top == SORT_STACK) {
				heap_sort(a, n); /* quicksort gone bad: O(n log n) anyway */
				break;
			}
			depth--;
			/* Median of three (of nine for large segments). */
			uint64_t pivot;
			if (n >= 128) {
				size_t s = n / 8;
				pivot = median3(median3(a[0], a[s], a[2 * s]),
						median3(a[3 * s], a[n / 2], a[5 * s]),
						median3(a[6 * s], a[7 * s], a[n - 1]));
			} else {
				pivot = median3(a[0], a[n / 2], a[n - 1]);
			}
			/* Three-way partition: [0,lt) < pivot, [lt,i) == pivot, (gt,n) > pivot. */
			size_t lt = 0, i = 0, gt = n;
			while (i < gt) {
				uint64_t x = a[i];
				if (x < pivot) {
					a[i++] = a[lt];
					a[lt++] = x;
				} else if (x > pivot) {
					a[i] = a[--gt];
					a[gt] = x;
				} else {
					i++;
				}
			}
			size_t nl = lt, nr = n - gt;
			/* Push the larger side, go on with the smaller. */
			stack_depth[top] = (unsigned char)depth;
			if (nl > nr) {
				stack_lo[top] = lo;
				stack_n[top++] = nl;
				lo += gt;
				n = nr;
			} else {
				stack_lo[top] = lo + gt;
				stack_n[top++] = nr;
				n = nl;
			}
		}
		if (n <= SORT_SMALL)
			insertion_sort(v + lo, n);
		if (!top)
			return;
		top--;
		lo = stack_lo[top];
		n = stack_n[top];
		depth = stack_depth[top];
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
