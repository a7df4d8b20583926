/*
 * A/B comparison of two samples (analysis.h): the Mann-Whitney U test with
 * midranks, and the medians, rank estimate, CI and verdict of one row of
 * `rvbench compare` (the rank procedure itself is compare_rank.c).
 */
#include "analysis.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

struct tagged {
	uint64_t v;
	int from_a;
};

static int cmp_tagged(const void *p, const void *q)
{
	const struct tagged *a = p, *b = q;
	return (a->v > b->v) - (a->v < b->v);
}

/* P(U <= u) and P(U >= u) under H0 (an_u_null_counts()). */
static int exact_tails(size_t na, size_t nb, double u, double *le, double *ge)
{
	size_t umax = na * nb;
	double *cnt = an_u_null_counts(na, nb);
	if (!cnt)
		return -1;
	double total = 0, lo = 0, hi = 0;
	for (size_t k = 0; k <= umax; k++) {
		double f = cnt[k];
		total += f;
		if ((double)k <= u)
			lo += f;
		if ((double)k >= u)
			hi += f;
	}
	*le = lo / total;
	*ge = hi / total;
	free(cnt);
	return 0;
}

int an_mann_whitney(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, struct an_mwu *r)
{
	memset(r, 0, sizeof(*r));
	r->z = an_na("exact test");
	if (!na || !nb) {
		r->p = r->z = an_na("a side has no samples");
		return 0;
	}
	size_t n = na + nb;
	struct tagged *t = malloc(n * sizeof(*t));
	if (!t)
		return -1;
	for (size_t i = 0; i < na; i++)
		t[i] = (struct tagged){ a[i], 1 };
	for (size_t i = 0; i < nb; i++)
		t[na + i] = (struct tagged){ b[i], 0 };
	qsort(t, n, sizeof(*t), cmp_tagged);
	long double ra = 0, ties = 0;
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i; j < n && t[j].v == t[i].v; j++)
			;
		long double mid = (i + 1 + j) / 2.0L; /* ranks i+1 .. j */
		long double c = j - i;
		ties += c * c * c - c;
		for (size_t k = i; k < j; k++)
			if (t[k].from_a)
				ra += mid;
	}
	free(t);
	r->u = (double)(ra - (long double)na * (na + 1) / 2);

	if (ties == 0 && na <= AN_U_EXACT_MAX && nb <= AN_U_EXACT_MAX) {
		double le, ge;
		if (exact_tails(na, nb, r->u, &le, &ge))
			return -1;
		double p = 2 * (le < ge ? le : ge);
		r->p = an_ok(p > 1 ? 1 : p);
		r->exact = 1;
		return 0;
	}
	long double mu = (long double)na * nb / 2;
	long double var = (long double)na * nb / 12 * ((n + 1) - ties / ((long double)n * (n - 1)));
	if (var <= 0) { /* every value equal: no evidence of a difference */
		r->z = an_ok(0);
		r->p = an_ok(1);
		return 0;
	}
	double z = (double)((fabsl(r->u - mu) - 0.5L) / sqrtl(var)); /* continuity */
	if (z < 0)
		z = 0;
	r->z = an_ok(r->u < mu ? -z : z);
	r->p = an_ok(erfc(z / sqrt(2.0)));
	return 0;
}

static uint64_t median_of(const uint64_t *v, size_t n, int *err)
{
	uint64_t *s = an_sorted_copy(v, n);
	if (!s) {
		*err = 1;
		return 0;
	}
	uint64_t m = stats_percentile(s, n, 50);
	free(s);
	return m;
}

int an_compare(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, double alpha,
	       struct an_compare *c)
{
	int err = 0;
	memset(c, 0, sizeof(*c));
	c->na = na;
	c->nb = nb;
	c->alpha = alpha;
	if (an_rank_ratio(a, na, b, nb, alpha, &c->rank) || an_mann_whitney(a, na, b, nb, &c->mwu))
		return -1;
	c->ratio_ci = c->rank.ci;
	c->change_pct = c->rank.estimate.na ? c->rank.estimate
					    : an_ok(100.0 * (c->rank.estimate.v - 1));
	if (!na || !nb)
		return 0;
	c->median_a = median_of(a, na, &err);
	c->median_b = median_of(b, nb, &err);
	if (err)
		return -1;
	/* The direction of the test: fewer pairs with b <= a than with b >= a
	 * is B above A. The CI lies on the same side of 1 (an_rank_ratio). */
	if (c->rank.significant)
		c->verdict = c->rank.n_le < c->rank.n_ge ? AN_SLOWER : AN_FASTER;
	return 0;
}

const char *an_verdict_name(enum an_verdict v)
{
	return v == AN_FASTER ? "faster" : v == AN_SLOWER ? "slower" : "~";
}
