/* The firmware side of tracepoints (TP_START/TP_STOP in rvbench.h). */
#ifndef RVBENCH_TRACEPOINT_H
#define RVBENCH_TRACEPOINT_H

#include "config.h"
#include "moments.h"

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
/* Sends the buffer as TP records (after a block) and empties it. */
void tracepoint_drain(void);

#endif
