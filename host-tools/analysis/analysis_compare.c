/*
 * A/B comparison of two samples (analysis.h): Mann-Whitney U, a bootstrap
 * CI of the ratio of medians, and the verdict built from both.
 */
#include "analysis.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lcg.h"
#include "stats.h"

/* Exact null distribution only for small samples without ties: the counts
 * grow like C(na + nb, na), still exact in a double up to 20 + 20. */
#define MWU_EXACT_MAX 20

struct tagged {
	uint64_t v;
	int from_a;
};

static int cmp_tagged(const void *p, const void *q)
{
	const struct tagged *a = p, *b = q;
	return (a->v > b->v) - (a->v < b->v);
}

/* P(U <= u) and P(U >= u) under H0, by the recursion
 * f(m, n, u) = f(m - 1, n, u - n) + f(m, n - 1, u) over the largest value. */
static int exact_tails(size_t na, size_t nb, double u, double *le, double *ge)
{
	size_t umax = na * nb, w = umax + 1;
	double *old = calloc((nb + 1) * w, sizeof(double));
	double *cur = calloc((nb + 1) * w, sizeof(double));
	if (!old || !cur) {
		free(old);
		free(cur);
		return -1;
	}
	for (size_t j = 0; j <= nb; j++)
		old[j * w] = 1; /* m = 0: U = 0 in one way */
	for (size_t m = 1; m <= na; m++) {
		memset(cur, 0, (nb + 1) * w * sizeof(double));
		cur[0] = 1; /* n = 0: U = 0 */
		for (size_t j = 1; j <= nb; j++)
			for (size_t k = 0; k <= umax; k++)
				cur[j * w + k] = (k >= j ? old[j * w + k - j] : 0) + cur[(j - 1) * w + k];
		double *t = old;
		old = cur;
		cur = t;
	}
	double total = 0, lo = 0, hi = 0;
	for (size_t k = 0; k <= umax; k++) {
		double f = old[nb * w + k];
		total += f;
		if ((double)k <= u)
			lo += f;
		if ((double)k >= u)
			hi += f;
	}
	*le = lo / total;
	*ge = hi / total;
	free(old);
	free(cur);
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

	if (ties == 0 && na <= MWU_EXACT_MAX && nb <= MWU_EXACT_MAX) {
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

static uint64_t resample_median(struct lcg *g, const uint64_t *v, size_t n, uint64_t *buf)
{
	for (size_t i = 0; i < n; i++)
		buf[i] = v[lcg_below(g, (uint32_t)n)];
	stats_sort_u64(buf, n);
	return stats_percentile(buf, n, 50);
}

static int cmp_d(const void *p, const void *q)
{
	double a = *(const double *)p, b = *(const double *)q;
	return (a > b) - (a < b);
}

int an_bootstrap_ratio(const uint64_t *a, size_t na, const uint64_t *b, size_t nb,
		       unsigned resamples, uint64_t seed, double level, struct an_interval *ci)
{
	memset(ci, 0, sizeof(*ci));
	ci->level = level;
	if (!na || !nb) {
		ci->na = "a side has no samples";
		return 0;
	}
	if (na > UINT32_MAX || nb > UINT32_MAX) {
		ci->na = "too many samples to resample";
		return 0;
	}
	if (!resamples) {
		ci->na = "no resamples";
		return 0;
	}
	uint64_t *buf = malloc((na > nb ? na : nb) * sizeof(*buf));
	double *ratio = malloc(resamples * sizeof(*ratio));
	if (!buf || !ratio) {
		free(buf);
		free(ratio);
		return -1;
	}
	struct lcg g;
	lcg_seed(&g, seed);
	for (unsigned i = 0; i < resamples && !ci->na; i++) {
		uint64_t ma = resample_median(&g, a, na, buf);
		uint64_t mb = resample_median(&g, b, nb, buf);
		if (!ma)
			ci->na = "median of A is 0 in a resample";
		else
			ratio[i] = (double)mb / (double)ma;
	}
	if (!ci->na) {
		qsort(ratio, resamples, sizeof(*ratio), cmp_d);
		/* nearest-rank percentiles of the resampled ratios */
		double pl = (1 - level) / 2 * resamples, ph = (1 + level) / 2 * resamples;
		size_t rl = (size_t)ceil(pl - 1e-9), rh = (size_t)ceil(ph - 1e-9);
		rl = rl < 1 ? 1 : rl > resamples ? resamples : rl;
		rh = rh < 1 ? 1 : rh > resamples ? resamples : rh;
		ci->lo = ratio[rl - 1];
		ci->hi = ratio[rh - 1];
	}
	free(buf);
	free(ratio);
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

int an_compare(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, unsigned resamples,
	       uint64_t seed, double alpha, struct an_compare *c)
{
	int err = 0;
	memset(c, 0, sizeof(*c));
	c->alpha = alpha;
	c->change_pct = an_na("a side has no samples");
	if (an_mann_whitney(a, na, b, nb, &c->mwu) ||
	    an_bootstrap_ratio(a, na, b, nb, resamples, seed, 1 - alpha, &c->ratio_ci))
		return -1;
	if (!na || !nb)
		return 0;
	c->median_a = median_of(a, na, &err);
	c->median_b = median_of(b, nb, &err);
	if (err)
		return -1;
	c->change_pct = c->median_a ? an_ok(100.0 * ((double)c->median_b - (double)c->median_a) /
					    (double)c->median_a)
				    : an_na("median of A is 0");
	/* Significant: the rank test rejects "same distribution" at alpha and
	 * the CI of the ratio (when it exists) excludes 1; the direction is the
	 * medians'. A shift the medians do not show is no verdict. */
	int sig = !c->mwu.p.na && c->mwu.p.v < alpha &&
		  (c->ratio_ci.na || c->ratio_ci.lo > 1 || c->ratio_ci.hi < 1);
	if (sig && c->median_b > c->median_a)
		c->verdict = AN_SLOWER;
	else if (sig && c->median_b < c->median_a)
		c->verdict = AN_FASTER;
	return 0;
}

const char *an_verdict_name(enum an_verdict v)
{
	return v == AN_FASTER ? "faster" : v == AN_SLOWER ? "slower" : "no significant change";
}
