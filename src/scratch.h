/*
 * One scratch buffer of HARNESS_MAX_SAMPLES words for the whole firmware,
 * lent to one user at a time, never across a call into another user: the
 * inputs' permutation (src/block.c, before measuring) and the order
 * statistics' deviations (src/net.c, after). Half a MiB is worth sharing:
 * it comes out of the benchmarks' arena.
 */
#ifndef RVBENCH_SCRATCH_H
#define RVBENCH_SCRATCH_H

#include <stdint.h>

#include "harness.h"

uint64_t *scratch_words(void);

#endif
