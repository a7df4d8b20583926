/* The benchmarks linked into the image (see BENCH() in rvbench.h). */
#ifndef RVBENCH_REGISTRY_H
#define RVBENCH_REGISTRY_H

#include <stddef.h>

#include "config.h"
#include "rvbench.h"

size_t registry_count(void);
/* At boot: says "rvbench: error: ..." for each descriptor whose name is
 * outside the safe set (bench_name.h) or an earlier one has, and leaves it
 * out of every run (registry_selected). Returns how many. */
unsigned registry_check(void);
const struct bench *registry_get(size_t i);
/* Whether b runs under c: demos, and cross-hart benchmarks when
 * rvbench.cross=0, only when named exactly; a duplicate or a bad name
 * never. */
int registry_selected(const struct config *c, const struct bench *b);

#endif
