/* The firmware side of tracepoints (TP_START/TP_STOP in rvbench.h). */
#ifndef RVBENCH_TRACEPOINT_H
#define RVBENCH_TRACEPOINT_H

#include "config.h"
#include "moments.h"
#include "records.h"

#include <stdint.h>

/* The tracepoints' own overhead (seed 004's nested empty pairs), in
 * cycles and in instret: the instret window of a pair is wider than its
 * cycle window (TP_START reads instret first, TP_STOP last), so it has an
 * overhead of its own. */
struct tp_overhead {
	struct moments inner, total;                 /* cycles */
	struct moments inner_instret, total_instret; /* instret */
};

/* Measures it into *oh and sends OVERHEAD kind=tp-effective, tp-total,
 * tp-effective-instret and tp-total-instret. */
void tracepoint_selfcheck(struct tp_overhead *oh);
/*
 * The block a hart measures next, and where its parts begin, so that each
 * TP record says its block and the part its TP_START ran in (warmup or
 * measured calls: the samples' warmup has its tracepoints too). Cycle
 * counts of that hart: every part starts when the hart reads its counter
 * at the boundary, as it goes, and a part not reached starts never
 * (UINT64_MAX). tracepoint_block() opens the block with no part reached;
 * tracepoint_part(hart, REC_TP_WARMUP, now) and so on, in order;
 * tracepoint_block_close() starts every part not reached yet (a block
 * that trapped: what its teardown logs comes after).
 */
void tracepoint_block(unsigned long hart, uint32_t id);
void tracepoint_part(unsigned long hart, enum rec_tp_phase part, uint64_t cycle);
void tracepoint_block_close(unsigned long hart, uint64_t cycle);
/* Sends the buffer as TP records (after a block) and empties it, and
 * forgets the harts' blocks. */
void tracepoint_drain(void);

#endif
