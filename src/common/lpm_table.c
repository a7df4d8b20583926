#include "lpm_table.h"

#include <string.h>

#include "lcg.h"

/* Prefix lengths per mille, 8..30: roughly a public BGP table (over half
 * /24, most of the rest /16../23). Sums to 1000. */
static const uint16_t len_permille[33] = {
	[8] = 1,   [9] = 1,   [10] = 2,  [11] = 4,  [12] = 6,  [13] = 10, [14] = 15,
	[15] = 10, [16] = 40, [17] = 15, [18] = 25, [19] = 40, [20] = 50, [21] = 50,
	[22] = 80, [23] = 70, [24] = 560, [25] = 5, [26] = 5,  [27] = 4,  [28] = 3,
	[29] = 3,  [30] = 1,
};

static uint8_t draw_len(struct lcg *g)
{
	uint32_t r = lcg_below(g, 1000);

	for (uint8_t len = 0; len < 32; len++) {
		if (r < len_permille[len])
			return len;
		r -= len_permille[len];
	}
	return 32;
}

void lpm_table_generate(uint64_t seed, uint32_t n, struct lpm_prefix *out)
{
	struct lcg g;

	lcg_seed(&g, seed);
	for (uint32_t i = 0; i < n; i++) {
		uint8_t len = i ? draw_len(&g) : 0; /* prefix 0: the default route */
		uint32_t addr = (uint32_t)(lcg_next(&g) >> 32);
		uint32_t mask = len ? ~0u << (32 - len) : 0;
		out[i] = (struct lpm_prefix){
			.addr = addr & mask,
			.nexthop = (uint16_t)(1 + lcg_below(&g, 65535)),
			.len = len,
		};
	}
}

uint64_t lpm_table_seed(uint64_t block_seed)
{
	struct lcg g;

	lcg_seed(&g, ~block_seed);
	return lcg_next(&g);
}

/* The entry e of a level as a chunk: made on first use, from e's value. */
static uint32_t *descend(struct lpm_trie *t, uint32_t *e)
{
	if (!(*e & LPM_CHILD)) {
		if (t->nchunks == t->max_chunks)
			return NULL;
		uint32_t *c = t->chunks + (size_t)t->nchunks * LPM_CHUNK;
		for (uint32_t i = 0; i < LPM_CHUNK; i++)
			c[i] = *e;
		*e = LPM_CHILD | t->nchunks++;
	}
	return t->chunks + (size_t)(*e & ~LPM_CHILD) * LPM_CHUNK;
}

static void fill(uint32_t *level, uint32_t first, uint32_t count, uint32_t v)
{
	for (uint32_t i = 0; i < count; i++)
		level[first + i] = v;
}

/*
 * Prefixes go in by increasing length, and in index order within a length,
 * so a longer (or later) prefix overwrites what it covers. When a prefix of
 * length L is written, nothing longer exists yet, so the entries it covers
 * at its own level are never chunk pointers.
 */
int lpm_trie_build(struct lpm_trie *t, void *mem, uint32_t max_chunks,
		   const struct lpm_prefix *p, uint32_t n)
{
	t->l1 = mem;
	t->chunks = t->l1 + LPM_L1_ENTRIES;
	t->nchunks = 0;
	t->max_chunks = max_chunks;
	memset(t->l1, 0, LPM_L1_ENTRIES * sizeof(uint32_t));

	for (unsigned len = 0; len <= 32; len++) {
		for (uint32_t i = 0; i < n; i++) {
			if (p[i].len != len)
				continue;
			uint32_t a = p[i].addr, v = p[i].nexthop;
			if (len <= 16) {
				fill(t->l1, a >> 16, 1u << (16 - len), v);
				continue;
			}
			uint32_t *c2 = descend(t, &t->l1[a >> 16]);
			if (!c2)
				return -1;
			if (len <= 24) {
				fill(c2, (a >> 8) & 0xFF, 1u << (24 - len), v);
				continue;
			}
			uint32_t *c3 = descend(t, &c2[(a >> 8) & 0xFF]);
			if (!c3)
				return -1;
			fill(c3, a & 0xFF, 1u << (32 - len), v);
		}
	}
	return 0;
}
