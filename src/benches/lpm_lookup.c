/*
 * IPv4 longest-prefix-match route lookup: rvbench's counterpart of seed
 * 000's fib_lookup() benchmark, in three variants that differ only in the
 * destinations, so the traps of seed 000 show side by side:
 *
 *   lpm_lookup        LCG-random destinations: the honest number.
 *   lpm_lookup_seq    consecutive destinations from the start of the /16
 *                     of a random prefix of length 17..24: "too regular
 *                     dataset", each lookup walks the same two levels as
 *                     most random ones but finds the cache lines the
 *                     previous one loaded.
 *   lpm_lookup_fixed  8.8.8.8 every time, seed 000's first attempt: "too
 *                     small dataset", one path through the table, always
 *                     in L1.
 *
 * Parameter prefixes= sizes the table (1 k .. 500 k): a small table fits in
 * the caches whatever the destinations. The table and the DIR-16-8-8 trie
 * are built in setup() from the LCG by src/common/lpm_table.c, which the
 * host shares: tests/unit/test_lpm_reference.c recomputes the block's
 * checksum (sum of the next hops) with a linear scan over all prefixes.
 *
 * Provenance: the lookup is not the kernel's. Linux's fib_lookup() walks an
 * LC-trie (net/ipv4/fib_trie.c, GPL-2.0); this is a DIR-16-8-8 table, the
 * scheme of Gupta, Lin and McKeown ("Routing Lookups in Hardware at Memory
 * Access Speeds", INFOCOM 1998), written for rvbench from that description
 * (src/common/lpm_table.c): no kernel code, rvbench's licence.
 */
#include "rvbench.h"

#include <stdio.h>

#include "lpm_table.h"

#define FIXED_DST 0x08080808u /* 8.8.8.8 */
#define VERIFY_SCANS 64       /* inputs re-checked by linear scan on target */

static const struct bench_param lpm_params[] = {
	{ "prefixes", 100000, 1000, 500000, "routing table size" },
	{ NULL, 0, 0, 0, NULL },
};

struct lpm_state {
	struct lpm_trie trie;
	const struct lpm_prefix *table;
	uint32_t n;
	uint32_t base; /* lpm_lookup_seq: first destination (seq_base()) */
};

/*
 * lpm_lookup_seq's first destination: the first address of the /16 of a
 * prefix of length 17..24, the first such prefix at or after a random
 * index of the table (cyclically). That /16 has a second-level chunk, so
 * consecutive destinations from its start stay in it for 65536 lookups,
 * far more than a block's inputs, and walk two levels as most random ones
 * do (lpm_lookup: 22 instructions; three levels in a /24 that holds a
 * prefix longer than 24, for both): seq against rand differs in the order
 * of the addresses, not in the work. A base drawn from all 2^32 addresses (as it
 * was) fell, at the default seed, in a /16 without a chunk: every lookup
 * one load, 10 instructions, a shorter path passed off as a better-cached
 * one. The prefix's own address would not do either: one in the last /24
 * of its /16 (seed 0x1234abcd, prefixes=1000) leaves it after 256 lookups.
 * The index is the setup stream's draw after the table's seed
 * (tests/unit/test_lpm_reference.c draws it the same way). Returns -1 when
 * the table has no such prefix (of n >= 1000, 89 % are 17..24 long).
 */
static int seq_base(struct lcg *rng, const struct lpm_prefix *table, uint32_t n, uint32_t *base)
{
	uint32_t start = lcg_below(rng, n);

	for (uint32_t k = 0; k < n; k++) {
		const struct lpm_prefix *p = &table[(start + k) % n];
		if (p->len >= 17 && p->len <= 24) {
			*base = p->addr & 0xFFFF0000u;
			return 0;
		}
	}
	return -1;
}

/*
 * The chunks the trie of table[0..n) needs: one per /16 that holds a
 * prefix longer than 16 (counted exactly, with a bitmap of the 65536 /16s),
 * plus at most one per prefix longer than 24 (its /24). Sizing the trie by
 * this, not by the worst case of lpm_trie_max_chunks() (2 n) nor by all the
 * arena has left, leaves the arena to the other harts of a parallel run,
 * each of which builds a table of its own.
 */
static uint32_t chunks_needed(const struct lpm_prefix *table, uint32_t n, uint8_t *seen16)
{
	uint32_t l2 = 0, l3 = 0;

	for (uint32_t i = 0; i < LPM_L1_ENTRIES / 8; i++)
		seen16[i] = 0;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t s = table[i].addr >> 16;
		if (table[i].len <= 16)
			continue;
		if (!(seen16[s >> 3] & (1u << (s & 7)))) {
			seen16[s >> 3] |= (uint8_t)(1u << (s & 7));
			l2++;
		}
		l3 += table[i].len > 24;
	}
	return l2 + l3;
}

static int lpm_setup(struct bench_ctx *ctx)
{
	uint32_t n = (uint32_t)bench_param(ctx, "prefixes");
	uint64_t seed = lcg_next(ctx->rng); /* = lpm_table_seed(the block's input seed) */
	struct lpm_state *st = bench_alloc(ctx, sizeof(*st), 64);
	struct lpm_prefix *table = bench_alloc(ctx, (size_t)n * sizeof(*table), 64);
	uint8_t *seen16 = bench_alloc(ctx, LPM_L1_ENTRIES / 8, 64);

	if (!st || !table || !seen16) {
		return bench_skip(ctx, "%lu prefixes need %lu KiB, the arena has %lu KiB",
				  (unsigned long)n, (unsigned long)((size_t)n * sizeof(*table) >> 10),
				  (unsigned long)(bench_arena_free() >> 10));
	}
	lpm_table_generate(seed, n, table);

	uint32_t max = chunks_needed(table, n, seen16);
	size_t room = bench_arena_free();
	void *mem = bench_alloc(ctx, lpm_trie_bytes(max), 64);
	if (!mem) {
		return bench_skip(ctx, "the trie of %lu prefixes needs %lu KiB, the arena has %lu KiB",
				  (unsigned long)n, (unsigned long)(lpm_trie_bytes(max) >> 10),
				  (unsigned long)(room >> 10));
	}
	if (lpm_trie_build(&st->trie, mem, max, table, n)) /* max is an upper bound */
		return bench_fail(ctx, "the trie needed more than the %lu chunks counted",
				  (unsigned long)max);
	if (seq_base(ctx->rng, table, n, &st->base))
		return bench_fail(ctx, "no prefix of length 17..24 among %lu for lpm_lookup_seq's base",
				  (unsigned long)n);
	st->table = table;
	st->n = n;
	ctx->state = st;
	return 0;
}

/* The code under test: one lookup per call. */
static uint64_t lpm_run(void *state, uint64_t input)
{
	const struct lpm_state *st = state;
	return lpm_trie_lookup(&st->trie, (uint32_t)input);
}

static uint64_t lpm_run_seq(void *state, uint64_t input)
{
	const struct lpm_state *st = state;
	return lpm_trie_lookup(&st->trie, st->base + (uint32_t)input);
}

static uint64_t lpm_run_fixed(void *state, uint64_t input)
{
	(void)input;
	return lpm_trie_lookup(&((const struct lpm_state *)state)->trie, FIXED_DST);
}

/* Longest match by brute force: independent of the trie. */
static uint32_t linear_scan(const struct lpm_state *st, uint32_t dst)
{
	uint32_t best = 0;
	int best_len = -1;

	for (uint32_t i = 0; i < st->n; i++) {
		const struct lpm_prefix *p = &st->table[i];
		uint32_t mask = p->len ? ~0u << (32 - p->len) : 0;
		if (((dst & mask) == p->addr) && (int)p->len >= best_len) {
			best = p->nexthop;
			best_len = p->len;
		}
	}
	return best;
}

/* The checksum must be the trie's answers, and the first VERIFY_SCANS
 * lookups must agree with a linear scan (the host checks all of them). */
static int verify_with(const struct bench_ctx *ctx, uint64_t checksum,
		       uint64_t (*run)(void *, uint64_t))
{
	uint64_t expect = 0;

	for (uint32_t i = 0; i < ctx->ninputs; i++) {
		uint64_t hop = run(ctx->state, ctx->inputs[i]);
		expect += hop * ctx->batch;
		if (i < VERIFY_SCANS) {
			uint32_t dst = (uint32_t)(run == lpm_run ? ctx->inputs[i]
					: run == lpm_run_seq ? ((const struct lpm_state *)ctx->state)->base +
									(uint32_t)ctx->inputs[i]
								: FIXED_DST);
			if (hop != linear_scan(ctx->state, dst))
				return -1;
		}
	}
	return checksum == expect ? 0 : -1;
}

static int lpm_verify(const struct bench_ctx *c, uint64_t s) { return verify_with(c, s, lpm_run); }
static int lpm_verify_seq(const struct bench_ctx *c, uint64_t s) { return verify_with(c, s, lpm_run_seq); }
static int lpm_verify_fixed(const struct bench_ctx *c, uint64_t s) { return verify_with(c, s, lpm_run_fixed); }

BENCH(lpm_lookup, .setup = lpm_setup, .run = lpm_run, .verify = lpm_verify,
      .input_range = 0xFFFFFFFFu, .params = lpm_params,
      .description = "IPv4 LPM lookup, LCG-random destinations");
BENCH(lpm_lookup_seq, .setup = lpm_setup, .run = lpm_run_seq, .verify = lpm_verify_seq,
      .inputs = INPUT_SEQUENTIAL, .params = lpm_params,
      .description = "IPv4 LPM lookup, consecutive destinations (too regular)");
BENCH(lpm_lookup_fixed, .setup = lpm_setup, .run = lpm_run_fixed, .verify = lpm_verify_fixed,
      .params = lpm_params,
      .description = "IPv4 LPM lookup of 8.8.8.8 every time (too small dataset)");
