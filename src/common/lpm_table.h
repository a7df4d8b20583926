/*
 * IPv4 longest-prefix match for the lpm_lookup benchmark, shared by the
 * firmware and the host so both build the very same routing table from the
 * same seed. The host's unit test (tests/unit/test_lpm_reference.c) checks
 * the trie below against a deliberately naive linear scan.
 *
 * Table: prefix 0 is the default route 0.0.0.0/0; the others have LCG-random
 * addresses and a length mix shaped like a BGP table (mostly /24, few
 * shorter than /16, a handful longer than /24). Equal prefixes may repeat:
 * among matches of the same length, the one with the higher index wins.
 *
 * Trie: DIR-16-8-8. A 65536-entry first level, then 256-entry chunks made
 * only where a longer prefix needs them (leaf pushing: a new chunk starts
 * as copies of the entry it replaces). An entry is a next hop (0: no route)
 * or LPM_CHILD | chunk number. A lookup is at most three dependent loads.
 * A small table fits in the caches and a large one does not: seed 000's
 * "too small dataset" is this benchmark's size parameter.
 */
#ifndef RVBENCH_LPM_TABLE_H
#define RVBENCH_LPM_TABLE_H

#include <stddef.h>
#include <stdint.h>

struct lpm_prefix {
	uint32_t addr;    /* host byte order, bits below len are 0 */
	uint16_t nexthop; /* 1..65535 */
	uint8_t len;      /* 0..32 */
	uint8_t pad;
};

/* Fills out[0..n) from seed (an LCG stream of its own). */
void lpm_table_generate(uint64_t seed, uint32_t n, struct lpm_prefix *out);

#define LPM_CHILD 0x80000000u
#define LPM_L1_ENTRIES 65536u
#define LPM_CHUNK 256u

struct lpm_trie {
	uint32_t *l1;      /* LPM_L1_ENTRIES entries */
	uint32_t *chunks;  /* LPM_CHUNK entries per chunk */
	uint32_t nchunks, max_chunks;
};

/* Bytes for a trie of at most max_chunks chunks. */
static inline size_t lpm_trie_bytes(uint32_t max_chunks)
{
	return ((size_t)LPM_L1_ENTRIES + (size_t)max_chunks * LPM_CHUNK) * sizeof(uint32_t);
}

/* The most chunks a table of n prefixes can need (one per level past 16
 * and past 24, per prefix). */
static inline uint32_t lpm_trie_max_chunks(uint32_t n) { return 2 * n; }

/*
 * Builds the trie in mem (lpm_trie_bytes(max_chunks) bytes, 4-aligned).
 * Returns 0, or -1 when max_chunks was too few (t->nchunks = max_chunks).
 */
int lpm_trie_build(struct lpm_trie *t, void *mem, uint32_t max_chunks,
		   const struct lpm_prefix *p, uint32_t n);

/* The next hop for dst, 0 if no prefix matches. */
static inline uint32_t lpm_trie_lookup(const struct lpm_trie *t, uint32_t dst)
{
	uint32_t e = t->l1[dst >> 16];

	if (e & LPM_CHILD) {
		e = t->chunks[(e & ~LPM_CHILD) * LPM_CHUNK + ((dst >> 8) & 0xFF)];
		if (e & LPM_CHILD)
			e = t->chunks[(e & ~LPM_CHILD) * LPM_CHUNK + (dst & 0xFF)];
	}
	return e;
}

/* The seed lpm_lookup's setup() passes to lpm_table_generate(): the first
 * draw of its setup stream, which the harness seeds with ~block_seed (the
 * block's input seed, input_seed.h; src/block.c). */
uint64_t lpm_table_seed(uint64_t block_seed);

#endif
