/*
 * The fleet's statistics (fleet_stats.c) against values worked out by
 * hand: the spread of the devices' medians, the outlier rule for k = 2..6
 * devices (the modified z-score when MAD > 0; when MAD is 0, the distance
 * from the median in %, z infinite), and the one-way random-effects ANOVA
 * on balanced, unbalanced and truncated cases; the F tail where it has a
 * closed form.
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

/* fleet_spread_of and fleet_outliers of the k medians m: the median and
 * MAD expected, and each device's outlier flag. */
static void judge(const uint64_t *m, size_t k, uint64_t median, uint64_t mad, const int *want,
		  double *z)
{
	struct fleet_spread s;
	int out[8];
	assert_true(k <= 8);
	assert_int_equal(fleet_spread_of(m, k, &s), 0);
	assert_int_equal(s.median, median);
	assert_int_equal(s.mad, mad);
	fleet_outliers(m, k, &s, z, out);
	for (size_t d = 0; d < k; d++)
		assert_int_equal(out[d], want[d]);
}

#define ZINF(x) assert_true(isinf(x) && (x) > 0)
#define ZMINF(x) assert_true(isinf(x) && (x) < 0)

/* MAD > 0, k = 3, 4, 6 (k = 5: spread_and_outlier): z = (m - median) /
 * (1.4826 MAD), the standard rule, an outlier above 3.5. Two devices have
 * MAD 0 whatever they are (the lower median is one of them). */
static void mad_positive_k3_to_k6(void **state)
{
	(void)state;
	double z[8];

	/* {100 110 200}: median 110, |m - 110| = 10 0 90, MAD 10 */
	const uint64_t k3[] = { 100, 110, 200 };
	judge(k3, 3, 110, 10, (const int[]){ 0, 0, 1 }, z);
	NEAR(z[0], -10 / (1.4826 * 10), 1e-12);
	NEAR(z[0], -0.674490759, 1e-9);
	NEAR(z[1], 0, 0);
	NEAR(z[2], 6.070416835, 1e-9);

	/* {100 104 108 200}: median 104 (rank 2), |m - 104| = 4 0 4 96, MAD 4 */
	const uint64_t k4[] = { 100, 104, 108, 200 };
	judge(k4, 4, 104, 4, (const int[]){ 0, 0, 0, 1 }, z);
	NEAR(z[3], 96 / (1.4826 * 4), 1e-12);
	NEAR(z[3], 16.187778227, 1e-9);
	NEAR(z[2], 0.674490759, 1e-9);

	/* {100 102 98 101 99 120}: median 100 (rank 3), |m - 100| = 0 2 2 1 1
	 * 20, MAD 1 */
	const uint64_t k6[] = { 100, 102, 98, 101, 99, 120 };
	judge(k6, 6, 100, 1, (const int[]){ 0, 0, 0, 0, 0, 1 }, z);
	NEAR(z[5], 13.489815190, 1e-9);
	NEAR(z[1], 1.348981519, 1e-9);
	NEAR(z[2], -1.348981519, 1e-9);

	/* The limit: median 100, MAD 1; 105 has z 3.37 (not), 106 4.05 */
	const uint64_t lo[] = { 100, 101, 99, 100, 105 }, hi[] = { 100, 101, 99, 100, 106 };
	judge(lo, 5, 100, 1, (const int[]){ 0, 0, 0, 0, 0 }, z);
	NEAR(z[4], 3.372453797, 1e-9);
	judge(hi, 5, 100, 1, (const int[]){ 0, 0, 0, 0, 1 }, z);
	NEAR(z[4], 4.046944557, 1e-9);

	const uint64_t two[] = { 100, 1000000 };
	judge(two, 2, 100, 0, (const int[]){ 0, 0 }, z);
}

/* MAD 0 (half the devices or more share the median exactly, as QEMU
 * instances under -icount do): a device is an outlier when more than 1 %
 * off the median, whatever k is, and its z is infinite. The mean absolute
 * deviation once used in its place made one deviant device's z k / 1.2533
 * whatever its deviation: 2.39 (k = 3) and 3.19 (k = 4), never an outlier
 * even 10^4 times slower, and 3.99 for k = 5, an outlier 1 cycle in 1000
 * off. */
static void mad_zero_k2_to_k6(void **state)
{
	(void)state;
	double z[8];

	/* k = 2: nothing judged, z n/a */
	const uint64_t k2[] = { 100, 1000000 };
	judge(k2, 2, 100, 0, (const int[]){ 0, 0 }, z);
	assert_true(isnan(z[0]) && isnan(z[1]));

	/* k = 3: 10^4 times the others, and half the others */
	const uint64_t k3[] = { 100, 100, 1000000 }, k3lo[] = { 100, 50, 100 };
	judge(k3, 3, 100, 0, (const int[]){ 0, 0, 1 }, z);
	NEAR(z[0], 0, 0);
	NEAR(z[1], 0, 0);
	ZINF(z[2]);
	NEAR(fleet_off_pct(1000000, 100), 999900, 0);
	judge(k3lo, 3, 100, 0, (const int[]){ 0, 1, 0 }, z);
	ZMINF(z[1]);
	NEAR(fleet_off_pct(50, 100), -50, 0);

	/* k = 4: 10^4 times; the limit, 1 % off (not) and 2 % off */
	const uint64_t k4[] = { 100, 100, 100, 1000000 };
	const uint64_t at[] = { 100, 100, 100, 101 }, past[] = { 100, 100, 100, 102 };
	judge(k4, 4, 100, 0, (const int[]){ 0, 0, 0, 1 }, z);
	ZINF(z[3]);
	judge(at, 4, 100, 0, (const int[]){ 0, 0, 0, 0 }, z);
	ZINF(z[3]); /* off a spread of 0, yet within 1 % */
	NEAR(fleet_off_pct(101, 100), 1, 0);
	judge(past, 4, 100, 0, (const int[]){ 0, 0, 0, 1 }, z);

	/* k = 5: a cycle in 1000 is no outlier; 1.1 % either way is */
	const uint64_t k5[] = { 1000, 1000, 1000, 1000, 1001 };
	const uint64_t k5b[] = { 1000, 1000, 1000, 1011, 989 };
	judge(k5, 5, 1000, 0, (const int[]){ 0, 0, 0, 0, 0 }, z);
	NEAR(fleet_off_pct(1001, 1000), 0.1, 1e-12);
	judge(k5b, 5, 1000, 0, (const int[]){ 0, 0, 0, 1, 1 }, z);
	ZINF(z[3]);
	ZMINF(z[4]);
	NEAR(fleet_off_pct(989, 1000), -1.1, 1e-12);

	/* k = 6: four agree; 110 (10 % off) and 130 (30 % off) both are */
	const uint64_t k6[] = { 100, 100, 130, 110, 100, 100 };
	judge(k6, 6, 100, 0, (const int[]){ 0, 0, 1, 1, 0, 0 }, z);
	ZINF(z[2]);
	ZINF(z[3]);
	NEAR(z[0], 0, 0);

	/* Half agree (even k, the lower median): the other half is judged
	 * against it, as the standard rule judges it (median 100) */
	const uint64_t half[] = { 100, 200, 100, 300 };
	judge(half, 4, 100, 0, (const int[]){ 0, 1, 0, 1 }, z);

	/* A median of 0: any other value is infinitely far off */
	const uint64_t zero[] = { 0, 0, 0, 5 };
	judge(zero, 4, 0, 0, (const int[]){ 0, 0, 0, 1 }, z);
	assert_true(isinf(fleet_off_pct(5, 0)));
	NEAR(fleet_off_pct(0, 0), 0, 0);

	/* Counts above 2^53: the difference stays exact */
	const uint64_t big = (uint64_t)1 << 60;
	NEAR(fleet_off_pct(big + 1, big), 100.0 / (double)big, 1e-30);
}

/* All equal (QEMU under -icount): no spread, CV 0, every z 0; two
 * devices are never judged (which of two is the odd one?): z n/a. Even k takes
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
	assert_true(isnan(z[0]) && isnan(z[1]));

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

TEST_MAIN(cmocka_unit_test(spread_and_outlier), cmocka_unit_test(mad_positive_k3_to_k6),
	  cmocka_unit_test(mad_zero_k2_to_k6),
	  cmocka_unit_test(equal_two_and_even), cmocka_unit_test(anova_balanced),
	  cmocka_unit_test(anova_unbalanced), cmocka_unit_test(anova_truncated_and_degenerate))
