/* meta.json's hardware events: the run's "pmu" object (the PMU record)
 * and each block's "events" (names, overheads, median and per call). */
#ifndef RVBENCH_META_EVENTS_H
#define RVBENCH_META_EVENTS_H

#include <stdio.h>

#include "collector.h"

/* "      \"pmu\": {...},\n" from the PMU record; "pmu": null without one
 * (format 1, or firmware before it). 0, or -1 on a write error. */
int meta_events_pmu(FILE *f, const struct coll_run *r);
/* ", \"events\": [{\"name\": ..., \"overhead\": N, \"median\": N,
 * \"per_call\": X}, ...]" of a block with events. */
int meta_events_bench(FILE *f, const struct coll_bench *b);

#endif
