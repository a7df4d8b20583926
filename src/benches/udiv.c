/*
 * A 64-bit unsigned division and remainder by an LCG-random divisor (the
 * U54's divider takes a time that depends on its operands, so a fixed
 * divisor would show one point of a distribution). verify() redoes every
 * call with shift-and-subtract long division, independent of the divider.
 *
 * The divisor's magnitude is random too: setup() prepares DIVISORS
 * divisors whose bit length is itself uniform in 1..64 (the top bit set,
 * the bits below it random), and the input picks one, so quotients of
 * every length 0..64 occur about equally often. A divisor uniform in
 * [1, 2^32) (the input + 1, as it was) has 29..32 bits 15 times in 16,
 * so 15/16 of the quotients had 32..36 bits: one corner of the
 * distribution. DIVISORS x 8 bytes (4 KiB) stay in the L1 data cache;
 * the fetch costs a call 3 instructions (sll, add, ld) where the input +
 * 1 cost 1: 8 under -icount, was 6 (tests/system/test_udiv_divisors.sh).
 */
#include "rvbench.h"

#define DIVIDEND 0xFEDCBA9876543210ull
#define DIVISORS 512

static int udiv_setup(struct bench_ctx *ctx)
{
	uint64_t *d = bench_alloc(ctx, DIVISORS * sizeof(*d), 64);

	if (!d)
		return bench_fail(ctx, "no room for %u divisors", DIVISORS);
	for (unsigned i = 0; i < DIVISORS; i++) {
		unsigned bits = 1 + lcg_below(ctx->rng, 64); /* 1..64 */
		uint64_t top = 1ull << (bits - 1);
		d[i] = top | (lcg_next(ctx->rng) & (top - 1)); /* exactly `bits` bits: never 0 */
	}
	ctx->state = d;
	return 0;
}

static uint64_t udiv_run(void *state, uint64_t input)
{
	uint64_t d = ((const uint64_t *)state)[input];

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
	const uint64_t *d = ctx->state;
	uint64_t expect = 0, r;

	for (uint32_t i = 0; i < ctx->ninputs; i++)
		expect += (long_division(DIVIDEND, d[ctx->inputs[i]], &r) + r) * ctx->batch;
	return checksum == expect ? 0 : -1;
}

BENCH(udiv, .setup = udiv_setup, .run = udiv_run, .verify = udiv_verify,
      .input_range = DIVISORS,
      .description = "64-bit divu + remu by an LCG-random divisor of random bit length");
