/*
 * Stream decoder: two different lines with the same seq (a conflict).
 * Both passed their CRC, so one of them is wrong and nothing tells which:
 * neither is kept. The second copy was refused before it was read
 * (collector_line.c); what the first copy put in is taken out of the
 * model again here: S samples (listed in gaps.csv with the reason
 * "conflict"), E event values (named among the problems: gaps.csv counts
 * samples), a TP or OVERHEAD record. Its block's status becomes
 * "conflict" (collector_check.c); a line of no block fails the run.
 *
 * To take a line out, the model remembers what each accepted line put in:
 * one word per seq (line_use), written when the record is read.
 */
#include "collector.h"

#include <string.h>

#include "codec.h"
#include "crc.h"
#include "records.h"
#include "wire.h"

/* line_use[seq]: bits 0-31 the first sample, 32-43 the count, 44-47 what
 * the line put in (enum coll_use), 48-63 the block id + 1 (0: a line of
 * no block). 0: nothing that could be taken out; USE_TAKEN: a conflict
 * took it out already. The limits of the record readers keep each field
 * in range (ids < REC_BLOCKS_MAX, counts <= CODEC_MAX_SAMPLES, indices <
 * 2^26). */
#define USE_FIRST(u) ((u) & 0xffffffffull)
#define USE_COUNT(u) (((u) >> 32) & 0xfffull)
#define USE_KIND(u) ((unsigned)((u) >> 44) & 0xfu)
#define USE_BLOCK(u) ((u) >> 48) /* id + 1 */
#define USE_TAKEN UINT64_MAX

_Static_assert(CODEC_MAX_SAMPLES <= 0xfff && WIRE_SAMPLES_PER_LINE <= 0xfff,
	       "a line's sample count fits its 12 bits");
_Static_assert(COLL_USE_EVENTS + (PMU_EVENTS_MAX + 1) / 2 <= 16, "every use fits its 4 bits");
_Static_assert(REC_BLOCKS_MAX < 0xffff, "a block id + 1 fits its 16 bits");

void coll_note_use(struct coll_run *r, uint32_t seq, unsigned use, uint32_t block, uint64_t first,
		   uint64_t n)
{
	uint64_t b = block == COLL_USE_NO_BLOCK ? 0 : (uint64_t)block + 1;

	if (seq < r->nline)
		r->line_use[seq] = (b << 48) | ((uint64_t)use << 44) | ((n & 0xfffu) << 32) |
				   (first & 0xffffffffull);
}

int coll_use_of(const struct coll_run *r, uint32_t seq, struct coll_line_use *u)
{
	uint64_t w = seq < r->nline ? r->line_use[seq] : 0;

	if (w == USE_TAKEN || !USE_BLOCK(w) || USE_BLOCK(w) - 1 >= r->nbench)
		return -1;
	*u = (struct coll_line_use){ USE_KIND(w), (uint32_t)(USE_BLOCK(w) - 1), USE_FIRST(w),
				     USE_COUNT(w) };
	return 0;
}

/* The highest index present below `below` (max_index after a removal). */
static void recompute_max_index(struct coll_bench *b, uint64_t below)
{
	for (uint64_t i = below; i-- > 0;)
		if (b->present[i]) {
			b->max_index = i;
			return;
		}
	b->max_index = 0;
}

/* S samples first..first+n-1 of b: out of the store, into the conflict
 * gaps. Only those still present are counted off (a sample may have been
 * refused since, collector_samples.c). */
static void drop_samples(struct coll_run *r, struct coll_bench *b, uint64_t first, uint64_t n)
{
	uint64_t had = 0;

	if (!n || first + n > b->ncap)
		return;
	for (uint64_t i = first; i < first + n; i++)
		had += b->present[i];
	memset(b->present + first, 0, n);
	b->nreceived -= had;
	if (b->nreceived && b->max_index < first + n)
		recompute_max_index(b, first);
	r->conflict = coll_xrealloc(r->conflict, (r->nconflict + 1) * sizeof(*r->conflict));
	r->conflict[r->nconflict++] =
		(struct coll_gap){ b->id, first, first + n - 1, "conflict", 0 };
	/* The run's CRC-32 cursor may have folded these samples in already:
	 * start it over (it catches up on the next line; only after a
	 * conflict does it re-read what it had). */
	r->crc_run = crc32_init();
	r->crc_bench = 0;
	r->crc_next = 0;
}

/* Event pair `pair` of samples first..first+n-1 of b. gaps.csv counts
 * samples, and these samples are there: the events that went are named
 * among the run's problems instead. */
static void drop_events(struct coll_run *r, struct coll_bench *b, unsigned pair, uint64_t first,
			uint64_t n)
{
	if (!n || first + n > b->ev_cap || !b->ev_present[pair])
		return;
	memset(b->ev_present[pair] + first, 0, n);
	unsigned k0 = pair * 2;
	int two = k0 + 1 < b->nev;
	b->ev_dropped += n * (two ? 2 : 1); /* named here: not also "missing" */
	coll_push_str(&r->issue, &r->nissue,
		      coll_strdupf("bench %u: %s%s%s of samples %llu-%llu not kept (conflict)", b->id,
				   b->ev_name[k0], two ? " and " : "", two ? b->ev_name[k0 + 1] : "",
				   (unsigned long long)first, (unsigned long long)(first + n - 1)));
}

/* The record of seq taken out of its list (TP or OVERHEAD). */
static void drop_tp(struct coll_run *r, uint32_t seq)
{
	for (size_t k = 0; k < r->ntp; k++)
		if (r->tp[k].seq == seq) {
			memmove(r->tp + k, r->tp + k + 1, (r->ntp - k - 1) * sizeof(*r->tp));
			r->ntp--;
			return;
		}
}

static void drop_overhead(struct coll_run *r, uint32_t seq)
{
	for (size_t k = 0; k < r->noh; k++)
		if (r->oh[k].seq == seq) {
			memmove(r->oh + k, r->oh + k + 1, (r->noh - k - 1) * sizeof(*r->oh));
			r->noh--;
			return;
		}
}

/* A line of no block: a TP or OVERHEAD record goes; any other (RUN, CTX,
 * HART, ...) stays, for want of a way to take it out. Either way a value
 * of the run was in conflict, so the run failed, as for a block. */
static void drop_run_line(struct coll_run *r, uint32_t seq, unsigned use)
{
	const char *what = "a line of the run in conflict";

	if (use == COLL_USE_TP) {
		drop_tp(r, seq);
		what = "TP record in conflict, neither copy kept";
	} else if (use == COLL_USE_OVERHEAD) {
		drop_overhead(r, seq);
		what = "OVERHEAD record in conflict, neither copy kept";
	}
	coll_push_str(&r->failure, &r->nfailure, coll_strdupf("seq %u: %s", seq, what));
	r->nrun_conflict++;
}

void coll_note_refused(struct coll_run *r, uint32_t seq)
{
	if (seq < r->nline)
		r->line_use[seq] = USE_TAKEN;
}

void coll_drop_conflict(struct coll_run *r, uint32_t seq)
{
	uint64_t u = seq < r->nline ? r->line_use[seq] : USE_TAKEN;

	if (u == USE_TAKEN)
		return; /* a third copy finds nothing left to take */
	r->line_use[seq] = USE_TAKEN;
	if (!USE_BLOCK(u)) {
		drop_run_line(r, seq, USE_KIND(u));
		return;
	}
	if (USE_BLOCK(u) - 1 >= r->nbench)
		return;
	struct coll_bench *b = &r->bench[USE_BLOCK(u) - 1];
	unsigned use = USE_KIND(u);
	/* The BENCH line itself: its overhead, warmup and counts shape every
	 * value of the block, so none of its samples can be trusted either
	 * (collector_check.c takes them all out). */
	if (use == COLL_USE_HEADER) {
		b->conflict = COLL_CONFLICT_HEADER;
		return;
	}
	if (!b->conflict)
		b->conflict = COLL_CONFLICT_LINE;
	if (use >= COLL_USE_EVENTS)
		drop_events(r, b, use - COLL_USE_EVENTS, USE_FIRST(u), USE_COUNT(u));
	else
		drop_samples(r, b, USE_FIRST(u), USE_COUNT(u));
}
