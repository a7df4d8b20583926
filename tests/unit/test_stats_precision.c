/*
 * A statistician's checks of analysis.c and median_rank.c where they
 * departed from the exact values (expected values computed independently
 * with Python's fractions module, as each comment says):
 *
 *  - the rank of the median's CI must be the largest l with
 *    P(B <= l - 1) <= (1 - level) / 2, B ~ Binomial(n, 1/2), equality
 *    included (docs/statistics.md); at a level whose tail is itself a
 *    binomial probability (0.75 at n = 3, 0.96875 at n = 6) the rounding
 *    of exp(lgamma()) sums lost the rank;
 *  - the mean and variance of cycle values from 2^63 up, where a long
 *    double (64-bit mantissa) has no fraction left and its running sum
 *    rounds at every step.
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

/* Fraction: tail = (1 - level) / 2 as the double it is; l the largest
 * rank with sum_{k < l} C(n, k) / 2^n <= tail, k < n / 2. */
static void median_rank_exact(void **state)
{
	(void)state;
	static const struct { double level; size_t n, l; } t[] = {
		/* the tail is exactly P(B = 0): the boundary is included */
		{ 0.75, 3, 1 }, { 0.96875, 6, 1 }, { 0.875, 4, 1 }, { 0.5, 2, 1 },
		{ 0.75, 2, 0 }, { 0.75, 6, 2 }, { 0.75, 63, 27 }, { 0.96875, 62, 23 },
		/* the usual levels, small and large n, both sides of n = 62 */
		{ 0.95, 1, 0 }, { 0.95, 5, 0 }, { 0.95, 6, 1 }, { 0.95, 9, 2 },
		{ 0.95, 17, 5 }, { 0.95, 30, 10 }, { 0.95, 61, 23 }, { 0.95, 62, 23 },
		{ 0.95, 63, 24 }, { 0.95, 64, 24 }, { 0.95, 100, 40 }, { 0.95, 1000, 469 },
		{ 0.9, 5, 1 }, { 0.9, 8, 2 }, { 0.9, 62, 25 }, { 0.9, 500, 232 },
		{ 0.99, 7, 0 }, { 0.99, 8, 1 }, { 0.99, 64, 22 }, { 0.99, 1000, 459 },
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		size_t l = median_ci_rank(t[i].n, t[i].level);
		if (l != t[i].l)
			fail_msg("level %g n %zu: rank %zu, want %zu", t[i].level, t[i].n, l, t[i].l);
	}
}

/* {5, 1, 3} at 75 %: [x(1), x(3)] covers with 1 - 2/8 = 0.75 exactly. */
static void median_ci_at_boundary(void **state)
{
	(void)state;
	const uint64_t v[] = { 5, 1, 3 };
	struct an_desc d;
	assert_int_equal(an_describe(v, 3, 0.75, &d), 0);
	assert_null(d.ci_median.na);
	assert_fmt(d.ci_median.lo, 0, "1");
	assert_fmt(d.ci_median.hi, 0, "5");
}

/* The reason a CI of the median is n/a names the samples the level needs:
 * the smallest n with 2 / 2^n <= 1 - level: 6 at 95 %, 8 at 99 %, 5 at
 * 90 % (it said "95 %: needs 6" at every level). */
static void median_ci_too_few(void **state)
{
	(void)state;
	const uint64_t v[] = { 1, 2, 3, 4, 5, 6, 7 };
	static const struct { double level; size_t n; const char *need; } t[] = {
		{ 0.95, 5, "needs 6" }, { 0.99, 7, "needs 8" }, { 0.90, 4, "needs 5" },
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct an_desc d;
		assert_int_equal(an_describe(v, t[i].n, t[i].level, &d), 0);
		assert_non_null(d.ci_median.na);
		if (!strstr(d.ci_median.na, t[i].need))
			fail_msg("level %g n %zu: '%s', want '%s'", t[i].level, t[i].n,
				 d.ci_median.na, t[i].need);
	}
}

/* {2^64 - 1, 2^64 - 1, 2^64 - 2}: mean 2^64 - 4/3 (the double 2^64),
 * deviations 1/3 1/3 -2/3, variance (6/9) / 2 = 1/3. */
static void variance_near_2_64(void **state)
{
	(void)state;
	const uint64_t v[] = { UINT64_MAX, UINT64_MAX, UINT64_MAX - 1 };
	struct an_desc d;
	assert_int_equal(an_describe(v, 3, 0.95, &d), 0);
	assert_fmt(d.mean.v, 3, "18446744073709551616.000");
	assert_fmt(d.variance.v, 6, "0.333333");
	assert_fmt(d.stddev.v, 6, "0.577350");
	assert_int_equal(d.min, UINT64_MAX - 1);
	assert_int_equal(d.median, UINT64_MAX);
	assert_int_equal(d.mad, 0);
}

/* Values 1e12 apart by 1 (no catastrophic cancellation): var 1/2. */
static void variance_offset_1e12(void **state)
{
	(void)state;
	const uint64_t v[] = { 1000000000000ULL, 1000000000001ULL };
	struct an_desc d;
	assert_int_equal(an_describe(v, 2, 0.95, &d), 0);
	assert_fmt(d.mean.v, 3, "1000000000000.500");
	assert_fmt(d.variance.v, 6, "0.500000");
}

/* 5000 values 0xF000000000000000 + (i 2654435761 mod 2^20): Fraction
 * gives the variance 91638979786.980896..., the mean
 * 17293822569103228928 as a double; with N = 1000 Kanata's variance of Y
 * is that / 10^6 = 91638.979787, sigma_A 302719.308580. */
static void variance_many_large(void **state)
{
	(void)state;
	enum { N = 5000 };
	static uint64_t v[N];
	for (uint64_t i = 0; i < N; i++)
		v[i] = 0xF000000000000000ULL + (i * 2654435761ULL) % (1u << 20);
	struct an_desc d;
	assert_int_equal(an_describe(v, N, 0.95, &d), 0);
	assert_fmt(d.mean.v, 3, "17293822569103228928.000");
	assert_fmt(d.variance.v, 3, "91638979786.981");

	struct an_kanata k;
	an_kanata_group(v, N, 1000, 0.90, 0.02, &k);
	assert_fmt(k.var_a.v, 3, "91638979786.981");
	assert_fmt(k.sd_a.v, 6, "302719.308580");
	assert_fmt(k.var_y.v, 6, "91638.979787");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(median_rank_exact),
		cmocka_unit_test(median_ci_at_boundary),
		cmocka_unit_test(median_ci_too_few),
		cmocka_unit_test(variance_near_2_64),
		cmocka_unit_test(variance_offset_1e12),
		cmocka_unit_test(variance_many_large),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
