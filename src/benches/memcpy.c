/*
 * picolibc's memcpy() and memset() on `size` bytes (8 B .. 1 MiB), at a
 * chosen misalignment. Bytes per cycle = size / cycles: the BENCH record
 * carries p.size next to every sample.
 *
 *   memcpy, memset                        both buffers 64-byte aligned
 *   memcpy_misaligned, memset_misaligned  src at +src_off, dst at +dst_off
 *                                         (default 1 and 3: the copy cannot
 *                                         pair up words; a misaligned word
 *                                         access on the U54 traps to M-mode)
 *
 * The same buffers serve every call, so sizes up to 32 KiB run from L1 and
 * up to 2 MiB from L2: that is the question a size sweep answers (the cold
 * case is mem_latency's). memset stores a different byte (the input) each
 * call, so no call is redundant. verify() checks the bytes landed, and
 * that nothing around them was touched.
 */
#include "rvbench.h"

#include <stdio.h>
#include <string.h>

#define GUARD 64

struct copy {
	uint8_t *src, *dst; /* already offset */
	size_t size;
};

#define PARAMS(src_def, dst_def)                                                             \
	{                                                                                     \
		{ "size", 4096, 8, 1 << 20, "bytes per call" },                               \
		{ "src_off", src_def, 0, 63, "source misalignment, bytes" },                  \
		{ "dst_off", dst_def, 0, 63, "destination misalignment, bytes" },             \
		{ NULL, 0, 0, 0, NULL },                                                      \
	}
static const struct bench_param aligned_params[] = PARAMS(0, 0);
static const struct bench_param misaligned_params[] = PARAMS(1, 3);

static int copy_setup(struct bench_ctx *ctx)
{
	size_t size = (size_t)bench_param(ctx, "size");
	size_t span = size + 3 * GUARD; /* room for the offset, then a guard */
	struct copy *st = bench_alloc(ctx, sizeof(*st), 64);
	uint8_t *src = st ? bench_alloc(ctx, span, 64) : NULL;
	uint8_t *dst = src ? bench_alloc(ctx, span, 64) : NULL;

	if (!dst) {
		return bench_skip(ctx, "2 x %lu bytes do not fit in the arena's %lu",
				  (unsigned long)span, (unsigned long)bench_arena_free());
	}
	for (size_t i = 0; i < span; i++) {
		src[i] = (uint8_t)(lcg_next(ctx->rng) >> 56);
		dst[i] = 0xA5;
	}
	st->src = src + GUARD + bench_param(ctx, "src_off");
	st->dst = dst + GUARD + bench_param(ctx, "dst_off");
	st->size = size;
	ctx->state = st;
	return 0;
}

static uint64_t memcpy_run(void *state, uint64_t input)
{
	const struct copy *st = state;
	(void)input;
	return (uint64_t)(uintptr_t)memcpy(st->dst, st->src, st->size);
}

static uint64_t memset_run(void *state, uint64_t input)
{
	const struct copy *st = state;
	return (uint64_t)(uintptr_t)memset(st->dst, (int)input, st->size);
}

/* Bytes before and after dst[0..size) still hold the fill. */
static int guards_intact(const struct copy *st)
{
	for (int i = 1; i <= GUARD; i++)
		if (st->dst[-i] != 0xA5 || st->dst[st->size - 1 + (size_t)i] != 0xA5)
			return 0;
	return 1;
}

static int memcpy_verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	const struct copy *st = ctx->state;
	uint64_t calls = (uint64_t)ctx->ninputs * ctx->batch;

	for (size_t i = 0; i < st->size; i++)
		if (st->dst[i] != st->src[i])
			return -1;
	return guards_intact(st) && checksum == calls * (uint64_t)(uintptr_t)st->dst ? 0 : -1;
}

static int memset_verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	const struct copy *st = ctx->state;
	uint8_t last = (uint8_t)ctx->inputs[ctx->ninputs - 1];
	uint64_t calls = (uint64_t)ctx->ninputs * ctx->batch;

	for (size_t i = 0; i < st->size; i++)
		if (st->dst[i] != last)
			return -1;
	return guards_intact(st) && checksum == calls * (uint64_t)(uintptr_t)st->dst ? 0 : -1;
}

/* 8 B to 1 MiB. memcpy.size=a,b,c replaces the list. */
static const int64_t copy_sizes[] = { 8, 64, 512, 4096, 32768, 262144, 1048576 };
#define COPY_SWEEP { "size", copy_sizes, sizeof(copy_sizes) / sizeof(copy_sizes[0]) }
#define COPY_UNIT .unit = "byte", .per_call_param = "size", .samples = 50, .warmup = 5

BENCH(memcpy, .setup = copy_setup, .run = memcpy_run, .verify = memcpy_verify,
      .params = aligned_params, .sweep = COPY_SWEEP, COPY_UNIT,
      .description = "memcpy() of size= bytes, aligned");
BENCH(memcpy_misaligned, .setup = copy_setup, .run = memcpy_run, .verify = memcpy_verify,
      .params = misaligned_params, .sweep = COPY_SWEEP, COPY_UNIT,
      .description = "memcpy() of size= bytes, src +1, dst +3");
BENCH(memset, .setup = copy_setup, .run = memset_run, .verify = memset_verify,
      .input_range = 255, .params = aligned_params, .sweep = COPY_SWEEP, COPY_UNIT,
      .description = "memset() of size= bytes, aligned");
BENCH(memset_misaligned, .setup = copy_setup, .run = memset_run, .verify = memset_verify,
      .input_range = 255, .params = misaligned_params, .sweep = COPY_SWEEP, COPY_UNIT,
      .description = "memset() of size= bytes, dst +3");
