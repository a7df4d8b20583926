/*
 * Descriptive statistics (analysis.c, analysis_shape.c, analysis_kanata.c's
 * steady state) and the distributions (analysis_dist.c) against hand
 * computations and published tables. Percentiles are nearest-rank
 * (src/common/stats.h): P(p) = x[ceil(p n / 100)], 1-based.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analysis.h"
#include "median_rank.h"

static void assert_fmt(double x, int prec, const char *want)
{
	char buf[64];
	snprintf(buf, sizeof(buf), "%.*f", prec, x);
	assert_string_equal(buf, want);
}

/* Published table values: standard normal and Student t quantiles
 * (e.g. NIST/SEMATECH e-Handbook 1.3.6.7.1 and 1.3.6.7.2, 3 decimals). */
static void quantiles(void **state)
{
	(void)state;
	assert_fmt(an_norm_quantile(0.95), 3, "1.645");
	assert_fmt(an_norm_quantile(0.975), 3, "1.960");
	assert_fmt(an_norm_quantile(0.995), 3, "2.576");
	assert_fmt(an_norm_quantile(0.999), 3, "3.090");
	assert_fmt(an_norm_quantile(0.001), 3, "-3.090");
	assert_fmt(an_norm_quantile(0.5), 6, "0.000000");
	assert_fmt(an_norm_quantile(0.975), 6, "1.959964"); /* to more digits */
	assert_fmt(an_norm_cdf(1.959964), 4, "0.9750");
	static const struct { double df; const char *t975, *t95; } t[] = {
		{ 1, "12.706", "6.314" }, { 2, "4.303", "2.920" },  { 3, "3.182", "2.353" },
		{ 5, "2.571", "2.015" },  { 10, "2.228", "1.812" }, { 20, "2.086", "1.725" },
		{ 30, "2.042", "1.697" }, { 100, "1.984", "1.660" },
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		assert_fmt(an_t_quantile(0.975, t[i].df), 3, t[i].t975);
		assert_fmt(an_t_quantile(0.95, t[i].df), 3, t[i].t95);
		char neg[16];
		snprintf(neg, sizeof(neg), "-%s", t[i].t975); /* symmetric */
		assert_fmt(an_t_quantile(0.025, t[i].df), 3, neg);
	}
}

static void binomial(void **state)
{
	(void)state;
	assert_fmt(an_binom_half_cdf(2, 5), 6, "0.500000"); /* (1 + 5 + 10) / 32 */
	assert_fmt(an_binom_half_cdf(0, 6), 6, "0.015625"); /* 1 / 64 */
	assert_fmt(an_binom_half_cdf(6, 6), 6, "1.000000");
}

static void describe(const uint64_t *v, size_t n, struct an_desc *d)
{
	assert_int_equal(an_describe(v, n, 0.95, d), 0);
	assert_int_equal(d->count, n);
}

/* Skewed: 1 2 3 4 100. mean 22, variance 7610 / 4 = 1902.5, median rank
 * ceil(2.5) = 3 -> 3, p90 rank 5 -> 100, |x - 3| = 2 1 0 1 97 -> MAD 1;
 * t(0.975, 4) = 2.776445: CI 22 -+ 54.158474. n = 5 is too few for a 95 %
 * CI of the median (P(B = 0) = 1/32 > 0.025). */
static void skewed(void **state)
{
	(void)state;
	const uint64_t v[] = { 100, 3, 1, 4, 2 };
	struct an_desc d;
	describe(v, 5, &d);
	assert_int_equal(d.min, 1);
	assert_int_equal(d.max, 100);
	assert_fmt(d.mean.v, 6, "22.000000");
	assert_fmt(d.variance.v, 6, "1902.500000");
	assert_fmt(d.stddev.v, 6, "43.617657");
	assert_fmt(d.stddev_pct.v, 4, "198.2621");
	assert_int_equal(d.median, 3);
	assert_int_equal(d.p90, 100);
	assert_int_equal(d.p95, 100);
	assert_int_equal(d.p99, 100);
	assert_int_equal(d.mad, 1);
	assert_int_equal(d.mode, 1); /* all distinct: the smallest */
	assert_int_equal(d.mode_count, 1);
	assert_fmt(d.mode_share.v, 2, "0.20");
	assert_null(d.ci_mean.na);
	assert_fmt(d.ci_mean.lo, 6, "-32.158474");
	assert_fmt(d.ci_mean.hi, 6, "76.158474");
	assert_non_null(d.ci_median.na);
}

/* Symmetric: 10 20 ... 90. mean 50, variance 6000 / 8 = 750, median 50,
 * p90 rank ceil(8.1) = 9 -> 90, MAD of 40 30 20 10 0 10 20 30 40 -> 20;
 * CI of the median: P(B <= 1) = 10/512 <= 0.025 < P(B <= 2) = 46/512, so
 * [x(2), x(8)] = [20, 80]; of the mean 50 -+ 2.306004 * 27.386128 / 3. */
static void symmetric(void **state)
{
	(void)state;
	const uint64_t v[] = { 90, 10, 80, 20, 70, 30, 60, 40, 50 };
	struct an_desc d;
	describe(v, 9, &d);
	assert_fmt(d.mean.v, 6, "50.000000");
	assert_fmt(d.variance.v, 6, "750.000000");
	assert_int_equal(d.median, 50);
	assert_int_equal(d.p90, 90);
	assert_int_equal(d.mad, 20);
	assert_fmt(d.ci_mean.lo, 6, "28.949159");
	assert_fmt(d.ci_mean.hi, 6, "71.050841");
	assert_null(d.ci_median.na);
	assert_fmt(d.ci_median.lo, 0, "20");
	assert_fmt(d.ci_median.hi, 0, "80");
}

/* Tiny samples, where seed 000's percentile() reads past the array. */
static void tiny(void **state)
{
	(void)state;
	struct an_desc d;
	const uint64_t one[] = { 7 };
	describe(one, 1, &d);
	assert_int_equal(d.min, 7);
	assert_int_equal(d.median, 7);
	assert_int_equal(d.p90, 7);
	assert_int_equal(d.p99, 7);
	assert_int_equal(d.mad, 0);
	assert_fmt(d.mean.v, 1, "7.0");
	assert_non_null(d.variance.na); /* never 0 or NaN passed off as a number */
	assert_non_null(d.stddev.na);
	assert_non_null(d.stddev_pct.na);
	assert_non_null(d.ci_mean.na);
	assert_non_null(d.ci_median.na);
	assert_fmt(d.mode_share.v, 1, "1.0");

	const uint64_t two[] = { 9, 3 };
	describe(two, 2, &d);
	assert_int_equal(d.median, 3); /* rank ceil(1.0) = 1: the lower median */
	assert_int_equal(d.p90, 9);    /* rank ceil(1.8) = 2 */
	assert_int_equal(d.p99, 9);
	assert_int_equal(d.mad, 0);    /* |x - 3| = 6 0 -> rank 1 -> 0 */
	assert_fmt(d.mean.v, 1, "6.0");
	assert_fmt(d.variance.v, 1, "18.0");
	assert_null(d.ci_mean.na);

	const uint64_t three[] = { 5, 1, 3 };
	describe(three, 3, &d);
	assert_int_equal(d.median, 3); /* rank 2 */
	assert_int_equal(d.p90, 5);    /* rank ceil(2.7) = 3 */
	assert_int_equal(d.mad, 2);    /* 2 0 2 -> 0 2 2 -> rank 2 */
	assert_fmt(d.variance.v, 1, "4.0");

	describe(NULL, 0, &d);
	assert_non_null(d.mean.na);
	assert_non_null(d.ci_mean.na);
}

static void zero_variance(void **state)
{
	(void)state;
	const uint64_t v[] = { 5, 5, 5, 5 };
	struct an_desc d;
	describe(v, 4, &d);
	assert_fmt(d.variance.v, 3, "0.000");
	assert_fmt(d.stddev_pct.v, 3, "0.000");
	assert_fmt(d.ci_mean.lo, 3, "5.000");
	assert_fmt(d.ci_mean.hi, 3, "5.000");
	assert_int_equal(d.mode, 5);
	assert_int_equal(d.mode_count, 4);
	const uint64_t z[] = { 0, 0, 0 };
	describe(z, 3, &d);
	assert_string_equal(d.stddev_pct.na, "mean is 0");
	char buf[64];
	assert_string_equal(an_fmt(buf, sizeof(buf), d.stddev_pct, 2), "n/a (mean is 0)");
}

static void mode_ties(void **state)
{
	(void)state;
	const uint64_t v[] = { 3, 2, 2, 1, 1 };
	struct an_desc d;
	describe(v, 5, &d);
	assert_int_equal(d.mode, 1);
	assert_int_equal(d.mode_count, 2);
	assert_fmt(d.mode_share.v, 2, "0.40");
}

/* n = 100, values 1..100: the 95 % order-statistics CI of the median is
 * [x(40), x(61)] (published tables of median CIs). */
static void median_ci_100(void **state)
{
	(void)state;
	uint64_t v[100];
	for (int i = 0; i < 100; i++)
		v[i] = (uint64_t)(100 - i);
	struct an_desc d;
	describe(v, 100, &d);
	assert_fmt(d.ci_median.lo, 0, "40");
	assert_fmt(d.ci_median.hi, 0, "61");
	const uint64_t six[] = { 1, 2, 3, 4, 5, 6 };
	describe(six, 6, &d); /* the smallest n with a 95 % CI: [x(1), x(6)] */
	assert_fmt(d.ci_median.lo, 0, "1");
	assert_fmt(d.ci_median.hi, 0, "6");
}

/* The ranks themselves (median_rank.h), from published tables of median
 * CIs at 95 %: none below 6 values, [x(1), x(6)] at 6, [x(2), x(10)] at 11,
 * [x(14), x(28)] at 41 (make bench-boot's default), [x(40), x(61)] at 100. */
static void median_rank(void **state)
{
	(void)state;
	assert_int_equal(median_ci_rank(0, 0.95), 0);
	assert_int_equal(median_ci_rank(5, 0.95), 0);
	assert_int_equal(median_ci_rank(6, 0.95), 1);
	assert_int_equal(median_ci_rank(11, 0.95), 2);
	assert_int_equal(median_ci_rank(41, 0.95), 14);
	assert_int_equal(median_ci_rank(100, 0.95), 40);
	assert_int_equal(median_ci_rank(100, 0.99), 37); /* [x(37), x(64)] */
}

/* 1..10, 20, 100: Q1 = x(3) = 3, Q3 = x(9) = 9, IQR 6; inner fences -6,
 * 18; outer -15, 27: 20 is mild, 100 severe. */
static void tukey(void **state)
{
	(void)state;
	const uint64_t v[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 100 };
	struct an_tukey t;
	an_tukey(v, 12, &t);
	assert_int_equal(t.q1, 3);
	assert_int_equal(t.q3, 9);
	assert_int_equal(t.iqr, 6);
	assert_fmt(t.lo_inner, 1, "-6.0");
	assert_fmt(t.hi_inner, 1, "18.0");
	assert_fmt(t.hi_outer, 1, "27.0");
	assert_int_equal(t.mild_high, 1);
	assert_int_equal(t.severe_high, 1);
	assert_int_equal(t.mild_low + t.severe_low, 0);
	const uint64_t same[] = { 4, 4, 4 };
	an_tukey(same, 3, &t);
	assert_int_equal(t.mild_high + t.severe_high + t.mild_low + t.severe_low, 0);
}

static void paths(void **state)
{
	(void)state;
	const uint64_t cyc[] = { 50, 10, 12, 52, 11 }, ins[] = { 9, 5, 5, 9, 5 };
	struct an_path *p;
	size_t n = an_paths(cyc, ins, 5, &p);
	assert_int_equal(n, 2);
	assert_int_equal(p[0].instret, 5);
	assert_int_equal(p[0].count, 3);
	assert_int_equal(p[0].min, 10);
	assert_int_equal(p[0].median, 11);
	assert_int_equal(p[0].max, 12);
	assert_fmt(p[0].mean, 3, "11.000");
	assert_int_equal(p[1].instret, 9);
	assert_int_equal(p[1].count, 2);
	assert_int_equal(p[1].median, 50);
	assert_fmt(p[1].mean, 3, "51.000");
	free(p);
}

static void histogram(void **state)
{
	(void)state;
	const uint64_t v[] = { 0, 1, 1, 2, 9 };
	struct an_hist h;
	assert_int_equal(an_hist_make(v, 5, 10, &h), 0);
	assert_int_equal(h.width, 1);
	assert_int_equal(h.nbins, 10);
	assert_int_equal(h.count[1], 2);
	assert_int_equal(h.count[9], 1);
	an_hist_free(&h);
	assert_int_equal(an_hist_make(v, 5, 3, &h), 0);
	assert_int_equal(h.width, 4);
	assert_int_equal(h.nbins, 3);
	assert_int_equal(h.count[0], 4);
	assert_int_equal(h.count[1], 0);
	assert_int_equal(h.count[2], 1);
	an_hist_free(&h);
}

/* 20 warm-up samples of 200 then 180 of 100, ten windows of 20: the level
 * is 100 and the mean settles from window 2 (sample 20) on. */
static void steady_series(void **state)
{
	(void)state;
	uint64_t v[200];
	for (int i = 0; i < 200; i++)
		v[i] = i < 20 ? 200 : 100 + (uint64_t)(i % 3);
	struct an_steady st;
	size_t first;
	assert_int_equal(an_steady_series(v, 200, 10, 0.02, &st, &first), 0);
	assert_null(st.na);
	assert_int_equal(st.first, 1);
	assert_int_equal(first, 20);
	assert_int_equal(an_steady_series(v, 5, 10, 0.02, &st, &first), 0);
	assert_non_null(st.na); /* too few for ten windows */
	/* a trend that never settles */
	for (int i = 0; i < 200; i++)
		v[i] = 1000 + 10 * (uint64_t)i;
	an_steady_series(v, 200, 10, 0.02, &st, &first);
	assert_non_null(st.na);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(quantiles),	 cmocka_unit_test(binomial),
		cmocka_unit_test(skewed),	 cmocka_unit_test(symmetric),
		cmocka_unit_test(tiny),		 cmocka_unit_test(zero_variance),
		cmocka_unit_test(mode_ties),	 cmocka_unit_test(median_ci_100), cmocka_unit_test(median_rank),
		cmocka_unit_test(tukey),	 cmocka_unit_test(paths),
		cmocka_unit_test(histogram),	 cmocka_unit_test(steady_series),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
