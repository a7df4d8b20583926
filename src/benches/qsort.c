/*
 * picolibc's qsort() of a small array of 32-bit integers (n= elements).
 * Each call sorts a fresh copy of one of 64 LCG-filled arrays (the input
 * picks it): sorting the same array again would sort sorted data, the
 * easiest case (seed 000's "too regular dataset"). The copy is made by
 * prepare(), outside the measured interval: a sample is qsort() alone (with
 * the copy inside, its loop was a quarter of a sample at n=2, 8 % at n=32).
 *
 * The code under test is picolibc's newlib/libc/search/qsort.c (Debian's
 * picolibc-riscv64-unknown-elf 1.8, linked from its libc.a): the 4.4BSD
 * qsort after Bentley and McIlroy, "Engineering a Sort Function" (1993);
 * Copyright 1992, 1993 The Regents of the University of California, a BSD
 * licence ("BSD3-2" in Debian's copyright file). Nothing of it is copied
 * here; only cmp_u32 is ours.
 */
#include "rvbench.h"

#include <stdio.h>
#include <stdlib.h>

#define ARRAYS 64

static const struct bench_param qsort_params[] = {
	{ "n", 32, 2, 1024, "elements per array" },
	{ NULL, 0, 0, 0, NULL },
};

struct qsort_state {
	uint32_t n;
	uint32_t *src; /* ARRAYS arrays of n */
	uint32_t *work;
};

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

static int qsort_setup(struct bench_ctx *ctx)
{
	uint32_t n = (uint32_t)bench_param(ctx, "n");
	struct qsort_state *st = bench_alloc(ctx, sizeof(*st), 64);
	uint32_t *src = st ? bench_alloc(ctx, (size_t)ARRAYS * n * 4, 64) : NULL;
	uint32_t *work = src ? bench_alloc(ctx, (size_t)n * 4, 64) : NULL;

	if (!work) {
		return bench_skip(ctx, "n=%lu: 64 arrays need %lu KiB, the arena has %lu KiB",
				  (unsigned long)n, (unsigned long)(((size_t)ARRAYS + 1) * n * 4 >> 10),
				  (unsigned long)(bench_arena_free() >> 10));
	}
	for (uint32_t i = 0; i < ARRAYS * n; i++)
		src[i] = (uint32_t)(lcg_next(ctx->rng) >> 32);
	*st = (struct qsort_state){ .n = n, .src = src, .work = work };
	ctx->state = st;
	return 0;
}

/* Before every call, outside the interval: the input's array into work. */
static void qsort_prepare(void *state, uint32_t call, uint64_t input)
{
	const struct qsort_state *st = state;
	const uint32_t *from = st->src + input * st->n;

	(void)call;
	for (uint32_t i = 0; i < st->n; i++)
		st->work[i] = from[i];
}

/* The code under test: one qsort(). Returns the median, which verify()
 * recomputes another way. */
static uint64_t qsort_run(void *state, uint64_t input)
{
	const struct qsort_state *st = state;

	(void)input;
	qsort(st->work, st->n, 4, cmp_u32);
	return st->work[st->n / 2];
}

/* The element of rank k of a[0..n) by counting, no sorting. */
static uint32_t rank_k(const uint32_t *a, uint32_t n, uint32_t k)
{
	for (uint32_t i = 0; i < n; i++) {
		uint32_t below = 0, equal = 0;
		for (uint32_t j = 0; j < n; j++) {
			below += a[j] < a[i];
			equal += a[j] == a[i];
		}
		if (below <= k && k < below + equal)
			return a[i];
	}
	return 0;
}

static int qsort_verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	const struct qsort_state *st = ctx->state;
	uint64_t median[ARRAYS], expect = 0;

	for (uint32_t a = 0; a < ARRAYS; a++)
		median[a] = rank_k(st->src + a * st->n, st->n, st->n / 2);
	for (uint32_t i = 0; i < ctx->ninputs; i++)
		expect += median[ctx->inputs[i]] * ctx->batch;
	/* The last call's result is sorted, too. */
	for (uint32_t i = 1; i < st->n; i++)
		if (st->work[i - 1] > st->work[i])
			return -1;
	return checksum == expect ? 0 : -1;
}

BENCH(qsort, .setup = qsort_setup, .prepare = qsort_prepare, .run = qsort_run,
      .verify = qsort_verify,
      .input_range = ARRAYS, .params = qsort_params,
      .description = "qsort() of a fresh copy of n= random 32-bit integers");
