/*
 * Conflicts (collector_conflict.c): two CRC-valid lines with one seq and
 * different bytes. Neither copy is kept, in either order; their samples
 * are a "conflict" gap next to the other gaps; the block's status is
 * "conflict" and the run is failed and not sound (--allow-partial does
 * not forgive it), while a run that only lost lines stays sound. The
 * same for lines that carry no sample: E (event values), TP and OVERHEAD.
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

/* Line 3 of two_benches_run (S 0 16..31) with sample 16's cycles x90. */
static const char *forged_s3(char *line)
{
	struct wire_writer w;
	wire_begin(&w, line, WIRE_LINE_MAX + 1, TAG_A, 3, WIRE_REC_SAMPLES);
	wire_add_u64(&w, 0);
	wire_add_u64(&w, 16);
	wire_add_u64(&w, 16);
	wire_add_token(&w, "d");
	for (uint64_t k = 16; k < 32; k++) {
		struct wire_sample s = { synth_cycles(0, k) * (k == 16 ? 90 : 1), synth_instret(0, k) };
		wire_add_sample(&w, &s);
	}
	assert_true(wire_finish(&w) > 0);
	return line;
}

/* The run with the forged line before (first) or after line 3, line
 * skip left out (SIZE_MAX: none), extra copies of line 3 after it. */
static struct collector *decode_forged(struct run_fx *x, int first, size_t skip, int extra)
{
	char line[WIRE_LINE_MAX + 1];
	forged_s3(line);
	if (!x->m.f) /* the fixture's stream is used first, then a new one */
		ms_open(&x->m);
	for (size_t i = 0; i < x->l.n; i++) {
		if (i == 3 && first)
			fputs(line, x->m.f);
		if (i != skip)
			fputs(x->l.line[i], x->m.f);
		if (i == 3 && !first)
			fputs(line, x->m.f);
		for (int k = 0; i == 3 && k < extra; k++)
			fputs(x->l.line[i], x->m.f);
	}
	return ms_decode(&x->m, 7);
}

static void assert_conflict_16_31(const struct collector *c)
{
	const struct coll_run *r = &c->runs[0];
	const struct coll_bench *b = &r->bench[0];
	assert_int_equal(b->nreceived, 44 - 16);
	for (size_t k = 16; k < 32; k++)
		assert_int_equal(b->present[k], 0);
	assert_true(b->conflict);
	assert_string_equal(b->status, "conflict");
	assert_false(r->ok);
	assert_false(r->complete);
	assert_true(r->nbreach > 0);
	assert_false(collector_all_sound(c));
	assert_string_equal(coll_run_verdict(r), "failed");
	assert_true(has_problem(r, "seq 3: two different lines (conflict)"));
	assert_true(has_problem(r, "bench 0: 28 of 44 samples"));
	assert_false(has_problem(r, "trailer status=ok but a block failed"));
	assert_no_wrong_value(c);
}

static void test_both_copies_dropped_either_order(void **state)
{
	for (int first = 0; first < 2; first++) {
		struct collector *c = decode_forged(*state, first, SIZE_MAX, 0);
		const struct coll_run *r = &c->runs[0];
		assert_conflict_16_31(c);
		assert_int_equal(r->ngap, 1);
		assert_int_equal(r->gap[0].bench, 0);
		assert_int_equal(r->gap[0].first, 16);
		assert_int_equal(r->gap[0].last, 31);
		assert_string_equal(r->gap[0].reason, "conflict");
		collector_free(c);
	}
}

/* Line 4 (S 0 32..43) lost as well: one hole, two reasons. */
static void test_conflict_next_to_a_loss(void **state)
{
	struct collector *c = decode_forged(*state, 0, 4, 0);
	const struct coll_run *r = &c->runs[0];
	assert_int_equal(r->bench[0].nreceived, 16);
	assert_int_equal(r->ngap, 2);
	assert_int_equal(r->gap[0].first, 16);
	assert_int_equal(r->gap[0].last, 31);
	assert_string_equal(r->gap[0].reason, "conflict");
	assert_int_equal(r->gap[1].first, 32);
	assert_int_equal(r->gap[1].last, 43);
	assert_string_equal(r->gap[1].reason, "line lost");
	collector_free(c);
}

/* The real line again after the conflict: a duplicate of the first copy,
 * which brings nothing back and takes nothing more. */
static void test_third_copy(void **state)
{
	struct collector *c = decode_forged(*state, 0, SIZE_MAX, 2);
	assert_int_equal(c->rejected[COLL_REJ_DUPLICATE], 2);
	assert_int_equal(c->rejected[COLL_REJ_CONFLICT], 1);
	assert_conflict_16_31(c);
	collector_free(c);
}

/* A loss alone: incomplete, yet sound (what --allow-partial forgives). */
static void test_loss_alone_is_sound(void **state)
{
	struct run_fx *x = *state;
	struct collector *c = decode_lines(&x->l, 3, 5);
	const struct coll_run *r = &c->runs[0];
	assert_false(r->complete);
	assert_true(r->ok);
	assert_int_equal(r->nbreach, 0);
	assert_true(collector_all_sound(c));
	assert_string_equal(coll_run_verdict(r), "incomplete");
	collector_free(c);
}

/* The BENCH line of block 0 (line 1) again with another overhead: every
 * value of the block depends on it, so no sample of block 0 is kept;
 * block 1 is untouched. */
static void test_header_conflict_drops_the_block(void **state)
{
	struct run_fx *x = *state;
	char tokens[WIRE_LINE_MAX + 1], line[WIRE_LINE_MAX + 1];
	const char *bench = strstr(x->l.line[1], " BENCH ");
	assert_non_null(bench);
	snprintf(tokens, sizeof(tokens), "%s", bench + 7);
	*strstr(tokens, " *") = '\0'; /* the CRC goes, wire_line adds a new one */
	char *oh = strstr(tokens, "oh_cycles=95 ");
	assert_non_null(oh);
	memcpy(oh, "oh_cycles=19 ", 13); /* a fifth of the real overhead */
	wire_line(line, TAG_A, 1, WIRE_REC_BENCH, "%s", tokens);
	for (size_t i = 0; i < x->l.n; i++) {
		fputs(x->l.line[i], x->m.f);
		if (i == 1)
			fputs(line, x->m.f);
	}
	struct collector *c = ms_decode(&x->m, SIZE_MAX);
	const struct coll_run *r = &c->runs[0];
	assert_int_equal(c->rejected[COLL_REJ_CONFLICT], 1);
	assert_int_equal(r->bench[0].nreceived, 0);
	assert_string_equal(r->bench[0].status, "conflict");
	assert_int_equal(r->bench[1].nreceived, 22);
	assert_string_equal(r->bench[1].status, "ok");
	assert_int_equal(r->ngap, 1);
	assert_int_equal(r->gap[0].bench, 0);
	assert_int_equal(r->gap[0].first, 0);
	assert_int_equal(r->gap[0].last, 43);
	assert_string_equal(r->gap[0].reason, "conflict");
	assert_false(collector_all_sound(c));
	assert_string_equal(coll_run_verdict(r), "failed");
	collector_free(c);
}

/* ---- lines of no sample: E, TP, OVERHEAD ------------------------------------ */

/* A conflict on a run's line that is no block's (TP, OVERHEAD): neither
 * copy is kept, the run is failed and not sound, and the trailer's
 * status=ok does not count as contradicted by it. */
static void assert_run_line_conflict(const struct collector *c, uint32_t seq, const char *failure)
{
	const struct coll_run *r = &c->runs[0];
	char text[64];

	assert_int_equal(c->rejected[COLL_REJ_CONFLICT], 1);
	snprintf(text, sizeof(text), "seq %u: two different lines (conflict)", seq);
	assert_true(has_problem(r, text));
	assert_int_equal(r->nfailure, 1);
	assert_string_equal(r->failure[0], failure);
	assert_false(has_problem(r, "trailer status=ok but a block failed"));
	assert_string_equal(coll_run_verdict(r), "failed");
	assert_false(collector_all_sound(c));
	assert_int_equal(r->ngap, 0);
	assert_string_equal(r->bench[0].status, "ok");
	assert_string_equal(r->bench[1].status, "ok");
	assert_no_wrong_value(c);
}

/* A TP record next to a forged copy (cycles x10 + 9): tracepoints.csv gets
 * neither; the other TP records stay. */
static void test_tp_conflict_drops_the_record(void **state)
{
	static const struct synth_extra tp = { .tp_per_block = 2 };
	const struct synth_run run = { TAG_A, RUN_SEED, two_benches, 2, "ok", 0, 0 };
	struct synth_lines l = { 0 };
	char line[WIRE_LINE_MAX + 1], fail[80];

	(void)state;
	synth_run_lines_ex(&run, &tp, &l);
	size_t at = line_with(&l, " TP ");
	forged(line, l.line[at], "cycles=", "cycles=9");
	for (int first = 0; first < 2; first++) {
		struct collector *c = decode_with(&l, at, line, first);
		const struct coll_run *r = &c->runs[0];
		snprintf(fail, sizeof(fail), "seq %zu: TP record in conflict, neither copy kept", at);
		assert_run_line_conflict(c, (uint32_t)at, fail);
		assert_int_equal(r->ntp, 3);
		for (size_t k = 0; k < r->ntp; k++) {
			assert_int_not_equal(r->tp[k].seq, at);
			/* the others are those of block 0 key 1, block 1 keys 0 and 1 */
			uint32_t id = k == 0 ? 0 : 1, key = k == 1 ? 0 : 1;
			assert_int_equal(r->tp[k].cycles, synth_tp_cycles(id, key));
		}
		collector_free(c);
	}
	synth_free(&l);
}

/* The OVERHEAD line of kind effective next to a forged copy with other
 * (consistent) moments: meta.json gets neither; kind total stays. */
static void test_overhead_conflict_drops_the_record(void **state)
{
	const struct synth_run run = { TAG_A, RUN_SEED, two_benches, 2, "ok", 0, 1 };
	struct synth_lines l = { 0 };
	char line[WIRE_LINE_MAX + 1], fail[80];

	(void)state;
	synth_run_lines(&run, &l);
	size_t at = line_with(&l, " OVERHEAD kind=effective ");
	forged(line, l.line[at], "min=10 max=12 sum=44 sumsq=486", "min=11 max=11 sum=44 sumsq=484");
	for (int first = 0; first < 2; first++) {
		struct collector *c = decode_with(&l, at, line, first);
		const struct coll_run *r = &c->runs[0];
		snprintf(fail, sizeof(fail), "seq %zu: OVERHEAD record in conflict, neither copy kept",
			 at);
		assert_run_line_conflict(c, (uint32_t)at, fail);
		assert_int_equal(r->noh, 1);
		assert_string_equal(r->oh[0].kind, "total");
		collector_free(c);
	}
	synth_free(&l);
}

/* The real events stream into l, and in line a copy of block 3's E line
 * of its second event pair (dtlb-read-miss) with fields instead of its
 * own (same tag and seq, which change when the fixture is captured
 * again). Returns that line's index; *seq is its seq. */
static size_t events_and_e_copy(struct synth_lines *l, char *line, const char *fields,
				unsigned *seq)
{
	unsigned tag;

	file_lines("tests/fixtures/firmware/events.log", l);
	size_t at = line_with(l, " E 3 1 0 44 r ");
	assert_int_equal(sscanf(l->line[at], "@RVB %x %u E ", &tag, seq), 2);
	wire_line(line, tag, *seq, "E", "%s", fields);
	return at;
}

/* The E line of block 3's second event pair (dtlb-read-miss) in the real
 * events stream, next to a copy that says every value was 0: neither is
 * kept. The block's samples and its first pair stay (gaps.csv counts
 * samples, so it has no row); the problems name what went, the block's
 * status is conflict. */
static void test_event_conflict_drops_the_values(void **state)
{
	struct synth_lines l = { 0 };
	char line[WIRE_LINE_MAX + 1];
	uint64_t v;

	(void)state;
	unsigned seq;
	size_t at = events_and_e_copy(&l, line, "3 1 0 44 r gIA", &seq);
	for (int first = 0; first < 2; first++) {
		struct collector *c = decode_with(&l, at, line, first);
		const struct coll_run *r = &c->runs[0];
		const struct coll_bench *b = &r->bench[3];
		assert_int_equal(c->rejected[COLL_REJ_CONFLICT], 1);
		assert_int_equal(c->rejected[COLL_REJ_INVALID], 0);
		assert_int_equal(b->nev, 3);
		assert_string_equal(b->ev_name[2], "dtlb-read-miss");
		assert_int_equal(b->nreceived, 44);
		for (uint64_t i = 0; i < 44; i++) {
			assert_int_equal(coll_event_net(b, i, 2, &v), -1);
			assert_int_equal(coll_event_net(b, i, 0, &v), 0);
			assert_int_equal(coll_event_net(b, i, 1, &v), 0);
		}
		assert_string_equal(b->status, "conflict");
		assert_string_equal(r->bench[2].status, "ok");
		char what[64];
		snprintf(what, sizeof(what), "seq %u: two different lines (conflict)", seq);
		assert_true(has_problem(r, what));
		assert_true(has_problem(r, "bench 3: dtlb-read-miss of samples 0-43 not kept "
					   "(conflict)"));
		assert_int_equal(r->ngap, 0);
		/* Named once, not also counted as missing. */
		assert_false(problem_mentions(r, "event values missing"));
		assert_string_equal(coll_run_verdict(r), "failed");
		assert_false(collector_all_sound(c));
		collector_free(c);
	}
	synth_free(&l);
}

/* A refused line (an E line for an event pair no block has) and then the
 * real line of the same seq: a conflict, an issue, but the refused copy
 * put nothing in, so there is nothing to take out and nothing of the run
 * failed; the real line's values, never read, are missing. */
static void test_conflict_with_a_refused_line(void **state)
{
	struct synth_lines l = { 0 };
	char line[WIRE_LINE_MAX + 1], what[64];

	(void)state;
	unsigned seq;
	size_t at = events_and_e_copy(&l, line, "3 9 0 44 r gIA", &seq);
	struct collector *c = decode_with(&l, at, line, 1);
	const struct coll_run *r = &c->runs[0];
	assert_int_equal(c->rejected[COLL_REJ_CONFLICT], 1);
	assert_int_equal(c->rejected[COLL_REJ_INVALID], 1);
	snprintf(what, sizeof(what), "seq %u: two different lines (conflict)", seq);
	assert_true(has_problem(r, what));
	assert_int_equal(r->nfailure, 0);
	assert_string_equal(r->bench[3].status, "ok");
	assert_true(has_problem(r, "bench 3: 44 event values missing"));
	assert_false(collector_all_sound(c));
	collector_free(c);
	synth_free(&l);
}

TEST_MAIN(cmocka_unit_test_setup_teardown(test_both_copies_dropped_either_order, setup_run_a,
					  teardown_run_fx),
	  cmocka_unit_test_setup_teardown(test_conflict_next_to_a_loss, setup_run_a, teardown_run_fx),
	  cmocka_unit_test_setup_teardown(test_third_copy, setup_run_a, teardown_run_fx),
	  cmocka_unit_test_setup_teardown(test_loss_alone_is_sound, setup_run_a, teardown_run_fx),
	  cmocka_unit_test_setup_teardown(test_header_conflict_drops_the_block, setup_run_a,
					  teardown_run_fx),
	  cmocka_unit_test(test_tp_conflict_drops_the_record),
	  cmocka_unit_test(test_overhead_conflict_drops_the_record),
	  cmocka_unit_test(test_event_conflict_drops_the_values),
	  cmocka_unit_test(test_conflict_with_a_refused_line))
