/*
 * A block's statistics (host-tools/collect/block_stats.c) against the shared
 * comparison-sort reference (stats_order, stats_mode: src/common/stats.c)
 * on random blocks of every shape the runs are built for: constant, two
 * values, narrow spans (the counting table), wide spans and values near
 * 2^64 (the radix sort), with warmup, missing samples and overheads that
 * clamp. Every order statistic must be equal; the mean is exact; the
 * standard deviation agrees to rounding.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "block_stats.h"
#include "collector.h"
#include "lcg.h"
#include "stats.h"

static uint64_t draw(struct lcg *g, unsigned shape, uint64_t base)
{
	switch (shape) {
	case 0: /* constant */
		return base;
	case 1: /* two values */
		return base + 7 * (lcg_below(g, 3) == 0);
	case 2: /* tight, a few outliers: the counting table */
		return base + lcg_below(g, 40) + (lcg_below(g, 100) == 0 ? lcg_below(g, 5000) : 0);
	case 3: /* wide: the radix sort */
		return base + (lcg_next(g) >> lcg_below(g, 64));
	default: /* near the top of the range */
		return UINT64_MAX - lcg_below(g, 1u << 30);
	}
}

static void check_block(struct lcg *g, unsigned shape, size_t total)
{
	struct coll_bench b = { 0 };
	uint64_t base = lcg_next(g) >> lcg_below(g, 64);

	b.have_header = 1;
	b.batch = 1 + lcg_below(g, 3);
	b.warmup = lcg_below(g, 4);
	b.oh_cycles = lcg_below(g, 2) ? base + 3 : lcg_below(g, 10);
	b.oh_instret = lcg_below(g, 10);
	b.s = calloc(total, sizeof(*b.s));
	b.present = calloc(total, 1);
	b.ncap = total;
	assert_non_null(b.s);
	assert_non_null(b.present);

	uint64_t *cyc = calloc(total, sizeof(uint64_t)), *ins = calloc(total, sizeof(uint64_t));
	uint64_t *scratch = calloc(total, sizeof(uint64_t));
	unsigned __int128 sum = 0;
	size_t n = 0;
	int clamped;
	for (size_t i = 0; i < total; i++) {
		if (lcg_below(g, 20) == 0 && i + 1 < total)
			continue; /* a lost sample */
		b.s[i].cycles_raw = draw(g, shape, base);
		b.s[i].instret_raw = lcg_below(g, 4) ? 60 : 60 + lcg_below(g, 3);
		b.present[i] = 1;
		b.nreceived++;
		b.max_index = i;
		if (i < b.warmup)
			continue;
		cyc[n] = stats_net(b.s[i].cycles_raw, b.oh_cycles, &clamped);
		ins[n] = stats_net(b.s[i].instret_raw, b.oh_instret, &clamped);
		sum += cyc[n];
		n++;
	}

	struct bstats_scratch sc = { 0 };
	struct coll_bench_stats st;
	uint64_t mode = 0, differs = 0;
	bstats_compute(&b, &st, &mode, &differs, &sc);

	struct order_stats want;
	stats_order(cyc, scratch, n, &want);
	assert_int_equal(st.count, n);
	assert_int_equal(st.batch, b.batch);
	if (n) {
		assert_int_equal(st.min, want.min);
		assert_int_equal(st.max, want.max);
		assert_int_equal(st.median, want.median);
		assert_int_equal(st.p90, want.p90);
		assert_int_equal(st.p95, want.p95);
		assert_int_equal(st.p99, want.p99);
		assert_int_equal(st.mad, want.mad);

		unsigned __int128 calls = (unsigned __int128)n * b.batch;
		unsigned __int128 thousandths = (sum * 1000 + calls / 2) / calls;
		assert_true((unsigned __int128)st.mean_int * 1000 + st.mean_frac == thousandths);

		/* about the minimum, as near 2^64 a long double is exact no more */
		long double mean = (long double)(sum - (unsigned __int128)want.min * n) / (long double)n;
		long double m2 = 0;
		for (size_t i = 0; i < n; i++)
			m2 += ((long double)(cyc[i] - want.min) - mean) *
			      ((long double)(cyc[i] - want.min) - mean);
		long double sd = n > 1 ? sqrtl(m2 / (long double)(n - 1)) / (long double)b.batch : 0;
		assert_true(fabsl(st.stddev - sd) <= 1e-12L * (sd + 1));

		stats_sort_u64(ins, n);
		size_t count;
		assert_int_equal(mode, stats_mode(ins, n, &count));
		assert_int_equal(differs, n - count);
		assert_int_equal(st.instret_median, stats_percentile(ins, n, 50));
	}
	bstats_scratch_free(&sc);
	free(cyc);
	free(ins);
	free(scratch);
	free(b.s);
	free(b.present);
}

static void test_against_reference(void **state)
{
	(void)state;
	struct lcg g;

	lcg_seed(&g, 42);
	for (unsigned iter = 0; iter < 600; iter++) {
		size_t total = 1 + lcg_below(&g, iter % 10 == 0 ? 20000 : 300);
		check_block(&g, iter % 5, total);
	}
}

/* Nothing measured: zeros, the batch kept. */
static void test_only_warmup(void **state)
{
	(void)state;
	struct coll_sample s[2] = { { 100, 60 }, { 110, 60 } };
	uint8_t present[2] = { 1, 1 };
	struct coll_bench b = { .have_header = 1, .batch = 4, .warmup = 2, .s = s,
				.present = present, .ncap = 2, .nreceived = 2, .max_index = 1 };
	struct bstats_scratch sc = { 0 };
	struct coll_bench_stats st;
	uint64_t mode = 99;

	bstats_compute(&b, &st, &mode, NULL, &sc);
	assert_int_equal(st.count, 0);
	assert_int_equal(st.batch, 4);
	assert_int_equal(st.median, 0);
	assert_int_equal(mode, 99);
	bstats_scratch_free(&sc);
}

/* The standard deviation of values at the top of the range, exactly: a
 * long double holds 64 bits, so a mean near 2^64 taken whole is rounded
 * to an integer and every deviation from it is off (these three read
 * 0.707, not 0.577, before the deviations were taken from the minimum). */
static void test_stddev_near_2_64(void **state)
{
	(void)state;
	struct coll_sample s[3] = { { UINT64_MAX, 60 }, { UINT64_MAX, 60 }, { UINT64_MAX - 1, 60 } };
	uint8_t present[3] = { 1, 1, 1 };
	struct coll_bench b = { .have_header = 1, .batch = 1, .s = s, .present = present,
				.ncap = 3, .nreceived = 3, .max_index = 2 };
	struct bstats_scratch sc = { 0 };
	struct coll_bench_stats st;
	uint64_t mode = 0;

	bstats_compute(&b, &st, &mode, NULL, &sc);
	assert_int_equal(st.count, 3);
	/* mean 2^64 - 4/3: deviations 1/3, 1/3, -2/3; variance 1/3 */
	assert_true(fabsl(st.stddev - sqrtl(1.0L / 3)) < 1e-15L);
	bstats_scratch_free(&sc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_against_reference),
		cmocka_unit_test(test_only_warmup),
		cmocka_unit_test(test_stddev_near_2_64),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
