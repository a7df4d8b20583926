/*
 * Measurement: the loops that read the counters around the code under
 * test, their calibration, and the instrumentation's self-check. Results
 * stay in RAM; nothing is printed while measuring.
 */
#ifndef RVBENCH_HARNESS_H
#define RVBENCH_HARNESS_H

#include <stdint.h>

#include "pmu_events.h"
#include "records.h"
#include "wire.h"

/* Samples one block can hold (warmup included). */
#define HARNESS_MAX_SAMPLES 65536u
/* Samples of the empty body taken to calibrate the overhead. */
#define HARNESS_CALIBRATION_SAMPLES 256u

/* The values of the counter word of RUN and OVERHEAD (rec_counter_name[]). */
enum counter_mode {
	COUNTER_PLAIN = REC_COUNTER_PLAIN,   /* rdcycle/rdinstret as they are */
	COUNTER_FENCED = REC_COUNTER_FENCED, /* a full fence before and after each pair of reads */
	COUNTER_MODE_COUNT                   /* modes the harness measures with */
};

const char *counter_mode_name(enum counter_mode m);

typedef uint64_t (*bench_run_fn)(void *state, uint64_t input);
typedef void (*bench_prepare_fn)(void *state, uint32_t call, uint64_t input);

struct measure_job {
	bench_run_fn run;
	void *state;
	const uint64_t *inputs; /* one per sample; every call of a sample gets it */
	struct wire_sample *out;
	uint32_t n;             /* samples */
	uint32_t batch;         /* calls between the counter reads (>= 1) */
	bench_prepare_fn prepare; /* NULL, or run before each call, untimed */
	uint32_t first_call;    /* prepare()'s index of the job's first call */
	uint64_t checksum;      /* out: sum of all run() return values */
	/* The run's hardware events (src/events.h), read in the same
	 * sequence as the cycle and instret counters: nev of them, event k
	 * into ev[k / 2][s] (cycles column for even k, instret for odd).
	 * nev 0: the loops without them, exactly as before. */
	unsigned nev;
	struct wire_sample *ev[(PMU_EVENTS_MAX + 1) / 2];
};

struct overhead {
	uint64_t cycles;
	uint64_t instret;
	uint64_t ev[PMU_EVENTS_MAX]; /* per hardware event, with nev > 0 */
};

/*
 * Measures job->n samples. batch == 1 reads the counters around one call
 * (the return value is folded in after the reads); batch > 1 reads them
 * around `batch` back-to-back calls (Kanata's N-sized test), folding each
 * return value inside the interval, as the calibration does too.
 */
void harness_measure(enum counter_mode mode, struct measure_job *job);
/*
 * With job->prepare, each call gets its own pair of reads, prepare() runs
 * before the opening one, and a sample of a batch is the sum of its
 * calls' intervals: prepare() is never inside, and the calibration of the
 * same shape (prepared = 1) removes `batch` pairs of reads exactly.
 */

/* For BENCH_SELF_TIMED: each call's return value is its sample's cycles. */
void harness_self_timed(struct measure_job *job);

/*
 * The overhead of one sample of the same shape (mode, batch) with an empty
 * body: the minimum over HARNESS_CALIBRATION_SAMPLES samples. The minimum,
 * not the mean: a slow sample was disturbed; none is faster than the
 * instrumentation really is. With nev > 0 the run's events are read as
 * the benchmark's loop reads them, and their overhead found the same way.
 */
struct overhead harness_calibrate(enum counter_mode mode, uint32_t batch, int prepared,
				  unsigned nev);

/* The calibration body: a lone `ret` (boot/empty_body.S). */
uint64_t harness_empty_body(void *state, uint64_t input);

/*
 * The seL4 self-check of the instrumentation: an empty measured region
 * nested inside another one, n times. inner = what the instrumentation adds
 * to any measurement (effective overhead); outer - inner = the whole cost of
 * one start/stop pair (total overhead). Written to the two arrays (cycles).
 */
void harness_selfcheck(enum counter_mode mode, uint64_t *effective, uint64_t *total, uint32_t n);

#endif
