/*
 * A block's input seed (src/common/input_seed.h): from the run's seed, the
 * benchmark's name and its parameters, never its block id; the host reads
 * the rule from RUN inputs_seed, recomputes older streams (no such field)
 * by block id, recomputes nothing under a rule it does not know, and
 * records the rule in meta.json.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector.h"
#include "collector_fixture.h"
#include "input_seed.h"
#include "inputs.h"
#include "test_main.h"

#define TAG 0x5eed0001u
#define SEED 0x1234u

/* The key of lpm_lookup with prefixes=1000: FNV-1a 64 of
 * "lpm_lookup\nprefixes=1000", from the published basis and prime, here
 * byte by byte and as a constant computed apart (Python). */
static void test_key_pinned(void **state)
{
	(void)state;
	uint64_t h = 0xcbf29ce484222325ull;
	const char *s = "lpm_lookup\nprefixes=1000";
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
	uint64_t key = input_key_param_i64(input_key_name("lpm_lookup"), "prefixes", 1000);
	assert_true(key == h);
	assert_true(key == 0x34b3a48e322f92c3ull);
	assert_true(input_seed(SEED, key) == (SEED ^ key));
	/* text and number give the same key; negative values too */
	assert_true(input_key_param(input_key_name("x"), "off", "-3") ==
		    input_key_param_i64(input_key_name("x"), "off", -3));
	assert_true(input_key_param(input_key_name("x"), "v", "-9223372036854775808") ==
		    input_key_param_i64(input_key_name("x"), "v", INT64_MIN));
}

/* The name, each parameter's name and value, and their order all count;
 * nothing else does. */
static void test_key_values(void **state)
{
	(void)state;
	uint64_t a = input_key_param_i64(input_key_name("memcpy"), "size", 4096);
	assert_true(a != input_key_param_i64(input_key_name("memcpy"), "size", 4095));
	assert_true(a != input_key_param_i64(input_key_name("memset"), "size", 4096));
	assert_true(a != input_key_param_i64(input_key_name("memcpy"), "len", 4096));
	assert_true(a != input_key_name("memcpy"));
	uint64_t ab = input_key_param_i64(input_key_param_i64(input_key_name("m"), "a", 1), "b", 2);
	uint64_t ba = input_key_param_i64(input_key_param_i64(input_key_name("m"), "b", 2), "a", 1);
	assert_true(ab != ba);
	/* "a=12" is not "a=1" followed by something that spells "2" */
	assert_true(input_key_param(input_key_name("m"), "a", "12") !=
		    input_key_param(input_key_param(input_key_name("m"), "a", "1"), "", "2"));
}

/* Two blocks of crc32 with parameter n=8 at ids 0 and 3 of a run, and a
 * third block with n=9; rule: the inputs_seed field ("" for none). */
static struct collector *three_blocks(const char *rule)
{
	char line[WIRE_LINE_MAX + 1], all[6 * (WIRE_LINE_MAX + 1)] = "";
	char run[128];

	snprintf(run, sizeof(run), "fmt=1 seed=0x%x benches=3%s%s", SEED, *rule ? " inputs_seed=" : "",
		 rule);
	strcat(all, wire_line(line, TAG, 0, WIRE_REC_RUN, "%s", run));
	static const char *const blk[3] = {
		"id=0 name=crc32 hart=1 group=0 batch=1 warmup=0 samples=8 input_range=4096"
		" oh_cycles=0 oh_instret=0 p.n=8",
		"id=1 name=crc32 hart=1 group=0 batch=1 warmup=0 samples=8 input_range=4096"
		" oh_cycles=0 oh_instret=0 p.n=9",
		"id=2 name=crc32 hart=1 group=0 batch=1 warmup=0 samples=8 input_range=4096"
		" oh_cycles=0 oh_instret=0 p.n=8",
	};
	for (unsigned i = 0; i < 3; i++)
		strcat(all, wire_line(line, TAG, i + 1, WIRE_REC_BENCH, "%s", blk[i]));
	return decode(all, strlen(all), strlen(all));
}

static void expect_inputs(uint64_t seed, const uint64_t *got)
{
	uint64_t want[8], scratch[8];
	assert_int_equal(inputs_fill(INPUT_RANGE, seed, 4096, want, 8, scratch, 8), 0);
	assert_memory_equal(got, want, sizeof(want));
}

static void test_host_by_name(void **state)
{
	(void)state;
	struct collector *c = three_blocks(INPUT_SEED_RULE_NAME);
	const struct coll_run *r = &c->runs[0];
	uint64_t in[3][8];

	assert_int_equal(r->inputs_seed, COLL_SEED_BY_NAME);
	for (unsigned i = 0; i < 3; i++)
		assert_int_equal(coll_bench_inputs(r, &r->bench[i], in[i], 8), 8);
	assert_memory_equal(in[0], in[2], sizeof(in[0])); /* same name and n: same data */
	assert_memory_not_equal(in[0], in[1], sizeof(in[0]));
	expect_inputs(input_seed(SEED, input_key_param(input_key_name("crc32"), "n", "8")), in[0]);
	expect_inputs(input_seed(SEED, input_key_param(input_key_name("crc32"), "n", "9")), in[1]);
	char *meta = meta_src(c, NULL);
	assert_non_null(strstr(meta, "\"inputs_seed\": \"name-params\""));
	free(meta);
	collector_free(c);
}

/* A stream of older firmware: every block seeded by its id. */
static void test_host_by_block(void **state)
{
	(void)state;
	struct collector *c = three_blocks("");
	const struct coll_run *r = &c->runs[0];
	uint64_t in[8];

	assert_int_equal(r->inputs_seed, COLL_SEED_BY_BLOCK);
	for (unsigned i = 0; i < 3; i++) {
		assert_int_equal(coll_bench_inputs(r, &r->bench[i], in, 8), 8);
		expect_inputs(input_seed_by_block(SEED, i), in);
	}
	char *meta = meta_src(c, NULL);
	assert_non_null(strstr(meta, "\"inputs_seed\": \"block-id\""));
	free(meta);
	collector_free(c);
}

/* A rule this host does not know: no input is made up. */
static void test_host_unknown_rule(void **state)
{
	(void)state;
	struct collector *c = three_blocks("by-moon-phase");
	const struct coll_run *r = &c->runs[0];
	uint64_t in[8];

	assert_int_equal(r->inputs_seed, COLL_SEED_UNKNOWN);
	assert_int_equal(coll_bench_inputs(r, &r->bench[0], in, 8), 0);
	char *meta = meta_src(c, NULL);
	assert_non_null(strstr(meta, "\"inputs_seed\": \"by-moon-phase\""));
	free(meta);
	collector_free(c);
}

TEST_MAIN(cmocka_unit_test(test_key_pinned), cmocka_unit_test(test_key_values),
	  cmocka_unit_test(test_host_by_name), cmocka_unit_test(test_host_by_block),
	  cmocka_unit_test(test_host_unknown_rule))
