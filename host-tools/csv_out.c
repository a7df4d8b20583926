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

/* Appends v in decimal at p; returns the new end. Rows are built by hand
 * because printf per field is most of the cost of a large samples.csv. */
static char *put_u64(char *p, uint64_t v)
{
	char tmp[20];
	int n = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		*p++ = tmp[--n];
	return p;
}

static int bench_samples(FILE *f, const struct coll_run *r, const struct coll_bench *b)
{
	char *prefix = NULL, seed[24] = "";
	size_t plen = 0;
	uint64_t *input;
	int rc = 0;

	if (!b->nreceived)
		return 0;
	/* run,bench,hart,group,batch: the same on every row of the block. */
	FILE *pf = open_memstream(&prefix, &plen);
	if (!pf || row_start(pf, r, b) || fclose(pf))
		return -1;
	if (r->seed_ok)
		snprintf(seed, sizeof(seed), "0x%llx", (unsigned long long)r->seed);
	size_t n = (size_t)b->max_index + 1;
	input = coll_xrealloc(NULL, n * sizeof(*input));
	size_t known = coll_bench_inputs(r, b, input, n);
	for (size_t i = 0; i < n && !rc; i++) {
		const struct coll_sample *s = &b->s[i];
		struct coll_derived d;
		char row[256], *p = row;
		if (!s->present)
			continue;
		*p++ = ',';
		p = put_u64(p, i);
		if (b->have_header) {
			coll_derive(r, b, i, &d);
			*p++ = ',';
			*p++ = d.warmup ? '1' : '0';
			*p++ = ',';
			if (i < known)
				p = put_u64(p, input[i]);
			*p++ = ',';
			p = stpcpy(p, seed);
			*p++ = ',';
			p = put_u64(p, d.cycles);
			*p++ = ',';
			p = put_u64(p, d.instret);
		} else {
			/* Without the BENCH line the overhead and warmup are unknown:
			 * keep the raw values, leave the derived ones empty. */
			p = stpcpy(p, ",,,");
			p = stpcpy(p, seed);
			p = stpcpy(p, ",,");
		}
		*p++ = ',';
		p = put_u64(p, s->cycles_raw);
		*p++ = ',';
		p = put_u64(p, s->instret_raw);
		*p++ = ',';
		if (b->have_header)
			p = put_u64(p, d.flags);
		*p++ = '\r';
		*p++ = '\n';
		if (fwrite(prefix, 1, plen, f) != plen || fwrite(row, 1, (size_t)(p - row), f) != (size_t)(p - row))
			rc = -1;
	}
	free(input);
	free(prefix);
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

/* The columns appended after verify: status,path_differs,checksum. */
static int block_result(FILE *f, const struct coll_bench *b)
{
	if (fprintf(f, ",%s,", b->status) < 0)
		return -1;
	if (b->have_mode && fprintf(f, "%llu", (unsigned long long)b->mode_differs) < 0)
		return -1;
	if (!b->have_mode && b->have_path &&
	    fprintf(f, "%llu", (unsigned long long)b->path_differs) < 0)
		return -1;
	if (fputs(",", f) < 0)
		return -1;
	if (b->have_checksum && fprintf(f, "0x%llx", (unsigned long long)b->checksum) < 0)
		return -1;
	return fputs("\r\n", f) < 0 ? -1 : 0;
}

static int bench_summary(FILE *f, const struct coll_run *r, const struct coll_bench *b)
{
	struct coll_bench_stats st;
	char v[7][32];

	if (row_start(f, r, b))
		return -1;
	if (!b->have_header)
		return fprintf(f, ",,,,,,,,,,,,,,,%s", b->verify) < 0 ? -1 : block_result(f, b);
	coll_bench_stats(r, b, &st);
	if (fprintf(f, ",%llu", (unsigned long long)st.count) < 0)
		return -1;
	if (st.count) {
		/* Order statistics of the per-sample values divided by the batch:
		 * the same ranks as the per-call values. */
		const uint64_t raw[7] = { st.min, st.max, st.median, st.p90, st.p95, st.p99, st.mad };
		for (int i = 0; i < 7; i++)
			coll_fmt_per_call(v[i], sizeof(v[i]), raw[i], st.batch);
		if (fprintf(f, ",%s,%s,%llu.%03u,%s,%s,%s,%s,%s,%.3Lf", v[0], v[1],
			    (unsigned long long)st.mean_int, st.mean_frac, v[2], v[3], v[4], v[5],
			    v[6], st.stddev) < 0)
			return -1;
	} else if (fputs(",,,,,,,,,", f) < 0) {
		return -1; /* no measured sample: no statistics, not zeros */
	}
	if (fprintf(f, ",%llu,%llu,%llu,", (unsigned long long)b->oh_cycles,
		    (unsigned long long)b->oh_instret, (unsigned long long)b->warmup) < 0)
		return -1;
	if (st.count && fprintf(f, "%llu", (unsigned long long)st.instret_median) < 0)
		return -1;
	return fprintf(f, ",%s", b->verify) < 0 ? -1 : block_result(f, b);
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

int csv_write_gaps(FILE *f, const struct collector *c)
{
	char nb[16];

	if (fputs(CSV_GAPS_HEADER "\r\n", f) < 0)
		return -1;
	for (size_t i = 0; i < c->nruns; i++) {
		const struct coll_run *r = &c->runs[i];
		for (size_t k = 0; k < r->ngap; k++) {
			const struct coll_gap *g = &r->gap[k];
			const struct coll_bench *b = g->bench < r->nbench ? &r->bench[g->bench] : NULL;
			if (fprintf(f, "%08x,%u,", r->tag, g->bench) < 0 ||
			    (b && csv_field(f, csv_bench_name(b, nb, sizeof(nb)))) ||
			    fprintf(f, ",%llu,%llu,%llu,", (unsigned long long)g->first,
				    (unsigned long long)g->last,
				    (unsigned long long)(g->last - g->first + 1)) < 0 ||
			    csv_field(f, g->reason) || fputs("\r\n", f) < 0)
				return -1;
		}
	}
	return ferror(f) ? -1 : 0;
}

int csv_gaps_writer(FILE *f, void *ctx)
{
	return csv_write_gaps(f, ctx);
}

int csv_samples_writer(FILE *f, void *ctx)
{
	return csv_write_samples(f, ctx);
}

int csv_summary_writer(FILE *f, void *ctx)
{
	return csv_write_summary(f, ctx);
}
