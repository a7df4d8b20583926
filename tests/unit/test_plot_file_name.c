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

TEST_MAIN(cmocka_unit_test(test_clean_names_kept), cmocka_unit_test(test_replaced_names_distinct),
	  cmocka_unit_test(test_stem_parts))
