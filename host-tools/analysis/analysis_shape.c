/* The shape of a distribution (analysis.h): Tukey's outlier fences, code
 * paths by instret, and a histogram. */
#include "analysis.h"

#include <stdlib.h>
#include <string.h>

#include "stats.h"

void an_tukey(const uint64_t *sorted, size_t n, struct an_tukey *t)
{
	memset(t, 0, sizeof(*t));
	t->q1 = stats_percentile(sorted, n, 25);
	t->q3 = stats_percentile(sorted, n, 75);
	t->iqr = t->q3 - t->q1;
	t->lo_inner = (double)t->q1 - 1.5 * (double)t->iqr;
	t->hi_inner = (double)t->q3 + 1.5 * (double)t->iqr;
	t->lo_outer = (double)t->q1 - 3.0 * (double)t->iqr;
	t->hi_outer = (double)t->q3 + 3.0 * (double)t->iqr;
	for (size_t i = 0; i < n; i++) {
		double x = (double)sorted[i];
		if (x < t->lo_outer)
			t->severe_low++;
		else if (x < t->lo_inner)
			t->mild_low++;
		else if (x > t->hi_outer)
			t->severe_high++;
		else if (x > t->hi_inner)
			t->mild_high++;
	}
}

struct pair {
	uint64_t instret, cycles;
};

static int cmp_pair(const void *p, const void *q)
{
	const struct pair *a = p, *b = q;
	if (a->instret != b->instret)
		return a->instret < b->instret ? -1 : 1;
	return (a->cycles > b->cycles) - (a->cycles < b->cycles);
}

static int cmp_path(const void *p, const void *q)
{
	const struct an_path *a = p, *b = q;
	if (a->count != b->count)
		return a->count > b->count ? -1 : 1;
	return (a->instret > b->instret) - (a->instret < b->instret);
}

size_t an_paths(const uint64_t *cycles, const uint64_t *instret, size_t n, struct an_path **out)
{
	*out = NULL;
	if (!n)
		return 0;
	struct pair *p = malloc(n * sizeof(*p));
	struct an_path *path = malloc(n * sizeof(*path));
	if (!p || !path) {
		free(p);
		free(path);
		return (size_t)-1;
	}
	for (size_t i = 0; i < n; i++)
		p[i] = (struct pair){ instret[i], cycles[i] };
	qsort(p, n, sizeof(*p), cmp_pair); /* by path, then cycles */
	size_t np = 0;
	for (size_t i = 0, j; i < n; i = j) {
		long double sum = 0;
		for (j = i; j < n && p[j].instret == p[i].instret; j++)
			sum += p[j].cycles;
		size_t cnt = j - i;
		path[np++] = (struct an_path){
			.instret = p[i].instret, .count = cnt, .min = p[i].cycles,
			/* nearest-rank median of the run, as stats.h defines it */
			.median = p[i + (cnt * 50 + 99) / 100 - 1].cycles,
			.max = p[j - 1].cycles, .mean = (double)(sum / cnt),
		};
	}
	free(p);
	qsort(path, np, sizeof(*path), cmp_path);
	*out = path;
	return np;
}

int an_hist_make(const uint64_t *sorted, size_t n, size_t maxbins, struct an_hist *h)
{
	memset(h, 0, sizeof(*h));
	if (!maxbins)
		maxbins = 1;
	h->lo = sorted[0];
	uint64_t range = sorted[n - 1] - sorted[0] + 1; /* values in [lo, max] */
	h->width = range / maxbins + (range % maxbins != 0);
	if (!h->width) /* the full 64-bit range wrapped to 0 */
		h->width = UINT64_MAX / maxbins + 1;
	h->nbins = (size_t)((range - 1) / h->width + 1);
	h->count = calloc(h->nbins, sizeof(*h->count));
	if (!h->count)
		return -1;
	for (size_t i = 0; i < n; i++)
		h->count[(sorted[i] - h->lo) / h->width]++;
	return 0;
}

void an_hist_free(struct an_hist *h)
{
	free(h->count);
	h->count = NULL;
}
