/*
 * rvbench's public benchmark API: everything a benchmark file includes.
 * docs/writing-benchmarks.md walks through it with a complete example.
 *
 * A benchmark is one .c file with one BENCH() line:
 *
 *   static uint64_t run(void *state, uint64_t input) { return input * 3; }
 *   BENCH(my_bench, .run = run, .input_range = 1024);
 *
 * The harness calls run() between two reads of the counters, with an input
 * drawn from the run's LCG before measuring. run() returns a value derived
 * from its work: the harness folds every return value into a checksum
 * (outside the measured interval in per-call mode), so the compiler cannot
 * delete the work, and verify() can check it. setup() and teardown() run
 * outside the measurement.
 */
#ifndef RVBENCH_H
#define RVBENCH_H

#include <stddef.h>
#include <stdint.h>

#include "lcg.h"
#include "inputs.h"

/* A named integer parameter, settable at run time as NAME.PARAM=VALUE. */
struct bench_param {
	const char *name;
	int64_t def, min, max;
	const char *help;
};

/* What setup(), verify() and teardown() are given. */
struct bench_ctx {
	const struct bench *bench;
	void *state;             /* setup() may set it; run() receives it */
	struct lcg *rng;         /* a stream of its own, seeded from the run's seed */
	const uint64_t *inputs;  /* the prepared per-sample inputs */
	uint32_t ninputs;        /* samples in the block, warmup included */
	uint32_t batch;          /* calls per sample: run() ran ninputs * batch times */
	const int64_t *params;   /* values, in the order of bench->params */
};

struct bench {
	const char *name;
	const char *description;
	/* Optional: prepare ctx->state (tables, buffers) outside the
	 * measurement. Return 0, or a negative value to skip the benchmark. */
	int (*setup)(struct bench_ctx *ctx);
	/* The code under test: one call per sample (or `batch` calls). */
	uint64_t (*run)(void *state, uint64_t input);
	/* Optional: check the work. checksum is the sum (mod 2^64) of every
	 * run() return value in the block, warmup included. 0 = correct. */
	int (*verify)(const struct bench_ctx *ctx, uint64_t checksum);
	/* Optional: undo setup() (the arena is reset by the harness anyway). */
	void (*teardown)(struct bench_ctx *ctx);

	/* Inputs: how the per-sample input array is made (src/common/inputs.h). */
	enum input_kind inputs;
	uint32_t input_range;

	/* Defaults for this benchmark; 0 = the run's (rvbench.samples= ...). */
	uint32_t samples, warmup, batch;

	/* NULL, or an array ending with an entry whose name is NULL. */
	const struct bench_param *params;

	unsigned flags;
};

/* flags */
#define BENCH_DEMO 0x1u /* off unless selected by name (rvbench.run=) */

/*
 * Registers a benchmark: its descriptor goes to a linker section that the
 * harness walks (linker/rvbench.ld), so adding a benchmark touches no other
 * file. Benchmarks run in order of name.
 */
#define BENCH(id, ...)                                                           \
	static const struct bench bench_desc_##id                                \
		__attribute__((used, section(".rvbench_bench." #id), aligned(8))) = { \
			.name = #id, __VA_ARGS__                                 \
		}

/* Makes the compiler believe v is used: the computation stays. */
#define bench_keep(v) __asm__ volatile("" : : "r"(v))
/* Makes the compiler believe all memory is read and written here. */
#define bench_clobber() __asm__ volatile("" : : : "memory")

/* The value of parameter name (one of bench->params), or def if unknown. */
int64_t bench_param(const struct bench_ctx *ctx, const char *name);

/*
 * Memory for setup(): from an arena that is reset after each benchmark.
 * Returns NULL when it does not fit (setup should then fail). align is a
 * power of two.
 */
void *bench_alloc(struct bench_ctx *ctx, size_t size, size_t align);
/* Bytes the arena can still give, for sizing working sets. */
size_t bench_arena_free(void);

#endif
