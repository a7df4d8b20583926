/* One row per benchmark of a fleet, with the statistics between its
 * devices (fleet.h). */
#include "fleet.h"

#include <stdlib.h>
#include <string.h>

#include "stats.h"

/* Rows match as compare matches two results: bench, params, group and
 * batch (compare refuses to compare two batch sizes, so a fleet never
 * pools them: a row per size), and the hart only when some member ran the
 * benchmark on several harts at once, in one run (cmp_several_harts): the
 * runs of a board that booted on another hart each time, as boards with
 * another boot hart, still meet. */
static int several_harts(const struct fleet *f, const struct res_series *s)
{
	for (size_t i = 0; i < f->nm; i++) {
		const struct results *r = &f->m[i].r;
		for (size_t j = 0; j < r->ns; j++) {
			const struct res_series *o = &r->s[j];
			if (o->group != s->group || o->batch != s->batch ||
			    strcmp(o->bench, s->bench) || strcmp(o->params, s->params))
				continue;
			for (size_t l = j + 1; l < r->ns; l++) {
				const struct res_series *p = &r->s[l];
				if (p->hart != o->hart && p->group == o->group && p->batch == o->batch &&
				    !strcmp(p->run, o->run) && !strcmp(p->bench, o->bench) &&
				    !strcmp(p->params, o->params))
					return 1;
			}
		}
	}
	return 0;
}

static struct fleet_row *find_row(struct fleet_report *rep, const struct res_series *s,
				  int by_hart)
{
	for (size_t i = 0; i < rep->nrows; i++) {
		struct fleet_row *w = &rep->row[i];
		if (w->group == s->group && w->batch == s->batch && w->by_hart == by_hart &&
		    (!by_hart || w->hart == s->hart) && !strcmp(w->bench, s->bench) &&
		    !strcmp(w->params, s->params))
			return w;
	}
	struct fleet_row *nr = realloc(rep->row, (rep->nrows + 1) * sizeof(*nr));
	if (!nr)
		return NULL;
	rep->row = nr;
	struct fleet_row *w = &rep->row[rep->nrows];
	memset(w, 0, sizeof(*w));
	w->bench = strdup(s->bench);
	w->params = strdup(s->params);
	rep->nrows++;
	if (!w->bench || !w->params)
		return NULL;
	w->group = s->group;
	w->batch = s->batch;
	w->hart = s->hart;
	w->by_hart = by_hart;
	return w;
}

/* Appends the series' cycles to the row's entry of device d. */
static int add_samples(struct fleet_row *w, size_t d, const struct res_series *s)
{
	size_t e = 0;
	while (e < w->k && w->dev[e] != d)
		e++;
	if (e == w->k) {
		size_t *nd = realloc(w->dev, (w->k + 1) * sizeof(*nd));
		if (!nd)
			return -1;
		w->dev = nd;
		uint64_t **nx = realloc(w->x, (w->k + 1) * sizeof(*nx));
		if (!nx)
			return -1;
		w->x = nx;
		size_t *nn = realloc(w->n, (w->k + 1) * sizeof(*nn));
		if (!nn)
			return -1;
		w->n = nn;
		w->dev[e] = d;
		w->x[e] = NULL;
		w->n[e] = 0;
		w->k++;
	}
	uint64_t *x = realloc(w->x[e], (w->n[e] + s->n + 1) * sizeof(*x));
	if (!x)
		return -1;
	memcpy(x + w->n[e], s->cycles, s->n * sizeof(*x));
	w->x[e] = x;
	w->n[e] += s->n;
	return 0;
}

static int row_stats(struct fleet_row *w)
{
	w->median = calloc(w->k ? w->k : 1, sizeof(*w->median));
	w->z = calloc(w->k ? w->k : 1, sizeof(*w->z));
	w->outlier = calloc(w->k ? w->k : 1, sizeof(*w->outlier));
	if (!w->median || !w->z || !w->outlier)
		return -1;
	for (size_t e = 0; e < w->k; e++) {
		if (!w->n[e])
			continue;
		uint64_t *v = malloc(w->n[e] * sizeof(*v));
		if (!v)
			return -1;
		memcpy(v, w->x[e], w->n[e] * sizeof(*v));
		stats_sort_u64(v, w->n[e]);
		w->median[e] = stats_percentile(v, w->n[e], 50);
		free(v);
	}
	if (fleet_spread_of(w->median, w->k, &w->spread))
		return -1;
	fleet_outliers(w->median, w->k, &w->spread, w->z, w->outlier);
	fleet_anova_of((const uint64_t *const *)w->x, w->n, w->k, &w->anova);
	return 0;
}

/* Marks the rows of a benchmark that ran with several batch sizes, so that
 * each one's label says its N, N=1 too (on whichever harts: a row's hart
 * means nothing unless harts are told apart). */
static void mark_batches(struct fleet_report *rep)
{
	for (size_t i = 0; i < rep->nrows; i++)
		for (size_t j = 0; j < rep->nrows; j++) {
			struct fleet_row *a = &rep->row[i];
			const struct fleet_row *b = &rep->row[j];
			if (a->batch != b->batch && a->group == b->group &&
			    !strcmp(a->bench, b->bench) && !strcmp(a->params, b->params))
				a->by_batch = 1;
		}
}

int fleet_report_build(const struct fleet *f, struct fleet_report *rep, char *err, size_t errlen)
{
	memset(rep, 0, sizeof(*rep));
	for (size_t i = 0; i < f->nm; i++) {
		const struct results *r = &f->m[i].r;
		for (size_t j = 0; j < r->ns; j++) {
			const struct res_series *s = &r->s[j];
			/* A block that is not whole (a fault, a timeout, lost
			 * samples) would pass its remnant for the device's
			 * figure: it is listed in the report instead. */
			if (!s->n || (s->block >= 0 && cmp_problem_of(&f->m[i].bad, s->run, s->block)))
				continue;
			struct fleet_row *w = find_row(rep, s, several_harts(f, s));
			if (!w || add_samples(w, f->m[i].device, s)) {
				snprintf(err, errlen, "out of memory");
				return -1;
			}
		}
	}
	mark_batches(rep);
	for (size_t i = 0; i < rep->nrows; i++)
		if (row_stats(&rep->row[i])) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
	return 0;
}

void fleet_report_free(struct fleet_report *rep)
{
	for (size_t i = 0; i < rep->nrows; i++) {
		struct fleet_row *w = &rep->row[i];
		for (size_t e = 0; e < w->k; e++)
			free(w->x[e]);
		free(w->x);
		free(w->n);
		free(w->dev);
		free(w->median);
		free(w->z);
		free(w->outlier);
		free(w->bench);
		free(w->params);
	}
	free(rep->row);
	memset(rep, 0, sizeof(*rep));
}

const char *fleet_row_label(const struct fleet_row *w, char *buf, size_t len)
{
	int n = snprintf(buf, len, "%s", w->bench);
	if (*w->params && n > 0 && (size_t)n < len)
		n += snprintf(buf + n, len - (size_t)n, " [%s]", w->params);
	if ((w->group || w->batch > 1 || w->by_batch) && n > 0 && (size_t)n < len)
		n += snprintf(buf + n, len - (size_t)n, " g%llu N=%llu", (unsigned long long)w->group,
			      (unsigned long long)w->batch);
	if (w->by_hart && n > 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, " hart %llu", (unsigned long long)w->hart);
	return buf;
}
