/*
 * rvbench's public benchmark API: everything a benchmark file includes.
 *
 * A benchmark is one .c file with one BENCH() line:
 *
 *   static void run(void *state, uint64_t input) { ... }
 *   BENCH(my_bench, .run = run, .input_range = 1024);
 *
 * The harness calls run() once per sample, between two counter reads, with
 * an input drawn from the run's LCG before measuring. setup() prepares
 * state outside the measurement; verify() checks the work after it, so the
 * compiler cannot delete the code under test and a wrong result fails the
 * run loudly.
 */
#ifndef RVBENCH_H
#define RVBENCH_H

#include <stdint.h>

#include "lcg.h"

struct bench {
	const char *name;
	/* Optional: prepare *state (inputs, buffers) from rng. 0 = ok. */
	int (*setup)(void **state, struct lcg *rng);
	/* The code under test, one call per sample. */
	void (*run)(void *state, uint64_t input);
	/* Optional: check the work done by the last calls. 0 = correct. */
	int (*verify)(void *state);
	/* Inputs are LCG draws in [0, input_range); 0: every input is 0. */
	uint32_t input_range;
	/* 0 = the run's defaults (rvbench.samples=, rvbench.warmup=). */
	uint32_t samples;
	uint32_t warmup;
};

/*
 * Registers a benchmark: its descriptor goes to a linker section that the
 * harness walks (linker/rvbench.ld), so adding a benchmark touches no other
 * file. Benchmarks run in order of name.
 */
#define BENCH(id, ...)                                                     \
	static const struct bench bench_desc_##id                          \
		__attribute__((used, section(".rvbench_bench." #id), aligned(8))) = { \
			.name = #id, __VA_ARGS__                           \
		}

/* Makes the compiler believe v is used: the computation stays. */
#define bench_keep(v) __asm__ volatile("" : : "r"(v))
/* Makes the compiler believe all memory is read and written here. */
#define bench_clobber() __asm__ volatile("" : : : "memory")

#endif
