/*
 * Lookup in an open-addressing hash table (linear probing, load factor
 * 1/2) of keys= LCG-random 64-bit keys. The input picks the key; every
 * lookup hits. With keys=1000 the table (32 KiB) and the keys (8 KiB) just
 * overflow the U54's 32 KiB L1, at the default 4096 (128 + 32 KiB) they sit
 * in its 2 MiB L2; at 1 M keys (32 MiB) each probe goes to DRAM: seed 000's
 * "too small dataset" is the keys parameter.
 */
#include "rvbench.h"

#include <stdio.h>

static const struct bench_param hash_params[] = {
	{ "keys", 4096, 16, 1 << 20, "keys in the table" },
	{ NULL, 0, 0, 0, NULL },
};

struct slot {
	uint64_t key, value; /* key 0: empty */
};

struct hash_state {
	struct slot *slots;
	uint64_t mask;
	unsigned shift;
	uint64_t *keys;
	uint32_t nkeys;
};

static inline uint64_t hash(uint64_t key, unsigned shift)
{
	return (key * 0x9E3779B97F4A7C15ull) >> shift; /* Fibonacci hashing */
}

static int hash_setup(struct bench_ctx *ctx)
{
	uint32_t n = (uint32_t)bench_param(ctx, "keys");
	unsigned bits = 1;
	while ((1ull << bits) < 2ull * n)
		bits++;
	size_t bytes = sizeof(struct slot) << bits;
	struct hash_state *st = bench_alloc(ctx, sizeof(*st), 64);
	uint64_t *keys = st ? bench_alloc(ctx, (size_t)n * 8, 64) : NULL;
	struct slot *slots = keys ? bench_alloc(ctx, bytes, 64) : NULL;

	if (!slots) {
		return bench_skip(ctx, "%lu keys need %lu KiB, the arena has %lu KiB",
				  (unsigned long)n, (unsigned long)((bytes + n * 8) >> 10),
				  (unsigned long)(bench_arena_free() >> 10));
	}
	*st = (struct hash_state){ .slots = slots, .mask = (1ull << bits) - 1,
				   .shift = 64 - bits, .keys = keys, .nkeys = n };
	for (uint64_t i = 0; i <= st->mask; i++)
		slots[i].key = 0;
	for (uint32_t i = 0; i < n; i++) {
		uint64_t k;
		do { /* distinct, nonzero */
			k = lcg_next(ctx->rng) | 1;
			uint64_t h = hash(k, st->shift);
			while (slots[h].key && slots[h].key != k)
				h = (h + 1) & st->mask;
			if (!slots[h].key) {
				slots[h] = (struct slot){ k, i + 1 };
				break;
			}
		} while (1);
		keys[i] = k;
	}
	ctx->state = st;
	return 0;
}

/* The code under test; the index of the key is scaled from the 32-bit
 * input with a multiply (no division in the measured path). */
static uint64_t hash_run(void *state, uint64_t input)
{
	const struct hash_state *st = state;
	uint64_t key = st->keys[(input * st->nkeys) >> 32];
	uint64_t h = hash(key, st->shift);

	while (st->slots[h].key != key) {
		if (!st->slots[h].key)
			return 0;
		h = (h + 1) & st->mask;
	}
	return st->slots[h].value;
}

/* Key i was stored with value i + 1: no hashing needed to know the answer. */
static int hash_verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	const struct hash_state *st = ctx->state;
	uint64_t expect = 0;

	for (uint32_t i = 0; i < ctx->ninputs; i++)
		expect += (((ctx->inputs[i] * st->nkeys) >> 32) + 1) * ctx->batch;
	return checksum == expect ? 0 : -1;
}

BENCH(hash_lookup, .setup = hash_setup, .run = hash_run, .verify = hash_verify,
      .input_range = 0xFFFFFFFFu, .params = hash_params,
      .description = "open-addressing hash table lookup, keys= random keys, all hits");
