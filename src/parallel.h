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

#include "block.h"
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
	int started;             /* t_start is set (it got past the warmup) */
	uint64_t wait_cycles;    /* spent at the barriers */
	uint64_t measure_cycles; /* spent in the measuring loops */
	int64_t offset;          /* its cycle counter minus the boot hart's */
	uint64_t rtt;            /* round trip of the offset measurement */
	/* Its cycle counter where its warmup, measured calls and what
	 * follows them began (tracepoint.h), UINT64_MAX if never. */
	uint64_t part_starts[3];
	enum rec_block_status status; /* ok, fault, verify-failed or timeout */
	enum rec_verify verify;
	int setup_done;
	int hung;       /* the boot hart gave up on it at a barrier */
	struct bench_ctx ctx;
	int64_t params[PARAMS_MAX];
};

/* Per hart id: cycles spent waiting at barriers, over the run. Written by
 * every hart of a parallel run (its own slot), read for the HART records. */
extern uint64_t parallel_wait_cycles[MAX_HARTS];

/*
 * The harts a parallel run uses, fixed at the start of the run (the boot
 * hart first, then the online ones): the run header announces a block for
 * each, so each gets one, even if it cannot take part when its turn comes.
 */
void parallel_plan(void);
/* How many blocks a run of b sends: one, or one per planned hart in a
 * parallel run (rvbench.parallel=1). */
unsigned parallel_block_count(const struct config *c, const struct bench *b);

/* Harts a parallel run would use now (the boot hart and the online ones). */
unsigned parallel_harts(void);
/* Whether b can run in parallel: not a cross-hart, self-timed, timer,
 * one-hart or demo benchmark. */
int parallel_eligible(const struct bench *b);

/*
 * On the boot hart, after its own setup, inputs and calibration: sets up
 * the other harts (their own state and buffers), measures their offsets,
 * runs all of them together and verifies each. Result 0 is the boot hart,
 * measuring into boot_out with boot_ctx. Returns how many harts took part;
 * their results stay here until the next parallel_measure(). At each of
 * the run's barriers the boot hart waits for the others as `wait` says,
 * then goes on without those not there (parallel_lost()).
 */
struct par_wait {
	/* Time counter values: the wait ends at give_up_at or `patience`
	 * ticks after the boot hart arrived, whichever is later; patience 0:
	 * for ever. */
	uint64_t give_up_at, patience;
};
unsigned parallel_measure(const struct config *c, const struct bench *b,
			  const uint64_t *inputs, uint32_t warm, uint32_t measured, uint32_t batch,
			  struct bench_ctx *boot_ctx, struct wire_sample *boot_out, const struct par_wait *wait);
/* How many harts the last parallel_measure() gave up on at a barrier:
 * their blocks end
 * status=timeout, and they are out of service, maybe still running the
 * block's code on its memory. */
unsigned parallel_lost(void);
/* Result k (< the count parallel_measure() returned). */
const struct par_result *parallel_result(unsigned k);
/* A block that ran alone: no parallel results, no harts left out. */
void parallel_forget(void);
/* Undoes each other hart's setup that succeeded, once; safe to call
 * after any block, parallel or not, trapped or not. */
void parallel_teardown(const struct bench *b);
/* The run is over for its harts, now: each stops at its next check (a
 * barrier, a run of samples), whether or not harts_abort is still set. */
void parallel_abandon(void);
/* max - min of the start times of the harts that began measuring (a hart
 * that trapped in its warmup or never ran is not counted), in timebase
 * ticks; 0 with fewer than two. */
uint64_t parallel_skew(void);

/*
 * After the boot hart's block: the block of every other hart the run
 * header counted, in order. First those that took part (their results in
 * the boot block's shape), then the planned harts that did not (no
 * samples, and the reason). Start with the boot hart's block in *cur;
 * each parallel_next_block() turns *cur into the next one, 0 when done.
 */
struct par_iter {
	const struct block *boot;
	unsigned k;           /* the next result of those that took part */
	unsigned j;           /* the next planned hart */
	unsigned sent, planned;
	struct bench_ctx absent; /* the ctx of a hart that did not take part */
};
void parallel_blocks_start(struct par_iter *it, const struct config *c, const struct bench *b,
			   const struct block *boot);
int parallel_next_block(struct par_iter *it, struct block *cur);

#endif
