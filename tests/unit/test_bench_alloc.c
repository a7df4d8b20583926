/*
 * alloc's setup(), run() and verify() (src/benches/alloc.c) on the host,
 * with the host's malloc: verify() passes after real calls, and fails when
 * a live block's guard bytes were touched (what an allocator handing out
 * overlapping memory, or writing its free list into a block in use,
 * would do), or when a call got no block.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "bench_stub.h"

#include "benches/alloc.c"

static struct lcg rng;
static int64_t param_live;
static uint64_t inputs[100];

static struct bench_ctx setup_live(uint32_t live)
{
	param_live = live;
	lcg_seed(&rng, 0x5eed);
	stub_arena_reset(1u << 20);
	struct bench_ctx ctx = { .bench = &rvbench_bench_alloc, .rng = &rng, .params = &param_live,
				 .inputs = inputs, .ninputs = 100, .batch = 2,
				 .input_range = rvbench_bench_alloc.input_range };
	assert_int_equal(alloc_setup(&ctx), 0);
	assert_int_equal(inputs_fill(INPUT_RANGE, 3, ctx.input_range, inputs, 100, NULL, 0), 0);
	return ctx;
}

static uint64_t run_all(struct bench_ctx *ctx)
{
	uint64_t sum = 0;
	for (uint32_t i = 0; i < ctx->ninputs; i++)
		for (uint32_t b = 0; b < ctx->batch; b++)
			sum += alloc_run(ctx->state, ctx->inputs[i]);
	return sum;
}

static void verify_passes_and_fails(void **s)
{
	(void)s;
	struct bench_ctx ctx = setup_live(64);
	struct alloc_state *st = ctx.state;
	assert_int_equal(st->nlive, 64);
	uint64_t sum = run_all(&ctx);
	assert_int_equal(alloc_verify(&ctx, sum), 0);
	/* a call that got no block: the sizes do not add up */
	assert_int_equal(alloc_verify(&ctx, sum - st->size[inputs[0]]), -1);
	/* a live block's last byte overwritten */
	uint8_t *last = (uint8_t *)st->live[17] + st->live_size[17] - 1;
	*last ^= 1;
	assert_int_equal(alloc_verify(&ctx, sum), -1);
	*last ^= 1;
	assert_int_equal(alloc_verify(&ctx, sum), 0);
	/* and its first */
	((uint8_t *)st->live[40])[0] ^= 0x80;
	assert_int_equal(alloc_verify(&ctx, sum), -1);
	((uint8_t *)st->live[40])[0] ^= 0x80;
	alloc_teardown(&ctx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(verify_passes_and_fails),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	stub_arena_reset(0);
	return rc;
}
