#include "tracepoint.h"

#include "console.h"
#include "emit.h"
#include "harness.h"
#include "noinit.h"
#include "rvbench.h"
#include "stream.h"

#include <string.h>

#include "layout.h"

/* The public API cannot include boot/layout.h: its hart count is a copy. */
_Static_assert(TP_MAX_HARTS == MAX_HARTS,
	       "TP_MAX_HARTS (include/rvbench.h) must equal MAX_HARTS (boot/layout.h)");

/* As many pairs as src/run.c's self-check has samples, for the same
 * reason: each tracepoint reads a counter. */
#define SELFCHECK_PAIRS HARNESS_CALIBRATION_SAMPLES

struct tp_open tp_open_state[TP_MAX_HARTS][TP_KEYS];
/* Late in .noinit (src/noinit.h): only tracepoint benchmarks and the
 * self-check after the last block write it, never a run's first block. */
struct tp_entry tp_log[TP_LOG_CAP] NOINIT(12);
uint32_t tp_log_len;
uint32_t tp_dropped;

/* Per hart: the block it measures and the cycle each part after setup
 * starts at (tracepoint.h). Indexed as tp_open_state is. */
static struct {
	int set;
	uint32_t id;
	uint64_t starts[REC_tp_phase_count - 1]; /* warmup, measured, after */
} tp_blocks[TP_MAX_HARTS];

void tracepoint_block(unsigned long hart, uint32_t id)
{
	unsigned h = hart % TP_MAX_HARTS;

	tp_blocks[h].set = 1;
	tp_blocks[h].id = id;
	for (unsigned k = 0; k < REC_tp_phase_count - 1; k++)
		tp_blocks[h].starts[k] = UINT64_MAX;
}

void tracepoint_part(unsigned long hart, enum rec_tp_phase part, uint64_t cycle)
{
	if (part > REC_TP_SETUP && part < REC_tp_phase_count)
		tp_blocks[hart % TP_MAX_HARTS].starts[part - 1] = cycle;
}

void tracepoint_block_close(unsigned long hart, uint64_t cycle)
{
	unsigned h = hart % TP_MAX_HARTS;

	for (unsigned k = 0; k < REC_tp_phase_count - 1; k++)
		if (tp_blocks[h].starts[k] == UINT64_MAX)
			tp_blocks[h].starts[k] = cycle;
}

/* The part of its hart's block an entry's TP_START ran in, or -1 when
 * that hart measured no block (a partner hart's tracepoints). */
static int part_of(const struct tp_entry *e)
{
	unsigned h = e->hart % TP_MAX_HARTS;
	int part = REC_TP_SETUP;

	if (!tp_blocks[h].set)
		return -1;
	while (part < REC_TP_AFTER && e->start >= tp_blocks[h].starts[part])
		part++;
	return part;
}

void tracepoint_selfcheck(struct tp_overhead *oh)
{
	*oh = (struct tp_overhead){ 0 };
	memset(tp_open_state, 0, sizeof(tp_open_state));
	tp_log_len = tp_dropped = 0;
	console_flush();
	/* Seed 004: the outer pair measures the inner, empty, pair. */
	for (unsigned k = 0; k < SELFCHECK_PAIRS; k++) {
		TP_START(0);
		TP_START(1);
		TP_STOP(1);
		TP_STOP(0);
	}
	for (uint32_t e = 0; e + 1 < tp_log_len && e + 1 < TP_LOG_CAP; e += 2) {
		/* entries come in pairs: inner (key 1) then outer (key 0) */
		const struct tp_entry *in = &tp_log[e], *out = &tp_log[e + 1];
		moments_add(&oh->inner, in->cycles);
		moments_add(&oh->total, out->cycles - in->cycles);
		moments_add(&oh->inner_instret, in->instret);
		moments_add(&oh->total_instret, out->instret - in->instret);
	}
	tp_log_len = tp_dropped = 0;
	const char *tp = rec_counter_name[REC_COUNTER_TRACEPOINT];
	emit_overhead(REC_OH_TP_EFFECTIVE, tp, &oh->inner);
	emit_overhead(REC_OH_TP_TOTAL, tp, &oh->total);
	emit_overhead(REC_OH_TP_EFFECTIVE_INSTRET, tp, &oh->inner_instret);
	emit_overhead(REC_OH_TP_TOTAL_INSTRET, tp, &oh->total_instret);
}

void tracepoint_drain(void)
{
	uint32_t n = tp_log_len < TP_LOG_CAP ? tp_log_len : TP_LOG_CAP;

	for (uint32_t e = 0; e < n; e++) {
		int part = part_of(&tp_log[e]);
		emit_tp(&tp_log[e], part < 0 ? NULL : &tp_blocks[tp_log[e].hart % TP_MAX_HARTS].id,
			part);
	}
	if (tp_dropped)
		stream_say("rvbench: %lu tracepoints lost: the buffer holds %u",
			   (unsigned long)tp_dropped, TP_LOG_CAP);
	tp_log_len = tp_dropped = 0;
	memset(tp_blocks, 0, sizeof(tp_blocks));
}
