/*
 * udiv's divisors (src/benches/udiv.c) on the host: of random magnitude,
 * so the quotients the divider computes have every length, not one
 * corner. Before, the divisor was the input + 1, uniform in [1, 2^32):
 * 15 in 16 had 29..32 bits, their quotients of DIVIDEND 32..36 bits. And
 * verify() still fails on a wrong checksum, and its long division agrees
 * with the divider for divisors of up to 64 bits, which it now meets.
 * tests/system/test_udiv_divisors.sh reads the cost of a call on QEMU.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "bench_stub.h"

#include "benches/udiv.c"

#define NINPUTS 1100 /* a default block: 100 warmup + 1000 samples */

static struct lcg rng;
static uint64_t inputs[NINPUTS];

static unsigned bit_length(uint64_t x)
{
	unsigned n = 0;

	for (; x; x >>= 1)
		n++;
	return n;
}

/* A default block of udiv, as the harness makes it: setup() from the
 * setup stream (seeded ~seed), NINPUTS inputs of the descriptor's kind
 * and range from seed. */
static struct bench_ctx block(uint64_t seed)
{
	const struct bench *b = &rvbench_bench_udiv;

	stub_arena_reset(1u << 20);
	lcg_seed(&rng, ~seed);
	struct bench_ctx ctx = { .bench = b, .rng = &rng, .inputs = inputs, .ninputs = NINPUTS,
				 .batch = 1, .input_range = b->input_range };
	if (b->setup)
		assert_int_equal(b->setup(&ctx), 0);
	assert_int_equal(inputs_fill(b->inputs, seed, ctx.input_range, inputs, NINPUTS, NULL, 0), 0);
	return ctx;
}

/* What run() returns, DIVIDEND / d + DIVIDEND % d, spreads over 32..64
 * bits (a d of L bits: the quotient has 64 - L or 65 - L bits, the
 * remainder up to L). With d uniform in [1, 2^32) 15 calls in 16 returned
 * 32..36 bits; now fewer than half do. Only run()'s results: this holds
 * whatever the benchmark keeps in its state. */
static void results_spread(void **s)
{
	(void)s;
	for (uint64_t seed = 1; seed <= 4; seed++) {
		struct bench_ctx ctx = block(seed * 0x9E3779B97F4A7C15ull);
		unsigned narrow = 0, wide = 0;
		for (uint32_t i = 0; i < NINPUTS; i++) {
			unsigned len = bit_length(rvbench_bench_udiv.run(ctx.state, inputs[i]));
			narrow += len >= 32 && len <= 36;
			wide += len >= 48;
		}
		if (narrow >= NINPUTS / 2 || wide < NINPUTS / 4)
			fail_msg("seed %lu: %u of %u results of 32..36 bits, %u of 48 or more",
				 (unsigned long)seed, narrow, NINPUTS, wide);
	}
}

/* The divisors the inputs pick: every bit length 1..64 in the table, and
 * the quotients of a block spread evenly: each quarter of 0..64 bits
 * holds at least a sixth of the calls (a quarter each when even). */
static void quotients_of_every_length(void **s)
{
	(void)s;
	assert_non_null(rvbench_bench_udiv.setup); /* the divisors are prepared */
	struct bench_ctx ctx = block(LCG_DEFAULT_SEED);
	const uint64_t *d = ctx.state;
	unsigned seen[65] = { 0 }, quarter[4] = { 0 };

	assert_int_equal(ctx.input_range, DIVISORS);
	for (unsigned i = 0; i < DIVISORS; i++) {
		assert_true(d[i] != 0);
		seen[bit_length(d[i])]++;
	}
	for (unsigned len = 1; len <= 64; len++)
		if (!seen[len])
			fail_msg("no divisor of %u bits among %u", len, DIVISORS);
	for (uint32_t i = 0; i < NINPUTS; i++) {
		unsigned q = bit_length(DIVIDEND / d[inputs[i]]);
		quarter[q == 0 ? 0 : (q - 1) / 16]++;
	}
	for (int k = 0; k < 4; k++)
		if (quarter[k] < NINPUTS / 6)
			fail_msg("quotients of %d..%d bits: %u calls of %u", k ? 16 * k + 1 : 0,
				 16 * (k + 1), quarter[k], NINPUTS);
}

/* The long division agrees with the divider, divisors of 64 bits and the
 * edges of the range included. (Its remainder never loses a bit to the
 * shift: before the step that brings in bit k of n, r is at most n >> k,
 * below 2^63.) */
static void long_division_is_the_divider(void **s)
{
	static const uint64_t edge[] = { 1, 2, 3, 0x7FFFFFFFFFFFFFFFull, 0x8000000000000000ull,
					 0x8000000000000001ull, DIVIDEND - 1, DIVIDEND,
					 DIVIDEND + 1, 0xFFFFFFFFFFFFFFFEull, 0xFFFFFFFFFFFFFFFFull };
	struct lcg g;
	uint64_t r;

	(void)s;
	lcg_seed(&g, 42);
	for (size_t i = 0; i < sizeof(edge) / sizeof(edge[0]); i++)
		for (size_t j = 0; j < sizeof(edge) / sizeof(edge[0]); j++) {
			uint64_t q = long_division(edge[i], edge[j], &r);
			assert_int_equal(q, edge[i] / edge[j]);
			assert_int_equal(r, edge[i] % edge[j]);
		}
	for (int i = 0; i < 100000; i++) {
		uint64_t n = lcg_next(&g), d = lcg_next(&g) >> lcg_below(&g, 64);
		if (!d)
			continue;
		uint64_t q = long_division(n, d, &r);
		assert_int_equal(q, n / d);
		assert_int_equal(r, n % d);
	}
}

/* verify(): the harness's checksum passes (batch 1 and 3); one off, or a
 * divisor changed after the calls, fails. */
static void verify_fails_on_a_wrong_result(void **s)
{
	(void)s;
	struct bench_ctx ctx = block(0x5eed);
	uint64_t sum = stub_checksum(&rvbench_bench_udiv, &ctx);

	assert_int_equal(rvbench_bench_udiv.verify(&ctx, sum), 0);
	assert_int_equal(rvbench_bench_udiv.verify(&ctx, sum + 1), -1);
	ctx.batch = 3;
	assert_int_equal(rvbench_bench_udiv.verify(&ctx, stub_checksum(&rvbench_bench_udiv, &ctx)), 0);
	ctx.batch = 1;
	((uint64_t *)ctx.state)[inputs[0]] ^= 1;
	assert_int_equal(rvbench_bench_udiv.verify(&ctx, sum), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(results_spread),
		cmocka_unit_test(quotients_of_every_length),
		cmocka_unit_test(long_division_is_the_divider),
		cmocka_unit_test(verify_fails_on_a_wrong_result),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	stub_arena_reset(0);
	return rc;
}
