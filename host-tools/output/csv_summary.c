/* summary.csv and gaps.csv (csv_out.h): one row per block, one per range
 * of samples lost. */
#include "csv_out.h"
#include "csv_events.h"

#include <stdlib.h>

/* unit,per_call,units_per_cycle,reason,cflags,sample_unit: the last
 * columns of summary.csv before the events' (cflags: the compiler flags of
 * the benchmark, empty when the firmware did not send them; sample_unit:
 * what a self-timed block's samples count when not the counters' unit,
 * "tick" for timer_irq_ticks, else empty).
 * units_per_cycle = per_call / (median / batch), empty when it has no
 * meaning (no unit, no measured sample, a median of 0). */
static int block_work(FILE *f, const struct coll_bench *b, const struct coll_bench_stats *st)
{
	if (fputc(',', f) == EOF || (b->unit && csv_field(f, b->unit)) || fputc(',', f) == EOF)
		return -1;
	if (b->have_per_call && fprintf(f, "%llu", (unsigned long long)b->per_call) < 0)
		return -1;
	if (fputc(',', f) == EOF)
		return -1;
	if (b->unit && b->have_per_call && st && st->count && st->median &&
	    fprintf(f, "%.4Lf", (long double)b->per_call * (long double)st->batch /
					(long double)st->median) < 0)
		return -1;
	if (fputc(',', f) == EOF || (b->reason && csv_field(f, b->reason)))
		return -1;
	if (fputc(',', f) == EOF || (b->cflags && csv_field(f, b->cflags)))
		return -1;
	if (fputc(',', f) == EOF || (b->sample_unit && csv_field(f, b->sample_unit)))
		return -1;
	return 0;
}

/* The columns appended after verify: status,path_differs,checksum, then
 * block_work's. */
/* The event columns of the summary being written (csv_events.h). */
static struct csv_event_cols ev_cols;

static int block_result(FILE *f, const struct coll_bench *b, const struct coll_bench_stats *st)
{
	/* A later firmware's status word is kept as sent: quoted if it needs it. */
	if (fputc(',', f) == EOF || csv_field(f, b->status) || fputc(',', f) == EOF)
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
	if (block_work(f, b, st) || csv_event_summary(f, b, &ev_cols))
		return -1;
	return fputs("\r\n", f) < 0 ? -1 : 0;
}

static int bench_summary(FILE *f, const struct coll_run *r, const struct coll_bench *b)
{
	struct coll_bench_stats st;
	char v[7][32];

	if (csv_block_start(f, r, b))
		return -1;
	if (!b->have_header)
		return fprintf(f, ",,,,,,,,,,,,,,,%s", b->verify) < 0 ? -1 : block_result(f, b, NULL);
	coll_bench_stats(r, b, &st);
	if (fprintf(f, ",%llu", (unsigned long long)st.count) < 0)
		return -1;
	if (st.count) {
		/* Order statistics of the per-sample values divided by the batch:
		 * the same ranks as the per-call values. */
		const uint64_t raw[7] = { st.min, st.max, st.median, st.p90, st.p95, st.p99, st.mad };
		for (int i = 0; i < 7; i++)
			coll_fmt_per_call(v[i], sizeof(v[i]), raw[i], st.batch);
		if (fprintf(f, ",%s,%s,%llu.%03u,%s,%s,%s,%s,%s,", v[0], v[1],
			    (unsigned long long)st.mean_int, st.mean_frac, v[2], v[3], v[4], v[5],
			    v[6]) < 0)
			return -1;
		/* One sample has no standard deviation: empty, not 0.000, which
		 * would read as a block without any spread. */
		if (st.have_stddev && fprintf(f, "%.3Lf", st.stddev) < 0)
			return -1;
	} else if (fputs(",,,,,,,,,", f) < 0) {
		return -1; /* no measured sample: no statistics, not zeros */
	}
	if (fprintf(f, ",%llu,%llu,%llu,", (unsigned long long)b->oh_cycles,
		    (unsigned long long)b->oh_instret, (unsigned long long)b->warmup) < 0)
		return -1;
	if (st.count && fprintf(f, "%llu", (unsigned long long)st.instret_median) < 0)
		return -1;
	return fprintf(f, ",%s", b->verify) < 0 ? -1 : block_result(f, b, &st);
}

int csv_write_summary(FILE *f, const struct collector *c)
{
	static const char *const ev_suffix[] = { ".median", ".per_call" };
	csv_event_cols(c, &ev_cols);
	char *header = csv_event_header(CSV_SUMMARY_HEADER, &ev_cols, ev_suffix, 2);
	int bad = fputs(header, f) < 0 || fputs("\r\n", f) < 0;
	free(header);
	for (size_t i = 0; i < c->nruns && !bad; i++)
		for (size_t j = 0; j < c->runs[i].nbench && !bad; j++)
			bad = bench_summary(f, &c->runs[i], &c->runs[i].bench[j]);
	csv_event_cols_free(&ev_cols);
	return bad || ferror(f) ? -1 : 0;
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
			/* A block of unknown size: last and count left empty. */
			if (fprintf(f, "%08x,%u,", r->tag, g->bench) < 0 ||
			    (b && csv_field(f, csv_bench_name(b, nb, sizeof(nb)))) ||
			    (g->open_end
				     ? fprintf(f, ",%llu,,,", (unsigned long long)g->first)
				     : fprintf(f, ",%llu,%llu,%llu,", (unsigned long long)g->first,
					       (unsigned long long)g->last,
					       (unsigned long long)(g->last - g->first + 1))) < 0 ||
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

int csv_summary_writer(FILE *f, void *ctx)
{
	return csv_write_summary(f, ctx);
}
