/*
 * The firmware's benchmark API (include/rvbench.h) on the host, for unit
 * tests that #include a built-in benchmark's .c file (tests/unit/
 * test_bench_*.c): a bump arena of a chosen size in place of the
 * firmware's, bench_param as src/bench_api.c has it, bench_skip and
 * bench_fail the firmware's own (src/bench_reason.c). Only
 * setup(), prepare(), run() and verify() are called, never the harness.
 */
#ifndef BENCH_STUB_H
#define BENCH_STUB_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rvbench.h"

const char rvbench_unit_cflags[] = "-test";

static uint8_t *stub_arena;
static size_t stub_arena_size, stub_arena_used;

/* A fresh arena of size bytes (the previous one freed). */
static inline void stub_arena_reset(size_t size)
{
	free(stub_arena);
	stub_arena = aligned_alloc(4096, size);
	stub_arena_size = stub_arena ? size : 0;
	stub_arena_used = 0;
}

void *bench_alloc(struct bench_ctx *ctx, size_t size, size_t align)
{
	(void)ctx;
	if (align < BENCH_ALIGN)
		align = BENCH_ALIGN;
	size_t at = (stub_arena_used + align - 1) & ~(align - 1);
	if (at > stub_arena_size || size > stub_arena_size - at)
		return NULL;
	stub_arena_used = at + size;
	return stub_arena + at;
}

size_t bench_arena_free(void) { return stub_arena_size - stub_arena_used; }

int64_t bench_param(const struct bench_ctx *ctx, const char *name)
{
	const struct bench_param *p = ctx->bench->params;

	for (unsigned i = 0; p && p[i].name; i++)
		if (!strcmp(p[i].name, name))
			return ctx->params[i];
	return 0;
}

void bench_say(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* bench_skip() and bench_fail(): the firmware's own. */
#include "bench_reason.c"

/* The checksum the harness would fold: every run() of the block, batch
 * calls per input, prepare() before each. */
static inline uint64_t stub_checksum(const struct bench *b, struct bench_ctx *ctx)
{
	uint64_t sum = 0;
	uint32_t call = 0;

	for (uint32_t i = 0; i < ctx->ninputs; i++)
		for (uint32_t k = 0; k < ctx->batch; k++) {
			if (b->prepare)
				b->prepare(ctx->state, call, ctx->inputs[i]);
			call++;
			sum += b->run(ctx->state, ctx->inputs[i]);
		}
	return sum;
}

#endif
