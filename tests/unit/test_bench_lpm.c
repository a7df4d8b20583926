/*
 * lpm_lookup's setup() and verify() (src/benches/lpm_lookup.c) on the host.
 *
 * setup() sizes the trie by the chunks the table needs, not by the arena:
 * before, it took every byte the arena had left (up to 2 chunks a prefix),
 * so in a parallel run (rvbench.parallel=1) the boot hart's setup left
 * nothing and the other harts' setups failed (tests/system/
 * test_realcode_lpm.sh shows it on QEMU). And verify() fails when a lookup
 * is wrong.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "bench_stub.h"

#include "benches/lpm_lookup.c"

#define MIB (1024u * 1024u)

static struct lcg rng;
static int64_t param_prefixes;
static uint64_t inputs[300];

static struct bench_ctx make_ctx(const struct bench *b, uint32_t prefixes, uint64_t seed)
{
	param_prefixes = prefixes;
	lcg_seed(&rng, seed);
	struct bench_ctx ctx = { .bench = b, .rng = &rng, .params = &param_prefixes,
				 .inputs = inputs, .ninputs = 300, .batch = 1,
				 .input_range = b->input_range };
	return ctx;
}

/* Chunks a table needs, by brute force: distinct /16s of prefixes longer
 * than 16 plus distinct /24s of prefixes longer than 24. */
static uint32_t chunks_brute(const struct lpm_prefix *t, uint32_t n, uint32_t *dup24)
{
	uint32_t c = 0;

	*dup24 = 0;
	for (uint32_t i = 0; i < n; i++) {
		int first16 = t[i].len > 16, first24 = t[i].len > 24, long24 = t[i].len > 24;
		for (uint32_t j = 0; j < i && (first16 || first24); j++) {
			if (t[j].len > 16 && (t[j].addr >> 16) == (t[i].addr >> 16))
				first16 = 0;
			if (t[j].len > 24 && (t[j].addr >> 8) == (t[i].addr >> 8))
				first24 = 0;
		}
		c += (uint32_t)first16 + (uint32_t)first24;
		*dup24 += (uint32_t)(long24 && !first24);
	}
	return c;
}

/* The trie takes what the table needs: every chunk allocated is used (but
 * for a /24 that two long prefixes share), the rest of the arena is left. */
static void trie_sized_by_the_table(void **s)
{
	(void)s;
	stub_arena_reset(32 * MIB);
	struct bench_ctx ctx = make_ctx(&rvbench_bench_lpm_lookup, 20000, 0x1234);
	assert_int_equal(lpm_setup(&ctx), 0);
	const struct lpm_state *st = ctx.state;
	uint32_t dup24;
	uint32_t need = chunks_brute(st->table, st->n, &dup24);
	assert_int_equal(st->trie.nchunks, need);
	assert_int_equal(st->trie.max_chunks, need + dup24);
	/* state, table, the /16 bitmap and the trie; nothing more */
	size_t used = 64 + (size_t)20000 * sizeof(struct lpm_prefix) + LPM_L1_ENTRIES / 8 +
		      lpm_trie_bytes(st->trie.max_chunks);
	assert_true(stub_arena_used <= used + 3 * 64);
	assert_true(bench_arena_free() >= 32 * MIB - used - 3 * 64);
}

/* Four harts' setups, one after the other in one arena, as
 * src/parallel.c runs them (each hart's table from its own seed): all fit
 * in 96 MiB, as they do on QEMU sifive_u's 128 MiB. */
static void four_setups_share_the_arena(void **s)
{
	(void)s;
	stub_arena_reset(96 * MIB);
	for (uint64_t hart = 1; hart <= 4; hart++) {
		struct bench_ctx ctx = make_ctx(&rvbench_bench_lpm_lookup, 20000, ~0x77ull ^ hart);
		int rc = lpm_setup(&ctx);
		if (rc)
			fail_msg("hart %d: setup %d: %s", (int)hart, rc, ctx.reason);
	}
}

/* An arena too small: skipped, with what the trie needs. */
static void too_small_is_skipped_with_the_need(void **s)
{
	(void)s;
	stub_arena_reset(8 * MIB);
	struct bench_ctx ctx = make_ctx(&rvbench_bench_lpm_lookup, 20000, 0x1234);
	assert_int_equal(lpm_setup(&ctx), BENCH_SKIPPED);
	/* the same table as trie_sized_by_the_table: its chunk count */
	struct lpm_prefix *t = calloc(20000, sizeof(*t));
	struct lcg g;
	lcg_seed(&g, 0x1234);
	lpm_table_generate(lcg_next(&g), 20000, t);
	uint32_t dup24;
	uint32_t max = chunks_brute(t, 20000, &dup24) + dup24;
	char want[96];
	snprintf(want, sizeof(want), "the trie of 20000 prefixes needs %lu KiB, the arena has %lu KiB",
		 (unsigned long)(lpm_trie_bytes(max) >> 10),
		 (unsigned long)((8 * MIB - 64 - 20000 * 8 - 8192 - 64) >> 10));
	free(t);
	assert_string_equal(ctx.reason, want);
}

/* verify(): the harness's checksum passes; a wrong next hop for one of
 * the inputs it scans, or a checksum off by one, fails. */
static void verify_fails_on_a_wrong_lookup(void **s)
{
	const struct bench *v[3] = { &rvbench_bench_lpm_lookup, &rvbench_bench_lpm_lookup_seq,
				     &rvbench_bench_lpm_lookup_fixed };
	(void)s;
	for (int k = 0; k < 3; k++) {
		stub_arena_reset(32 * MIB);
		struct bench_ctx ctx = make_ctx(v[k], 1000, 0x99);
		assert_int_equal(lpm_setup(&ctx), 0);
		assert_int_equal(inputs_fill(v[k]->inputs, 0x5eed, ctx.input_range, inputs, 300,
					     NULL, 0),
				 0);
		uint64_t sum = stub_checksum(v[k], &ctx);
		assert_int_equal(v[k]->verify(&ctx, sum), 0);
		assert_int_equal(v[k]->verify(&ctx, sum + 1), -1);
		/* corrupt the trie where the first input's destination ends */
		struct lpm_state *st = ctx.state;
		uint32_t dst = k == 0 ? (uint32_t)inputs[0]
			       : k == 1 ? st->base + (uint32_t)inputs[0] : FIXED_DST;
		uint32_t *e = &st->trie.l1[dst >> 16];
		if (*e & LPM_CHILD) {
			e = &st->trie.chunks[(*e & ~LPM_CHILD) * LPM_CHUNK + ((dst >> 8) & 0xFF)];
			if (*e & LPM_CHILD)
				e = &st->trie.chunks[(*e & ~LPM_CHILD) * LPM_CHUNK + (dst & 0xFF)];
		}
		*e = (*e % 65535) + 1 == *e ? *e + 1 : (*e % 65535) + 1;
		sum = stub_checksum(v[k], &ctx);
		assert_int_equal(v[k]->verify(&ctx, sum), -1);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(trie_sized_by_the_table),
		cmocka_unit_test(four_setups_share_the_arena),
		cmocka_unit_test(too_small_is_skipped_with_the_need),
		cmocka_unit_test(verify_fails_on_a_wrong_lookup),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	stub_arena_reset(0);
	return rc;
}
