/* The printed summary's hardware events: after a run's table, one line
 * per block that counted events, each event's median per sample and mean
 * per call (summary.csv's ev.NAME.median and ev.NAME.per_call). */
#ifndef RVBENCH_SUMMARY_EVENTS_H
#define RVBENCH_SUMMARY_EVENTS_H

#include <stdio.h>

#include "collector.h"

/* Nothing when no block of r counted events and its PMU record refused
 * none; refused events on a line of their own. 0, or -1 on a write error. */
int summary_events_print(FILE *f, const struct coll_run *r);

#endif
