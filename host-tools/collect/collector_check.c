/*
 * Stream decoder, part 2: what is known once the stream ended. Decides for
 * each run whether it is complete (docs/wire-format.md "What makes a run
 * complete"), lists its problems in words and its missing samples as exact
 * ranges, and derives the values the CSV files need.
 */
#include "collector.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <isa-l/crc.h>

#include "block_stats.h"
#include "collector_records.h"
#include "crc.h"
#include "input_seed.h"
#include "inputs.h"
#include "lcg.h"
#include "stats.h"

static void problem(struct coll_run *r, char *s)
{
	coll_push_str(&r->problem, &r->nproblem, s);
}

/* A problem that is no loss: something received was wrong (see nbreach). */
static void breach(struct coll_run *r, char *s)
{
	problem(r, s);
	r->nbreach++;
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
	return b->have_end &&
	       (b->status_word == REC_STATUS_FAULT || b->status_word == REC_STATUS_TIMEOUT ||
		b->status_word == REC_STATUS_SETUP_FAILED || b->status_word == REC_STATUS_SKIPPED);
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
	r->gap[r->ngap++] = (struct coll_gap){ bench, first, last, reason, 0 };
}

/* Samples from first on of a block whose size nothing told. */
static void add_open_gap(struct coll_run *r, uint32_t bench, uint64_t first, const char *reason)
{
	add_gap(r, bench, first, first, reason);
	r->gap[r->ngap - 1].open_end = 1;
}

/*
 * Blocks the stream never described: one without its BENCH line (lost)
 * may have had more samples than arrived, and one the RUN line announced
 * (benches=) never started at all, after a timeout, a reset, a fault
 * outside any block. Each is listed, its size unknown.
 */
static void unknown_blocks(struct coll_run *r)
{
	for (size_t i = 0; i < r->nbench; i++) {
		const struct coll_bench *b = &r->bench[i];
		if (!b->have_header)
			add_open_gap(r, b->id, b->nreceived ? b->max_index + 1 : 0, "line lost");
	}
	if (!r->benches_declared_ok)
		return;
	uint64_t declared = r->benches_declared < REC_BLOCKS_MAX ? r->benches_declared : REC_BLOCKS_MAX;
	for (uint64_t id = r->nbench; id < declared; id++) {
		/* The trailer counts the blocks the firmware ran: lines of those
		 * were lost; the others never ran. */
		int ran = r->have_trailer && id < r->tr_benches;
		add_open_gap(r, (uint32_t)id, 0, ran ? "line lost" : "never started");
	}
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

/*
 * A run of absent samples first..last of b: the parts a conflict took out
 * are "conflict", the rest gets its reason from gap_range(). Conflict
 * ranges may overlap; each step covers one stretch of either kind.
 */
static void gap_hole(struct coll_run *r, const struct coll_bench *b, uint64_t first, uint64_t last)
{
	for (uint64_t i = first; i <= last;) {
		uint64_t in_end = 0, next = UINT64_MAX;
		int in = 0;
		for (size_t k = 0; k < r->nconflict; k++) {
			const struct coll_gap *g = &r->conflict[k];
			if (g->bench != b->id)
				continue;
			if (g->first <= i && i <= g->last) {
				in = 1;
				if (g->last > in_end)
					in_end = g->last;
			} else if (g->first > i && g->first < next) {
				next = g->first;
			}
		}
		uint64_t end = in ? in_end : next - 1;
		if (end > last)
			end = last;
		if (in)
			add_gap(r, b->id, i, end, "conflict");
		else
			gap_range(r, b, i, end);
		i = end + 1;
	}
}

static void check_path(struct coll_run *r, const struct coll_bench *b, uint64_t expected)
{
	/* Only a block with every sample can be compared exactly. */
	if (!b->have_path || !b->have_header || b->nreceived != expected || !b->have_mode)
		return;
	if (b->path_instret != b->mode_instret || b->path_differs != b->mode_differs)
		breach(r, coll_strdupf("bench %u: END path_instret=%llu path_differs=%llu but the samples"
					" give %llu and %llu", b->id,
					(unsigned long long)b->path_instret,
					(unsigned long long)b->path_differs,
					(unsigned long long)b->mode_instret,
					(unsigned long long)b->mode_differs));
}

/* "kind (scause=0x.. sepc=0x.. stval=0x..)" in buf. */
static const char *fault_words(const struct coll_fault *f, char *buf, size_t len)
{
	snprintf(buf, len, "%s (scause=0x%llx sepc=0x%llx stval=0x%llx)", f->kind,
		 (unsigned long long)f->scause, (unsigned long long)f->sepc,
		 (unsigned long long)f->stval);
	return buf;
}

static void block_failures(struct coll_run *r, const struct coll_bench *b)
{
	char w[128];

	if (b->fault.have)
		failure(r, coll_strdupf("bench %u: %s", b->id, fault_words(&b->fault, w, sizeof(w))));
	/* skipped: nothing wrong, the benchmark cannot run here (a working
	 * set larger than RAM); the run is not failed by it. */
	if (b->have_end && b->status_word != REC_STATUS_OK && b->status_word != REC_STATUS_SKIPPED)
		failure(r, coll_strdupf("bench %u: status=%s", b->id, b->status));
}

static void check_bench(struct coll_run *r, struct coll_bench *b, struct bstats_scratch *sc)
{
	uint64_t expected = coll_bench_expected(b);

	/* Values in conflict: whatever END said, the block did not give
	 * one trustworthy answer (status_word -1: no firmware word). */
	if (b->conflict) {
		snprintf(b->status, sizeof(b->status), "conflict");
		b->status_word = -1;
	}
	/* Its BENCH line in conflict: no sample of the block is kept. */
	if (b->conflict == COLL_CONFLICT_HEADER && expected) {
		if (b->ncap)
			memset(b->present, 0, b->ncap);
		b->nreceived = 0;
		r->conflict = coll_xrealloc(r->conflict, (r->nconflict + 1) * sizeof(*r->conflict));
		r->conflict[r->nconflict++] = (struct coll_gap){ b->id, 0, expected - 1, "conflict", 0 };
	}

	if (!b->have_header)
		problem(r, coll_strdupf("bench %u: no BENCH header", b->id));
	if (!b->have_end)
		problem(r, coll_strdupf("bench %u: no END line", b->id));
	if (b->have_header && b->nreceived < expected)
		problem(r, coll_strdupf("bench %u: %llu of %llu samples", b->id,
					(unsigned long long)b->nreceived,
					(unsigned long long)expected));
	if (b->have_header && b->have_end && b->end_count != expected && !stopped_early(b))
		breach(r, coll_strdupf("bench %u: END count=%llu but BENCH announced %llu", b->id,
					(unsigned long long)b->end_count,
					(unsigned long long)expected));

	/* The gaps: each run of absent samples below expected (memchr finds
	 * the ends of the runs; past ncap nothing is present). */
	uint64_t have = expected < b->ncap ? expected : b->ncap;
	for (uint64_t i = 0; i < expected;) {
		const uint8_t *hole = i < have ? memchr(b->present + i, 0, have - i) : NULL;
		uint64_t start = hole ? (uint64_t)(hole - b->present) : have;
		if (start >= expected)
			break;
		const uint8_t *back = start < have ? memchr(b->present + start, 1, have - start) : NULL;
		uint64_t end = back ? (uint64_t)(back - b->present) : expected;
		gap_hole(r, b, start, end - 1);
		i = end;
	}
	/* Never measured: listed as gaps, but not a loss. */
	if (b->have_header && expected < b->warmup + b->samples)
		add_gap(r, b->id, expected, b->warmup + b->samples - 1, "not sent");
	r->total_received += b->nreceived;
	/* The statistics and the modal net instret over the measured samples
	 * present (the usual code path), from the same sorted arrays. */
	b->stats = coll_xrealloc(NULL, sizeof(*b->stats));
	bstats_compute(b, b->stats, &b->mode_instret, &b->mode_differs, sc);
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
 * The run's CRC-32 over all samples is the gzip CRC-32 (crc.h), which
 * Intel's ISA-L computes with carry-less multiplies at several GB/s
 * (about 9.5 here, against 1.6 for slicing by 8 and 2.5 for zlib): at
 * 16 bytes a sample it was a sixth of the decoding time. The firmware's
 * byte-at-a-time crc32_add_sample() (shared code) is the reference
 * test_multihart checks it against. One sample is two little-endian
 * words, the layout of struct coll_sample on a little-endian host, so a
 * run of samples is handed over as it lies in the store.
 * crc32_gzip_refl() takes and returns the finished value; the run's
 * state is its complement (crc32_init(), crc32_final()).
 */
uint32_t coll_crc32_add_samples(uint32_t crc, const struct coll_sample *s, size_t n)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	const unsigned char *p = (const unsigned char *)s;
	size_t len = n * sizeof(*s);
	uint32_t z = ~crc;
	while (len) { /* ISA-L's length is a uint64_t, but keep to 1 GiB steps */
		uint64_t chunk = len > 0x40000000u ? 0x40000000u : len;
		z = crc32_gzip_refl(z, p, chunk);
		p += chunk;
		len -= chunk;
	}
	return ~z;
#else
	for (size_t i = 0; i < n; i++)
		crc = crc32_add_sample(crc, s[i].cycles_raw, s[i].instret_raw);
	return crc;
#endif
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
	while (r->crc_bench < r->nbench) {
		const struct coll_bench *b = &r->bench[r->crc_bench];
		uint64_t k = r->crc_next;
		if (k < b->ncap) {
			const uint8_t *hole = memchr(b->present + k, 0, b->ncap - k);
			uint64_t end = hole ? (uint64_t)(hole - b->present) : b->ncap;
			r->crc_run = coll_crc32_add_samples(r->crc_run, b->s + k, end - k);
			k = end;
		}
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
		for (size_t i = 0; i < r->nbench; i++)
			crc = coll_crc32_add_samples(crc, r->bench[i].s, r->bench[i].nreceived);
	}
	if (crc32_final(crc) != r->tr_crc32)
		breach(r, coll_strdupf("crc32 mismatch"));
}

/* Blocks whose status is "conflict": the collector's verdict, not the
 * firmware's, so no contradiction of the trailer's status. */
static size_t conflicted(const struct coll_run *r)
{
	size_t n = 0;
	for (size_t i = 0; i < r->nbench; i++)
		n += r->bench[i].conflict && !r->bench[i].fault.have;
	return n;
}

/* Each issue is a CRC-valid line that was wrong: a conflict, a seq out
 * of place, a record that makes no sense. None is a loss. */
static void issues(struct coll_run *r)
{
	for (size_t i = 0; i < r->nissue; i++)
		breach(r, coll_strdupf("%s", r->issue[i]));
}

/*
 * A run whose content was not read (its RUN line's fmt= unknown): its
 * trailer and seqs were not looked at, so nothing is said of them; a
 * later version is named, so that the cause is plain. Not a loss, and
 * never complete.
 */
static void unread_run(struct coll_run *r)
{
	if (r->fmt_newer)
		breach(r, coll_strdupf("wire format version %llu is newer than this collector "
				       "reads (%d to %d): nothing of the run was read (a newer "
				       "rvbench reads it)", (unsigned long long)r->fmt_newer,
				       WIRE_VERSION_MIN, WIRE_VERSION));
	issues(r);
	r->complete = 0;
}

void coll_check_run(struct coll_run *r)
{
	if (!r->fmt_ok) {
		unread_run(r);
		return;
	}
	if (r->cut_off && !r->have_trailer)
		problem(r, coll_strdupf("cut off by a new run"));
	else if (!r->have_trailer)
		problem(r, coll_strdupf("no trailer"));
	check_seqs(r);
	issues(r);
	struct bstats_scratch sc = { 0 };
	for (size_t i = 0; i < r->nbench; i++)
		check_bench(r, &r->bench[i], &sc);
	bstats_scratch_free(&sc);
	coll_check_events(r, problem);
	unknown_blocks(r);
	if (r->benches_declared_ok && r->nbench != r->benches_declared)
		(r->nbench > r->benches_declared ? breach : problem)(
			r, coll_strdupf("benches: %zu of %llu received", r->nbench,
					(unsigned long long)r->benches_declared));
	if (r->fault.have) {
		char w[128];
		failure(r, coll_strdupf("fault outside any block: %s", fault_words(&r->fault, w, sizeof(w))));
	}
	if (r->have_trailer) {
		/* Fewer received than the trailer counts is a loss; more is not. */
		if (r->tr_benches != r->nbench)
			(r->tr_benches < r->nbench ? breach : problem)(
				r, coll_strdupf("trailer benches=%llu but %zu received",
						(unsigned long long)r->tr_benches, r->nbench));
		if (r->tr_samples != r->total_received)
			(r->tr_samples < r->total_received ? breach : problem)(
				r, coll_strdupf("trailer samples=%llu but %llu received",
						(unsigned long long)r->tr_samples,
						(unsigned long long)r->total_received));
		check_crc(r);
		if (r->tr_status_word != REC_RUN_OK)
			failure(r, coll_strdupf("trailer status=%s", r->tr_status));
		else if (r->nfailure > conflicted(r) + r->nrun_conflict)
			breach(r, coll_strdupf("trailer status=ok but a block failed"));
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

uint64_t coll_bench_input_seed(const struct coll_run *r, const struct coll_bench *b)
{
	if (r->inputs_seed == COLL_SEED_BY_BLOCK)
		return input_seed_by_block(r->seed, b->inputs_block);
	/* By name and parameters: the harts of a parallel block have the
	 * same name and parameters, so inputs_block is not needed. */
	uint64_t key = input_key_name(b->name);
	for (size_t i = 0; i < b->nparam; i++)
		key = input_key_param(key, b->param[i].key, b->param[i].value);
	return input_seed(r->seed, key);
}

size_t coll_bench_inputs(const struct coll_run *r, const struct coll_bench *b,
			 uint64_t *out, size_t n)
{
	/* The firmware's own inputs_fill() on the block's seed; a permutation
	 * needs R words of scratch (R = range, or inputs_n), capped like the
	 * samples so a bad header cannot ask for gigabytes. */
	if (!r->seed_ok || !b->have_header || r->inputs_seed == COLL_SEED_UNKNOWN)
		return 0;
	uint32_t m = (uint32_t)b->inputs_n;
	uint32_t rr = b->input_kind != INPUT_PERMUTATION ? 0 : b->input_range ? (uint32_t)b->input_range : m;
	if (m > (1u << 26) || rr > (1u << 26))
		return 0;
	uint64_t *all = coll_xrealloc(NULL, (size_t)m * sizeof(*all));
	uint64_t *scratch = coll_xrealloc(NULL, ((size_t)rr + 1) * sizeof(*scratch));
	size_t known = 0;
	if (!inputs_fill((enum input_kind)b->input_kind, coll_bench_input_seed(r, b),
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

void coll_bench_stats(const struct coll_run *r, const struct coll_bench *b,
		      struct coll_bench_stats *st)
{
	(void)r;
	/* Computed once by collector_finish(); the writers ask several times. */
	if (b->stats) {
		*st = *b->stats;
	} else {
		struct bstats_scratch sc = { 0 };
		bstats_compute(b, st, NULL, NULL, &sc);
		bstats_scratch_free(&sc);
	}
}
