/*
 * The worked example of docs/writing-benchmarks.md: a function of "yours"
 * (an integer square root), measured on values prepared before measuring,
 * and checked. Build it into the image from outside the tree:
 *
 *   make BENCH_DIR=examples/first-bench
 *   build/host/rvbench qemu --icount 0 --bootargs 'rvbench.run=isqrt' build/rvbench.elf
 */
#include "rvbench.h"

#define VALUES 4096 /* prepared operands; the input picks one */

/* The code to measure: floor(sqrt(x)), one result bit per step. */
static uint32_t isqrt(uint64_t x)
{
	uint64_t r = 0;

	for (uint64_t bit = 1ull << 62; bit; bit >>= 2) {
		if (x >= r + bit) {
			x -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
	}
	return (uint32_t)r;
}

/* A run-time parameter: isqrt.bits=N (checked against 1..64 at boot). */
static const struct bench_param params[] = {
	{ "bits", 32, 1, 64, "operand width in bits" },
	{ NULL, 0, 0, 0, NULL },
};

/* Before measuring: VALUES random operands of `bits` bits, from the LCG. */
static int setup(struct bench_ctx *ctx)
{
	int bits = (int)bench_param(ctx, "bits");
	uint64_t *v = bench_alloc(ctx, VALUES * sizeof(*v), 64);

	if (!v)
		return bench_fail(ctx, "no room for %d operands", VALUES);
	for (int i = 0; i < VALUES; i++)
		v[i] = lcg_next(ctx->rng) >> (64 - bits);
	ctx->state = v;
	return 0;
}

/* Measured: one call. Return what the work produced; the harness sums it. */
static uint64_t run(void *state, uint64_t input)
{
	const uint64_t *v = state;
	return isqrt(v[input]);
}

/* After measuring: every call's answer, checked without isqrt(). */
static int verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	const uint64_t *v = ctx->state;
	uint64_t expect = 0;

	for (uint32_t i = 0; i < ctx->ninputs; i++) {
		uint64_t x = v[ctx->inputs[i]], r = isqrt(x);
		if (r * r > x || (r + 1) * (r + 1) <= x) /* r = floor(sqrt(x)) */
			return -1;
		expect += r * ctx->batch;
	}
	return checksum == expect ? 0 : -1;
}

BENCH(isqrt, .setup = setup, .run = run, .verify = verify, .params = params,
      .input_range = VALUES, .samples = 2000, .warmup = 50,
      .description = "example: integer square root of a random operand");
