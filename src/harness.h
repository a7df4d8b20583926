/*
 * Measurement: calibration of the instrumentation's own cost, and the
 * per-sample loop. Results stay in RAM; nothing is printed while measuring.
 */
#ifndef RVBENCH_HARNESS_H
#define RVBENCH_HARNESS_H

#include <stdint.h>

#include "rvbench.h"
#include "wire.h"

/* Samples one benchmark can hold (warmup included). */
#define HARNESS_MAX_SAMPLES 65536u
/* Samples of the empty body taken to calibrate the overhead. */
#define HARNESS_CALIBRATION_SAMPLES 256u

struct overhead {
	uint64_t cycles;
	uint64_t instret;
};

/*
 * Overhead of one measurement: the minimum over HARNESS_CALIBRATION_SAMPLES
 * samples of an empty body called exactly the way benchmarks are called.
 * The minimum, not the mean: a slow sample is disturbed, never faster than
 * the instrumentation really is.
 */
struct overhead harness_calibrate(void);

/* Runs b->run once per input, reading both counters around each call. */
void harness_measure(const struct bench *b, void *state, const uint64_t *inputs,
		     struct wire_sample *out, uint32_t n);

#endif
