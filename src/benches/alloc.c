/*
 * malloc() + free() of one block per call, with the request sizes of a real
 * workload (seed 003: QEMU's malloc calls were a few sizes over and over,
 * so the benchmark replays that mix rather than one size, which would time
 * one free-list path only). The sizes are drawn from the mix with the LCG
 * before measuring; the input picks one.
 *
 * `live` blocks of the same mix stay allocated around the measurement, so
 * malloc searches a heap in use rather than an empty one (seed 000's "too
 * small dataset": an empty heap is the allocator's best case). Heap:
 * picolibc's malloc over the 8 MiB of the linker script.
 *
 * The code under test is picolibc's nano-malloc (newlib/libc/stdlib/
 * nano-malloc-malloc.c and nano-malloc-free.c of Debian's
 * picolibc-riscv64-unknown-elf 1.8; "BSD3-1" in its copyright file),
 * linked from its libc.a: first fit over an address-ordered free list.
 * Nothing of it is copied here.
 */
#include "rvbench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIZES 4096
#define MAX_LIVE 4096

static const struct bench_param alloc_params[] = {
	{ "live", 256, 0, MAX_LIVE, "blocks kept allocated while measuring" },
	{ NULL, 0, 0, 0, NULL },
};

/* Request sizes and their weights (per mille): small objects dominate. */
static const struct {
	uint16_t size, permille;
} mix[] = {
	{ 16, 150 }, { 24, 100 }, { 32, 150 }, { 40, 120 }, { 64, 120 }, { 128, 100 },
	{ 144, 80 }, { 256, 80 },  { 1024, 50 }, { 4096, 30 }, { 8192, 20 },
};

struct alloc_state {
	uint32_t size[SIZES];
	void *live[MAX_LIVE];
	uint32_t live_size[MAX_LIVE];
	uint32_t nlive;
};

/*
 * The live blocks' first and last 8 bytes hold a pattern of their own,
 * written in setup() and checked by verify(): a malloc that handed out
 * memory overlapping a live block, or a free that wrote its list into
 * one, changes it (run() writes the first byte of what it gets, and the
 * allocator its headers around it). Only the ends: writing whole blocks
 * would pull the live heap into the cache before measuring.
 */
#define CANARY_BYTES 8

static uint64_t canary(const void *block, int end)
{
	return ((uint64_t)(uintptr_t)block * 0x9E3779B97F4A7C15u) ^ (end ? 0xE5u : 0x5Au);
}

static void canary_put(void *block, uint32_t size)
{
	uint64_t head = canary(block, 0), tail = canary(block, 1);
	memcpy(block, &head, CANARY_BYTES);
	memcpy((uint8_t *)block + size - CANARY_BYTES, &tail, CANARY_BYTES);
}

static int canary_ok(const void *block, uint32_t size)
{
	uint64_t head, tail;
	memcpy(&head, block, CANARY_BYTES);
	memcpy(&tail, (const uint8_t *)block + size - CANARY_BYTES, CANARY_BYTES);
	return head == canary(block, 0) && tail == canary(block, 1);
}

static uint32_t draw_size(struct lcg *g)
{
	uint32_t r = lcg_below(g, 1000);
	for (unsigned i = 0; i < sizeof(mix) / sizeof(mix[0]); i++) {
		if (r < mix[i].permille)
			return mix[i].size;
		r -= mix[i].permille;
	}
	return mix[0].size;
}

static void alloc_teardown(struct bench_ctx *ctx)
{
	struct alloc_state *st = ctx->state;
	for (uint32_t i = 0; i < st->nlive; i++)
		free(st->live[i]);
}

static int alloc_setup(struct bench_ctx *ctx)
{
	struct alloc_state *st = bench_alloc(ctx, sizeof(*st), 64);
	uint32_t live = (uint32_t)bench_param(ctx, "live");

	if (!st)
		return -1;
	for (unsigned i = 0; i < SIZES; i++)
		st->size[i] = draw_size(ctx->rng);
	/* Allocate twice as many, free every other one: holes in the heap. */
	void *tmp[2 * 64];
	uint32_t tmp_size[2 * 64];
	for (st->nlive = 0; st->nlive < live;) {
		unsigned k = 0;
		for (; k < 2 * 64 && st->nlive + k / 2 < live; k++)
			if (!(tmp[k] = malloc(tmp_size[k] = draw_size(ctx->rng)))) {
				uint32_t had = st->nlive;
				while (k--)
					free(tmp[k]);
				ctx->state = st;
				alloc_teardown(ctx); /* leave the heap as it was */
				return bench_skip(ctx, "live=%lu: the heap is full after %lu",
						  (unsigned long)live, (unsigned long)had);
			}
		for (unsigned i = 0; i < k; i++) {
			if (i % 2) {
				canary_put(tmp[i], tmp_size[i]); /* every size is >= 16 */
				st->live_size[st->nlive] = tmp_size[i];
				st->live[st->nlive++] = tmp[i];
			} else {
				free(tmp[i]);
			}
		}
	}
	ctx->state = st;
	return 0;
}

/* The code under test: one malloc/free pair; the first byte is written so
 * the block is used. Returns the size obtained (0 if malloc failed). */
static uint64_t alloc_run(void *state, uint64_t input)
{
	const struct alloc_state *st = state;
	uint32_t size = st->size[input];
	volatile uint8_t *p = malloc(size);

	if (!p)
		return 0;
	p[0] = (uint8_t)size;
	free((void *)p);
	return size;
}

/* Every call got its block (the sizes add up: no malloc returned NULL),
 * and no live block was touched. */
static int alloc_verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	const struct alloc_state *st = ctx->state;
	uint64_t expect = 0;

	for (uint32_t i = 0; i < ctx->ninputs; i++)
		expect += (uint64_t)st->size[ctx->inputs[i]] * ctx->batch;
	for (uint32_t i = 0; i < st->nlive; i++)
		if (!canary_ok(st->live[i], st->live_size[i]))
			return -1;
	return checksum == expect ? 0 : -1;
}

BENCH(alloc, .setup = alloc_setup, .run = alloc_run, .verify = alloc_verify,
      .teardown = alloc_teardown, .input_range = SIZES, .params = alloc_params,
      .flags = BENCH_ONE_HART, /* picolibc's malloc has no lock */
      .description = "malloc + free, a mix of small and large request sizes");
