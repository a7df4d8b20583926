/*
 * lpm_lookup_seq walks the trie as deep as lpm_lookup does
 * (src/benches/lpm_lookup.c, seq_base()): its consecutive destinations
 * start at the first address of the /16 of a prefix of length 17..24 of
 * the table, so that /16 has a second-level chunk and each lookup is two
 * dependent loads, as most random destinations are. Before, the base was seed >> 32, an address
 * drawn from all 2^32: at the default seed its /16 had no chunk, every
 * lookup was one load (10 instructions under -icount against lpm_lookup's
 * 22), and "too regular dataset" measured a shorter path, not a
 * better-cached one. tests/system/test_lpm_seq_path.sh checks the
 * instruction count on QEMU.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "bench_stub.h"

#include "benches/lpm_lookup.c"
#include "input_seed.h"

#define MIB (1024u * 1024u)
#define NINPUTS 1100 /* a default block: 100 warmup + 1000 samples */

static struct lcg rng;
static int64_t param_prefixes;
static uint64_t inputs[NINPUTS];

/* setup() as the harness calls it for lpm_lookup_seq with prefixes=n in a
 * run of run_seed: the setup stream seeded with ~block_seed
 * (src/common/input_seed.h), sequential inputs 0..NINPUTS-1. */
static const struct lpm_state *seq_setup(uint64_t run_seed, uint32_t n)
{
	uint64_t block_seed = input_seed(
		run_seed, input_key_param_i64(input_key_name("lpm_lookup_seq"), "prefixes", n));

	stub_arena_reset(64 * MIB);
	param_prefixes = n;
	lcg_seed(&rng, ~block_seed);
	struct bench_ctx ctx = { .bench = &rvbench_bench_lpm_lookup_seq, .rng = &rng,
				 .params = &param_prefixes, .inputs = inputs, .ninputs = NINPUTS,
				 .batch = 1, .input_range = rvbench_bench_lpm_lookup_seq.input_range };
	assert_int_equal(lpm_setup(&ctx), 0);
	assert_int_equal(inputs_fill(rvbench_bench_lpm_lookup_seq.inputs, block_seed,
				     ctx.input_range, inputs, NINPUTS, NULL, 0),
			 0);
	return ctx.state;
}

/* The dependent loads lpm_trie_lookup() makes for dst: 1, 2 or 3. */
static int loads(const struct lpm_trie *t, uint32_t dst)
{
	uint32_t e = t->l1[dst >> 16];

	if (!(e & LPM_CHILD))
		return 1;
	e = t->chunks[(e & ~LPM_CHILD) * LPM_CHUNK + ((dst >> 8) & 0xFF)];
	return e & LPM_CHILD ? 3 : 2;
}

/* The base starts the /16 of a prefix of length 17..24 of the table, so
 * it has a second level, and the block's destinations stay in it. */
static void base_is_a_prefix_with_a_second_level(const struct lpm_state *st)
{
	int found = 0;

	for (uint32_t i = 0; i < st->n && !found; i++)
		found = (st->table[i].addr & 0xFFFF0000u) == st->base && st->table[i].len >= 17 &&
			st->table[i].len <= 24;
	if (!found)
		fail_msg("base 0x%08lx is not the /16 of a prefix of length 17..24 of the table",
			 (unsigned long)st->base);
	assert_int_equal(st->base & 0xFFFF, 0);
	assert_true(st->trie.l1[st->base >> 16] & LPM_CHILD);
}

/* Every destination of the block, base + input, takes two loads. */
static void every_lookup_two_loads(const struct lpm_state *st)
{
	for (uint32_t i = 0; i < NINPUTS; i++) {
		uint32_t dst = st->base + (uint32_t)inputs[i];
		if (loads(&st->trie, dst) != 2)
			fail_msg("input %lu: 0x%08lx takes %d loads, not 2", (unsigned long)i,
				 (unsigned long)dst, loads(&st->trie, dst));
	}
}

/* The default run's block (prefixes=100000) and test_suite.sh's
 * (seed 0x1234abcd, prefixes=1000): the base's /16 has a second level and
 * all 1100 destinations walk it, two loads each: the 23 instructions
 * tests/system/test_lpm_seq_path.sh reads on QEMU. (With the prefix's own
 * address as the base, 0x1234abcd's was 0x2172ff00: from input 256 on,
 * 0x2173xxxx, a /16 without a second level, one load.) */
static void default_blocks_walk_two_levels(void **s)
{
	(void)s;
	const struct lpm_state *st = seq_setup(LCG_DEFAULT_SEED, 100000);
	every_lookup_two_loads(st);
	base_is_a_prefix_with_a_second_level(st);
	st = seq_setup(LCG_DEFAULT_SEED, 1000);
	every_lookup_two_loads(st);
	base_is_a_prefix_with_a_second_level(st);
	st = seq_setup(0x1234abcd, 1000);
	every_lookup_two_loads(st);
	base_is_a_prefix_with_a_second_level(st);
}

/* At any seed and table size the base is such a /16 (a random address
 * lands in a /16 without a second level about 3 times in 4 at 20000
 * prefixes). */
static void any_seed_base_is_a_prefix(void **s)
{
	static const uint32_t sizes[] = { 1000, 20000 };
	(void)s;
	for (uint64_t seed = 1; seed <= 16; seed++)
		base_is_a_prefix_with_a_second_level(seq_setup(seed * 0x9E3779B97F4A7C15ull,
							       sizes[seed % 2]));
}

/* The setup stream: the table's seed first (lpm_table_seed()), then the
 * base's index; lpm_lookup and lpm_lookup_fixed draw the same, so their
 * tables are what they were. */
static void table_seed_unchanged(void **s)
{
	(void)s;
	uint64_t block_seed = input_seed(
		LCG_DEFAULT_SEED, input_key_param_i64(input_key_name("lpm_lookup_seq"), "prefixes", 1000));
	const struct lpm_state *st = seq_setup(LCG_DEFAULT_SEED, 1000);
	struct lpm_prefix *t = calloc(1000, sizeof(*t));
	assert_non_null(t);
	lpm_table_generate(lpm_table_seed(block_seed), 1000, t);
	assert_memory_equal(t, st->table, 1000 * sizeof(*t));
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(default_blocks_walk_two_levels),
		cmocka_unit_test(any_seed_base_is_a_prefix),
		cmocka_unit_test(table_seed_unchanged),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	stub_arena_reset(0);
	return rc;
}
