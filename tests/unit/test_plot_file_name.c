/*
 * The plots' file names (plot_file_name.h), one function for `rvbench
 * plot` and the report: clean names are kept as they always were, and
 * names that need characters replaced never meet another legal name.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "plot_file_name.h"
#include "test_main.h"

static void test_clean_names_kept(void **state)
{
	(void)state;
	char buf[PLOT_FILE_MAX];
	plot_file_name(buf, sizeof(buf), "addi100", "");
	assert_string_equal(buf, "plot-addi100.png");
	plot_file_name(buf, sizeof(buf), "mem_latency_rand", "size_kib=64;steps=64");
	assert_string_equal(buf, "plot-mem_latency_rand-size_kib=64-steps=64.png");
	plot_file_name(buf, sizeof(buf), "a+b.c-d", "");
	assert_string_equal(buf, "plot-a+b.c-d.png");
}

static void test_replaced_names_distinct(void **state)
{
	(void)state;
	char colon[PLOT_FILE_MAX], under[PLOT_FILE_MAX], slash[PLOT_FILE_MAX];
	plot_file_name(colon, sizeof(colon), "a:b", "");
	plot_file_name(under, sizeof(under), "a_b", "");
	plot_file_name(slash, sizeof(slash), "a/b", "");
	/* FNV-1a 32 of "a:b" is 0x08bd8540: a fixed name from one host to another. */
	assert_string_equal(colon, "plot-a_b.h08bd8540.png");
	assert_string_equal(under, "plot-a_b.png");
	assert_string_not_equal(colon, slash);
	assert_int_equal(strncmp(slash, "plot-a_b.h", 10), 0);
}

static void test_stem_parts(void **state)
{
	(void)state;
	char stem[PLOT_STEM_MAX] = "";
	plot_stem_append(stem, sizeof(stem), "", "bench");
	plot_stem_append(stem, sizeof(stem), "-", "hart2");
	plot_stem_append(stem, sizeof(stem), "-", "sweep");
	assert_string_equal(stem, "bench-hart2-sweep");
	char small[8] = "";
	plot_stem_append(small, sizeof(small), "", "abcdefghij");
	assert_string_equal(small, "abcdefg");
}

/* A part cut short keeps its whole hash: the end of the part makes room,
 * never the parts before it; with no room at all the hash is left out. */
static void test_cut_keeps_hash(void **state)
{
	(void)state;
	char colon[16] = "", slash[16] = "", clean[16] = "";
	plot_stem_append(colon, sizeof(colon), "", "a:bcdefghijklmnop");
	plot_stem_append(slash, sizeof(slash), "", "a/bcdefghijklmnop");
	plot_stem_append(clean, sizeof(clean), "", "a_bcdefghijklmnop");
	assert_int_equal(strlen(colon), 15);
	assert_int_equal(strncmp(colon, "a_bcd.h", 7), 0);
	assert_int_equal(strncmp(slash, "a_bcd.h", 7), 0);
	assert_string_not_equal(colon, slash);
	assert_string_equal(clean, "a_bcdefghijklmn");
	char ab[16] = ""; /* room to spare: the part whole, then its hash */
	plot_stem_append(ab, sizeof(ab), "", "a:b");
	assert_string_equal(ab, "a_b.h08bd8540");
	/* Part of a second part only: the first stays whole. */
	char two[20] = "";
	plot_stem_append(two, sizeof(two), "", "bench");
	plot_stem_append(two, sizeof(two), "-", "a:bcdefgh");
	assert_int_equal(strlen(two), 19);
	assert_int_equal(strncmp(two, "bench-a_b.h", 11), 0);
	/* No room after the stem for the hash: the part alone, cut. */
	char full[12] = "";
	plot_stem_append(full, sizeof(full), "", "benchmark");
	plot_stem_append(full, sizeof(full), "-", ":ab");
	assert_string_equal(full, "benchmark-_");
}

/* The image file of a stem, as `rvbench plot` names it and the report
 * finds it. */
static void test_stem_file(void **state)
{
	(void)state;
	char buf[PLOT_FILE_MAX], stem[PLOT_STEM_MAX] = "";
	plot_stem_append(stem, sizeof(stem), "", "chase");
	plot_stem_append(stem, sizeof(stem), "-", "size_kib=4;steps=64");
	plot_stem_file(buf, sizeof(buf), stem);
	assert_string_equal(buf, "plot-chase-size_kib=4-steps=64.png");
	char name[PLOT_FILE_MAX];
	plot_file_name(name, sizeof(name), "chase", "size_kib=4;steps=64");
	assert_string_equal(name, buf);
}

TEST_MAIN(cmocka_unit_test(test_clean_names_kept), cmocka_unit_test(test_replaced_names_distinct),
	  cmocka_unit_test(test_stem_parts), cmocka_unit_test(test_cut_keeps_hash),
	  cmocka_unit_test(test_stem_file))
