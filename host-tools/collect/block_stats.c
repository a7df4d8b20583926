/*
 * A block's statistics (block_stats.h), exact, from the values sorted as
 * runs of equal values: percentiles walk the run counts, the MAD merges the
 * runs on either side of the median, the variance takes a run at a time.
 * Cycle and instret data of one block are narrow and repeat a lot (a tight
 * block has a few dozen distinct values in 100,000 samples), so the runs
 * come from a counting table when the span allows, without writing the
 * sorted values out, and from an LSD radix sort otherwise.
 */
#include "block_stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

static void *grow(void *p, size_t n, size_t size)
{
	p = realloc(p, n * size);
	if (!p) {
		fputs("rvbench: out of memory\n", stderr);
		abort();
	}
	return p;
}

static void scratch_reserve(struct bstats_scratch *sc, size_t n)
{
	if (n <= sc->cap)
		return;
	sc->cyc = grow(sc->cyc, n, sizeof(uint64_t));
	sc->ins = grow(sc->ins, n, sizeof(uint64_t));
	sc->tmp = grow(sc->tmp, n, sizeof(uint64_t));
	sc->value = grow(sc->value, n, sizeof(uint64_t));
	sc->count = grow(sc->count, n, sizeof(uint64_t));
	sc->cap = n;
}

void bstats_scratch_free(struct bstats_scratch *sc)
{
	free(sc->cyc);
	free(sc->ins);
	free(sc->tmp);
	free(sc->value);
	free(sc->count);
	free(sc->hist);
	*sc = (struct bstats_scratch){ 0 };
}

/* LSD radix sort of v, 8 bits a pass, skipping the passes where every
 * value has the same byte (the high bytes of cycle counts). */
static void radix_sort(uint64_t *v, uint64_t *tmp, size_t n, uint64_t all_or, uint64_t all_and)
{
	size_t count[256];
	uint64_t *orig = v;

	for (unsigned shift = 0; shift < 64; shift += 8) {
		if (!(((all_or ^ all_and) >> shift) & 0xff))
			continue; /* every value has this byte: nothing would move */
		memset(count, 0, sizeof(count));
		for (size_t i = 0; i < n; i++)
			count[(v[i] >> shift) & 0xff]++;
		size_t pos = 0;
		for (unsigned d = 0; d < 256; d++) {
			size_t c = count[d];
			count[d] = pos;
			pos += c;
		}
		for (size_t i = 0; i < n; i++)
			tmp[count[(v[i] >> shift) & 0xff]++] = v[i];
		uint64_t *t = v; /* the sorted values are in tmp: swap roles */
		v = tmp;
		tmp = t;
	}
	if (v != orig)
		memcpy(orig, v, n * sizeof(*v));
}

/* What to_runs() needs to know of the values, gathered as they are made. */
struct range {
	uint64_t lo, hi, all_or, all_and;
};

static inline void range_add(struct range *g, uint64_t v)
{
	g->all_or |= v;
	g->all_and &= v;
	g->lo = v < g->lo ? v : g->lo;
	g->hi = v > g->hi ? v : g->hi;
}

/*
 * v[0..n) (n >= 1, v may be reordered; g its range) as sc->value[0..runs)
 * ascending with sc->count[] > 0 each; returns runs. A span below 2^20
 * that is not much wider than n is counted in a table (one pass, then a
 * pass over the table); otherwise the values are sorted and their runs
 * taken.
 */
static size_t to_runs(uint64_t *v, size_t n, const struct range *g, struct bstats_scratch *sc)
{
	const uint64_t lo = g->lo, hi = g->hi;
	size_t runs = 0;

	if (lo == hi) {
		sc->value[0] = lo;
		sc->count[0] = n;
		return 1;
	}
	if (hi - lo < (1u << 20) && hi - lo <= 4 * (uint64_t)n && n <= UINT32_MAX) {
		size_t span = (size_t)(hi - lo) + 1;
		if (span > sc->hcap) {
			sc->hist = grow(sc->hist, span, sizeof(uint32_t));
			sc->hcap = span;
		}
		uint32_t *h = sc->hist;
		memset(h, 0, span * sizeof(*h));
		for (size_t i = 0; i < n; i++)
			h[v[i] - lo]++;
		for (size_t d = 0; d < span; d++)
			if (h[d]) {
				sc->value[runs] = lo + d;
				sc->count[runs++] = h[d];
			}
		return runs;
	}
	radix_sort(v, sc->tmp, n, g->all_or, g->all_and);
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;
		while (j < n && v[j] == v[i])
			j++;
		sc->value[runs] = v[i];
		sc->count[runs++] = j - i;
		i = j;
	}
	return runs;
}

/* The value at nearest rank ceil(p n / 100) (stats_percentile()'s rule). */
static uint64_t runs_percentile(const struct bstats_scratch *sc, size_t runs, uint64_t n, unsigned p)
{
	uint64_t rank = ((uint64_t)p * n + 99) / 100, seen = 0;

	if (rank < 1)
		rank = 1;
	for (size_t i = 0; i < runs; i++) {
		seen += sc->count[i];
		if (seen >= rank)
			return sc->value[i];
	}
	return sc->value[runs - 1];
}

/*
 * The MAD: the rank-k (nearest rank of P50) smallest |x - m|, by merging
 * the runs on either side of the median m (deviations grow leftwards on
 * its left and rightwards on its right), which is what sorting every
 * deviation would give, without the sort.
 */
static uint64_t runs_mad(const struct bstats_scratch *sc, size_t runs, uint64_t n, uint64_t m)
{
	const uint64_t *value = sc->value, *count = sc->count;
	uint64_t k = (50 * n + 99) / 100, taken = 0, d = 0;
	size_t lo = 0, hi = runs;

	if (k < 1)
		k = 1;
	while (lo < hi) { /* first run with value >= m */
		size_t mid = lo + (hi - lo) / 2;
		if (value[mid] < m)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* Whole runs in order of deviation: next on the right is run r, on
	 * the left run l - 1; the run that reaches rank k holds the MAD. */
	size_t r = lo, l = lo;
	for (;;) {
		if (r < runs && (l == 0 || value[r] - m <= m - value[l - 1])) {
			d = value[r] - m;
			taken += count[r++];
		} else {
			d = m - value[l - 1];
			taken += count[--l];
		}
		if (taken >= k)
			return d;
	}
}

void bstats_compute(const struct coll_bench *b, struct coll_bench_stats *st, uint64_t *mode,
		    uint64_t *mode_differs, struct bstats_scratch *sc)
{
	*st = (struct coll_bench_stats){ 0 };
	st->batch = b->have_header && b->batch ? b->batch : 1;
	if (!b->have_header || !b->nreceived)
		return;
	scratch_reserve(sc, (size_t)b->nreceived);
	uint64_t *cyc = sc->cyc, *ins = sc->ins;
	uint64_t end = b->max_index + 1 < b->ncap ? b->max_index + 1 : b->ncap;
	unsigned __int128 sum = 0;
	size_t n = 0;
	int clamped;
	struct range gc = { UINT64_MAX, 0, 0, UINT64_MAX }, gi = gc;

	for (uint64_t i = b->warmup; i < end; i++) {
		if (!b->present[i])
			continue;
		uint64_t c = stats_net(b->s[i].cycles_raw, b->oh_cycles, &clamped);
		uint64_t x = stats_net(b->s[i].instret_raw, b->oh_instret, &clamped);
		cyc[n] = c;
		ins[n] = x;
		range_add(&gc, c);
		range_add(&gi, x);
		sum += c;
		n++;
	}
	if (!n)
		return;

	/* The same order statistics as stats_order() (stats.h: nearest rank,
	 * MAD = P50 of |x - median|). */
	size_t runs = to_runs(cyc, n, &gc, sc);
	st->count = n;
	st->min = sc->value[0];
	st->max = sc->value[runs - 1];
	st->median = runs_percentile(sc, runs, n, 50);
	st->p90 = runs_percentile(sc, runs, n, 90);
	st->p95 = runs_percentile(sc, runs, n, 95);
	st->p99 = runs_percentile(sc, runs, n, 99);
	st->mad = runs_mad(sc, runs, n, st->median);

	/* Sample variance, two-pass (the exact mean first), a run at a time,
	 * about the minimum: a long double holds 64 bits, so values near 2^64
	 * taken whole lose their low bits, and the deviations with them. */
	long double mean = (long double)(sum - (unsigned __int128)st->min * n) / (long double)n, m2 = 0;
	for (size_t i = 0; i < runs; i++) {
		long double dev = (long double)(sc->value[i] - st->min) - mean;
		m2 += dev * dev * (long double)sc->count[i];
	}
	st->stddev = n > 1 ? sqrtl(m2 / (long double)(n - 1)) / (long double)st->batch : 0;
	st->have_stddev = n > 1;

	/* Exact per-call mean from the 128-bit sum over n * batch calls:
	 * integer part, then 3 decimals. */
	unsigned __int128 calls = (unsigned __int128)n * st->batch;
	unsigned __int128 q = sum / calls, rem = sum % calls;
	unsigned frac = (unsigned)((rem * 1000 + calls / 2) / calls);
	if (frac >= 1000) {
		q++;
		frac -= 1000;
	}
	st->mean_int = (uint64_t)q;
	st->mean_frac = frac;

	/* Net instret: the median, and the mode (the smallest value on a tie,
	 * as stats_mode()). */
	runs = to_runs(ins, n, &gi, sc);
	st->instret_median = runs_percentile(sc, runs, n, 50);
	size_t best = 0;
	for (size_t i = 1; i < runs; i++)
		if (sc->count[i] > sc->count[best])
			best = i;
	if (mode)
		*mode = sc->value[best];
	if (mode_differs)
		*mode_differs = n - sc->count[best];
}
