/* Hardware-event columns of the CSV files (csv_events.h). */
#include "csv_events.h"

#include <stdlib.h>
#include <string.h>

void csv_event_cols(const struct collector *c, struct csv_event_cols *cols)
{
	size_t cap = 0;
	cols->name = NULL;
	cols->n = 0;
	for (size_t i = 0; i < c->nruns; i++)
		for (size_t j = 0; j < c->runs[i].nbench; j++) {
			const struct coll_bench *b = &c->runs[i].bench[j];
			for (unsigned k = 0; k < b->nev; k++) {
				unsigned u;
				for (u = 0; u < cols->n; u++)
					if (!strcmp(cols->name[u], b->ev_name[k]))
						break;
				if (u < cols->n)
					continue;
				if (cols->n == cap) {
					cap = cap ? 2 * cap : 8;
					cols->name = coll_xrealloc(cols->name, cap * sizeof(*cols->name));
				}
				cols->name[cols->n++] = b->ev_name[k];
			}
		}
}

void csv_event_cols_free(struct csv_event_cols *cols)
{
	free(cols->name);
	cols->name = NULL;
	cols->n = 0;
}

char *csv_event_header(const char *base, const struct csv_event_cols *cols,
		       const char *const *suffix, unsigned nsuffix)
{
	size_t len = strlen(base) + 1;

	for (unsigned u = 0; u < cols->n; u++)
		len += nsuffix * (strlen(cols->name[u]) + 32);
	char *h = coll_xrealloc(NULL, len), *p = stpcpy(h, base);
	for (unsigned u = 0; u < cols->n; u++)
		for (unsigned s = 0; s < nsuffix; s++)
			p += sprintf(p, "," CSV_EVENT_PREFIX "%s%s", cols->name[u], suffix[s]);
	return h;
}

int *csv_event_map(const struct coll_bench *b, const struct csv_event_cols *cols)
{
	int *map = coll_xrealloc(NULL, (cols->n ? cols->n : 1) * sizeof(*map));
	for (unsigned u = 0; u < cols->n; u++)
		map[u] = coll_event_index(b, cols->name[u]);
	return map;
}

/* One flag bit per event column of samples.csv, bits 3 to 31 of the
 * flags (SAMPLE_FLAG_CLAMPED_EVENT), not per event of a block: a results
 * directory whose runs count different events has more columns than a
 * block has events, and a clamped value in any of them is flagged. */
#define SAMPLE_FLAG_EVENT_COLUMNS 29u

unsigned csv_event_flags(const struct coll_bench *b, uint64_t i, const int *map, unsigned n)
{
	unsigned flags = 0;
	for (unsigned u = 0; u < n && u < SAMPLE_FLAG_EVENT_COLUMNS; u++)
		if (map[u] >= 0 && coll_event_clamped(b, i, (unsigned)map[u]))
			flags |= SAMPLE_FLAG_CLAMPED_EVENT(u);
	return flags;
}

char *csv_event_row(char *p, const struct coll_bench *b, uint64_t i, const int *map, unsigned n)
{
	for (unsigned u = 0; u < n; u++) {
		uint64_t v;
		*p++ = ',';
		if (map[u] >= 0 && !coll_event_net(b, i, (unsigned)map[u], &v))
			p += sprintf(p, "%llu", (unsigned long long)v);
	}
	return p;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

uint64_t csv_event_stat(const struct coll_bench *b, unsigned k, uint64_t *median,
			long double *per_call)
{
	uint64_t n = 0, v;
	long double sum = 0;
	size_t end = b->nreceived ? (size_t)b->max_index + 1 : 0;
	uint64_t *vals = coll_xrealloc(NULL, (end ? end : 1) * sizeof(*vals));

	for (size_t i = (size_t)b->warmup; i < end; i++)
		if (b->present[i] && !coll_event_net(b, i, k, &v)) {
			vals[n++] = v;
			sum += (long double)v;
		}
	if (n) {
		qsort(vals, (size_t)n, sizeof(*vals), cmp_u64);
		/* nearest rank, as the cycles median (docs/statistics.md) */
		*median = vals[(n + 1) / 2 - 1];
		*per_call = sum / (long double)n / (long double)(b->batch ? b->batch : 1);
	}
	free(vals);
	return n;
}

int csv_event_summary(FILE *f, const struct coll_bench *b, const struct csv_event_cols *cols)
{
	for (unsigned u = 0; u < cols->n; u++) {
		int k = coll_event_index(b, cols->name[u]);
		uint64_t median;
		long double per_call;
		if (k >= 0 && csv_event_stat(b, (unsigned)k, &median, &per_call)) {
			if (fprintf(f, ",%llu,%.3Lf", (unsigned long long)median, per_call) < 0)
				return -1;
		} else if (fputs(",,", f) < 0) {
			return -1;
		}
	}
	return 0;
}
