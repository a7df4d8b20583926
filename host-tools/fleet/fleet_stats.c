/* The statistics between devices (fleet_stats.h; docs/statistics.md). */
#include "fleet_stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

static uint64_t absdiff(uint64_t a, uint64_t b)
{
	return a > b ? a - b : b - a;
}

int fleet_spread_of(const uint64_t *m, size_t k, struct fleet_spread *s)
{
	memset(s, 0, sizeof(*s));
	s->ndev = k;
	if (!k) {
		s->cv = an_na("no device");
		return 0;
	}
	uint64_t *v = malloc(k * sizeof(*v));
	if (!v)
		return -1;
	memcpy(v, m, k * sizeof(*v));
	stats_sort_u64(v, k);
	s->min = v[0];
	s->max = v[k - 1];
	/* The nearest-rank median, as every median of rvbench: the median
	 * device's own value, never a mean of two. */
	s->median = stats_percentile(v, k, 50);
	for (size_t d = 0; d < k; d++)
		v[d] = absdiff(m[d], s->median);
	stats_sort_u64(v, k);
	s->mad = stats_percentile(v, k, 50);
	free(v);

	if (k < 2) {
		s->cv = an_na("one device");
		return 0;
	}
	long double ss;
	long double mean = an_mean_ss(m, k, &ss);
	if (mean == 0)
		s->cv = an_na("mean is 0");
	else
		s->cv = an_ok((double)(sqrtl(ss / (k - 1)) / mean));
	return 0;
}

double fleet_off_pct(uint64_t m, uint64_t median)
{
	if (m == median)
		return 0;
	if (!median)
		return INFINITY;
	/* long double: the difference of two counts above 2^53 stays exact. */
	long double diff = (long double)m - (long double)median;
	return (double)(100 * diff / median);
}

/* MAD 0: the modified z-score has no scale, so a device is judged by how
 * far it is from the value the others share (a deviation divided by 0 is
 * written as the infinity it is, not as a number that looks measured). */
static void outliers_exact(const uint64_t *m, size_t k, uint64_t median, double *z, int *out)
{
	for (size_t d = 0; d < k; d++) {
		double off = fleet_off_pct(m[d], median);
		z[d] = m[d] == median ? 0 : m[d] > median ? INFINITY : -INFINITY;
		out[d] = fabs(off) > FLEET_EXACT_PCT;
	}
}

void fleet_outliers(const uint64_t *m, size_t k, const struct fleet_spread *s, double *z,
		    int *out)
{
	if (k < 3) {
		/* Of two devices that disagree, which one is odd? */
		for (size_t d = 0; d < k; d++) {
			z[d] = NAN;
			out[d] = 0;
		}
		return;
	}
	if (!s->mad) {
		outliers_exact(m, k, s->median, z, out);
		return;
	}
	double scale = FLEET_MAD_K * (double)s->mad;
	for (size_t d = 0; d < k; d++) {
		z[d] = (double)(((long double)m[d] - (long double)s->median) / scale);
		out[d] = fabs(z[d]) > FLEET_Z_LIMIT;
	}
}

int fleet_anova_of(const uint64_t *const *x, const size_t *n, size_t k, struct fleet_anova *a)
{
	memset(a, 0, sizeof(*a));
	if (!k)
		return -1;
	a->k = k;
	long double total = 0, sum_n2 = 0;
	size_t used = 0; /* devices with at least one sample */
	for (size_t d = 0; d < k; d++) {
		for (size_t i = 0; i < n[d]; i++)
			total += x[d][i];
		a->n += n[d];
		sum_n2 += (long double)n[d] * n[d];
		used += n[d] > 0;
	}
	/* Two passes (means first): sums of squares of cycle counts would
	 * lose the small differences in the large values. */
	long double grand = a->n ? total / a->n : 0, ssb = 0, ssw = 0;
	for (size_t d = 0; d < k; d++) {
		if (!n[d])
			continue;
		long double s = 0;
		for (size_t i = 0; i < n[d]; i++)
			s += x[d][i];
		long double mean = s / n[d];
		ssb += n[d] * (mean - grand) * (mean - grand);
		for (size_t i = 0; i < n[d]; i++)
			ssw += (x[d][i] - mean) * (x[d][i] - mean);
	}
	a->ss_between = (double)ssb;
	a->ss_within = (double)ssw;
	a->df_between = used ? used - 1 : 0;
	a->df_within = a->n - used;
	if (used < 2 || !a->df_within) {
		const char *why = used < 2 ? "one device" : "one sample per device";
		a->ms_between = a->ms_within = a->f = a->p = a->n0 = an_na(why);
		a->var_between = a->var_within = a->icc = an_na(why);
		if (a->df_within) /* one device: its own variance is still known */
			a->var_within = a->ms_within = an_ok((double)(ssw / a->df_within));
		return 0;
	}
	long double msb = ssb / a->df_between, msw = ssw / a->df_within;
	long double n0 = (a->n - sum_n2 / a->n) / a->df_between;
	a->ms_between = an_ok((double)msb);
	a->ms_within = an_ok((double)msw);
	a->n0 = an_ok((double)n0);
	a->var_within = an_ok((double)msw);
	/* The method-of-moments estimate, truncated at 0 (a negative
	 * variance is a between-device variance too small to see). */
	long double vb = (msb - msw) / n0;
	a->var_between = an_ok(vb > 0 ? (double)vb : 0);
	if (msw == 0) {
		a->f = a->p = an_na("no variance within devices");
	} else {
		a->f = an_ok((double)(msb / msw));
		a->p = an_ok(an_f_sf(a->f.v, (double)a->df_between, (double)a->df_within));
	}
	double tot = a->var_between.v + a->var_within.v;
	a->icc = tot > 0 ? an_ok(a->var_between.v / tot) : an_na("no variance");
	return 0;
}
