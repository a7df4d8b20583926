/* The benchmarks linked into the image (see BENCH() in rvbench.h). */
#ifndef RVBENCH_REGISTRY_H
#define RVBENCH_REGISTRY_H

#include <stddef.h>

#include "rvbench.h"

size_t registry_count(void);
const struct bench *registry_get(size_t i);

#endif
