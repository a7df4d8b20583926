/*
 * The stream decoder on CRC-valid lines that make no sense, end to end
 * through the model: lines of a block the RUN line never announced, a
 * line past the trailer's seq that came before the trailer, S lines of
 * blocks without a BENCH line naming huge indices, two FAULT lines
 * outside any block with one seq; and the firmware's error lines holding
 * a NUL. Nothing made up is listed (no block that never existed, no loss
 * that was none), what was wrong is named, and the answer does not
 * depend on the order the lines came in.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "collector_fixture.h"
#include "fw_errors.h"
#include "test_main.h"

/* The run's lines up to its TRAILER (line 10), the extra lines, then the
 * TRAILER: a stream in x->m's buffer, decoded whole. */
static struct collector *with_extra(struct run_fx *x, const char *const *extra, size_t n)
{
	for (size_t i = 0; i + 1 < x->l.n; i++)
		fputs(x->l.line[i], x->m.f);
	for (size_t i = 0; i < n; i++)
		fputs(extra[i], x->m.f);
	fputs(x->l.line[x->l.n - 1], x->m.f);
	return ms_decode(&x->m, SIZE_MAX);
}

/*
 * two_benches announces 2 blocks (benches=2). An S, END or FAULT line of
 * block 2 or above, which no BENCH line described, cannot be what is left
 * of a block whose BENCH line was lost: each is refused, and no block
 * below it is made up (none listed as lost, none in the summary). The
 * same lines for block 1, announced, whose BENCH line is left out, are
 * read: a loss, its samples under #1.
 */
static void test_unannounced_block(void **state)
{
	struct run_fx *x = *state;
	char s[WIRE_LINE_MAX + 1], end[WIRE_LINE_MAX + 1], fault[WIRE_LINE_MAX + 1];

	wire_line(s, TAG_A, 11, WIRE_REC_SAMPLES, "7 0 1 d 5,5");
	wire_line(end, TAG_A, 12, WIRE_REC_END, "id=9 count=0 verify=none checksum=0x0 status=ok");
	wire_line(fault, TAG_A, 13, WIRE_REC_FAULT, "id=2 kind=exception scause=0x2 sepc=0x0 stval=0x0");
	const char *extra[] = { s, end, fault };
	struct collector *c = with_extra(x, extra, 3);
	const struct coll_run *r = &c->runs[0];

	assert_int_equal(r->nbench, 2);
	assert_int_equal(r->ngap, 0);
	assert_int_equal(r->total_received, 66);
	assert_int_equal(c->rejected[COLL_REJ_INVALID], 3);
	assert_int_equal(r->rejected[COLL_REJ_INVALID], 3);
	assert_int_equal(r->nproblem, 6);
	assert_string_equal(r->problem[0], "seq 11: S line for a block the RUN line never announced");
	assert_string_equal(r->problem[1], "seq 12: END line for a block the RUN line never announced");
	assert_string_equal(r->problem[2], "seq 13: FAULT line for a block the RUN line never announced");
	assert_string_equal(r->problem[3], "seq 11: line after the trailer");
	assert_string_equal(r->problem[4], "seq 12: line after the trailer");
	assert_string_equal(r->problem[5], "seq 13: line after the trailer");
	assert_int_equal(r->nfailure, 0);
	/* Wrong values, not a loss: --allow-partial does not forgive them. */
	assert_false(r->complete);
	assert_true(r->ok);
	assert_false(collector_all_sound(c));
	assert_no_wrong_value(c);
	collector_free(c);

	/* Block 1's BENCH line (line 6) lost: its S and END lines are read. */
	c = decode_lines(&x->l, 6, SIZE_MAX);
	r = &c->runs[0];
	assert_int_equal(r->nbench, 2);
	assert_false(r->bench[1].have_header);
	assert_true(r->bench[1].have_end);
	assert_int_equal(r->bench[1].nreceived, 22);
	assert_int_equal(rejected_total(c), 0);
	assert_true(has_problem(r, "bench 1: no BENCH header"));
	assert_true(collector_all_sound(c));
	collector_free(c);
}

/* A line whose seq is past the trailer's: the same issue whether it came
 * before the trailer or after it. */
static void test_line_past_trailer_any_order(void **state)
{
	struct run_fx *x = *state;
	char tp[WIRE_LINE_MAX + 1];

	wire_line(tp, TAG_A, 11, WIRE_REC_TP, "key=1 hart=0 start=5 cycles=10 instret=10");
	const char *extra[] = { tp };
	struct collector *before = with_extra(x, extra, 1);

	ms_open(&x->m);
	for (size_t i = 0; i < x->l.n; i++)
		fputs(x->l.line[i], x->m.f);
	fputs(tp, x->m.f);
	struct collector *after = ms_decode(&x->m, SIZE_MAX);

	const struct collector *both[] = { before, after };
	for (size_t i = 0; i < 2; i++) {
		const struct coll_run *r = &both[i]->runs[0];
		assert_int_equal(r->nproblem, 1);
		assert_string_equal(r->problem[0], "seq 11: line after the trailer");
		assert_int_equal(r->nbreach, 1);
		assert_false(r->complete);
		assert_int_equal(r->total_received, 66);
	}
	char *a = dump_model(before, 0), *b = dump_model(after, 0);
	assert_string_equal(a, b);
	free(a);
	free(b);
	collector_free(before);
	collector_free(after);
}

/*
 * 4096 blocks announced, no BENCH line, one S line each naming sample
 * 2^22 - 1: a few hundred KB of input that would make the store of each
 * block 4 Mi samples (gigabytes in all). Blocks without a header share a
 * budget of 2^24 samples: the lines past it are refused, the process
 * stays small, the blocks are listed with what they lost.
 */
static void test_headerless_budget(void **state)
{
	(void)state;
	const uint64_t blocks = 4096, index = (1u << 22) - 1;
	struct memstream m;
	char line[WIRE_LINE_MAX + 1];

	ms_open(&m);
	fputs(wire_run_line(line, TAG_A, RUN_SEED, blocks), m.f);
	for (uint64_t id = 0; id < blocks; id++)
		fputs(wire_line(line, TAG_A, (uint32_t)id + 1, WIRE_REC_SAMPLES, "%llu %llu 1 d 7,7",
				(unsigned long long)id, (unsigned long long)index),
		      m.f);
	struct collector *c = ms_decode(&m, SIZE_MAX);
	const struct coll_run *r = &c->runs[0];

	/* 2^22 slots a block: four blocks fit the budget of 2^24. */
	assert_int_equal(c->headerless_slots, 1u << 24);
	assert_int_equal(r->total_received, 4);
	assert_int_equal(c->rejected[COLL_REJ_INVALID], blocks - 4);
	assert_true(has_problem(r, "seq 5: S line of a block without a BENCH line, past the samples"
				   " kept for such blocks"));
	assert_false(problem_mentions(r, "seq 4: S line"));
	assert_int_equal(r->nbench, blocks);
	for (uint64_t id = 0; id < 4; id++) {
		assert_true(r->bench[id].present[index]);
		assert_int_equal(r->bench[id].s[index].cycles_raw, 7);
	}
	for (uint64_t id = 4; id < blocks; id++)
		assert_int_equal(r->bench[id].ncap, 0);
	assert_false(collector_all_sound(c));
	collector_free(c);
}

/* Two FAULT lines outside any block with one seq (a conflict), in either
 * order: neither copy's trap is kept, the run failed saying so, and a
 * third FAULT line (another seq) is still a second one. */
static void test_run_fault_conflict(void **state)
{
	struct run_fx *x = *state;
	char a[WIRE_LINE_MAX + 1], b[WIRE_LINE_MAX + 1], third[WIRE_LINE_MAX + 1];

	wire_line(a, TAG_A, 11, WIRE_REC_FAULT, "kind=exception scause=0x2 sepc=0x80001000 stval=0x0");
	wire_line(b, TAG_A, 11, WIRE_REC_FAULT, "kind=exception scause=0xd sepc=0x80002000 stval=0x55");
	wire_line(third, TAG_A, 12, WIRE_REC_FAULT, "kind=exception scause=0x2 sepc=0x80001000 stval=0x0");
	for (int order = 0; order < 2; order++) {
		const char *extra[] = { order ? b : a, order ? a : b, third };
		if (order)
			ms_open(&x->m);
		struct collector *c = with_extra(x, extra, 3);
		const struct coll_run *r = &c->runs[0];
		assert_false(r->fault.have);
		assert_int_equal(r->nfailure, 1);
		assert_string_equal(r->failure[0], "seq 11: FAULT record (outside any block) in conflict,"
						   " neither copy kept");
		assert_false(r->ok);
		assert_int_equal(c->rejected[COLL_REJ_CONFLICT], 1);
		assert_true(has_problem(r, "seq 12: second FAULT line"));
		assert_int_equal(r->total_received, 66);
		assert_no_wrong_value(c);
		collector_free(c);
	}
}

/* A NUL in a firmware error line is shown as \x00 like any control byte:
 * what follows it is not hidden. */
static void test_fw_error_with_nul(void **state)
{
	(void)state;
	static const char s[] = "rvbench: error: samples=0\0: expected 1..65535\x1b[2J\r\n";
	struct fw_errors e = { 0 };
	struct memstream m;

	fw_errors_feed(&e, s, sizeof(s) - 1);
	fw_errors_finish(&e);
	assert_int_equal(e.count, 1);
	fw_errors_print(&e, ms_open(&m));
	char *out = ms_close(&m);
	assert_string_equal(out, "rvbench: firmware: error: samples=0\\x00: expected 1..65535\\x1b[2J\n");
	free(out);
	fw_errors_free(&e);
}

/* A warning (a setting the run does not use) is repeated on stderr as
 * such, in its place among the errors; other human lines are not. */
static void test_fw_warning_repeated(void **state)
{
	(void)state;
	static const char s[] = "rvbench: warning: size= not used: they set a group sweep, and"
				" groups= is 0\r\nrvbench: 3 benchmarks\r\nrvbench: error: samples=0: x\r\n"
				"rvbench: warnings: not one\r\n";
	struct fw_errors e = { 0 };
	struct memstream m;

	fw_errors_feed(&e, s, sizeof(s) - 1);
	fw_errors_finish(&e);
	assert_int_equal(e.count, 2);
	fw_errors_print(&e, ms_open(&m));
	char *out = ms_close(&m);
	assert_string_equal(out, "rvbench: firmware: warning: size= not used: they set a group sweep,"
				 " and groups= is 0\nrvbench: firmware: error: samples=0: x\n");
	free(out);
	fw_errors_free(&e);
}

TEST_MAIN(cmocka_unit_test_setup_teardown(test_unannounced_block, setup_run_a, teardown_run_fx),
	  cmocka_unit_test_setup_teardown(test_line_past_trailer_any_order, setup_run_a,
					  teardown_run_fx),
	  cmocka_unit_test(test_headerless_budget),
	  cmocka_unit_test_setup_teardown(test_run_fault_conflict, setup_run_a, teardown_run_fx),
	  cmocka_unit_test(test_fw_error_with_nul), cmocka_unit_test(test_fw_warning_repeated))
