/* The firmware side of tracepoints (TP_START/TP_STOP in rvbench.h). */
#ifndef RVBENCH_TRACEPOINT_H
#define RVBENCH_TRACEPOINT_H

#include "config.h"
#include "moments.h"

/* Measures the tracepoints' own overhead (seed 004's nested empty pairs)
 * into *inner and *total and sends OVERHEAD kind=tp-effective|tp-total. */
void tracepoint_selfcheck(struct moments *inner, struct moments *total);
/* Sends the buffer as TP records (after a block) and empties it. */
void tracepoint_drain(void);

#endif
