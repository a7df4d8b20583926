/*
 * Stream decoder, part 2: what is known once the stream ended. Decides for
 * each run whether it is complete (docs/wire-format.md "What makes a run
 * complete"), lists its problems in words and its missing samples as exact
 * ranges, and derives the values the CSV files need.
 */
#include "collector.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc.h"
#include "inputs.h"
#include "lcg.h"
#include "stats.h"

static void problem(struct coll_run *r, char *s)
{
	coll_push_str(&r->problem, &r->nproblem, s);
}

static void failure(struct coll_run *r, char *s)
{
	coll_push_str(&r->failure, &r->nfailure, s);
}

/* A block stopped early sends fewer samples than BENCH announced, and
 * says so in END: those samples were never measured, not lost. */
static int stopped_early(const struct coll_bench *b)
{
	return b->have_end && (!strcmp(b->status, "fault") || !strcmp(b->status, "timeout") ||
			       !strcmp(b->status, "setup-failed"));
}

uint64_t coll_bench_expected(const struct coll_bench *b)
{
	if (!b->have_header)
		return b->nreceived ? b->max_index + 1 : 0;
	if (stopped_early(b) && b->end_count < b->warmup + b->samples)
		return b->end_count;
	return b->warmup + b->samples;
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

static void radix_sort(uint64_t *v, uint64_t *tmp, size_t n);
static void compute_stats(const struct coll_bench *b, struct coll_bench_stats *st);

/* The modal net instret over the measured samples present (the usual
 * code path), and how many measured samples differ from it. */
static void block_mode(struct coll_bench *b)
{
	size_t n = 0, count;
	int clamped;

	if (!b->have_header || b->ncap <= b->warmup)
		return;
	uint64_t *v = coll_xrealloc(NULL, (b->ncap - b->warmup) * sizeof(*v));
	for (uint64_t i = b->warmup; i < b->ncap; i++)
		if (b->s[i].present)
			v[n++] = stats_net(b->s[i].instret_raw, b->oh_instret, &clamped);
	if (n) {
		uint64_t *tmp = coll_xrealloc(NULL, n * sizeof(*tmp));
		radix_sort(v, tmp, n);
		free(tmp);
		b->mode_instret = stats_mode(v, n, &count);
		b->mode_differs = n - count;
		b->have_mode = 1;
	}
	free(v);
}

static void check_path(struct coll_run *r, const struct coll_bench *b, uint64_t expected)
{
	/* Only a block with every sample can be compared exactly. */
	if (!b->have_path || !b->have_header || b->nreceived != expected || !b->have_mode)
		return;
	if (b->path_instret != b->mode_instret || b->path_differs != b->mode_differs)
		problem(r, coll_strdupf("bench %u: END path_instret=%llu path_differs=%llu but the samples"
					" give %llu and %llu", b->id,
					(unsigned long long)b->path_instret,
					(unsigned long long)b->path_differs,
					(unsigned long long)b->mode_instret,
					(unsigned long long)b->mode_differs));
}

static void block_failures(struct coll_run *r, const struct coll_bench *b)
{
	if (b->have_fault)
		failure(r, coll_strdupf("bench %u: %s (scause=0x%llx sepc=0x%llx stval=0x%llx)", b->id,
					b->fault_kind, (unsigned long long)b->scause,
					(unsigned long long)b->sepc, (unsigned long long)b->stval));
	if (b->have_end && strcmp(b->status, "ok"))
		failure(r, coll_strdupf("bench %u: status=%s", b->id, b->status));
}

static void check_bench(struct coll_run *r, struct coll_bench *b)
{
	uint64_t expected = coll_bench_expected(b);

	if (!b->have_header)
		problem(r, coll_strdupf("bench %u: no BENCH header", b->id));
	if (!b->have_end)
		problem(r, coll_strdupf("bench %u: no END line", b->id));
	if (b->have_header && b->nreceived < expected)
		problem(r, coll_strdupf("bench %u: %llu of %llu samples", b->id,
					(unsigned long long)b->nreceived,
					(unsigned long long)expected));
	if (b->have_header && b->have_end && b->end_count != expected && !stopped_early(b))
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
	/* Never measured: listed as gaps, but not a loss. */
	if (b->have_header && expected < b->warmup + b->samples)
		add_gap(r, b->id, expected, b->warmup + b->samples - 1, "not sent");
	r->total_received += b->nreceived;
	block_mode(b);
	b->stats = coll_xrealloc(NULL, sizeof(*b->stats));
	compute_stats(b, b->stats);
	check_path(r, b, expected);
	block_failures(r, b);
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
		if (!b->have_header || b->nreceived != coll_bench_expected(b)) {
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
		failure(r, coll_strdupf("fault outside any block: %s (scause=0x%llx sepc=0x%llx stval=0x%llx)",
					r->fault_kind, (unsigned long long)r->scause,
					(unsigned long long)r->sepc, (unsigned long long)r->stval));
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
			failure(r, coll_strdupf("trailer status=%s", r->tr_status));
		else if (r->nfailure)
			problem(r, coll_strdupf("trailer status=ok but a block failed"));
	}
	r->complete = r->nproblem == 0;
	r->ok = r->nfailure == 0;
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
	if (!d->warmup && b->have_mode && d->instret != b->mode_instret)
		d->flags |= SAMPLE_FLAG_PATH_DIFFERS;
}

size_t coll_bench_inputs(const struct coll_run *r, const struct coll_bench *b,
			 uint64_t *out, size_t n)
{
	/* The firmware's own inputs_fill() on the block's seed; a permutation
	 * needs R words of scratch (R = range, or inputs_n), capped like the
	 * samples so a bad header cannot ask for gigabytes. */
	if (!r->seed_ok || !b->have_header)
		return 0;
	uint32_t m = (uint32_t)b->inputs_n;
	uint32_t rr = b->input_kind != INPUT_PERMUTATION ? 0 : b->input_range ? (uint32_t)b->input_range : m;
	if (m > (1u << 26) || rr > (1u << 26))
		return 0;
	uint64_t *all = coll_xrealloc(NULL, (size_t)m * sizeof(*all));
	uint64_t *scratch = coll_xrealloc(NULL, ((size_t)rr + 1) * sizeof(*scratch));
	size_t known = 0;
	if (!inputs_fill((enum input_kind)b->input_kind, lcg_bench_seed(r->seed, b->id),
			 (uint32_t)b->input_range, all, m, scratch, rr)) {
		known = n < m ? n : m;
		memcpy(out, all, known * sizeof(*out));
	}
	free(all);
	free(scratch);
	return known;
}

const char *coll_fmt_per_call(char *buf, size_t len, uint64_t v, uint64_t batch)
{
	if (batch <= 1) {
		snprintf(buf, len, "%llu", (unsigned long long)v);
		return buf;
	}
	unsigned __int128 q = v / batch, rem = v % batch;
	unsigned frac = (unsigned)((rem * 1000 + batch / 2) / batch);
	if (frac >= 1000) {
		q++;
		frac -= 1000;
	}
	snprintf(buf, len, "%llu.%03u", (unsigned long long)q, frac);
	return buf;
}

/*
 * LSD radix sort, 8 bits a pass, skipping passes where every value has the
 * same byte (the high bytes of cycle counts): several times faster than
 * the shared heapsort on the millions of samples of a long run. tmp has
 * room for n values.
 */
static void radix_sort(uint64_t *v, uint64_t *tmp, size_t n)
{
	size_t count[256];
	uint64_t all_or = 0, all_and = UINT64_MAX;

	for (size_t i = 0; i < n; i++) {
		all_or |= v[i];
		all_and &= v[i];
	}
	for (unsigned shift = 0; shift < 64; shift += 8) {
		if (!(((all_or ^ all_and) >> shift) & 0xff))
			continue; /* every value has this byte: nothing would move */
		memset(count, 0, sizeof(count));
		for (size_t i = 0; i < n; i++)
			count[(v[i] >> shift) & 0xff]++;
		size_t pos = 0;
		for (unsigned d = 0; d < 256; d++) {
			size_t c = count[d];
			count[d] = pos;
			pos += c;
		}
		for (size_t i = 0; i < n; i++)
			tmp[count[(v[i] >> shift) & 0xff]++] = v[i];
		memcpy(v, tmp, n * sizeof(*v));
	}
}

static void compute_stats(const struct coll_bench *b, struct coll_bench_stats *st)
{
	*st = (struct coll_bench_stats){ 0 };
	st->batch = b->have_header && b->batch ? b->batch : 1;
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
		/* Mean and variance before the values are sorted. */
		long double mean = 0, m2 = 0;
		unsigned __int128 sum = 0;
		for (size_t i = 0; i < n; i++) { /* Welford: stable for large values */
			long double delta = (long double)cyc[i] - mean;
			mean += delta / (long double)(i + 1);
			m2 += delta * ((long double)cyc[i] - mean);
			sum += cyc[i];
		}
		st->stddev = n > 1 ? sqrtl(m2 / (long double)(n - 1)) / (long double)st->batch : 0;

		/* The same order statistics as stats_order() (stats.h: nearest
		 * rank, MAD = P50 of |x - median|), sorted by radix. */
		radix_sort(cyc, scratch, n);
		st->count = n;
		st->min = cyc[0];
		st->max = cyc[n - 1];
		st->median = stats_percentile(cyc, n, 50);
		st->p90 = stats_percentile(cyc, n, 90);
		st->p95 = stats_percentile(cyc, n, 95);
		st->p99 = stats_percentile(cyc, n, 99);
		uint64_t *dev = coll_xrealloc(NULL, n * sizeof(uint64_t));
		for (size_t i = 0; i < n; i++)
			dev[i] = cyc[i] > st->median ? cyc[i] - st->median : st->median - cyc[i];
		radix_sort(dev, scratch, n);
		st->mad = stats_percentile(dev, n, 50);
		free(dev);
		/* Exact per-call mean from the 128-bit sum over n * batch calls:
		 * integer part, then 3 decimals. */
		unsigned __int128 calls = (unsigned __int128)n * st->batch;
		unsigned __int128 q = sum / calls, rem = sum % calls;
		unsigned frac = (unsigned)((rem * 1000 + calls / 2) / calls);
		if (frac >= 1000) {
			q++;
			frac -= 1000;
		}
		st->mean_int = (uint64_t)q;
		st->mean_frac = frac;

		radix_sort(ins, scratch, n);
		st->instret_median = stats_percentile(ins, n, 50);
	}
	free(cyc);
	free(ins);
	free(scratch);
}

void coll_bench_stats(const struct coll_run *r, const struct coll_bench *b,
		      struct coll_bench_stats *st)
{
	(void)r;
	/* Computed once by collector_finish(); the writers ask several times. */
	if (b->stats)
		*st = *b->stats;
	else
		compute_stats(b, st);
}
