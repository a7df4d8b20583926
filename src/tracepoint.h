/* The firmware side of tracepoints (TP_START/TP_STOP in rvbench.h). */
#ifndef RVBENCH_TRACEPOINT_H
#define RVBENCH_TRACEPOINT_H

#include "config.h"

/* Measures the tracepoints' own overhead (seed 004's nested empty pairs),
 * prints the seed's table and sends OVERHEAD kind=tp-effective|tp-total. */
void tracepoint_selfcheck(void);
/* Sends the buffer as TP records (after a block) and empties it. */
void tracepoint_drain(void);

#endif
