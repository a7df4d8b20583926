/*
 * Which rows `rvbench compare` makes (compare_table.c) where A and B hold
 * different things: what B alone has beside a benchmark both have, samples
 * of another batch size (never pooled), a block of one side that measured
 * nothing (a timeout, a fault), and the printers' columns and digits.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compare_fixture.h"
#include "compare_table.h"

static void open_sides(struct cmp_side *a, struct cmp_side *b)
{
	memset(a, 0, sizeof(*a));
	memset(b, 0, sizeof(*b));
	a->arg = "A";
	b->arg = "B";
}

static void close_sides(struct cmp_side *a, struct cmp_side *b, struct cmp_table *t)
{
	cmp_table_free(t);
	results_free(&a->r);
	results_free(&b->r);
}

static char *printed(int (*print)(FILE *, const struct cmp_table *, const char *, const char *),
		     const struct cmp_table *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	assert_int_equal(print(f, t, "A", "B"), 0);
	fclose(f);
	return buf;
}

static int print_csv(FILE *f, const struct cmp_table *t, const char *a, const char *b)
{
	(void)a;
	(void)b;
	return cmp_print_csv(f, t);
}

/* B has what A has and two benchmarks more, with A's (empty) parameters:
 * those two are listed as B's alone, not dropped. */
static void only_in_b_beside_a_partner(void **state)
{
	struct cmp_side a, b;
	struct cmp_problems none = { 0 };
	struct cmp_table t;

	(void)state;
	open_sides(&a, &b);
	cmp_fx_add(&a.r, "0000000a", "addi100", 0, "", 1, 100, 20);
	cmp_fx_add(&b.r, "0000000b", "addi100", 0, "", 1, 100, 20);
	cmp_fx_add(&b.r, "0000000b", "empty", 1, "", 1, 0, 20);
	cmp_fx_add(&b.r, "0000000b", "udiv", 2, "", 1, 6, 20);
	assert_int_equal(cmp_table_build(&a, &b, &none, &none, 0.05, NULL, &t), 0);
	assert_int_equal(t.n, 3);
	assert_int_equal(t.row[0].kind, CMP_COMPARED);
	assert_string_equal(t.row[0].bench, "addi100");
	assert_int_equal(t.row[1].kind, CMP_ONLY_B);
	assert_string_equal(t.row[1].bench, "empty");
	assert_int_equal(t.row[1].nb, 20);
	assert_int_equal(t.row[2].kind, CMP_ONLY_B);
	assert_string_equal(t.row[2].bench, "udiv");
	close_sides(&a, &b, &t);
}

/* B ran addi100 with 1 and with 10 calls a sample: A's N=1 is compared with
 * B's N=1 alone (200 + 200 samples, B's median 100, not a pool of 100 and
 * 1000), and B's N=10 is B's alone. */
static void batch_sizes_never_pooled(void **state)
{
	struct cmp_side a, b;
	struct cmp_problems none = { 0 };
	struct cmp_table t;

	(void)state;
	open_sides(&a, &b);
	cmp_fx_add(&a.r, "0000000a", "addi100", 0, "", 1, 100, 200);
	cmp_fx_add(&b.r, "0000000b", "addi100", 0, "", 1, 100, 200);
	cmp_fx_add(&b.r, "0000000b", "addi100", 1, "", 10, 1000, 200);
	assert_int_equal(cmp_table_build(&a, &b, &none, &none, 0.05, NULL, &t), 0);
	assert_int_equal(t.n, 2);
	assert_int_equal(t.row[0].kind, CMP_COMPARED);
	assert_int_equal(t.row[0].na, 200);
	assert_int_equal(t.row[0].nb, 200);
	assert_int_equal(t.row[0].c.median_b, 100);
	assert_int_equal(t.row[0].c.verdict, AN_SAME);
	assert_int_equal(t.row[1].kind, CMP_ONLY_B);
	assert_string_equal(t.row[1].bench, "addi100 g0 N=10");
	assert_int_equal(t.row[1].nb, 200);
	cmp_table_free(&t);

	/* The other way round: A's two batch sizes are two rows. */
	assert_int_equal(cmp_table_build(&b, &a, &none, &none, 0.05, NULL, &t), 0);
	assert_int_equal(t.n, 2);
	assert_int_equal(t.row[0].kind, CMP_COMPARED);
	assert_int_equal(t.row[0].na, 200);
	assert_int_equal(t.row[1].kind, CMP_SKIPPED);
	assert_string_equal(t.row[1].bench, "addi100 g0 N=10");
	assert_string_equal(t.row[1].why, "different batch sizes: not compared");
	close_sides(&a, &b, &t);
}

/* A with addi100 and bench (block 1), B with addi100 alone: B's block 1
 * of bench measured nothing (its problem, pb). */
static void one_side_unmeasured(struct cmp_side *a, struct cmp_side *b, const char *bench)
{
	open_sides(a, b);
	cmp_fx_add(&a->r, "0000000a", "addi100", 0, "", 1, 100, 20);
	cmp_fx_add(&a->r, "0000000a", bench, 1, "", 1, 775, 20);
	cmp_fx_add(&b->r, "0000000b", "addi100", 0, "", 1, 100, 20);
}

/* B's crc32 timed out before its first sample (summary.csv's status, no
 * series): A's crc32 row says so instead of "only in A"; the other way
 * round, B's row names A's status. */
static void unmeasured_on_one_side(void **state)
{
	struct cmp_side a, b;
	struct cmp_problems none = { 0 };
	struct cmp_problem p = { "0000000b", "crc32", 1, "status timeout", "", 0, 1, 0 };
	struct cmp_problems pb = { &p, 1 };
	struct cmp_table t;

	(void)state;
	one_side_unmeasured(&a, &b, "crc32");
	assert_int_equal(cmp_table_build(&a, &b, &none, &pb, 0.05, NULL, &t), 0);
	assert_int_equal(t.n, 2);
	assert_int_equal(t.row[1].kind, CMP_SKIPPED);
	assert_string_equal(t.row[1].bench, "crc32");
	assert_string_equal(t.row[1].why, "B: status timeout before any sample: not compared");
	assert_int_equal(t.row[1].na, 20);
	assert_int_equal(t.row[1].nb, 0);
	char *csv = printed(print_csv, &t);
	assert_non_null(strstr(csv, "\r\ncrc32,,,0,,1,20,0,,,,,,,B: status timeout before any "
				    "sample: not compared,,,\r\n"));
	free(csv);
	cmp_table_free(&t);

	p.run = "0000000a"; /* now it is A's */
	assert_int_equal(cmp_table_build(&b, &a, &pb, &none, 0.05, NULL, &t), 0);
	assert_int_equal(t.n, 2);
	assert_int_equal(t.row[1].kind, CMP_SKIPPED);
	assert_string_equal(t.row[1].why, "A: status timeout before any sample: not compared");
	assert_int_equal(t.row[1].nb, 20);
	cmp_table_free(&t);

	/* Another parameter or batch size is another series: "only in A". */
	p.run = "0000000b";
	p.batch = 4;
	assert_int_equal(cmp_table_build(&a, &b, &none, &pb, 0.05, NULL, &t), 0);
	assert_int_equal(t.row[1].kind, CMP_ONLY_A);
	close_sides(&a, &b, &t);
}

/* B skipped what A measured (a working set B's machine cannot hold): A's
 * row gives B's reason, and the row is not one that A skipped; the other
 * way round it is (the gate lets that pass, as it does B's extras). A
 * skipped block is whole: no compared row of its run is incomplete. */
static void skipped_on_one_side(void **state)
{
	struct cmp_side a, b;
	struct cmp_problems none = { 0 };
	struct cmp_problem p = { "0000000b", "mem", 1, "size_kib=262144 does not fit", "", 0, 1,
				 1 };
	struct cmp_problems pb = { &p, 1 };
	struct cmp_table t;

	(void)state;
	one_side_unmeasured(&a, &b, "mem");
	assert_int_equal(cmp_table_build(&a, &b, &none, &pb, 0.05, NULL, &t), 0);
	assert_int_equal(t.n, 2);
	assert_int_equal(t.row[0].kind, CMP_COMPARED);
	assert_null(t.row[0].incomplete);
	assert_int_equal(t.row[1].kind, CMP_SKIPPED);
	assert_string_equal(t.row[1].why, "B: skipped (size_kib=262144 does not fit): not compared");
	assert_int_equal(t.row[1].a_skipped, 0);
	assert_null(cmp_problem_of(&pb, "0000000b", 1));
	cmp_table_free(&t);

	p.run = "0000000a"; /* now it is A's */
	assert_int_equal(cmp_table_build(&b, &a, &pb, &none, 0.05, NULL, &t), 0);
	assert_int_equal(t.n, 2);
	assert_int_equal(t.row[1].kind, CMP_SKIPPED);
	assert_string_equal(t.row[1].why, "A: skipped (size_kib=262144 does not fit): not compared");
	assert_int_equal(t.row[1].a_skipped, 1);
	close_sides(&a, &b, &t);
}

/* A change of 2 in 10,000,000: significant, and the CSV keeps its digits
 * (four decimals printed a change of 0 and a CI of [1, 1] beside
 * "slower"). */
static void csv_digits(void **state)
{
	struct cmp_side a, b;
	struct cmp_problems none = { 0 };
	struct cmp_table t;

	(void)state;
	open_sides(&a, &b);
	for (int i = 0; i < 50; i++) {
		assert_int_equal(results_add(&a.r, "0000000a", "big", 0, "", 1, 0, 1, 10000000, 1), 0);
		assert_int_equal(results_add(&b.r, "0000000b", "big", 0, "", 1, 0, 1, 10000002, 1), 0);
	}
	assert_int_equal(cmp_table_build(&a, &b, &none, &none, 0.05, NULL, &t), 0);
	assert_int_equal(t.row[0].c.verdict, AN_SLOWER);
	char *csv = printed(print_csv, &t);
	assert_non_null(strstr(csv, "\r\nbig,big,,0,,1,50,50,10000000,10000002,2e-05,1.0000002,"
				    "1.0000002,"));
	free(csv);
	close_sides(&a, &b, &t);
}

/* Where column `word` of the header starts, and where each of the rows'
 * verdicts does: the same column whatever the widths of the cells. */
static void text_columns_aligned(void **state)
{
	struct cmp_side a, b;
	struct cmp_problems none = { 0 };
	struct cmp_table t;

	(void)state;
	open_sides(&a, &b);
	cmp_fx_add(&a.r, "0000000a", "small", 0, "", 1, 100, 50);
	cmp_fx_add(&b.r, "0000000b", "small", 0, "", 1, 101, 50);
	cmp_fx_add(&a.r, "0000000a", "huge", 1, "", 1, 85, 50);
	cmp_fx_add(&b.r, "0000000b", "huge", 1, "", 1, 52307, 50);
	assert_int_equal(cmp_table_build(&a, &b, &none, &none, 0.05, NULL, &t), 0);
	char *text = printed(cmp_print_text, &t);
	char *head = strstr(text, "\nbench"), *small = strstr(text, "\nsmall"),
	     *huge = strstr(text, "\nhuge");
	assert_non_null(head);
	assert_non_null(small);
	assert_non_null(huge);
	const char *v = strstr(head, "verdict");
	assert_non_null(strstr(text, "+61437.65%"));
	assert_int_equal(strstr(small, "slower") - small, v - head);
	assert_int_equal(strstr(huge, "slower") - huge, v - head);
	assert_non_null(strstr(text, "(of 2 medians)\n"));
	free(text);
	close_sides(&a, &b, &t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(only_in_b_beside_a_partner),
		cmocka_unit_test(batch_sizes_never_pooled),
		cmocka_unit_test(unmeasured_on_one_side),
		cmocka_unit_test(skipped_on_one_side),
		cmocka_unit_test(csv_digits),
		cmocka_unit_test(text_columns_aligned),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
