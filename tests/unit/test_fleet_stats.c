/*
 * The fleet's statistics (fleet_stats.c) against values worked out by
 * hand: the spread of the devices' medians, the modified z-score with its
 * MAD = 0 fallback, and the one-way random-effects ANOVA on balanced,
 * unbalanced and truncated cases; the F tail where it has a closed form.
 */
#include "test_main.h"

#include <math.h>

#include "fleet_stats.h"

#define NEAR(a, b, tol) assert_true(fabs((double)(a) - (double)(b)) <= (tol))

/* Medians 100 102 98 101 150: sorted 98 100 101 102 150, median 101 (rank
 * 3); |m - 101| = 1 1 3 0 49, sorted 0 1 1 3 49: MAD 1. Mean 110.2,
 * squared deviations 104.04 67.24 148.84 84.64 1584.04 = 1988.8,
 * variance 497.2, CV sqrt(497.2) / 110.2 = 0.2023410... */
static void spread_and_outlier(void **state)
{
	(void)state;
	const uint64_t m[] = { 100, 102, 98, 101, 150 };
	struct fleet_spread s;
	double z[5];
	int out[5];

	assert_int_equal(fleet_spread_of(m, 5, &s), 0);
	assert_int_equal(s.ndev, 5);
	assert_int_equal(s.median, 101);
	assert_int_equal(s.min, 98);
	assert_int_equal(s.max, 150);
	assert_int_equal(s.mad, 1);
	assert_null(s.cv.na);
	NEAR(s.cv.v, sqrt(497.2) / 110.2, 1e-12);
	NEAR(s.cv.v, 0.2023410, 1e-7);

	/* z = (m - 101) / 1.4826: 150 is 33.05 away, 98 is -2.02 */
	fleet_outliers(m, 5, &s, z, out);
	NEAR(z[4], 49 / 1.4826, 1e-12);
	NEAR(z[2], -3 / 1.4826, 1e-12);
	NEAR(z[3], 0, 0);
	const int want[] = { 0, 0, 0, 0, 1 };
	for (int d = 0; d < 5; d++)
		assert_int_equal(out[d], want[d]);
}

/* Four of six agree: MAD 0. Mean |m - 100| = 40 / 6, so 130 has
 * z = 30 / (1.253314 * 40/6) = 3.590 > 3.5 and 110 has 1.197; with 120 in
 * place of 130 the mean is 30 / 6 = 5 and 120 has z = 20 / (1.253314 * 5)
 * = 3.192 (not an outlier). */
static void mad_zero_fallback(void **state)
{
	(void)state;
	const uint64_t m[] = { 100, 100, 130, 110, 100, 100 };
	const uint64_t m2[] = { 100, 100, 120, 110, 100, 100 };
	struct fleet_spread s;
	double z[6];
	int out[6];

	assert_int_equal(fleet_spread_of(m, 6, &s), 0);
	assert_int_equal(s.median, 100);
	assert_int_equal(s.mad, 0);
	fleet_outliers(m, 6, &s, z, out);
	NEAR(z[2], 30 / (1.253314 * 40 / 6), 1e-12);
	NEAR(z[2], 3.5904, 1e-4);
	NEAR(z[3], 10 / (1.253314 * 40 / 6), 1e-12);
	const int want[] = { 0, 0, 1, 0, 0, 0 };
	for (int d = 0; d < 6; d++)
		assert_int_equal(out[d], want[d]);

	assert_int_equal(fleet_spread_of(m2, 6, &s), 0);
	fleet_outliers(m2, 6, &s, z, out);
	NEAR(z[2], 20 / (1.253314 * 5), 1e-12);
	for (int d = 0; d < 6; d++)
		assert_int_equal(out[d], 0);
}

/* All equal (QEMU under -icount): no spread, CV 0, every z 0; two
 * devices are never judged (which of two is the odd one?). Even k takes
 * the lower median: {10, 20, 30, 40} -> 20, MAD of {10, 0, 10, 20} -> 10. */
static void equal_two_and_even(void **state)
{
	(void)state;
	const uint64_t eq[] = { 77, 77, 77 }, two[] = { 10, 1000 }, even[] = { 40, 10, 30, 20 };
	struct fleet_spread s;
	double z[4];
	int out[4];

	assert_int_equal(fleet_spread_of(eq, 3, &s), 0);
	assert_int_equal(s.mad, 0);
	assert_null(s.cv.na);
	NEAR(s.cv.v, 0, 0);
	fleet_outliers(eq, 3, &s, z, out);
	for (int d = 0; d < 3; d++) {
		NEAR(z[d], 0, 0);
		assert_int_equal(out[d], 0);
	}

	assert_int_equal(fleet_spread_of(two, 2, &s), 0);
	fleet_outliers(two, 2, &s, z, out);
	assert_int_equal(out[0] + out[1], 0);

	assert_int_equal(fleet_spread_of(even, 4, &s), 0);
	assert_int_equal(s.median, 20);
	assert_int_equal(s.mad, 10);

	assert_int_equal(fleet_spread_of(eq, 1, &s), 0);
	assert_non_null(s.cv.na);
}

/* {1,2,3} {4,5,6} {7,8,9}: grand mean 5, group means 2 5 8. SSB = 3 (9 + 0
 * + 9) = 54, SSW = 3 * 2 = 6; df 2 and 6; MSB 27, MSW 1, F 27; n0 = 3;
 * var_between = (27 - 1) / 3 = 26/3, var_within 1, ICC 26/29. F(2, d2)
 * has P(F > f) = (1 + 2f/d2)^(-d2/2): (1 + 9)^-3 = 0.001. */
static void anova_balanced(void **state)
{
	(void)state;
	const uint64_t a[] = { 1, 2, 3 }, b[] = { 4, 5, 6 }, c[] = { 7, 8, 9 };
	const uint64_t *x[] = { a, b, c };
	const size_t n[] = { 3, 3, 3 };
	struct fleet_anova r;

	assert_int_equal(fleet_anova_of(x, n, 3, &r), 0);
	assert_int_equal(r.n, 9);
	NEAR(r.ss_between, 54, 1e-12);
	NEAR(r.ss_within, 6, 1e-12);
	assert_int_equal(r.df_between, 2);
	assert_int_equal(r.df_within, 6);
	NEAR(r.ms_between.v, 27, 1e-12);
	NEAR(r.ms_within.v, 1, 1e-12);
	NEAR(r.f.v, 27, 1e-12);
	NEAR(r.n0.v, 3, 1e-12);
	NEAR(r.var_between.v, 26.0 / 3, 1e-12);
	NEAR(r.var_within.v, 1, 1e-12);
	NEAR(r.icc.v, 26.0 / 29, 1e-12);
	assert_null(r.p.na);
	NEAR(r.p.v, 0.001, 1e-12);
}

/* {1, 3} {2, 4, 6}: N 5, means 2 and 4, grand mean 3.2. SSB = 2 * 1.44 +
 * 3 * 0.64 = 4.8; SSW = 2 + 8 = 10; df 1 and 3; MSB 4.8, MSW 10/3, F 1.44;
 * n0 = 5 - 13/5 = 2.4; var_between = (4.8 - 10/3) / 2.4 = 11/18. F(1, 3):
 * P(F > 1.44) = P(|t3| > 1.2) = 2 (1 - T3(1.2)). */
static void anova_unbalanced(void **state)
{
	(void)state;
	const uint64_t a[] = { 1, 3 }, b[] = { 2, 4, 6 };
	const uint64_t *x[] = { a, b };
	const size_t n[] = { 2, 3 };
	struct fleet_anova r;

	assert_int_equal(fleet_anova_of(x, n, 2, &r), 0);
	NEAR(r.ss_between, 4.8, 1e-12);
	NEAR(r.ss_within, 10, 1e-12);
	assert_int_equal(r.df_between, 1);
	assert_int_equal(r.df_within, 3);
	NEAR(r.f.v, 1.44, 1e-12);
	NEAR(r.n0.v, 2.4, 1e-12);
	NEAR(r.var_between.v, 11.0 / 18, 1e-12);
	NEAR(r.var_within.v, 10.0 / 3, 1e-12);
	NEAR(r.p.v, 2 * (1 - an_t_cdf(1.2, 3)), 1e-9);
	/* t3 at 1.2 by its closed form: 1/2 + (atan(u) + u/(1+u^2)) / pi, u = 1.2/sqrt 3 */
	double u = 1.2 / sqrt(3);
	NEAR(r.p.v, 1 - 2 * (atan(u) + u / (1 + u * u)) / M_PI, 1e-9);
}

/* Equal means, {1, 5} {2, 4}: SSB 0, MSB 0 < MSW = 10/2 = 5: the
 * between-device component is truncated to 0, ICC 0, F 0, p 1. Identical
 * samples everywhere: no variance at all, F and ICC n/a. One device: only
 * its own variance. */
static void anova_truncated_and_degenerate(void **state)
{
	(void)state;
	const uint64_t a[] = { 1, 5 }, b[] = { 2, 4 }, e[] = { 9, 9, 9 };
	const uint64_t *x[] = { a, b }, *y[] = { e, e };
	const size_t n[] = { 2, 2 }, m[] = { 3, 3 };
	struct fleet_anova r;

	assert_int_equal(fleet_anova_of(x, n, 2, &r), 0);
	NEAR(r.ms_within.v, 5, 1e-12);
	NEAR(r.var_between.v, 0, 0);
	NEAR(r.icc.v, 0, 0);
	NEAR(r.f.v, 0, 0);
	NEAR(r.p.v, 1, 0);

	assert_int_equal(fleet_anova_of(y, m, 2, &r), 0);
	assert_non_null(r.f.na);
	assert_non_null(r.icc.na);
	NEAR(r.var_between.v, 0, 0);

	assert_int_equal(fleet_anova_of(x, n, 1, &r), 0);
	assert_non_null(r.var_between.na);
	assert_null(r.var_within.na);
	NEAR(r.var_within.v, 8, 1e-12);
	assert_int_equal(fleet_anova_of(x, n, 0, &r), -1);
}

TEST_MAIN(cmocka_unit_test(spread_and_outlier), cmocka_unit_test(mad_zero_fallback),
	  cmocka_unit_test(equal_two_and_even), cmocka_unit_test(anova_balanced),
	  cmocka_unit_test(anova_unbalanced), cmocka_unit_test(anova_truncated_and_degenerate))
