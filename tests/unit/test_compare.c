/*
 * A/B comparison (analysis_compare.c): the Mann-Whitney U test against
 * published critical values and a reference implementation's p-values, the
 * all-equal case (benchstat's failure, golang/go #19634, must not happen),
 * the rank estimate of the ratio with its CI (checked against every pair
 * ratio, and against the test: the CI excludes 1 exactly when p <= alpha),
 * and the verdicts.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <math.h>

#include "analysis.h"

static void assert_fmt(double x, int prec, const char *want)
{
	char buf[64];
	snprintf(buf, sizeof(buf), "%.*f", prec, x);
	assert_string_equal(buf, want);
}

/* Two samples without ties whose U (pairs a > b) is exactly u:
 * b = 100, 200, ..., a value 100 c + 1 + i beats c of them (i < 99 keeps
 * every value distinct). */
static double p_for_u(size_t na, size_t nb, size_t u)
{
	uint64_t a[32], b[32];
	struct an_mwu r;
	for (size_t j = 0; j < nb; j++)
		b[j] = 100 * (j + 1);
	for (size_t i = 0; i < na; i++)
		a[i] = 1 + i; /* below every b */
	/* spread u over the a's, at most nb each */
	for (size_t i = 0; i < na && u; i++) {
		size_t c = u < nb ? u : nb;
		a[i] = 100 * c + 1 + i;
		u -= c;
	}
	assert_int_equal(an_mann_whitney(a, na, b, nb, &r), 0);
	assert_true(r.exact);
	assert_null(r.p.na);
	return r.p.v;
}

/* Critical values of U, two-sided alpha = 0.05 (published tables of the
 * Mann-Whitney U test): significant at U <= crit, not at crit + 1. */
static void critical_values(void **state)
{
	(void)state;
	static const struct { size_t n1, n2, crit; } t[] = {
		{ 5, 5, 2 }, { 6, 6, 5 }, { 8, 8, 13 }, { 10, 10, 23 }, { 5, 10, 8 },
		{ 4, 8, 4 }, { 7, 9, 12 }, { 20, 20, 127 },
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		assert_true(p_for_u(t[i].n1, t[i].n2, t[i].crit) <= 0.05);
		assert_true(p_for_u(t[i].n1, t[i].n2, t[i].crit + 1) > 0.05);
	}
}

/* 1..5 against 6..10: U = 0, exact two-sided p = 2 / C(10, 5) = 2/252. */
static void exact_p(void **state)
{
	(void)state;
	const uint64_t a[] = { 1, 2, 3, 4, 5 }, b[] = { 6, 7, 8, 9, 10 };
	struct an_mwu r;
	an_mann_whitney(a, 5, b, 5, &r);
	assert_true(r.exact);
	assert_fmt(r.u, 1, "0.0");
	assert_fmt(r.p.v, 10, "0.0079365079");
	an_mann_whitney(b, 5, a, 5, &r);
	assert_fmt(r.u, 1, "25.0");
	assert_fmt(r.p.v, 10, "0.0079365079");
}

/* With ties: normal approximation with tie and continuity corrections.
 * Reference: SciPy's mannwhitneyu(method='asymptotic', use_continuity=True)
 * gives U = 149, p = 0.0304112235 for these samples. */
static void ties_normal(void **state)
{
	(void)state;
	const uint64_t a[] = { 10, 10, 11, 11, 11, 12, 12, 13, 14, 15, 15,
			       15, 16, 20, 21, 22, 23, 24, 25, 26, 30 };
	const uint64_t b[] = { 12, 13, 13, 14, 15, 16, 16, 17, 18, 18, 19, 20,
			       21, 22, 23, 24, 24, 25, 28, 30, 31, 32, 33 };
	struct an_mwu r;
	an_mann_whitney(a, 21, b, 23, &r);
	assert_false(r.exact);
	assert_fmt(r.u, 1, "149.0");
	assert_fmt(r.p.v, 8, "0.03041122");
}

/* Cycle data: every value equal on both sides. p = 1, not NaN. */
static void all_equal(void **state)
{
	(void)state;
	uint64_t a[1000], b[800];
	for (int i = 0; i < 1000; i++)
		a[i] = 100;
	for (int i = 0; i < 800; i++)
		b[i] = 100;
	struct an_mwu r;
	an_mann_whitney(a, 1000, b, 800, &r);
	assert_null(r.p.na);
	assert_true(r.p.v == 1);
	struct an_compare c;
	assert_int_equal(an_compare(a, 1000, b, 800, 0.05, &c), 0);
	assert_int_equal(c.verdict, AN_SAME);
	assert_true(c.change_pct.v == 0);
	assert_true(c.ratio_ci.lo == 1 && c.ratio_ci.hi == 1);
	/* one side empty: no p-value, said so */
	an_mann_whitney(a, 1000, b, 0, &r);
	assert_non_null(r.p.na);
}

static void fill(uint64_t *v, size_t n, uint64_t base, uint64_t seed)
{
	for (size_t i = 0; i < n; i++) {
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		v[i] = base + (seed >> 59); /* base + 0..31 */
	}
}

static int cmp_dbl(const void *p, const void *q)
{
	double a = *(const double *)p, b = *(const double *)q;
	return (a > b) - (a < b);
}

/* The CI's bounds are the order statistics k and m + 1 - k of all pair
 * ratios, the estimate their median (nearest rank); checked by listing
 * every ratio. */
static void check_against_pairs(const uint64_t *a, size_t na, const uint64_t *b, size_t nb,
				const struct an_rank *r)
{
	size_t m = na * nb;
	double *w = malloc(m * sizeof(*w));
	assert_non_null(w);
	for (size_t i = 0; i < na; i++)
		for (size_t j = 0; j < nb; j++)
			w[i * nb + j] = (double)b[j] / (double)a[i];
	qsort(w, m, sizeof(*w), cmp_dbl);
	assert_null(r->estimate.na);
	assert_true(fabs(r->estimate.v - w[(m + 1) / 2 - 1]) <= 1e-12 * w[(m + 1) / 2 - 1]);
	if (r->k) {
		assert_null(r->ci.na);
		assert_true(fabs(r->ci.lo - w[r->k - 1]) <= 1e-12 * w[r->k - 1]);
		assert_true(fabs(r->ci.hi - w[m - r->k]) <= 1e-12 * w[m - r->k]);
	}
	free(w);
}

/* Exact regime, 5 + 5 without ties: P(U <= 2) = 4/252 <= 0.025 <
 * P(U <= 3) = 7/252, so k = 3; B = A + 20 is above every a: no pair has
 * b <= a, p = 2 P(U <= 0) = 2/252. The 25 ratios: the 3rd 30/19, the 13th
 * 43/19, the 23rd 37/10. */
static void rank_exact(void **state)
{
	(void)state;
	uint64_t a[5] = { 10, 13, 17, 19, 23 }, b[5];
	for (int i = 0; i < 5; i++)
		b[i] = a[i] + 20;
	struct an_rank r;
	assert_int_equal(an_rank_ratio(a, 5, b, 5, 0.05, &r), 0);
	assert_int_equal(r.k, 3);
	assert_int_equal(r.n_le, 0);
	assert_true(fabs(r.p.v - 2.0 / 252) < 1e-15);
	assert_true(r.significant);
	check_against_pairs(a, 5, b, 5, &r);
	assert_true(fabs(r.estimate.v - 43.0 / 19) < 1e-12);
	assert_true(fabs(r.ci.lo - 30.0 / 19) < 1e-12 && fabs(r.ci.hi - 3.7) < 1e-12);
	/* A = {10, 20, 30}, B = 2 A: ratios .67 1 1.33 2 2 2 3 4 6, median 2;
	 * 3 + 3 cannot reach 95 %: P(U <= 0) = 1/20 > 0.025, no CI. Two pairs
	 * have b <= a (20 <= 20, 20 <= 30): p = 2 P(U <= 2) = 2 * 4/20. */
	uint64_t c[3] = { 10, 20, 30 }, d[3] = { 20, 40, 60 };
	assert_int_equal(an_rank_ratio(c, 3, d, 3, 0.05, &r), 0);
	assert_true(r.estimate.v == 2);
	assert_int_equal(r.k, 0);
	assert_non_null(r.ci.na);
	assert_int_equal(r.n_le, 2);
	assert_true(fabs(r.p.v - 0.4) < 1e-15);
	assert_false(r.significant);
}

/* The defect this procedure replaces: one sample a side, B 9 % above A,
 * got a CI of [1.09, 1.09] beside "no significant change". One pair
 * proves nothing: no CI, p = 1, "~". */
static void one_sample_each(void **state)
{
	(void)state;
	uint64_t a[1] = { 1100 }, b[1] = { 1199 };
	struct an_compare c;
	assert_int_equal(an_compare(a, 1, b, 1, 0.05, &c), 0);
	assert_non_null(c.ratio_ci.na);
	assert_true(c.rank.p.v == 1);
	assert_int_equal(c.verdict, AN_SAME);
	assert_string_equal(an_verdict_name(c.verdict), "~");
}

/* Zeros: 0 / 0 is no change (ratio 1), b / 0 above every ratio. */
static void zeros(void **state)
{
	(void)state;
	uint64_t z[50] = { 0 }, b[50];
	struct an_compare c;
	assert_int_equal(an_compare(z, 50, z, 50, 0.05, &c), 0);
	assert_true(c.change_pct.v == 0 && c.ratio_ci.lo == 1 && c.ratio_ci.hi == 1);
	assert_int_equal(c.verdict, AN_SAME);
	for (int i = 0; i < 50; i++)
		b[i] = 5;
	assert_int_equal(an_compare(z, 50, b, 50, 0.05, &c), 0);
	assert_int_equal(c.verdict, AN_SLOWER);
	assert_non_null(c.change_pct.na); /* every ratio is b / 0 */
}

/*
 * The verdict never contradicts the CI beside it: over many samples, small
 * (exact null distribution) and large (normal), with heavy ties (cycle
 * counts under -icount repeat) and without, shifted a little or not, at
 * two levels: the CI excludes 1 exactly when p <= alpha, in the verdict's
 * direction, and its bounds are the right pair ratios.
 */
static void ci_agrees_with_test(void **state)
{
	(void)state;
	static const size_t sizes[][2] = { { 1, 1 }, { 2, 3 }, { 4, 4 }, { 6, 5 }, { 8, 8 },
					   { 12, 20 }, { 20, 20 }, { 21, 25 }, { 40, 33 }, { 60, 60 } };
	static const double alphas[] = { 0.05, 0.01 };
	uint64_t a[64], b[64], x = 12345;
	size_t agreed = 0, significant = 0;
	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
		for (int trial = 0; trial < 24; trial++)
			for (size_t al = 0; al < 2; al++) {
				size_t na = sizes[s][0], nb = sizes[s][1];
				int spread = trial % 3 == 0 ? 3 : 40; /* 3: many ties */
				int shift = trial % 4;                /* 0 .. 3 steps */
				for (size_t i = 0; i < na; i++) {
					x = x * 6364136223846793005ull + 1442695040888963407ull;
					a[i] = 1000 + (x >> 33) % (uint64_t)spread;
				}
				for (size_t j = 0; j < nb; j++) {
					x = x * 6364136223846793005ull + 1442695040888963407ull;
					b[j] = 1000 + (uint64_t)(shift * spread / 3) + (x >> 33) % (uint64_t)spread;
				}
				struct an_compare c;
				assert_int_equal(an_compare(a, na, b, nb, alphas[al], &c), 0);
				int excludes = !c.ratio_ci.na && (c.ratio_ci.lo > 1 || c.ratio_ci.hi < 1);
				int sig = c.verdict != AN_SAME;
				assert_int_equal(sig, c.rank.p.v <= alphas[al]);
				if (!c.ratio_ci.na) {
					assert_int_equal(excludes, sig);
					if (c.verdict == AN_SLOWER)
						assert_true(c.ratio_ci.lo > 1);
					if (c.verdict == AN_FASTER)
						assert_true(c.ratio_ci.hi < 1);
					agreed++;
				}
				significant += sig;
				check_against_pairs(a, na, b, nb, &c.rank);
			}
	/* the loop saw both outcomes, with a CI, many times */
	assert_true(agreed > 300);
	assert_true(significant > 50 && significant < agreed);
}

static void verdicts(void **state)
{
	(void)state;
	uint64_t a[300], b[300];
	struct an_compare c;
	fill(a, 300, 1000, 1);
	fill(b, 300, 1100, 2);
	assert_int_equal(an_compare(a, 300, b, 300, 0.05, &c), 0);
	assert_int_equal(c.verdict, AN_SLOWER);
	assert_true(c.change_pct.v > 9 && c.change_pct.v < 11);
	assert_string_equal(an_verdict_name(c.verdict), "slower");
	assert_int_equal(an_compare(b, 300, a, 300, 0.05, &c), 0);
	assert_int_equal(c.verdict, AN_FASTER);
	fill(b, 300, 1000, 3); /* same distribution, other draws */
	assert_int_equal(an_compare(a, 300, b, 300, 0.05, &c), 0);
	assert_int_equal(c.verdict, AN_SAME);
	assert_string_equal(an_verdict_name(c.verdict), "~");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(critical_values), cmocka_unit_test(exact_p),
		cmocka_unit_test(ties_normal),	   cmocka_unit_test(all_equal),
		cmocka_unit_test(rank_exact),
		cmocka_unit_test(one_sample_each), cmocka_unit_test(zeros),
		cmocka_unit_test(ci_agrees_with_test), cmocka_unit_test(verdicts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
