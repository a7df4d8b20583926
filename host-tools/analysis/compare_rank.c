/*
 * The change from A to B as one rank procedure (analysis.h, an_rank_ratio):
 * the Hodges-Lehmann estimate of the ratio B / A, its confidence interval
 * by inverting the Mann-Whitney test, and that test's p-value, so that the
 * interval excludes 1 exactly when p <= alpha. docs/statistics.md gives the
 * argument.
 *
 * The m = na * nb ratios b_j / a_i are never stored (5000 samples a side
 * would be 25 million): their k-th smallest is found by bisection over the
 * bit patterns of positive doubles, each step counting the pairs with
 * b_j <= r a_i by one merge of the two sorted samples.
 */
#include "analysis.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* P(U <= x) under H0 for U of samples of na and nb values without ties:
 * exact (cdf[] of the counting recursion) or the normal approximation with
 * the continuity correction. */
struct u_null {
	size_t na, nb;
	double *cdf; /* exact: cdf[u], u = 0 .. na nb; NULL: normal */
	double mu, sd;
};

static int u_null_make(struct u_null *d, size_t na, size_t nb)
{
	memset(d, 0, sizeof(*d));
	d->na = na;
	d->nb = nb;
	d->mu = (double)na * (double)nb / 2;
	d->sd = sqrt((double)na * (double)nb * (double)(na + nb + 1) / 12);
	if (na > AN_U_EXACT_MAX || nb > AN_U_EXACT_MAX)
		return 0;
	size_t umax = na * nb;
	double *cdf = an_u_null_counts(na, nb);
	if (!cdf)
		return -1;
	double total = 0;
	for (size_t k = 0; k <= umax; k++)
		total += cdf[k];
	double acc = 0;
	for (size_t k = 0; k <= umax; k++) {
		acc += cdf[k];
		cdf[k] = acc / total; /* the counts become the CDF in place */
	}
	d->cdf = cdf;
	return 0;
}

static double u_null_cdf(const struct u_null *d, double x)
{
	if (x < 0)
		return 0;
	if (d->cdf) {
		size_t k = (size_t)x;
		return k >= d->na * d->nb ? 1 : d->cdf[k];
	}
	double p = an_norm_cdf((x + 0.5 - d->mu) / d->sd);
	return p > 1 ? 1 : p;
}

static int cmp_u64(const void *p, const void *q)
{
	uint64_t a = *(const uint64_t *)p, b = *(const uint64_t *)q;
	return (a > b) - (a < b);
}

/* Pairs (i, j) whose ratio b_j / a_i is at most r; a and b sorted
 * ascending. With a_i = 0: 0 / 0 is the ratio 1 (equal values), b / 0 is
 * above every ratio. */
static size_t count_le(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, double r)
{
	size_t c = 0, j = 0;
	for (size_t i = 0; i < na; i++) {
		long double lim = (long double)r * (long double)a[i];
		while (j < nb && (long double)b[j] <= lim)
			j++;
		c += a[i] || r >= 1 ? j : 0;
	}
	return c;
}

static uint64_t dbits(double x)
{
	uint64_t u;
	memcpy(&u, &x, sizeof(u));
	return u;
}

static double bitsd(uint64_t u)
{
	double x;
	memcpy(&x, &u, sizeof(x));
	return x;
}

/* The k-th smallest ratio (1-based, ordered as count_le orders them): the
 * smallest double r >= 0 with count_le(r) >= k; +inf when only the pairs
 * with a_i = 0 reach k. */
static double kth_ratio(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, size_t k)
{
	if (count_le(a, na, b, nb, 0) >= k)
		return 0;
	double top = HUGE_VAL;
	if (count_le(a, na, b, nb, DBL_MAX) < k)
		return top;
	/* Positive doubles order as their bit patterns: bisect those. */
	uint64_t lo = dbits(0), hi = dbits(DBL_MAX); /* count(lo) < k <= count(hi) */
	while (hi - lo > 1) {
		uint64_t mid = lo + (hi - lo) / 2;
		if (count_le(a, na, b, nb, bitsd(mid)) >= k)
			hi = mid;
		else
			lo = mid;
	}
	return bitsd(hi);
}

int an_rank_ratio(const uint64_t *a0, size_t na, const uint64_t *b0, size_t nb, double alpha,
		  struct an_rank *r)
{
	memset(r, 0, sizeof(*r));
	r->ci.level = 1 - alpha;
	if (!na || !nb) {
		r->p = r->estimate = an_na("a side has no samples");
		r->ci.na = "a side has no samples";
		return 0;
	}
	uint64_t *a = malloc(na * sizeof(*a)), *b = malloc(nb * sizeof(*b));
	struct u_null d;
	if (!a || !b || u_null_make(&d, na, nb)) {
		free(a);
		free(b);
		return -1;
	}
	memcpy(a, a0, na * sizeof(*a));
	memcpy(b, b0, nb * sizeof(*b));
	qsort(a, na, sizeof(*a), cmp_u64);
	qsort(b, nb, sizeof(*b), cmp_u64);
	size_t m = na * nb;

	/* The test: a pair with b_j = a_i counts against the change in both
	 * directions (conservative for ties, which exact counters make
	 * common). */
	size_t n_le = count_le(a, na, b, nb, 1.0);
	size_t n_lt = 0;
	for (size_t i = 0, j = 0; i < na; i++) {
		while (j < nb && b[j] < a[i])
			j++;
		n_lt += j;
	}
	size_t n_ge = m - n_lt;
	r->n_le = n_le;
	r->n_ge = n_ge;
	double f = u_null_cdf(&d, (double)(n_le < n_ge ? n_le : n_ge));
	r->p = an_ok(2 * f > 1 ? 1 : 2 * f);

	/* The interval: k the largest with P(U <= k - 1) <= alpha / 2, the
	 * same null distribution; [W(k), W(m + 1 - k)]. */
	size_t k = 0;
	if (d.cdf) {
		while (k < m && u_null_cdf(&d, (double)k) <= alpha / 2)
			k++;
	} else {
		double guess = d.mu - 0.5 + d.sd * an_norm_quantile(alpha / 2);
		k = guess < 0 ? 0 : (size_t)guess;
		while (k > 0 && u_null_cdf(&d, (double)k - 1) > alpha / 2)
			k--;
		while (k < m && u_null_cdf(&d, (double)k) <= alpha / 2)
			k++;
	}
	r->k = k;
	double est = kth_ratio(a, na, b, nb, (m + 1) / 2);
	r->estimate = isinf(est) ? an_na("A has samples of 0 cycles") : an_ok(est);
	if (!k || 2 * k > m + 1) {
		r->ci.na = "too few samples for this level";
		r->too_few = 1;
	} else {
		r->ci.lo = kth_ratio(a, na, b, nb, k);
		r->ci.hi = kth_ratio(a, na, b, nb, m + 1 - k);
		if (isinf(r->ci.lo) || isinf(r->ci.hi))
			r->ci.na = "A has samples of 0 cycles";
	}
	r->significant = !r->p.na && r->p.v <= alpha;
	free(d.cdf);
	free(a);
	free(b);
	return 0;
}
