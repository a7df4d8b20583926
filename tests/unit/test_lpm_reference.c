/*
 * The host-side reference for lpm_lookup (src/benches/lpm_lookup.c): the
 * same table (src/common/lpm_table.c, from the same seed), looked up by a
 * deliberately naive linear scan over every prefix instead of the trie.
 *
 * As a cmocka test: the trie agrees with the scan on tables of several
 * sizes and seeds, and the checksum of a known firmware run is pinned.
 *
 * As a tool for tests/system/test_suite.sh, which compares it with the
 * firmware's END checksum at any seed:
 *   test_lpm_reference --checksum VARIANT RUN_SEED PREFIXES INPUTS_N BATCH
 * VARIANT is rand, seq or fixed; prints the checksum as 0x%llx.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input_seed.h"
#include "inputs.h"
#include "lcg.h"
#include "lpm_table.h"

#define FIXED_DST 0x08080808u

/* Longest match, ties to the later prefix (lpm_table.h); 0 = no route. */
static uint32_t scan(const struct lpm_prefix *t, uint32_t n, uint32_t dst)
{
	uint32_t best = 0;
	int best_len = -1;

	for (uint32_t i = 0; i < n; i++) {
		uint64_t mask = (0xFFFFFFFFull << (32 - t[i].len)) & 0xFFFFFFFFull;
		if ((dst & mask) == t[i].addr && t[i].len >= best_len) {
			best = t[i].nexthop;
			best_len = t[i].len;
		}
	}
	return best;
}

enum variant { RAND, SEQ, FIXED };

/* lpm_lookup_seq's first destination, by lpm_lookup.c's rule: the setup
 * stream (seeded ~block_seed) draws the table's seed, then an index; from
 * it, cyclically, the first prefix of length 17..24; the base is the start
 * of its /16 (which has a second level). Fails the test when there is
 * none. */
static uint32_t seq_base(uint64_t block_seed, const struct lpm_prefix *t, uint32_t n)
{
	struct lcg g;

	lcg_seed(&g, ~block_seed);
	assert_int_equal(lcg_next(&g), lpm_table_seed(block_seed));
	uint32_t start = lcg_below(&g, n);
	for (uint32_t k = 0; k < n; k++)
		if (t[(start + k) % n].len >= 17 && t[(start + k) % n].len <= 24)
			return t[(start + k) % n].addr & 0xFFFF0000u;
	fail_msg("no prefix of length 17..24 among %lu", (unsigned long)n);
	return 0;
}

static const char *const variant_name[] = { "lpm_lookup", "lpm_lookup_seq", "lpm_lookup_fixed" };

/* What the firmware's END checksum of one lpm_lookup* block must be: its
 * inputs and table seeded from the name and the prefixes parameter
 * (input_seed.h), wherever the block stood in the run. */
static uint64_t reference_checksum(enum variant v, uint64_t run_seed, uint32_t n,
				   uint32_t ninputs, uint32_t batch)
{
	uint64_t block_seed =
		input_seed(run_seed, input_key_param_i64(input_key_name(variant_name[v]), "prefixes", n));
	uint64_t seed = lpm_table_seed(block_seed), sum = 0;
	struct lpm_prefix *t = calloc(n, sizeof(*t));
	uint64_t *in = calloc(ninputs, sizeof(*in));
	uint32_t base = 0;

	assert_non_null(t);
	assert_non_null(in);
	lpm_table_generate(seed, n, t);
	if (v == SEQ)
		base = seq_base(block_seed, t, n);
	/* The descriptors of lpm_lookup.c: rand = range 0xFFFFFFFF, seq =
	 * sequential, fixed = range 0 (inputs unused). */
	assert_int_equal(inputs_fill(v == SEQ ? INPUT_SEQUENTIAL : INPUT_RANGE,
				     block_seed, v == RAND ? 0xFFFFFFFFu : 0, in,
				     ninputs, NULL, 0),
			 0);
	for (uint32_t i = 0; i < ninputs; i++) {
		uint32_t dst = v == RAND  ? (uint32_t)in[i]
			       : v == SEQ ? base + (uint32_t)in[i]
					  : FIXED_DST;
		sum += (uint64_t)scan(t, n, dst) * batch;
	}
	free(t);
	free(in);
	return sum;
}

static void check_trie(uint64_t seed, uint32_t n)
{
	struct lpm_prefix *t = calloc(n, sizeof(*t));
	uint32_t max = lpm_trie_max_chunks(n);
	void *mem = malloc(lpm_trie_bytes(max));
	struct lpm_trie trie;
	struct lcg g;

	assert_non_null(t);
	assert_non_null(mem);
	lpm_table_generate(seed, n, t);
	assert_int_equal(lpm_trie_build(&trie, mem, max, t, n), 0);
	lcg_seed(&g, seed ^ 0x1234);
	for (uint32_t i = 0; i < 3000; i++) {
		uint32_t dst = (uint32_t)(lcg_next(&g) >> 32);
		assert_int_equal(lpm_trie_lookup(&trie, dst), scan(t, n, dst));
	}
	/* The edges of prefixes, where an off-by-one would show. */
	for (uint32_t i = 0; i < n && i < 2000; i++) {
		uint32_t size = t[i].len ? 1u << (32 - t[i].len) : 0;
		uint32_t edges[4] = { t[i].addr, t[i].addr - 1, t[i].addr + size - 1, t[i].addr + size };
		for (int k = 0; k < 4; k++)
			assert_int_equal(lpm_trie_lookup(&trie, edges[k]), scan(t, n, edges[k]));
	}
	/* Too few chunks is reported, not overrun. */
	if (trie.nchunks > 0)
		assert_int_equal(lpm_trie_build(&trie, mem, trie.nchunks - 1, t, n), -1);
	free(mem);
	free(t);
}

static void trie_matches_linear_scan(void **s)
{
	(void)s;
	check_trie(1, 1);
	check_trie(2, 2);
	check_trie(3, 50);
	check_trie(LCG_DEFAULT_SEED, 1000);
	check_trie(0xdeadbeef, 5000);
}

static void table_is_well_formed(void **s)
{
	struct lpm_prefix a[2000], b[2000];
	unsigned by_len[33] = { 0 };

	(void)s;
	lpm_table_generate(42, 2000, a);
	lpm_table_generate(42, 2000, b);
	assert_memory_equal(a, b, sizeof(a));
	assert_int_equal(a[0].len, 0);
	assert_int_equal(a[0].addr, 0);
	for (int i = 0; i < 2000; i++) {
		assert_true(a[i].len <= 32);
		assert_true(a[i].nexthop >= 1);
		if (a[i].len)
			assert_int_equal(a[i].addr & ~(0xFFFFFFFFu << (32 - a[i].len)), 0);
		by_len[a[i].len]++;
	}
	/* Mostly /24, as in a BGP table (56 %). */
	assert_in_range(by_len[24], 1000, 1250);
}

/* Values from the firmware under QEMU -icount shift=0 (rvbench.seed left
 * at its default, rvbench.run=lpm_lookup* with prefixes=1000, 100 warmup +
 * 200 samples, batch 1): lpm_lookup, _fixed, _seq. At 1000 prefixes most
 * of the address space has only the default route: _seq's 300
 * destinations find it (60348, 300 times) from its old base (seed >> 32,
 * 0xae88373d) as from its new one (seq_base(): 0x204d0000), so its sum
 * stays; the default run's block (prefixes=100000, 100 warmup + 1000
 * samples) tells them apart: 0x14bd538 from the old base, 0x14bcca0 now. */
static void pinned_firmware_checksums(void **s)
{
	(void)s;
	assert_int_equal(reference_checksum(RAND, LCG_DEFAULT_SEED, 1000, 300, 1), 0x99bf70);
	assert_int_equal(reference_checksum(FIXED, LCG_DEFAULT_SEED, 1000, 300, 1), 0x11d3228);
	assert_int_equal(reference_checksum(SEQ, LCG_DEFAULT_SEED, 1000, 300, 1), 0x1144050);
	assert_int_equal(reference_checksum(SEQ, LCG_DEFAULT_SEED, 100000, 1100, 1), 0x14bcca0);
}

/* A whole number of at most max in s (decimal or 0x hex), else -1: a
 * typo must not become a checksum the test then compares. */
static int whole(const char *s, uint64_t max, uint64_t *out)
{
	char *end;
	errno = 0;
	*out = strtoull(s, &end, 0);
	return *s >= '0' && *s <= '9' && !*end && !errno && *out <= max ? 0 : -1;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--checksum")) {
		uint64_t a[4];
		int bad = argc != 7;
		enum variant v = RAND;
		if (!bad && !strcmp(argv[2], "seq"))
			v = SEQ;
		else if (!bad && !strcmp(argv[2], "fixed"))
			v = FIXED;
		else if (!bad && strcmp(argv[2], "rand"))
			bad = 1;
		for (int k = 0; k < 4 && !bad; k++)
			bad = whole(argv[3 + k], k ? UINT32_MAX : UINT64_MAX, &a[k]);
		if (bad) {
			fprintf(stderr, "usage: %s --checksum rand|seq|fixed RUN_SEED PREFIXES INPUTS_N"
				" BATCH (whole numbers)\n", argv[0]);
			return 2;
		}
		uint64_t c = reference_checksum(v, a[0], (uint32_t)a[1], (uint32_t)a[2], (uint32_t)a[3]);
		printf("0x%llx\n", (unsigned long long)c);
		return 0;
	}
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(trie_matches_linear_scan),
		cmocka_unit_test(table_is_well_formed),
		cmocka_unit_test(pinned_firmware_checksums),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
