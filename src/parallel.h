/*
 * Synchronized parallel runs (seed 000's "syncing parallel benchmarks"):
 * one benchmark on every online hart at once. All harts meet at a barrier,
 * run their warmup ("bogus iterations"), meet again and start measuring
 * together. The start skew is measured with the shared time counter, and
 * each hart's cycle-counter offset from the boot hart is measured too.
 */
#ifndef RVBENCH_PARALLEL_H
#define RVBENCH_PARALLEL_H

#include <stdint.h>

#include "config.h"
#include "harness.h"
#include "layout.h"
#include "params.h"
#include "rvbench.h"

struct par_result {
	uint32_t hartid;
	struct wire_sample *out; /* warmup then measured samples */
	uint64_t checksum;
	uint64_t t_start;        /* time counter when this hart began measuring */
	uint64_t wait_cycles;    /* spent at the barriers */
	uint64_t measure_cycles; /* spent in the measuring loops */
	int64_t offset;          /* its cycle counter minus the boot hart's */
	uint64_t rtt;            /* round trip of the offset measurement */
	const char *status;      /* "ok", "setup-failed", "fault", "verify-failed" */
	const char *verify;
	int setup_done;
	struct bench_ctx ctx;
	int64_t params[PARAMS_MAX];
};

/* Per hart id: cycles spent waiting at barriers, over the run. */
extern uint64_t parallel_wait_cycles[MAX_HARTS];

/* The harts the last parallel_measure() left out (their setup failed). */
extern uint32_t parallel_left_out[MAX_HARTS];
extern unsigned parallel_nleft_out;

/* Harts a parallel run would use (the boot hart and the online ones). */
unsigned parallel_harts(void);
/* Whether b can run in parallel: not a cross-hart, self-timed, timer,
 * one-hart or demo benchmark. */
int parallel_eligible(const struct bench *b);

/*
 * On the boot hart, after its own setup, inputs and calibration: sets up
 * the other harts (their own state and buffers), measures their offsets,
 * runs all of them together and verifies each. r[0] is the boot hart,
 * measuring into boot_out with boot_ctx. Returns how many harts took part.
 */
unsigned parallel_measure(const struct config *c, const struct bench *b, uint32_t id,
			  const uint64_t *inputs, uint32_t warm, uint32_t measured, uint32_t batch,
			  struct bench_ctx *boot_ctx, struct wire_sample *boot_out,
			  struct par_result r[MAX_HARTS]);
/* Undoes the other harts' setup. */
void parallel_teardown(const struct bench *b, struct par_result r[MAX_HARTS], unsigned n);
/* max - min of the harts' start times, in timebase ticks. */
uint64_t parallel_skew(const struct par_result r[MAX_HARTS], unsigned n);

#endif
