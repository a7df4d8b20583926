/*
 * IPv4 longest-prefix-match route lookup: rvbench's counterpart of seed
 * 000's fib_lookup() benchmark, in three variants that differ only in the
 * destinations, so the traps of seed 000 show side by side:
 *
 *   lpm_lookup        LCG-random destinations: the honest number.
 *   lpm_lookup_seq    consecutive destinations from a random base: "too
 *                     regular dataset", each lookup finds the cache lines
 *                     the previous one loaded.
 *   lpm_lookup_fixed  8.8.8.8 every time, seed 000's first attempt: "too
 *                     small dataset", one path through the table, always
 *                     in L1.
 *
 * Parameter prefixes= sizes the table (1 k .. 500 k): a small table fits in
 * the caches whatever the destinations. The table and the DIR-16-8-8 trie
 * are built in setup() from the LCG by src/common/lpm_table.c, which the
 * host shares: tests/unit/test_lpm_reference.c recomputes the block's
 * checksum (sum of the next hops) with a linear scan over all prefixes.
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
	uint32_t base; /* lpm_lookup_seq: first destination */
};

static int lpm_setup(struct bench_ctx *ctx)
{
	uint32_t n = (uint32_t)bench_param(ctx, "prefixes");
	uint64_t seed = lcg_next(ctx->rng); /* = lpm_table_seed(the block's input seed) */
	struct lpm_state *st = bench_alloc(ctx, sizeof(*st), 64);
	struct lpm_prefix *table = bench_alloc(ctx, (size_t)n * sizeof(*table), 64);

	if (!st || !table) {
		return bench_skip(ctx, "%lu prefixes need %lu KiB, the arena has %lu KiB",
				  (unsigned long)n, (unsigned long)((size_t)n * sizeof(*table) >> 10),
				  (unsigned long)(bench_arena_free() >> 10));
	}
	lpm_table_generate(seed, n, table);

	/* The trie takes what is left, up to the worst case. */
	size_t room = bench_arena_free();
	size_t max = lpm_trie_max_chunks(n);
	if (room < lpm_trie_bytes(max))
		max = room > lpm_trie_bytes(0) ? (room - lpm_trie_bytes(0) - 64) / (LPM_CHUNK * 4) : 0;
	void *mem = bench_alloc(ctx, lpm_trie_bytes((uint32_t)max), 64);
	if (!mem || lpm_trie_build(&st->trie, mem, (uint32_t)max, table, n)) {
		return bench_skip(ctx, "the trie of %lu prefixes needs more than the %lu KiB left",
				  (unsigned long)n, (unsigned long)(room >> 10));
	}
	st->table = table;
	st->n = n;
	st->base = (uint32_t)(seed >> 32);
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
