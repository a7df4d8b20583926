/*
 * The branch predictor: 64 conditional branches per call, one per bit of
 * a 64-bit word (taken when the bit is 1). The three variants run the same
 * code on different bits:
 *
 *   branch_random   LCG-random bits: about half mispredicted, the cost a
 *                   data-dependent branch really has.
 *   branch_pattern  a repeating pattern, `period` bits long (half taken,
 *                   half not): regular data a history predictor learns,
 *                   seed 000's "too regular dataset".
 *   branch_always   every branch taken.
 *
 * Both sides of the branch are three instructions, so instret is the same
 * whatever the bits: under -icount all three measure alike, and on a board
 * the difference between them is the misprediction cost alone.
 */
#include "rvbench.h"

#define WORDS 4096

static const struct bench_param pattern_params[] = {
	{ "period", 4, 2, 64, "pattern length in branches: period/2 taken, then period/2 not" },
	{ NULL, 0, 0, 0, NULL },
};

/* Word i of the state is what input i branches on. */
static uint64_t *words_alloc(struct bench_ctx *ctx)
{
	uint64_t *w = bench_alloc(ctx, WORDS * sizeof(*w), 64);
	ctx->state = w;
	return w;
}

static int random_setup(struct bench_ctx *ctx)
{
	uint64_t *w = words_alloc(ctx);
	if (!w)
		return -1;
	for (unsigned i = 0; i < WORDS; i++)
		w[i] = lcg_next(ctx->rng);
	return 0;
}

/* The pattern runs on across words and calls, as one long periodic stream
 * (period need not divide 64). */
static int pattern_setup(struct bench_ctx *ctx)
{
	uint64_t *w = words_alloc(ctx);
	uint64_t period = (uint64_t)bench_param(ctx, "period"), bit = 0;
	if (!w)
		return -1;
	for (unsigned i = 0; i < WORDS; i++) {
		w[i] = 0;
		for (unsigned b = 0; b < 64; b++, bit++)
			w[i] |= (uint64_t)(bit % period < period / 2) << b;
	}
	return 0;
}

static int always_setup(struct bench_ctx *ctx)
{
	uint64_t *w = words_alloc(ctx);
	if (!w)
		return -1;
	for (unsigned i = 0; i < WORDS; i++)
		w[i] = ~0ull;
	return 0;
}

/* The code under test: x counts 2 per taken and 1 per not-taken branch. */
static uint64_t branch_run(void *state, uint64_t input)
{
	uint64_t w = ((const uint64_t *)state)[input], x = 0, n = 64, t;

	__asm__("1:\n"
		"andi %3, %1, 1\n"
		"bnez %3, 2f\n"
		"addi %0, %0, 1\n" /* not taken: bnez, addi, j */
		"j 3f\n"
		"2:\n"
		"addi %0, %0, 2\n" /* taken: bnez, addi, nop */
		"nop\n"
		"3:\n"
		"srli %1, %1, 1\n"
		"addi %2, %2, -1\n"
		"bnez %2, 1b\n"
		: "+r"(x), "+r"(w), "+r"(n), "=&r"(t));
	return x;
}

static int branch_verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	const uint64_t *w = ctx->state;
	uint64_t expect = 0;

	for (uint32_t i = 0; i < ctx->ninputs; i++)
		expect += (64 + (uint64_t)__builtin_popcountll(w[ctx->inputs[i]])) * ctx->batch;
	return checksum == expect ? 0 : -1;
}

BENCH(branch_random, .setup = random_setup, .run = branch_run, .verify = branch_verify,
      .input_range = WORDS, .description = "64 branches on LCG-random bits");
BENCH(branch_pattern, .setup = pattern_setup, .run = branch_run, .verify = branch_verify,
      .inputs = INPUT_SEQUENTIAL, .input_range = WORDS, .params = pattern_params,
      .description = "64 branches on a repeating pattern (period=)");
BENCH(branch_always, .setup = always_setup, .run = branch_run, .verify = branch_verify,
      .input_range = WORDS, .description = "64 branches, always taken");
