/*
 * Stream decoder, part 2: what is known once the stream ended. Decides for
 * each run whether it is complete (docs/wire-format.md "What makes a run
 * complete"), lists its problems in words and its missing samples as exact
 * ranges, and derives the values the CSV files need.
 */
#include "collector.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "crc.h"
#include "lcg.h"
#include "stats.h"

static void problem(struct coll_run *r, char *s)
{
	coll_push_str(&r->problem, &r->nproblem, s);
}

static void add_gap(struct coll_run *r, uint32_t bench, uint64_t first, uint64_t last,
		    const char *reason)
{
	r->gap = coll_xrealloc(r->gap, (r->ngap + 1) * sizeof(*r->gap));
	r->gap[r->ngap++] = (struct coll_gap){ bench, first, last, reason };
}

/* Why samples first..last of b never arrived, as far as the stream tells. */
static const char *gap_reason(const struct coll_run *r, const struct coll_bench *b,
			      uint64_t first, uint64_t last)
{
	if (b->have_end && b->end_count <= first)
		return "not sent";
	/* The stream went on past this benchmark: a line was lost or rejected. */
	if ((b->nreceived && b->max_index > last) || r->max_seq > b->max_seq || b->have_end)
		return "line lost";
	if (r->cut_off)
		return "cut off by a new run";
	if (!r->have_trailer)
		return "stream ended";
	return "line lost";
}

static void gap_range(struct coll_run *r, const struct coll_bench *b, uint64_t first, uint64_t last)
{
	/* Split at END's count so "not sent" and "line lost" never mix. */
	if (b->have_end && first < b->end_count && b->end_count <= last) {
		add_gap(r, b->id, first, b->end_count - 1, gap_reason(r, b, first, b->end_count - 1));
		first = b->end_count;
	}
	add_gap(r, b->id, first, last, gap_reason(r, b, first, last));
}

static void check_bench(struct coll_run *r, struct coll_bench *b)
{
	uint64_t expected = b->have_header ? b->warmup + b->samples
			    : b->nreceived ? b->max_index + 1 : 0;

	if (!b->have_header)
		problem(r, coll_strdupf("bench %u: no BENCH header", b->id));
	if (!b->have_end)
		problem(r, coll_strdupf("bench %u: no END line", b->id));
	if (b->have_header && b->nreceived < expected)
		problem(r, coll_strdupf("bench %u: %llu of %llu samples", b->id,
					(unsigned long long)b->nreceived,
					(unsigned long long)expected));
	if (b->have_header && b->have_end && b->end_count != expected)
		problem(r, coll_strdupf("bench %u: END count=%llu but BENCH announced %llu", b->id,
					(unsigned long long)b->end_count,
					(unsigned long long)expected));

	uint64_t start = 0;
	int in_gap = 0;
	for (uint64_t i = 0; i < expected; i++) {
		int present = i < b->ncap && b->s[i].present;
		if (!present && !in_gap) {
			start = i;
			in_gap = 1;
		} else if (present && in_gap) {
			gap_range(r, b, start, i - 1);
			in_gap = 0;
		}
	}
	if (in_gap)
		gap_range(r, b, start, expected - 1);
	r->total_received += b->nreceived;
}

static void check_seqs(struct coll_run *r)
{
	uint32_t last = r->have_trailer ? r->trailer_seq : r->max_seq;
	size_t ranges = 0, shown = 0;
	uint32_t start = 0;
	int in_gap = 0;

	for (uint64_t s = 0; s <= (uint64_t)last + 1; s++) {
		int missing = s <= last && !(s < r->nline && r->line[s]);
		if (missing && !in_gap) {
			start = (uint32_t)s;
			in_gap = 1;
		} else if (!missing && in_gap) {
			in_gap = 0;
			ranges++;
			/* Enough to see the pattern; the gaps list has every sample. */
			if (shown++ < 20) {
				if (start == s - 1)
					problem(r, coll_strdupf("missing seq %u", start));
				else
					problem(r, coll_strdupf("missing seq %u-%u", start, (uint32_t)(s - 1)));
			}
		}
	}
	if (ranges > shown)
		problem(r, coll_strdupf("missing seq: %zu more ranges", ranges - shown));
}

static void check_crc(struct coll_run *r)
{
	uint32_t crc = crc32_init();

	for (size_t i = 0; i < r->nbench; i++) {
		const struct coll_bench *b = &r->bench[i];
		if (!b->have_header || b->nreceived != b->warmup + b->samples) {
			problem(r, coll_strdupf("crc32 not checked: samples missing"));
			return;
		}
		for (uint64_t k = 0; k < b->nreceived; k++)
			crc = crc32_add_sample(crc, b->s[k].cycles_raw, b->s[k].instret_raw);
	}
	if (crc32_final(crc) != r->tr_crc32)
		problem(r, coll_strdupf("crc32 mismatch"));
}

void coll_check_run(struct coll_run *r)
{
	if (r->cut_off && !r->have_trailer)
		problem(r, coll_strdupf("cut off by a new run"));
	else if (!r->have_trailer)
		problem(r, coll_strdupf("no trailer"));
	check_seqs(r);
	for (size_t i = 0; i < r->nissue; i++)
		problem(r, coll_strdupf("%s", r->issue[i]));
	if (!r->fmt_ok) {
		r->complete = 0;
		return;
	}
	for (size_t i = 0; i < r->nbench; i++)
		check_bench(r, &r->bench[i]);
	if (r->benches_declared_ok && r->nbench != r->benches_declared)
		problem(r, coll_strdupf("benches: %zu of %llu received", r->nbench,
					(unsigned long long)r->benches_declared));
	if (r->have_fault)
		problem(r, coll_strdupf("fault: scause=0x%llx sepc=0x%llx stval=0x%llx",
					(unsigned long long)r->scause, (unsigned long long)r->sepc,
					(unsigned long long)r->stval));
	if (r->have_trailer) {
		if (r->tr_benches != r->nbench)
			problem(r, coll_strdupf("trailer benches=%llu but %zu received",
						(unsigned long long)r->tr_benches, r->nbench));
		if (r->tr_samples != r->total_received)
			problem(r, coll_strdupf("trailer samples=%llu but %llu received",
						(unsigned long long)r->tr_samples,
						(unsigned long long)r->total_received));
		check_crc(r);
		if (strcmp(r->tr_status, "ok"))
			problem(r, coll_strdupf("status=%s", r->tr_status));
	}
	r->complete = r->nproblem == 0;
}

/* ---- derived values ------------------------------------------------------------ */

void coll_derive(const struct coll_run *r, const struct coll_bench *b, uint64_t index,
		 struct coll_derived *d)
{
	const struct coll_sample *s = &b->s[index];
	int clamped;

	(void)r;
	*d = (struct coll_derived){ 0 };
	d->cycles = stats_net(s->cycles_raw, b->oh_cycles, &clamped);
	if (clamped)
		d->flags |= SAMPLE_FLAG_CLAMPED_CYCLES;
	d->instret = stats_net(s->instret_raw, b->oh_instret, &clamped);
	if (clamped)
		d->flags |= SAMPLE_FLAG_CLAMPED_INSTRET;
	d->warmup = index < b->warmup;
}

void coll_bench_inputs(const struct coll_run *r, const struct coll_bench *b,
		       uint64_t *out, size_t n)
{
	struct lcg g;

	/* Sample k's input is draw k + 1 of the benchmark's own LCG stream. */
	lcg_seed(&g, lcg_bench_seed(r->seed, b->id));
	for (size_t k = 0; k < n; k++)
		out[k] = r->seed_ok && b->have_header ? lcg_below(&g, (uint32_t)b->input_range) : 0;
}

void coll_bench_stats(const struct coll_run *r, const struct coll_bench *b,
		      struct coll_bench_stats *st)
{
	(void)r;
	*st = (struct coll_bench_stats){ 0 };
	if (!b->have_header || !b->nreceived)
		return;
	uint64_t *cyc = coll_xrealloc(NULL, b->nreceived * sizeof(uint64_t));
	uint64_t *ins = coll_xrealloc(NULL, b->nreceived * sizeof(uint64_t));
	uint64_t *scratch = coll_xrealloc(NULL, b->nreceived * sizeof(uint64_t));
	size_t n = 0;
	int clamped;

	for (uint64_t i = b->warmup; i < b->ncap; i++) {
		if (!b->s[i].present)
			continue;
		cyc[n] = stats_net(b->s[i].cycles_raw, b->oh_cycles, &clamped);
		ins[n] = stats_net(b->s[i].instret_raw, b->oh_instret, &clamped);
		n++;
	}
	if (n) {
		/* Mean and variance before stats_order sorts the values. */
		long double mean = 0, m2 = 0;
		for (size_t i = 0; i < n; i++) { /* Welford: stable for large values */
			long double delta = (long double)cyc[i] - mean;
			mean += delta / (long double)(i + 1);
			m2 += delta * ((long double)cyc[i] - mean);
		}
		st->stddev = n > 1 ? sqrtl(m2 / (long double)(n - 1)) : 0;

		struct order_stats os;
		stats_order(cyc, scratch, n, &os);
		st->count = os.count;
		st->min = os.min;
		st->max = os.max;
		st->median = os.median;
		st->p90 = os.p90;
		st->p95 = os.p95;
		st->p99 = os.p99;
		st->mad = os.mad;
		/* Exact mean from the 128-bit sum: integer part, then 3 decimals. */
		unsigned __int128 sum = ((unsigned __int128)os.sum_hi << 64) | os.sum_lo;
		unsigned __int128 q = sum / n, rem = sum % n;
		unsigned frac = (unsigned)((rem * 1000 + n / 2) / n);
		if (frac >= 1000) {
			q++;
			frac -= 1000;
		}
		st->mean_int = (uint64_t)q;
		st->mean_frac = frac;

		stats_sort_u64(ins, n);
		st->instret_median = stats_percentile(ins, n, 50);
	}
	free(cyc);
	free(ins);
	free(scratch);
}
