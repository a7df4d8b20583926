/*
 * Reference sample distributions for the codec's size target, its
 * benchmark (make bench-codec) and its tests. Deterministic: the same
 * seed gives the same samples on every machine.
 */
#ifndef RVBENCH_SYNTH_DIST_H
#define RVBENCH_SYNTH_DIST_H

#include <stddef.h>
#include <stdint.h>

#include "wire.h"

/* Samples in one reference set (the kbench histogram's count). */
#define SYNTH_DIST_N 100000u

/*
 * "tight": the cycles histogram of seeds/000 (kbench: 17 values 72..152
 * with their exact counts, 95,509 samples), 4,401 samples in a tail from
 * 153 with a mean of about 20, and 90 outliers log-spread up to 33364
 * (one of them exactly 33364); instret constant. Shuffled.
 */
void synth_dist_tight(struct wire_sample *out, uint64_t seed);
/*
 * "spread": cycles 2000 + the sum of three uniform draws in 0..63
 * (standard deviation about 32), instret 1000 with 10% of 1040 (a second
 * code path).
 */
void synth_dist_spread(struct wire_sample *out, uint64_t seed);

/* Shannon entropy of the (cycles, instret) pairs, in bits per sample,
 * times 1000 (integer, so no libm); reorders v. */
uint64_t synth_dist_entropy_milli(struct wire_sample *v, size_t n);

#endif
