/*
 * The FDT reader (platform/fdt.c) on corrupt copies of QEMU's sifive_u
 * tree: every truncation, bad header fields, and random bit flips. Under
 * ASan and UBSan, so a read outside the blob is a failure: the reader
 * may refuse a blob, never read past it. The table of nodes (fdt_index.h)
 * refuses the same blobs, and reads the ones it takes as the reader does.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fdt.h"
#include "fdt_fixture.h"
#include "test_main.h"

/* Fixed-seed xorshift, so a failure reproduces. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint32_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state >> 32);
}

/* ---- corruption ---------------------------------------------------------- */

static void test_truncation(void **state)
{
	(void)state;
	struct blob b = load_fixture("sifive_u.dtb");
	for (size_t n = 0; n < b.size; n++) {
		/* The caller may read only n bytes: must fail, whatever n. */
		uint8_t *p = dup_exact(b.p, n);
		assert_true(fdt_check(p, n) < 0);
		assert_true(fdt_check_header(p, n) < 0);
		agree_index(p, n);
		/* Same bytes, but the header claims exactly n: must fail or
		 * stay inside the n bytes (ASan watches). */
		if (n >= 8) {
			put32(p + 4, (uint32_t)n);
			agree_index(p, n);
			if (fdt_check_header(p, n) == 0)
				exercise(p, fdt_check(p, n) == 0);
		}
		free(p);
	}
	free(b.p);
}

static void expect_bad(const struct blob *b, size_t field, uint32_t v, int err)
{
	uint8_t *p = dup_exact(b->p, b->size);
	put32(p + field, v);
	assert_int_equal(fdt_check(p, b->size), err);
	agree_index(p, b->size);
	free(p);
}

static void test_bad_header(void **state)
{
	(void)state;
	struct blob b = load_fixture("sifive_u.dtb");
	uint32_t total = (uint32_t)b.size;
	assert_int_equal(fdt_check(NULL, 100), FDT_ERR_BADPTR);
	expect_bad(&b, 0, 0xd00dfeee, FDT_ERR_BADMAGIC);
	expect_bad(&b, 0, 0xedfe0dd0, FDT_ERR_BADMAGIC);
	expect_bad(&b, 20, 15, FDT_ERR_BADVERSION);
	expect_bad(&b, 24, 18, FDT_ERR_BADVERSION);
	expect_bad(&b, 4, total + 1, FDT_ERR_TRUNCATED);
	expect_bad(&b, 4, 0xffffffff, FDT_ERR_TRUNCATED);
	expect_bad(&b, 4, 20, FDT_ERR_BADLAYOUT);
	expect_bad(&b, 8, total + 4, FDT_ERR_BADLAYOUT);       /* off_dt_struct */
	expect_bad(&b, 8, 0x10, FDT_ERR_BADLAYOUT);            /* inside header */
	expect_bad(&b, 8, 0x3a, FDT_ERR_BADLAYOUT);            /* unaligned */
	expect_bad(&b, 36, total, FDT_ERR_BADLAYOUT);          /* size_dt_struct */
	expect_bad(&b, 36, 0xfffffff0, FDT_ERR_BADLAYOUT);     /* wraps */
	expect_bad(&b, 12, total, FDT_ERR_BADLAYOUT);          /* off_dt_strings */
	expect_bad(&b, 12, 0xfffffff0, FDT_ERR_BADLAYOUT);
	expect_bad(&b, 32, 0xffffffff, FDT_ERR_BADLAYOUT);     /* size_dt_strings */
	expect_bad(&b, 16, total, FDT_ERR_BADLAYOUT);          /* off_mem_rsvmap */
	expect_bad(&b, 16, 0, FDT_ERR_BADLAYOUT);
	/* No END token: the walk runs off the end of the struct block. */
	uint32_t ss = fdt_ld32(b.p + 36);
	expect_bad(&b, 36, ss - 4, FDT_ERR_BADSTRUCTURE);
	free(b.p);
}

static void test_random_flips(void **state)
{
	(void)state;
	struct blob b = load_fixture("sifive_u.dtb");
	unsigned passed_check = 0, passed_header = 0;
	for (int iter = 0; iter < 20000; iter++) {
		uint8_t *p = dup_exact(b.p, b.size);
		/* One to four random bytes replaced; now and then only in the
		 * header, where a single flip changes the whole layout. */
		int flips = 1 + (int)(rng() % 4);
		for (int k = 0; k < flips; k++) {
			size_t at = (iter % 16 == 0) ? rng() % 40 : rng() % b.size;
			p[at] = (uint8_t)rng();
		}
		agree_index(p, b.size);
		if (fdt_check_header(p, b.size) == 0) {
			passed_header++;
			int ok = fdt_check(p, b.size) == 0;
			passed_check += ok;
			exercise(p, ok);
		}
		free(p);
	}
	print_message("random flips: %u/20000 headers ok, %u fully valid\n",
	              passed_header, passed_check);
	assert_true(passed_header > 10000);
	free(b.p);
}

TEST_MAIN(cmocka_unit_test(test_bad_header),
	  cmocka_unit_test(test_truncation),
	  cmocka_unit_test(test_random_flips))
