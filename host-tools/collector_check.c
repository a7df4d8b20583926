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
 * says so in END: those samples were never measured, not lost. A skipped
 * block (setup found it cannot run here, bench_skip()) is one too. */
static int stopped_early(const struct coll_bench *b)
{
	return b->have_end && (!strcmp(b->status, "fault") || !strcmp(b->status, "timeout") ||
			       !strcmp(b->status, "setup-failed") || !strcmp(b->status, "skipped"));
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

static void compute_stats(const struct coll_bench *b, struct coll_bench_stats *st,
			  uint64_t *mode, uint64_t *mode_differs);

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
	/* skipped: nothing wrong, the benchmark cannot run here (a working
	 * set larger than RAM); the run is not failed by it. */
	if (b->have_end && strcmp(b->status, "ok") && strcmp(b->status, "skipped"))
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
	/* The statistics and the modal net instret over the measured samples
	 * present (the usual code path), from the same sorted arrays. */
	b->stats = coll_xrealloc(NULL, sizeof(*b->stats));
	compute_stats(b, b->stats, &b->mode_instret, &b->mode_differs);
	b->have_mode = b->stats->count > 0;
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

/*
 * The run's CRC-32 over all samples, slicing by 8: one sample is two
 * little-endian words, each folded in with eight table lookups that do
 * not depend on each other (the shared crc32_add_sample() goes a byte at
 * a time, a chain of 16 dependent loads a sample). The 8 KiB of tables
 * are made once from crc32_update() itself, so both agree by
 * construction; test_collector checks them against crc32_add_sample().
 */
static uint32_t crc_tab[8][256];

static void crc_tab_init(void)
{
	if (crc_tab[1][1])
		return;
	for (unsigned i = 0; i < 256; i++) {
		uint8_t b = (uint8_t)i;
		crc_tab[0][i] = crc32_update(0, &b, 1);
	}
	for (unsigned k = 1; k < 8; k++)
		for (unsigned i = 0; i < 256; i++)
			crc_tab[k][i] = (crc_tab[k - 1][i] >> 8) ^ crc_tab[0][crc_tab[k - 1][i] & 0xFFu];
}

static uint32_t crc_word(uint32_t crc, uint64_t w)
{
	uint32_t lo = crc ^ (uint32_t)w, hi = (uint32_t)(w >> 32);
	return crc_tab[7][lo & 0xFF] ^ crc_tab[6][(lo >> 8) & 0xFF] ^ crc_tab[5][(lo >> 16) & 0xFF] ^
	       crc_tab[4][lo >> 24] ^ crc_tab[3][hi & 0xFF] ^ crc_tab[2][(hi >> 8) & 0xFF] ^
	       crc_tab[1][(hi >> 16) & 0xFF] ^ crc_tab[0][hi >> 24];
}

uint32_t coll_crc32_add_sample(uint32_t crc, uint64_t cycles_raw, uint64_t instret_raw)
{
	crc_tab_init();
	return crc_word(crc_word(crc, cycles_raw), instret_raw);
}

/*
 * Folds in the samples that continue the run's sample order from the
 * cursor (crc_bench, crc_next), while they are still in the cache: called
 * on each S and END line. A block is passed once its header and END are
 * in and the cursor reached its expected count. Lines in order keep the
 * cursor moving; anything else (a lost line, a block out of order) stops
 * it, and check_crc() computes the CRC over the store instead.
 */
void coll_crc_advance(struct coll_run *r)
{
	crc_tab_init();
	while (r->crc_bench < r->nbench) {
		const struct coll_bench *b = &r->bench[r->crc_bench];
		uint64_t k = r->crc_next;
		uint32_t crc = r->crc_run;
		while (k < b->ncap && b->s[k].present) {
			crc = crc_word(crc_word(crc, b->s[k].cycles_raw), b->s[k].instret_raw);
			k++;
		}
		r->crc_run = crc;
		r->crc_next = k;
		if (!b->have_header || !b->have_end || k != coll_bench_expected(b))
			return;
		r->crc_bench++;
		r->crc_next = 0;
	}
}

static void check_crc(struct coll_run *r)
{
	uint32_t crc = crc32_init();

	crc_tab_init();
	for (size_t i = 0; i < r->nbench; i++) {
		const struct coll_bench *b = &r->bench[i];
		if (!b->have_header || b->nreceived != coll_bench_expected(b)) {
			problem(r, coll_strdupf("crc32 not checked: samples missing"));
			return;
		}
	}
	if (r->crc_bench == r->nbench) {
		/* Every block went through the cursor whole: samples
		 * 0..expected-1 of each, which is all of them. */
		crc = r->crc_run;
	} else {
		for (size_t i = 0; i < r->nbench; i++) {
			const struct coll_bench *b = &r->bench[i];
			for (uint64_t k = 0; k < b->nreceived; k++)
				crc = crc_word(crc_word(crc, b->s[k].cycles_raw), b->s[k].instret_raw);
		}
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
	if (!inputs_fill((enum input_kind)b->input_kind, lcg_bench_seed(r->seed, b->inputs_block),
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
 * Sorts v (tmp has room for n values). Cycle and instret data are narrow:
 * a span below 2^20 that is not much wider than n is a counting sort (one
 * pass to count, one to write back); otherwise an LSD radix sort, 8 bits
 * a pass, skipping the passes where every value has the same byte (the
 * high bytes of cycle counts). Both are several times faster than a
 * comparison sort on the millions of samples of a long run.
 */
static void sort_u64(uint64_t *v, uint64_t *tmp, size_t n)
{
	uint64_t all_or = 0, all_and = UINT64_MAX, lo = UINT64_MAX, hi = 0;

	if (n < 2)
		return;
	for (size_t i = 0; i < n; i++) {
		all_or |= v[i];
		all_and &= v[i];
		lo = v[i] < lo ? v[i] : lo;
		hi = v[i] > hi ? v[i] : hi;
	}
	if (hi - lo < (1u << 20) && hi - lo <= 4 * (uint64_t)n) {
		size_t span = (size_t)(hi - lo) + 1;
		uint32_t *count = calloc(span, sizeof(*count));
		if (count && n <= UINT32_MAX) {
			for (size_t i = 0; i < n; i++)
				count[v[i] - lo]++;
			uint64_t *p = v;
			for (size_t d = 0; d < span; d++)
				for (uint32_t k = count[d]; k; k--)
					*p++ = lo + d;
			free(count);
			return;
		}
		free(count);
	}
	size_t count[256];
	uint64_t *orig = v;
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
		uint64_t *t = v; /* the sorted values are in tmp: swap roles */
		v = tmp;
		tmp = t;
	}
	if (v != orig)
		memcpy(orig, v, n * sizeof(*v));
}

/*
 * The MAD of sorted v: the rank-k (nearest rank of P50) smallest |v[i] - m|,
 * by merging the two sorted runs of deviations on either side of the
 * median (left of it they grow leftwards, right of it rightwards), which
 * is what sorting every deviation would give, without the sort.
 */
static uint64_t mad_sorted(const uint64_t *v, size_t n, uint64_t m)
{
	size_t k = (size_t)((50ull * n + 99) / 100), lo = 0, hi = n;
	if (k < 1)
		k = 1;
	while (lo < hi) { /* first index with v >= m */
		size_t mid = lo + (hi - lo) / 2;
		if (v[mid] < m)
			lo = mid + 1;
		else
			hi = mid;
	}
	size_t left = lo, right = lo; /* next: v[left - 1] and v[right] */
	uint64_t d = 0;
	for (size_t taken = 0; taken < k; taken++) {
		if (right < n && (left == 0 || v[right] - m <= m - v[left - 1]))
			d = v[right++] - m;
		else
			d = m - v[--left];
	}
	return d;
}

static void compute_stats(const struct coll_bench *b, struct coll_bench_stats *st,
			  uint64_t *mode, uint64_t *mode_differs)
{
	*st = (struct coll_bench_stats){ 0 };
	st->batch = b->have_header && b->batch ? b->batch : 1;
	if (!b->have_header || !b->nreceived)
		return;
	uint64_t *cyc = coll_xrealloc(NULL, b->nreceived * sizeof(uint64_t));
	uint64_t *ins = coll_xrealloc(NULL, b->nreceived * sizeof(uint64_t));
	uint64_t *scratch = coll_xrealloc(NULL, b->nreceived * sizeof(uint64_t));
	uint64_t end = b->max_index + 1 < b->ncap ? b->max_index + 1 : b->ncap;
	unsigned __int128 sum = 0;
	size_t n = 0;
	int clamped;

	for (uint64_t i = b->warmup; i < end; i++) {
		if (!b->s[i].present)
			continue;
		cyc[n] = stats_net(b->s[i].cycles_raw, b->oh_cycles, &clamped);
		ins[n] = stats_net(b->s[i].instret_raw, b->oh_instret, &clamped);
		sum += cyc[n];
		n++;
	}
	if (n) {
		/* The same order statistics as stats_order() (stats.h: nearest
		 * rank, MAD = P50 of |x - median|). */
		sort_u64(cyc, scratch, n);
		st->count = n;
		st->min = cyc[0];
		st->max = cyc[n - 1];
		st->median = stats_percentile(cyc, n, 50);
		st->p90 = stats_percentile(cyc, n, 90);
		st->p95 = stats_percentile(cyc, n, 95);
		st->p99 = stats_percentile(cyc, n, 99);
		st->mad = mad_sorted(cyc, n, st->median);

		/* Sample variance, two-pass (the exact mean first), a run of
		 * equal values at a time. */
		long double mean = (long double)sum / (long double)n, m2 = 0;
		for (size_t i = 0; i < n;) {
			size_t j = i + 1;
			while (j < n && cyc[j] == cyc[i])
				j++;
			long double dev = (long double)cyc[i] - mean;
			m2 += dev * dev * (long double)(j - i);
			i = j;
		}
		st->stddev = n > 1 ? sqrtl(m2 / (long double)(n - 1)) / (long double)st->batch : 0;

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

		sort_u64(ins, scratch, n);
		st->instret_median = stats_percentile(ins, n, 50);
		size_t count;
		uint64_t m = stats_mode(ins, n, &count);
		if (mode)
			*mode = m;
		if (mode_differs)
			*mode_differs = n - count;
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
		compute_stats(b, st, NULL, NULL);
}
