/* The CSV writers (csv_out.h). Values come only from the collector's model. */
#include "csv_out.h"

#include <stdlib.h>
#include <string.h>

int csv_field(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\r\n"))
		return fputs(s, f) < 0 ? -1 : 0;
	if (putc('"', f) == EOF)
		return -1;
	for (; *s; s++) {
		if (*s == '"' && putc('"', f) == EOF)
			return -1;
		if (putc(*s, f) == EOF)
			return -1;
	}
	return putc('"', f) == EOF ? -1 : 0;
}

const char *csv_bench_name(const struct coll_bench *b, char *buf, size_t len)
{
	if (b->have_header)
		return b->name;
	snprintf(buf, len, "#%u", b->id);
	return buf;
}

static int row_start(FILE *f, const struct coll_run *r, const struct coll_bench *b)
{
	char nb[16];

	if (fprintf(f, "%08x,", r->tag) < 0 || csv_field(f, csv_bench_name(b, nb, sizeof(nb))))
		return -1;
	if (!b->have_header)
		return fputs(",,,", f) < 0 ? -1 : 0;
	return fprintf(f, ",%llu,%llu,%llu", (unsigned long long)b->hart,
		       (unsigned long long)b->group, (unsigned long long)b->batch) < 0 ? -1 : 0;
}

static int bench_samples(FILE *f, const struct coll_run *r, const struct coll_bench *b)
{
	uint64_t *input = NULL;
	int rc = 0;

	if (!b->nreceived)
		return 0;
	size_t n = (size_t)b->max_index + 1;
	input = coll_xrealloc(NULL, n * sizeof(*input));
	coll_bench_inputs(r, b, input, n);
	for (size_t i = 0; i < n && !rc; i++) {
		const struct coll_sample *s = &b->s[i];
		struct coll_derived d;
		if (!s->present)
			continue;
		if (row_start(f, r, b)) {
			rc = -1;
			break;
		}
		if (b->have_header) {
			coll_derive(r, b, i, &d);
			rc = fprintf(f, ",%zu,%d,%llu,%llu,%llu,%llu,%llu,%u\r\n", i, d.warmup,
				     (unsigned long long)input[i], (unsigned long long)d.cycles,
				     (unsigned long long)d.instret, (unsigned long long)s->cycles_raw,
				     (unsigned long long)s->instret_raw, d.flags) < 0;
		} else {
			/* Without the BENCH line the overhead and warmup are unknown:
			 * keep the raw values, leave the derived ones empty. */
			rc = fprintf(f, ",%zu,,,,,%llu,%llu,\r\n", i, (unsigned long long)s->cycles_raw,
				     (unsigned long long)s->instret_raw) < 0;
		}
	}
	free(input);
	return rc ? -1 : 0;
}

int csv_write_samples(FILE *f, const struct collector *c)
{
	if (fputs(CSV_SAMPLES_HEADER "\r\n", f) < 0)
		return -1;
	for (size_t i = 0; i < c->nruns; i++)
		for (size_t j = 0; j < c->runs[i].nbench; j++)
			if (bench_samples(f, &c->runs[i], &c->runs[i].bench[j]))
				return -1;
	return ferror(f) ? -1 : 0;
}

static int bench_summary(FILE *f, const struct coll_run *r, const struct coll_bench *b)
{
	struct coll_bench_stats st;

	if (row_start(f, r, b))
		return -1;
	if (!b->have_header)
		return fprintf(f, ",,,,,,,,,,,,,,,%s\r\n", b->verify) < 0 ? -1 : 0;
	coll_bench_stats(r, b, &st);
	if (fprintf(f, ",%llu", (unsigned long long)st.count) < 0)
		return -1;
	if (st.count) {
		if (fprintf(f, ",%llu,%llu,%llu.%03u,%llu,%llu,%llu,%llu,%llu,%.3Lf",
			    (unsigned long long)st.min, (unsigned long long)st.max,
			    (unsigned long long)st.mean_int, st.mean_frac,
			    (unsigned long long)st.median, (unsigned long long)st.p90,
			    (unsigned long long)st.p95, (unsigned long long)st.p99,
			    (unsigned long long)st.mad, st.stddev) < 0)
			return -1;
	} else if (fputs(",,,,,,,,,", f) < 0) {
		return -1; /* no measured sample: no statistics, not zeros */
	}
	if (fprintf(f, ",%llu,%llu,%llu,", (unsigned long long)b->oh_cycles,
		    (unsigned long long)b->oh_instret, (unsigned long long)b->warmup) < 0)
		return -1;
	if (st.count && fprintf(f, "%llu", (unsigned long long)st.instret_median) < 0)
		return -1;
	return fprintf(f, ",%s\r\n", b->verify) < 0 ? -1 : 0;
}

int csv_write_summary(FILE *f, const struct collector *c)
{
	if (fputs(CSV_SUMMARY_HEADER "\r\n", f) < 0)
		return -1;
	for (size_t i = 0; i < c->nruns; i++)
		for (size_t j = 0; j < c->runs[i].nbench; j++)
			if (bench_summary(f, &c->runs[i], &c->runs[i].bench[j]))
				return -1;
	return ferror(f) ? -1 : 0;
}

int csv_samples_writer(FILE *f, void *ctx)
{
	return csv_write_samples(f, ctx);
}

int csv_summary_writer(FILE *f, void *ctx)
{
	return csv_write_summary(f, ctx);
}
