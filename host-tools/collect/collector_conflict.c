/*
 * Stream decoder: two different lines with the same seq (a conflict).
 * Both passed their CRC, so one of them is wrong and nothing tells which:
 * neither is kept. The second copy was refused before it was read
 * (collector_line.c); what the first copy put in is taken out of the
 * model again here: S samples (listed in gaps.csv with the reason
 * "conflict"), E event values (named among the problems: gaps.csv counts
 * samples), a TP, OVERHEAD, CTX, CPU, BUILD, FLAGS, PMU or HART record,
 * a FAULT outside any block. Its block's status becomes "conflict"
 * (collector_check.c); a line of no block fails the run.
 *
 * To take a line out, the model remembers what each accepted line put in:
 * one word per seq (line_use), written when the record is read.
 */
#include "collector.h"

#include <stdio.h>
#include <stdlib.h>
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

static void drop_ctx(struct coll_context *x)
{
	free(x->clock_src);
	x->clock_src = NULL;
	memset(&x->ctx, 0, sizeof(x->ctx));
	x->have_ctx = 0;
	x->ctx_taken = 1;
}

static void drop_build(struct coll_context *x)
{
	free(x->commit);
	free(x->cc);
	free(x->cflags);
	x->commit = x->cc = x->cflags = NULL;
	x->have_build = 0;
	x->build_taken = 1;
}

static void drop_pmu(struct coll_run *r)
{
	for (size_t i = 0; i < r->npmu; i++) {
		free(r->pmu[i].key);
		free(r->pmu[i].value);
	}
	free(r->pmu);
	r->pmu = NULL;
	r->npmu = 0;
	r->pmu_taken = 1;
}

/* The CPU record of seq: the values of each hart it described go, the
 * entries stay as taken (so a later line for one of them is still a
 * second one). Says which harts in buf. */
static void drop_cpu(struct coll_context *x, uint32_t seq, char *buf, size_t n)
{
	uint64_t first = 0, last = 0;
	int any = 0;

	for (size_t i = 0; i < x->ncpu; i++) {
		struct coll_cpu *c = &x->cpu[i];
		if (c->seq != seq || c->taken)
			continue;
		free(c->isa);
		free(c->mmu);
		uint64_t id = c->f.id;
		*c = (struct coll_cpu){ .f = { .id = id }, .seq = seq, .taken = 1 };
		if (!any)
			first = id;
		last = id;
		any = 1;
	}
	if (first == last)
		snprintf(buf, n, "CPU record of hart %llu in conflict, neither copy kept",
			 (unsigned long long)first);
	else
		snprintf(buf, n, "CPU record of harts %llu to %llu in conflict, neither copy kept",
			 (unsigned long long)first, (unsigned long long)last);
}

static uint64_t drop_hart(struct coll_run *r, uint32_t seq)
{
	for (size_t i = 0; i < r->nhart; i++) {
		struct coll_hart *h = &r->hart[i];
		if (h->seq != seq || h->taken)
			continue;
		free(h->why);
		uint64_t id = h->id;
		*h = (struct coll_hart){ .id = id, .seq = seq, .taken = 1 };
		return id;
	}
	return 0;
}

/* A piece of id's flags text in conflict: the whole text goes (what is
 * left would have a hole), from the run and from every block that took
 * it, and later pieces are refused (collector_context.c). */
static void drop_flags(struct coll_run *r, unsigned id)
{
	if (id >= REC_FLAGS_MAX)
		return;
	free(r->flags[id]);
	r->flags[id] = NULL;
	r->flags_taken |= UINT64_C(1) << id;
	for (size_t i = 0; i < r->nbench; i++) {
		struct coll_bench *b = &r->bench[i];
		if (b->have_header && b->flags_id == (int)id) {
			free(b->cflags);
			b->cflags = NULL;
		}
	}
}

/*
 * A line of no block: its record's values go (a TP, OVERHEAD, CTX, CPU,
 * BUILD, FLAGS, PMU or HART record, a FAULT outside any block). A RUN or
 * TRAILER line stays: the run has no other header, and no other count to
 * check against; neither can be trusted, which the run's failure says. A line put nothing in (a
 * record of a later version, say) has nothing to take out. Either way a
 * value of the run was in conflict, so the run failed, as for a block.
 */
static void drop_run_line(struct coll_run *r, uint32_t seq, uint64_t u)
{
	const char *what = "a line of the run in conflict";
	char buf[96];

	switch (USE_KIND(u)) {
	case COLL_USE_TP:
		drop_tp(r, seq);
		what = "TP record in conflict, neither copy kept";
		break;
	case COLL_USE_OVERHEAD:
		drop_overhead(r, seq);
		what = "OVERHEAD record in conflict, neither copy kept";
		break;
	case COLL_USE_CTX:
		drop_ctx(&r->ctx);
		what = "CTX record in conflict, neither copy kept";
		break;
	case COLL_USE_BUILD:
		drop_build(&r->ctx);
		what = "BUILD record in conflict, neither copy kept";
		break;
	case COLL_USE_PMU:
		drop_pmu(r);
		what = "PMU record in conflict, neither copy kept";
		break;
	case COLL_USE_CPU:
		drop_cpu(&r->ctx, seq, buf, sizeof(buf));
		what = buf;
		break;
	case COLL_USE_HART:
		snprintf(buf, sizeof(buf), "HART record of hart %llu in conflict, neither copy kept",
			 (unsigned long long)drop_hart(r, seq));
		what = buf;
		break;
	case COLL_USE_FLAGS:
		drop_flags(r, (unsigned)USE_FIRST(u));
		snprintf(buf, sizeof(buf), "FLAGS record of id %u in conflict: that id's flags not kept",
			 (unsigned)USE_FIRST(u));
		what = buf;
		break;
	case COLL_USE_FAULT:
		r->fault = (struct coll_fault){ 0 };
		r->fault_taken = 1;
		what = "FAULT record (outside any block) in conflict, neither copy kept";
		break;
	case COLL_USE_RUN:
		what = "RUN record in conflict: the run's header is the first copy's and cannot be"
		       " trusted";
		break;
	case COLL_USE_TRAILER:
		what = "TRAILER record in conflict: the run cannot be checked against its trailer";
		break;
	default: /* a line that put nothing in */
		break;
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
		drop_run_line(r, seq, u);
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
