/*
 * crc32's setup(), run() and verify() (src/benches/crc32.c) on the host:
 * run() is the zlib/Ethernet CRC-32 (the check value of "123456789", and
 * the host's own crc32_of() at every window), and verify(), which redoes
 * every call bit by bit, fails when run()'s table is wrong.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "bench_stub.h"

#include "benches/crc32.c"

#include "crc.h"

static struct lcg rng;
static uint64_t inputs[300];

static struct bench_ctx setup(void)
{
	lcg_seed(&rng, 42);
	stub_arena_reset(1u << 20);
	struct bench_ctx ctx = { .bench = &rvbench_bench_crc32, .rng = &rng, .inputs = inputs,
				 .ninputs = 300, .batch = 3,
				 .input_range = rvbench_bench_crc32.input_range };
	assert_int_equal(crc32_setup(&ctx), 0);
	assert_int_equal(inputs_fill(INPUT_RANGE, 9, ctx.input_range, inputs, 300, NULL, 0), 0);
	return ctx;
}

static void run_is_crc32(void **s)
{
	(void)s;
	struct bench_ctx ctx = setup();
	struct crc32_state *st = ctx.state;
	assert_int_equal(crc32_bitwise((const uint8_t *)"123456789", 9), 0xCBF43926u);
	for (uint32_t off = 0; off < BUF_SIZE; off += 7)
		assert_int_equal(crc32_run(st, off), crc32_of(st->buf + off, WINDOW));
}

static void verify_fails_on_a_wrong_table(void **s)
{
	(void)s;
	struct bench_ctx ctx = setup();
	struct crc32_state *st = ctx.state;
	uint64_t sum = stub_checksum(&rvbench_bench_crc32, &ctx);
	assert_int_equal(crc32_verify(&ctx, sum), 0);
	assert_int_equal(crc32_verify(&ctx, sum + 1), -1);
	st->table[0x5a] ^= 1u << 20;
	assert_int_equal(crc32_verify(&ctx, stub_checksum(&rvbench_bench_crc32, &ctx)), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(run_is_crc32),
		cmocka_unit_test(verify_fails_on_a_wrong_table),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	stub_arena_reset(0);
	return rc;
}
