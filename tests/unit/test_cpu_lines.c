/*
 * CPU lines of format 3 (records.h: last=), in the real sifive_u stream
 * (CPU id=0 for the E51, CPU id=1 last=4 for the four U54s): a line
 * describes each hart of its range alike; a range that runs backwards,
 * that overlaps a hart already described or that has more harts than the
 * collector keeps is refused whole, with its reason, and no hart of it is
 * kept. Each forged line keeps its seq and gets a right CRC.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "collector_fixture.h"
#include "conflict_fixture.h"
#include "test_main.h"

#define STREAM "tests/fixtures/firmware/sifive_u.log"

/* The stream with its first line holding `with` changed from `from` to
 * `to` (its seq kept), decoded. */
static struct collector *decode_changed(const char *with, const char *from, const char *to)
{
	struct synth_lines l = { 0 };
	char line[WIRE_LINE_MAX + 1];
	struct memstream m;

	file_lines(STREAM, &l);
	size_t at = line_with(&l, with);
	forged(line, l.line[at], from, to);
	ms_open(&m);
	for (size_t i = 0; i < l.n; i++)
		fputs(i == at ? line : l.line[i], m.f);
	synth_free(&l);
	return ms_decode(&m, SIZE_MAX);
}

/* Harts ids[0..n) and nothing else in run 0's context. */
static void assert_harts(const struct collector *c, const uint64_t *ids, size_t n)
{
	const struct coll_context *x = &c->runs[0].ctx;

	assert_int_equal(x->ncpu, n);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(x->cpu[i].f.id, ids[i]);
}

/* One line, four harts: each with the line's ISA and MMU, and a whole
 * run, as the firmware sent it. */
static void test_range_read(void **state)
{
	static const uint64_t ids[] = { 0, 1, 2, 3, 4 };
	struct synth_lines l = { 0 };

	(void)state;
	file_lines(STREAM, &l);
	assert_non_null(strstr(l.line[line_with(&l, " CPU id=1 ")], " CPU id=1 last=4 isa="));
	synth_free(&l);
	struct collector *c = decode_changed(" CPU id=1 ", "last=4", "last=4");
	const struct coll_run *r = &c->runs[0];
	assert_true(r->complete);
	assert_harts(c, ids, 5);
	for (size_t i = 1; i < 5; i++) {
		assert_string_equal(r->ctx.cpu[i].isa, "rv64imafdc_zicsr_zifencei");
		assert_string_equal(r->ctx.cpu[i].mmu, "riscv,sv48");
		assert_int_equal(r->ctx.cpu[i].seq, r->ctx.cpu[1].seq);
	}
	collector_free(c);
}

/* The refused line: its reason among the run's problems, one line
 * rejected, only hart 0 described. */
static void assert_refused(const char *to, const char *why)
{
	static const uint64_t hart0[] = { 0 };
	struct collector *c = decode_changed(" CPU id=1 ", "last=4", to);
	const struct coll_run *r = &c->runs[0];

	assert_true(problem_mentions(r, why));
	assert_int_equal(c->rejected[COLL_REJ_INVALID], 1);
	assert_harts(c, hart0, 1);
	assert_false(r->complete);
	collector_free(c);
}

static void test_backwards_refused(void **state)
{
	(void)state;
	assert_refused("last=0", "CPU line whose last= is below its id=");
}

/* Hart 0 has its line already: harts 0 to 4 again is a second line for
 * it, the whole range refused. */
static void test_overlap_refused(void **state)
{
	static const uint64_t hart0[] = { 0 };
	struct collector *c = decode_changed(" CPU id=1 ", "id=1 last=4", "id=0 last=4");

	(void)state;
	assert_true(problem_mentions(&c->runs[0], "second CPU line for the same hart"));
	assert_int_equal(c->rejected[COLL_REJ_INVALID], 1);
	assert_harts(c, hart0, 1);
	collector_free(c);
}

/* 1,024 harts kept at most: hart 0 and 1,023 more fit, 1,024 more do not. */
static void test_too_many_refused(void **state)
{
	(void)state;
	struct collector *c = decode_changed(" CPU id=1 ", "last=4", "last=1023");
	assert_int_equal(c->runs[0].ctx.ncpu, 1024);
	assert_int_equal(c->runs[0].ctx.cpu[1023].f.id, 1023);
	collector_free(c);
	assert_refused("last=1024", "too many CPU lines");
}

TEST_MAIN(cmocka_unit_test(test_range_read), cmocka_unit_test(test_backwards_refused),
	  cmocka_unit_test(test_overlap_refused), cmocka_unit_test(test_too_many_refused))
