/*
 * A/B comparison (analysis_compare.c): the Mann-Whitney U test against
 * published critical values and a reference implementation's p-values, the
 * all-equal case (benchstat's failure, golang/go #19634, must not happen),
 * the bootstrap under a fixed seed, and the verdicts.
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
	assert_int_equal(an_compare(a, 1000, b, 800, 200, 1, 0.05, &c), 0);
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

static void bootstrap_reproducible(void **state)
{
	(void)state;
	uint64_t a[300], b[300];
	fill(a, 300, 1000, 1);
	fill(b, 300, 1100, 2);
	struct an_interval c1, c2, c3;
	assert_int_equal(an_bootstrap_ratio(a, 300, b, 300, 2000, 42, 0.95, &c1), 0);
	assert_int_equal(an_bootstrap_ratio(a, 300, b, 300, 2000, 42, 0.95, &c2), 0);
	assert_null(c1.na);
	assert_true(c1.lo == c2.lo && c1.hi == c2.hi); /* same seed, same CI */
	assert_true(c1.lo > 1.08 && c1.hi < 1.12);     /* around 1116 / 1016 */
	assert_true(c1.lo <= c1.hi);
	an_bootstrap_ratio(a, 300, b, 300, 2000, 43, 0.95, &c3);
	assert_true(c3.lo > 1.08 && c3.hi < 1.12);
	/* median of A is 0: the ratio does not exist */
	uint64_t z[5] = { 0, 0, 0, 0, 0 };
	an_bootstrap_ratio(z, 5, b, 5, 100, 1, 0.95, &c3);
	assert_non_null(c3.na);
}

static void verdicts(void **state)
{
	(void)state;
	uint64_t a[300], b[300];
	struct an_compare c;
	fill(a, 300, 1000, 1);
	fill(b, 300, 1100, 2);
	assert_int_equal(an_compare(a, 300, b, 300, 2000, 7, 0.05, &c), 0);
	assert_int_equal(c.verdict, AN_SLOWER);
	assert_true(c.change_pct.v > 9 && c.change_pct.v < 11);
	assert_string_equal(an_verdict_name(c.verdict), "slower");
	assert_int_equal(an_compare(b, 300, a, 300, 2000, 7, 0.05, &c), 0);
	assert_int_equal(c.verdict, AN_FASTER);
	fill(b, 300, 1000, 3); /* same distribution, other draws */
	assert_int_equal(an_compare(a, 300, b, 300, 2000, 7, 0.05, &c), 0);
	assert_int_equal(c.verdict, AN_SAME);
	assert_string_equal(an_verdict_name(c.verdict), "no significant change");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(critical_values), cmocka_unit_test(exact_p),
		cmocka_unit_test(ties_normal),	   cmocka_unit_test(all_equal),
		cmocka_unit_test(bootstrap_reproducible), cmocka_unit_test(verdicts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
