/*
 * A 64-bit unsigned division and remainder by an LCG-random divisor (the
 * U54's divider takes a time that depends on its operands, so a fixed
 * divisor would show one point of a distribution). verify() redoes every
 * call with shift-and-subtract long division, independent of the divider.
 */
#include "rvbench.h"

#define DIVIDEND 0xFEDCBA9876543210ull

static uint64_t udiv_run(void *state, uint64_t input)
{
	uint64_t d = input + 1; /* inputs are in [0, range): never 0 */

	(void)state;
	return DIVIDEND / d + DIVIDEND % d;
}

static uint64_t long_division(uint64_t n, uint64_t d, uint64_t *rem)
{
	uint64_t q = 0, r = 0;

	for (int bit = 63; bit >= 0; bit--) {
		r = (r << 1) | ((n >> bit) & 1);
		if (r >= d) {
			r -= d;
			q |= 1ull << bit;
		}
	}
	*rem = r;
	return q;
}

static int udiv_verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	uint64_t expect = 0, r;

	for (uint32_t i = 0; i < ctx->ninputs; i++)
		expect += (long_division(DIVIDEND, ctx->inputs[i] + 1, &r) + r) * ctx->batch;
	return checksum == expect ? 0 : -1;
}

BENCH(udiv, .run = udiv_run, .verify = udiv_verify, .input_range = 0xFFFFFFFFu,
      .description = "64-bit divu + remu by an LCG-random divisor");
