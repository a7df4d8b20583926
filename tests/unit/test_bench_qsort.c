/*
 * qsort's prepare(), run() and verify() (src/benches/qsort.c) on the host.
 * run() is qsort() alone: the copy of the input's array is prepare()'s,
 * outside the measured interval (before, run() copied inside it). verify()
 * fails on a wrong median or an unsorted last result.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "bench_stub.h"

#include "benches/qsort.c"

static struct lcg rng;
static int64_t param_n;
static uint64_t inputs[200];

static struct bench_ctx setup_n(uint32_t n)
{
	param_n = n;
	lcg_seed(&rng, 0xabcdef);
	stub_arena_reset(1u << 20);
	struct bench_ctx ctx = { .bench = &rvbench_bench_qsort, .rng = &rng, .params = &param_n,
				 .inputs = inputs, .ninputs = 200, .batch = 2,
				 .input_range = rvbench_bench_qsort.input_range };
	assert_int_equal(qsort_setup(&ctx), 0);
	assert_int_equal(inputs_fill(INPUT_RANGE, 7, ctx.input_range, inputs, 200, NULL, 0), 0);
	return ctx;
}

/* run() sorts what prepare() copied, and only that: the source changed
 * after prepare() does not change what run() returns. */
static void run_is_the_sort_alone(void **s)
{
	(void)s;
	assert_non_null(rvbench_bench_qsort.prepare);
	struct bench_ctx ctx = setup_n(5);
	struct qsort_state *st = ctx.state;
	const uint32_t v[5] = { 50, 10, 40, 20, 30 };
	memcpy(st->src + 3 * 5, v, sizeof(v));
	rvbench_bench_qsort.prepare(st, 0, 3);
	memset(st->src + 3 * 5, 0, sizeof(v));
	assert_int_equal(rvbench_bench_qsort.run(st, 3), 30);
	for (int i = 0; i < 5; i++)
		assert_int_equal(st->work[i], 10 * (i + 1));
}

static void verify_passes_and_fails(void **s)
{
	(void)s;
	for (uint32_t n = 2; n <= 64; n += 31) {
		struct bench_ctx ctx = setup_n(n);
		struct qsort_state *st = ctx.state;
		uint64_t sum = stub_checksum(&rvbench_bench_qsort, &ctx);
		assert_int_equal(qsort_verify(&ctx, sum), 0);
		assert_int_equal(qsort_verify(&ctx, sum - 1), -1);
		/* the last call's result unsorted */
		uint32_t t = st->work[0];
		st->work[0] = st->work[n - 1];
		st->work[n - 1] = t;
		assert_int_equal(qsort_verify(&ctx, sum), -1);
	}
}

/* setup() on an arena too small skips with the need in its reason; a
 * reason longer than the field (bench_reason.c, the firmware's) is cut
 * with "..." where it was cut, a short one kept whole. */
static void skip_reasons(void **s)
{
	(void)s;
	param_n = 1024;
	lcg_seed(&rng, 1);
	stub_arena_reset(64 << 10);
	struct bench_ctx ctx = { .bench = &rvbench_bench_qsort, .rng = &rng, .params = &param_n };
	assert_int_equal(qsort_setup(&ctx), BENCH_SKIPPED);
	assert_string_equal(ctx.reason, "n=1024: 64 arrays need 260 KiB, the arena has 63 KiB");

	char longer[200];
	memset(longer, 'x', sizeof(longer) - 1);
	longer[sizeof(longer) - 1] = '\0';
	assert_int_equal(bench_fail(&ctx, "%s", longer), -1);
	assert_int_equal(strlen(ctx.reason), sizeof(ctx.reason) - 1);
	assert_string_equal(ctx.reason + sizeof(ctx.reason) - 4, "...");
	assert_int_equal(ctx.reason[sizeof(ctx.reason) - 5], 'x');
	longer[sizeof(ctx.reason) - 1] = '\0'; /* exactly fits: kept whole */
	assert_int_equal(bench_skip(&ctx, "%s", longer), BENCH_SKIPPED);
	assert_string_equal(ctx.reason, longer);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(run_is_the_sort_alone),
		cmocka_unit_test(verify_passes_and_fails),
		cmocka_unit_test(skip_reasons),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	stub_arena_reset(0);
	return rc;
}
