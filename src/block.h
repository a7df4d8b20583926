/*
 * One block: one benchmark measured at one batch size (a whole benchmark,
 * or one group of a Kanata sweep). Setup, inputs, calibration, warmup,
 * measurement and verification happen under the guard with nothing
 * printed; the result is a struct block per hart, which src/emit.c turns
 * into records and src/report.c into lines for people.
 */
#ifndef RVBENCH_BLOCK_H
#define RVBENCH_BLOCK_H

#include <stdint.h>

#include "config.h"
#include "guard.h"
#include "harness.h"
#include "platform.h"
#include "records.h"
#include "rvbench.h"

/* What one hart's block measured, as sent. */
struct block {
	uint32_t id, group, batch;
	uint32_t ninputs;         /* inputs prepared: warmup cap + measured */
	uint32_t hart;
	enum rec_block_status status;
	enum rec_verify verify;
	uint32_t warmup, count;   /* count: warmup + measured samples */
	int warmup_auto;          /* the warmup length was found by warmup=auto */
	int warmup_converged;
	int self_timed;           /* BENCH_SELF_TIMED: no overhead to subtract */
	uint64_t checksum;
	struct overhead oh;
	const struct wire_sample *samples; /* count of them */
	unsigned nev;             /* hardware events measured (src/events.h); 0: none */
	const struct wire_sample *ev[(PMU_EVENTS_MAX + 1) / 2]; /* their columns, in pairs */
	struct guard_report trap; /* GUARD_NONE, or what stopped the block */
	const struct bench_ctx *ctx; /* parameters, input range, reason */
	/* a parallel run (src/parallel.c): 0 when the block ran alone */
	unsigned npar;
	uint32_t first_id;        /* the boot hart's block (whose inputs all use) */
	uint64_t skew_ticks;
	int64_t offset_cycles;    /* this hart's counter minus the boot hart's */
};

void block_init(const struct platform *p);
/* Cycles the boot hart spent in measuring loops over the run. */
uint64_t block_measure_cycles(void);
void block_measure_cycles_reset(void);

/*
 * Measures block `id` of benchmark b on the boot hart (and, in a parallel
 * run, on the others: src/parallel.c keeps their results). The returned
 * block stays valid until block_release().
 */
const struct block *block_run(const struct config *c, const struct bench *b, uint32_t id,
			      uint32_t group, uint32_t batch, uint32_t samples);
/* Frees what the last block_run() allocated (the other harts' samples). */
void block_release(void);
/* Whether a block with this status fails the run. */
int block_failed(enum rec_block_status s);

#endif
