/* The run's context on screen: two lines above its summary table, as
 * Google Benchmark prints its machine before the numbers. */
#ifndef RVBENCH_CONTEXT_PRINT_H
#define RVBENCH_CONTEXT_PRINT_H

#include <stdio.h>

#include "collector.h"
#include "meta_json.h"

/* 0, or -1 on a write error. src says how the cycles were counted. */
int context_print(FILE *f, const struct coll_run *r, const struct meta_source *src);

#endif
