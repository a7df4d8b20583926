/*
 * The rows of `rvbench compare` (compare_table.c, compare_match.c): which
 * series of A and B are paired, with and without --by PARAM, the rows of
 * one side only, the blocks a gate must not pass (compare_gate.h), the
 * geometric mean, and the Markdown table (its cells hold whatever the
 * text in them).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <math.h>

#include "compare_fixture.h"
#include "compare_table.h"

static void params_except(void **state)
{
	(void)state;
	assert_true(cmp_params_except("size=1;impl=0", "size=4;impl=0", "size"));
	assert_true(cmp_params_except("impl=0;size=1", "impl=0;size=4", "size"));
	assert_false(cmp_params_except("size=1;impl=0", "size=4;impl=1", "size"));
	assert_false(cmp_params_except("size=1;impl=0", "size=4", "size"));
	assert_false(cmp_params_except("size=1", "size=4", NULL));
	assert_true(cmp_params_except("", "", "size"));
	/* a name that only starts like PARAM is another parameter */
	assert_false(cmp_params_except("sizes=1;size=2", "sizes=3;size=2", "size"));
}

/* n samples of value v (v + 1 every third) in (run, bench, block, params). */
static void add(struct results *r, const char *run, const char *bench, int64_t block,
		const char *params, uint64_t v, size_t n)
{
	cmp_fx_add(r, run, bench, block, params, 1, v, n);
}

/* A: memcpy at size 1024 (two impls) and crc32; B: size 4096 (three impls),
 * crc32 twice as slow. */
static void sides(struct cmp_side *a, struct cmp_side *b)
{
	memset(a, 0, sizeof(*a));
	memset(b, 0, sizeof(*b));
	a->arg = "A";
	b->arg = "B";
	add(&a->r, "0000000a", "memcpy", 0, "size=1024;impl=0", 5128, 50);
	add(&a->r, "0000000a", "memcpy", 1, "size=1024;impl=1", 331, 50);
	add(&a->r, "0000000a", "crc32", 2, "", 100, 50);
	add(&b->r, "0000000b", "memcpy", 0, "size=4096;impl=0", 20488, 50);
	add(&b->r, "0000000b", "memcpy", 1, "size=4096;impl=1", 1243, 50);
	add(&b->r, "0000000b", "memcpy", 2, "size=4096;impl=2", 1416, 50);
	add(&b->r, "0000000b", "crc32", 3, "", 200, 50);
}

static size_t count(const struct cmp_table *t, enum cmp_row_kind k)
{
	size_t n = 0;
	for (size_t i = 0; i < t->n; i++)
		n += t->row[i].kind == k;
	return n;
}

static void by_param(void **state)
{
	(void)state;
	struct cmp_side a, b;
	struct cmp_problems none = { 0 };
	struct cmp_table t;
	sides(&a, &b);

	/* Without --by: only crc32 is compared; memcpy is in A only or B only. */
	assert_int_equal(cmp_table_build(&a, &b, &none, &none, 0.05, NULL, &t), 0);
	assert_int_equal(t.compared, 1);
	assert_int_equal(count(&t, CMP_ONLY_A), 2);
	assert_int_equal(count(&t, CMP_ONLY_B), 3);
	cmp_table_free(&t);

	/* --by size: each impl with its own, the values shown as 1024->4096. */
	assert_int_equal(cmp_table_build(&a, &b, &none, &none, 0.05, "size", &t), 0);
	assert_int_equal(t.compared, 3);
	assert_int_equal(count(&t, CMP_ONLY_A), 0);
	assert_int_equal(count(&t, CMP_ONLY_B), 1); /* impl=2: no partner in A */
	assert_string_equal(t.row[0].params, "size=1024->4096;impl=0");
	assert_int_equal(t.row[0].c.median_a, 5128);
	assert_int_equal(t.row[0].c.median_b, 20488);
	assert_int_equal(t.row[0].c.verdict, AN_SLOWER);
	assert_string_equal(t.row[1].params, "size=1024->4096;impl=1");
	assert_string_equal(t.row[2].bench, "crc32");
	assert_int_equal(t.row[2].c.verdict, AN_SLOWER);
	/* The geometric mean of the three medians of each side. */
	assert_int_equal(t.gm_n, 3);
	assert_true(fabs(t.gm_a - cbrt(5128.0 * 331 * 100)) < 1e-6 * t.gm_a);
	assert_true(fabs(t.gm_b - cbrt(20488.0 * 1243 * 200)) < 1e-6 * t.gm_b);
	assert_true(fabs(t.gm_ratio - t.gm_b / t.gm_a) < 1e-12);

	/* The Markdown table: one row each, the geomean last. */
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	assert_int_equal(cmp_print_md(f, &t, "A", "B"), 0);
	fclose(f);
	assert_non_null(strstr(buf, "| `memcpy` | `size=1024->4096;impl=0` | 5128 | 20488 | "));
	assert_non_null(strstr(buf, "| `memcpy` | `size=4096;impl=2` | | | | | | only in B |\n"));
	assert_non_null(strstr(buf, "| **geomean** | | "));
	free(buf);
	cmp_table_free(&t);
	results_free(&a.r);
	results_free(&b.r);
}

/* A block that is not whole on either side marks its row. */
static void incomplete(void **state)
{
	(void)state;
	struct cmp_side a, b;
	struct cmp_problem p = { "0000000b", "crc32", 3, "status fault", NULL, 0, 0, 0 };
	struct cmp_problems none = { 0 }, pb = { &p, 1 };
	struct cmp_table t;
	sides(&a, &b);
	assert_int_equal(cmp_table_build(&a, &b, &none, &pb, 0.05, "size", &t), 0);
	assert_null(t.row[0].incomplete);
	assert_string_equal(t.row[2].bench, "crc32");
	assert_string_equal(t.row[2].incomplete, "status fault");
	assert_string_equal(cmp_problem_of(&pb, "0000000b", 3), "status fault");
	assert_null(cmp_problem_of(&pb, "0000000a", 3));
	cmp_table_free(&t);
	results_free(&a.r);
	results_free(&b.r);
}

/* Each row of Markdown table md has want cells: its '|' not after a backslash. */
static void assert_cells(const char *md, size_t want)
{
	for (const char *l = md; *l; l = strchr(l, '\n') + 1) {
		assert_non_null(strchr(l, '\n'));
		if (*l != '|')
			continue;
		size_t n = 0;
		for (const char *c = l; *c != '\n'; c++)
			n += *c == '|' && (c == l || c[-1] != '\\');
		assert_int_equal(n, want + 1);
	}
}

/* A '|' in why a row is incomplete or was not compared stays in its cell
 * of the Markdown table. */
static void md_cells(void **state)
{
	(void)state;
	struct cmp_side a, b;
	struct cmp_problem p = { "0000000b", "crc32", 3, "status a|b_c", NULL, 0, 0, 0 };
	struct cmp_problems none = { 0 }, pb = { &p, 1 };
	struct cmp_table t;
	sides(&a, &b);
	assert_int_equal(cmp_table_build(&a, &b, &none, &pb, 0.05, "size", &t), 0);
	assert_string_equal(t.row[2].bench, "crc32");
	assert_int_equal(t.row[3].kind, CMP_ONLY_B);
	t.row[3].kind = CMP_SKIPPED; /* memcpy impl=2, only in B: as if skipped */
	t.row[3].why = "why | not";
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	assert_int_equal(cmp_print_md(f, &t, "A|1", "B"), 0);
	fclose(f);
	assert_non_null(strstr(buf, " | **slower** incomplete: status a\\|b\\_c |\n"));
	assert_non_null(strstr(buf, "| `memcpy` | `size=4096;impl=2` | | | | | | why \\| not |\n"));
	assert_non_null(strstr(buf, "**A** = `A\\|1`, **B** = `B`\n"));
	assert_cells(buf, 8);
	free(buf);
	cmp_table_free(&t);
	results_free(&a.r);
	results_free(&b.r);
}

/* The gate on one compared row: a significant slowdown above the limit is
 * refused, a row too small to ever be significant is refused too (with 3
 * + 3 samples the smallest exact p is 0.1 > 0.05: B twice as slow is
 * "no significant change"), an unchanged row of 50 + 50 passes. */
static void gate_rows(void **state)
{
	(void)state;
	struct cmp_side a, b;
	struct cmp_problems none = { 0 };
	struct cmp_table t;
	char why[160];
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	a.arg = "A";
	b.arg = "B";
	add(&a.r, "0000000a", "few", 0, "", 100, 3);
	add(&a.r, "0000000a", "slow", 1, "", 100, 50);
	add(&a.r, "0000000a", "same", 2, "", 100, 50);
	add(&b.r, "0000000b", "few", 0, "", 200, 3);
	add(&b.r, "0000000b", "slow", 1, "", 200, 50);
	add(&b.r, "0000000b", "same", 2, "", 100, 50);
	assert_int_equal(cmp_table_build(&a, &b, &none, &none, 0.05, NULL, &t), 0);
	assert_int_equal(t.compared, 3);
	for (size_t i = 0; i < t.n; i++) {
		const struct cmp_row *r = &t.row[i];
		int refused = cmp_row_gate(r, 5, why, sizeof(why));
		if (!strcmp(r->bench, "few")) {
			assert_int_equal(r->c.verdict, AN_SAME);
			assert_null(r->c.change_pct.na);
			assert_true(r->c.change_pct.v > 5);
			assert_non_null(r->c.ratio_ci.na);
			assert_int_equal(refused, 1);
			assert_string_equal(why, "has too few samples to decide at this level "
						 "(3 + 3 samples, alpha 0.05)");
		} else if (!strcmp(r->bench, "slow")) {
			assert_int_equal(refused, 1);
			assert_string_equal(why, "is slower by +100.00% (limit 5 %)");
		} else {
			assert_string_equal(r->bench, "same");
			assert_int_equal(refused, 0);
			assert_string_equal(why, "");
		}
	}
	/* a higher level decides with the same samples: 0.1 is reached */
	cmp_table_free(&t);
	assert_int_equal(cmp_table_build(&a, &b, &none, &none, 0.1, NULL, &t), 0);
	int found = 0;
	for (size_t i = 0; i < t.n; i++)
		if (!strcmp(t.row[i].bench, "few")) {
			found++;
			assert_int_equal(t.row[i].c.verdict, AN_SLOWER);
			assert_int_equal(cmp_row_gate(&t.row[i], 5, why, sizeof(why)), 1);
			assert_string_equal(why, "is slower by +100.00% (limit 5 %)");
		}
	assert_int_equal(found, 1);
	cmp_table_free(&t);
	results_free(&a.r);
	results_free(&b.r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(params_except),
		cmocka_unit_test(by_param),
		cmocka_unit_test(incomplete),
		cmocka_unit_test(md_cells),
		cmocka_unit_test(gate_rows),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
