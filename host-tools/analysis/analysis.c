/* Descriptive statistics of one series (analysis.h). */
#include "analysis.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "median_rank.h"
#include "stats.h"

char *an_fmt(char *buf, size_t len, struct an_val x, int prec)
{
	if (x.na)
		snprintf(buf, len, "n/a (%s)", x.na);
	else
		snprintf(buf, len, "%.*f", prec, x.v);
	return buf;
}

char *an_fmt_interval(char *buf, size_t len, const struct an_interval *ci, int prec)
{
	if (ci->na)
		snprintf(buf, len, "n/a (%s)", ci->na);
	else
		snprintf(buf, len, "[%.*f, %.*f]", prec, ci->lo, prec, ci->hi);
	return buf;
}

struct an_val an_mean_d(const double *v, size_t n)
{
	if (!n)
		return an_na("no samples");
	long double s = 0;
	for (size_t i = 0; i < n; i++)
		s += v[i];
	return an_ok((double)(s / n));
}

/* Two passes in long double: no cancellation of a large mean. */
struct an_val an_var_d(const double *v, size_t n)
{
	if (n < 2)
		return an_na("needs 2 samples");
	long double m = 0, ss = 0;
	for (size_t i = 0; i < n; i++)
		m += v[i];
	m /= n;
	for (size_t i = 0; i < n; i++)
		ss += (v[i] - m) * (v[i] - m);
	return an_ok((double)(ss / (n - 1)));
}

uint64_t *an_sorted_copy(const uint64_t *v, size_t n)
{
	uint64_t *s = malloc(n ? n * sizeof(*s) : 1);
	if (!s)
		return NULL;
	memcpy(s, v, n * sizeof(*s));
	stats_sort_u64(s, n);
	return s;
}

/*
 * Offsets from the minimum, summed exactly in 128 bits: a long double
 * holds 64 bits of mantissa, so from 2^63 up its mean was a whole number
 * (ulp 1) and its running sum of such values rounded at every step; the
 * deviations from that mean then summed its error, n times over
 * ({2^64 - 1, 2^64 - 1, 2^64 - 2} gave the variance 1/2 for 1/3). The
 * offsets are as small as the spread, so their mean is exact to long
 * double precision, and the variance does not depend on the offset.
 */
long double an_mean_ss(const uint64_t *v, size_t n, long double *ss)
{
	uint64_t lo = v[0], sum_hi = 0, sum_lo = 0;
	for (size_t i = 1; i < n; i++)
		if (v[i] < lo)
			lo = v[i];
	for (size_t i = 0; i < n; i++) {
		uint64_t d = v[i] - lo;
		sum_lo += d;
		sum_hi += sum_lo < d; /* carry */
	}
	long double mean_d = ((long double)sum_hi * 0x1p64L + (long double)sum_lo) / n;
	long double dev = 0;
	for (size_t i = 0; i < n; i++) {
		long double e = (long double)(v[i] - lo) - mean_d;
		dev += e * e;
	}
	*ss = dev;
	return (long double)lo + mean_d;
}

int an_tukey_of(const uint64_t *v, size_t n, struct an_tukey *t)
{
	uint64_t *sorted = an_sorted_copy(v, n);
	if (!sorted)
		return -1;
	an_tukey(sorted, n, t);
	free(sorted);
	return 0;
}

/*
 * Why there is no CI of the median: the samples the level needs, the
 * smallest n whose [x(1), x(n)] covers at least the level (6 at 95 %, 8 at
 * 99 %, 5 at 90 %). A static string per n, as an_val's reasons are.
 */
static const char *median_ci_too_few(double level)
{
	enum { MAX_NEED = 64 };
	static char text[MAX_NEED + 1][64];
	size_t need = 2;

	while (need <= MAX_NEED && !median_ci_rank(need, level))
		need++;
	if (need > MAX_NEED)
		return "too few samples for this level";
	if (!text[need][0])
		snprintf(text[need], sizeof(text[need]), "too few samples for this level (needs %zu)",
			 need);
	return text[need];
}

/* Distribution-free CI of the median (median_rank.h). */
static void median_ci(const uint64_t *sorted, size_t n, double level, struct an_interval *ci)
{
	size_t l = median_ci_rank(n, level);

	ci->level = level;
	if (!l) {
		ci->na = median_ci_too_few(level);
		return;
	}
	ci->lo = (double)sorted[l - 1];
	ci->hi = (double)sorted[n - l];
	ci->na = NULL;
}

int an_describe(const uint64_t *v, size_t n, double level, struct an_desc *d)
{
	memset(d, 0, sizeof(*d));
	d->count = n;
	d->ci_mean.level = d->ci_median.level = level;
	if (!n) {
		d->mean = d->variance = d->stddev = d->stddev_pct = d->mode_share = an_na("no samples");
		d->ci_mean.na = d->ci_median.na = "no samples";
		return 0;
	}
	uint64_t *s = malloc(2 * n * sizeof(*s));
	if (!s)
		return -1;
	memcpy(s, v, n * sizeof(*s));
	struct order_stats os;
	stats_order(s, s + n, n, &os); /* the shared nearest-rank code */
	d->min = os.min;
	d->max = os.max;
	d->median = os.median;
	d->p90 = os.p90;
	d->p95 = os.p95;
	d->p99 = os.p99;
	d->mad = os.mad;

	long double ss;
	long double mean = an_mean_ss(s, n, &ss);
	d->mean = an_ok((double)mean);
	if (n < 2) {
		d->variance = d->stddev = d->stddev_pct = an_na("needs 2 samples");
		d->ci_mean.na = "needs 2 samples";
	} else {
		long double var = ss / (n - 1);
		d->variance = an_ok((double)var);
		d->stddev = an_ok(sqrt((double)var));
		d->stddev_pct = mean == 0 ? an_na("mean is 0")
					  : an_ok(100 * d->stddev.v / (double)mean);
		double hw = an_t_quantile((1 + level) / 2, (double)(n - 1)) * d->stddev.v /
			    sqrt((double)n);
		d->ci_mean.lo = (double)mean - hw;
		d->ci_mean.hi = (double)mean + hw;
	}

	/* Mode: longest run in the sorted values; the first (smallest) wins. */
	size_t best = 0;
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && s[j] == s[i]; j++)
			;
		if (j - i > best) {
			best = j - i;
			d->mode = s[i];
		}
	}
	d->mode_count = best;
	d->mode_share = an_ok((double)best / (double)n);
	median_ci(s, n, level, &d->ci_median);
	free(s);
	return 0;
}
