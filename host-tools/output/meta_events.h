/* meta.json's hardware events: the run's "pmu" object (the PMU record)
 * and each block's "events" (names, overheads, median and per call). */
#ifndef RVBENCH_META_EVENTS_H
#define RVBENCH_META_EVENTS_H

#include <jansson.h>

#include "collector.h"

/* The value of the run's "pmu": the PMU record's fields as an object, or
 * null without one (format 1, or firmware before it). NULL when out of
 * memory. */
json_t *meta_events_pmu(const struct coll_run *r);
/* The value of a block's "events": [{"name": ..., "overhead": N,
 * "median": N, "per_call": X}, ...]. NULL when out of memory. */
json_t *meta_events_bench(const struct coll_bench *b);

#endif
