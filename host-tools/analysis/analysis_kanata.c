/*
 * Group runs (analysis.h): Kanata Bench's per-group estimates (seed 002,
 * sections 3.3-3.4, Appendix 2), the least-squares slope across groups, and
 * where the mean stops changing (section 3.2).
 */
#include "analysis.h"
#include "results_csv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void an_kanata_group(const uint64_t *a, size_t s, uint64_t n_calls, double level,
		     double target_e, struct an_kanata *k)
{
	memset(k, 0, sizeof(*k));
	k->n_calls = n_calls;
	k->s = s;
	k->target_e = target_e;
	k->z = an_norm_quantile((1 + level) / 2); /* 90 %: 1.645 */
	k->ci_y.level = level;

	const char *why = !s ? "no samples" : !n_calls ? "batch N is 0" : NULL;
	if (why) {
		k->mean_a = k->var_a = k->sd_a = k->mean_y = k->var_y = k->sd_y = an_na(why);
		k->cov_y_pct = k->halfwidth_pct = k->required_s = an_na(why);
		k->mean_p = k->var_p = k->sd_p = k->cov_p_pct = an_na(why);
		k->ci_y.na = why;
		return;
	}
	long double ss, n = (long double)n_calls;
	long double mean = an_mean_ss(a, s, &ss);
	k->mean_a = an_ok((double)mean);
	k->mean_y = k->mean_p = an_ok((double)(mean / n)); /* mu_P = mu_Y (3.2) */
	if (s < 2) {
		k->var_a = k->sd_a = k->var_y = k->sd_y = k->cov_y_pct = an_na("needs 2 samples");
		k->halfwidth_pct = k->required_s = an_na("needs 2 samples");
		k->var_p = k->sd_p = k->cov_p_pct = an_na("needs 2 samples");
		k->ci_y.na = "needs 2 samples";
		return;
	}
	long double var = ss / (s - 1);
	long double var_y = var / (n * n); /* Y = A / N */
	k->var_a = an_ok((double)var);
	k->sd_a = an_ok(sqrtl(var));
	k->var_y = an_ok((double)var_y);
	k->sd_y = an_ok(sqrtl(var_y));
	double hw = k->z * k->sd_y.v / sqrt((double)s);
	k->ci_y.lo = k->mean_y.v - hw;
	k->ci_y.hi = k->mean_y.v + hw;
	k->var_p = an_ok((double)(var_y * n)); /* sigma_P^2 = sigma_Y^2 N (3.2) */
	k->sd_p = an_ok(sqrt(k->var_p.v));
	if (mean == 0) {
		k->cov_y_pct = k->halfwidth_pct = k->cov_p_pct = an_na("mean is 0");
		k->required_s = an_na("mean is 0");
		k->target_met = hw == 0;
		return;
	}
	k->cov_y_pct = an_ok(100 * k->sd_y.v / k->mean_y.v);
	k->cov_p_pct = an_ok(100 * k->sd_p.v / k->mean_p.v);
	k->halfwidth_pct = an_ok(100 * hw / fabs(k->mean_y.v));
	k->target_met = hw <= target_e * fabs(k->mean_y.v);
	/* S' = (sigma_A z / (mu_A e))^2, equation 3.3 */
	if (target_e <= 0) {
		k->required_s = an_na("target e is 0");
	} else {
		double r = k->sd_a.v * k->z / ((double)mean * target_e);
		k->required_s = an_ok(ceil(r * r));
	}
}

void an_ols(const double *x, const double *y, size_t n, double level, struct an_ols *o)
{
	memset(o, 0, sizeof(*o));
	o->n = n;
	o->ci_slope.level = o->ci_intercept.level = level;
	const char *why = NULL;
	long double mx = 0, my = 0, sxx = 0, sxy = 0, syy = 0;

	if (n < 2)
		why = "needs 2 points";
	for (size_t i = 0; !why && i < n; i++) {
		mx += x[i];
		my += y[i];
	}
	if (!why) {
		mx /= n;
		my /= n;
		for (size_t i = 0; i < n; i++) {
			sxx += (x[i] - mx) * (x[i] - mx);
			sxy += (x[i] - mx) * (y[i] - my);
			syy += (y[i] - my) * (y[i] - my);
		}
		if (sxx == 0)
			why = "needs 2 different batch sizes";
	}
	if (why) {
		o->slope = o->intercept = o->r2 = an_na(why);
		o->ci_slope.na = o->ci_intercept.na = why;
		return;
	}
	long double b = sxy / sxx, a = my - b * mx;
	long double sse = 0;
	for (size_t i = 0; i < n; i++) {
		long double r = y[i] - (a + b * x[i]);
		sse += r * r;
	}
	if (sse > syy) /* rounding when the fit is exact */
		sse = syy;
	o->slope = an_ok((double)b);
	o->intercept = an_ok((double)a);
	o->r2 = syy == 0 ? an_na("no variation in y") : an_ok((double)(1 - sse / syy));
	if (n < 3) {
		o->ci_slope.na = o->ci_intercept.na = "needs 3 points";
		return;
	}
	double s = sqrt((double)(sse / (n - 2)));
	double t = an_t_quantile((1 + level) / 2, (double)(n - 2));
	double se_b = s / sqrt((double)sxx);
	double se_a = s * sqrt(1.0 / n + (double)(mx * mx / sxx));
	o->ci_slope.lo = (double)b - t * se_b;
	o->ci_slope.hi = (double)b + t * se_b;
	o->ci_intercept.lo = (double)a - t * se_a;
	o->ci_intercept.hi = (double)a + t * se_a;
}

static int cmp_double(const void *p, const void *q)
{
	double a = *(const double *)p, b = *(const double *)q;
	return (a > b) - (a < b);
}

void an_steady_state(const double *means, const double *halfwidth, size_t k, double e,
		     struct an_steady *st)
{
	memset(st, 0, sizeof(*st));
	if (k < 2) {
		st->na = "needs 2 windows or groups";
		return;
	}
	/* Reference: median of the second half's means (the steady level if
	 * there is one, robust to a late outlier window). */
	size_t h = k / 2, m = k - h;
	double *tail = malloc(m * sizeof(*tail));
	if (!tail) {
		st->na = "out of memory";
		return;
	}
	memcpy(tail, means + h, m * sizeof(*tail));
	qsort(tail, m, sizeof(*tail), cmp_double);
	st->reference = m % 2 ? tail[m / 2] : (tail[m / 2 - 1] + tail[m / 2]) / 2;
	free(tail);

	size_t first = k;
	for (size_t i = k; i-- > 0;) {
		double tol = e * fabs(st->reference);
		if (halfwidth && halfwidth[i] > tol)
			tol = halfwidth[i];
		if (fabs(means[i] - st->reference) > tol)
			break;
		first = i;
	}
	if (first == k)
		st->na = "not reached: the last mean differs from the steady level";
	st->first = first;
}

int an_steady_series(const uint64_t *v, size_t n, size_t nwin, double e, struct an_steady *st,
		     size_t *first_sample)
{
	*first_sample = 0;
	if (nwin && n / nwin < 10) /* a window of fewer than 10 samples is noise */
		nwin = n / 10;
	if (nwin < 2) {
		memset(st, 0, sizeof(*st));
		st->na = "too few samples for the windows";
		return 0;
	}
	size_t w = n / nwin;
	double *mean = malloc(2 * nwin * sizeof(*mean)), *hw = mean + nwin;
	if (!mean)
		return -1;
	for (size_t i = 0; i < nwin; i++) {
		size_t lo = i * w, cnt = i + 1 == nwin ? n - lo : w;
		long double ss;
		mean[i] = (double)an_mean_ss(v + lo, cnt, &ss);
		hw[i] = an_t_quantile(0.975, (double)(cnt - 1)) * sqrt((double)(ss / (cnt - 1))) /
			sqrt((double)cnt);
	}
	an_steady_state(mean, hw, nwin, e, st);
	*first_sample = st->first * w;
	free(mean);
	return 0;
}

void an_kanata_series(const struct res_series *s, double level, double target_e,
		      struct an_kanata *k)
{
	an_kanata_group(s->cycles, s->n, s->batch, level, target_e, k);
	/* Equation 3.2 assumes the N calls of a test are independent draws.
	 * Here they repeat one input, so a sample is that input's cost N
	 * times over: the reviewer's qsort gave sigma_P 460, 920, 1218, 1455
	 * for N = 1, 4, 7, 10, exactly 460 sqrt(N). With one input for all
	 * samples the calls differ by noise alone, as the paper's do. */
	if (s->batch > 1 && s->inputs_vary && !k->sd_p.na)
		k->var_p = k->sd_p = k->cov_p_pct =
			an_na("the N calls of a sample share its input: not independent");
}
