/*
 * The stream decoder (host-tools/collect/collector.c) on damaged input:
 * lost, duplicated, conflicting, truncated and too long lines, a reset
 * in the middle of a run, a bad trailer and an unknown format, lines out
 * of order, a lost BENCH line of a block with events. What was lost is
 * named exactly (gaps, problems), and no value is ever wrong.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "collector_fixture.h"
#include "test_main.h"

static void test_missing_line_exact_gap(void **state)
{
	struct synth_lines *l = &((struct run_fx *)*state)->l;
	/* Line 3: S 0 16-31 (two_benches_run). */
	struct collector *c = decode_lines(l, 3, SIZE_MAX);
	const struct coll_run *r = &c->runs[0];

	assert_false(r->complete);
	assert_int_equal(r->ngap, 1);
	assert_int_equal(r->gap[0].bench, 0);
	assert_int_equal(r->gap[0].first, 16);
	assert_int_equal(r->gap[0].last, 31);
	assert_string_equal(r->gap[0].reason, "line lost");
	assert_true(has_problem(r, "missing seq 3"));
	assert_true(has_problem(r, "bench 0: 28 of 44 samples"));
	assert_true(has_problem(r, "crc32 not checked: samples missing"));
	assert_true(has_problem(r, "trailer samples=66 but 50 received"));
	assert_int_equal(r->total_received, 50);
	assert_no_wrong_value(c);
	collector_free(c);

	/* Two adjacent lines lost: one seq range, one sample range. */
	struct synth_lines l2 = { 0 };
	for (size_t i = 0; i < l->n; i++)
		if (i != 2 && i != 3) {
			l2.line = realloc(l2.line, (l2.n + 1) * sizeof(char *));
			l2.line[l2.n++] = strdup(l->line[i]);
		}
	c = decode_lines(&l2, SIZE_MAX, 7);
	r = &c->runs[0];
	assert_true(has_problem(r, "missing seq 2-3"));
	assert_int_equal(r->ngap, 1);
	assert_int_equal(r->gap[0].first, 0);
	assert_int_equal(r->gap[0].last, 31);
	collector_free(c);
	synth_free(&l2);
}

static void test_duplicate_and_conflict(void **state)
{
	struct run_fx *x = *state;
	/* Exact duplicates (also with "\n" instead of "\r\n"): dropped. */
	for (size_t i = 0; i < x->l.n; i++) {
		fputs(x->l.line[i], x->m.f);
		if (i == 2 || i == 0)
			fputs(x->l.line[i], x->m.f);
		if (i == 4) {
			fwrite(x->l.line[i], 1, strlen(x->l.line[i]) - 2, x->m.f);
			fputs("\n", x->m.f);
		}
	}
	struct collector *c = ms_decode(&x->m, SIZE_MAX);
	assert_int_equal(c->rejected[COLL_REJ_DUPLICATE], 3);
	assert_int_equal(c->nruns, 1);
	assert_true(c->runs[0].complete);
	assert_no_wrong_value(c);
	collector_free(c);

	/* The same seq with other (CRC-valid) content: a conflict. */
	char line[WIRE_LINE_MAX + 1];
	struct wire_writer w;
	wire_begin(&w, line, sizeof(line), TAG_A, 4, WIRE_REC_SAMPLES);
	wire_add_u64(&w, 0);
	wire_add_u64(&w, 32);
	wire_add_u64(&w, 1);
	wire_add_token(&w, "d");
	struct wire_sample s = { 12345, 678 };
	wire_add_sample(&w, &s);
	assert_true(wire_finish(&w) > 0);
	ms_open(&x->m);
	for (size_t i = 0; i < x->l.n; i++) {
		fputs(x->l.line[i], x->m.f);
		if (i == 4)
			fputs(line, x->m.f);
	}
	c = ms_decode(&x->m, SIZE_MAX);
	assert_int_equal(c->rejected[COLL_REJ_CONFLICT], 1);
	assert_int_equal(c->runs[0].rejected[COLL_REJ_CONFLICT], 1);
	assert_false(c->runs[0].complete);
	assert_true(has_problem(&c->runs[0], "seq 4: two different lines (conflict)"));
	assert_no_wrong_value(c); /* the first line's values stay */
	collector_free(c);
}

static void test_truncated_final_line(void **state)
{
	struct synth_lines *l = &((struct run_fx *)*state)->l;
	size_t len;
	char *buf = synth_join(l, SIZE_MAX, &len);
	size_t tl = strlen(l->line[l->n - 1]);

	/* The trailer without its "\r\n", then without its last CRC digit. */
	for (size_t cut = 1; cut <= 3; cut++) {
		struct collector *c = decode(buf, len - cut, 5);
		const struct coll_run *r = &c->runs[0];
		assert_int_equal(c->rejected[COLL_REJ_UNTERMINATED], 1);
		assert_false(r->have_trailer);
		assert_false(r->complete);
		assert_true(has_problem(r, "no trailer"));
		assert_int_equal(r->total_received, 66); /* all samples kept */
		assert_int_equal(r->ngap, 0);
		collector_free(c);
	}
	/* Cut inside the last S line of bench 1: its samples are a gap. */
	size_t upto = len - tl - strlen(l->line[l->n - 2]) - 10;
	struct collector *c = decode(buf, upto, 3);
	const struct coll_run *r = &c->runs[0];
	assert_int_equal(c->rejected[COLL_REJ_UNTERMINATED], 1);
	assert_int_equal(r->ngap, 1);
	assert_int_equal(r->gap[0].bench, 1);
	assert_int_equal(r->gap[0].first, 16);
	assert_int_equal(r->gap[0].last, 21);
	assert_string_equal(r->gap[0].reason, "stream ended");
	assert_no_wrong_value(c);
	collector_free(c);
	free(buf);
}

static void test_reset_mid_run(void **state)
{
	struct run_fx *x = *state;
	struct synth_lines b = { 0 };
	two_benches_run(TAG_B, &b);
	/* Run A: RUN, BENCH 0, S 0-15, S 16-31, then half a line and a reset. */
	for (size_t i = 0; i < 4; i++)
		fputs(x->l.line[i], x->m.f);
	fwrite(x->l.line[4], 1, 20, x->m.f);
	fputs("\r\nOpenSBI v1.1\r\n", x->m.f);
	for (size_t i = 0; i < b.n; i++)
		fputs(b.line[i], x->m.f);
	struct collector *c = ms_decode(&x->m, SIZE_MAX);
	assert_int_equal(c->nruns, 2);
	const struct coll_run *ra = &c->runs[0], *rb = &c->runs[1];
	assert_int_equal(ra->tag, TAG_A);
	assert_true(ra->cut_off);
	assert_false(ra->complete);
	assert_true(has_problem(ra, "cut off by a new run"));
	assert_true(has_problem(ra, "benches: 1 of 2 received"));
	assert_int_equal(ra->ngap, 2);
	assert_int_equal(ra->gap[0].bench, 0);
	assert_int_equal(ra->gap[0].first, 32);
	assert_int_equal(ra->gap[0].last, 43);
	assert_string_equal(ra->gap[0].reason, "cut off by a new run");
	assert_false(ra->gap[0].open_end);
	/* Bench 1 (RUN said benches=2) never started: listed, size unknown. */
	assert_int_equal(ra->gap[1].bench, 1);
	assert_int_equal(ra->gap[1].first, 0);
	assert_true(ra->gap[1].open_end);
	assert_string_equal(ra->gap[1].reason, "never started");
	/* gaps.csv: its last and count empty, not a made-up number. */
	struct memstream g;
	assert_int_equal(csv_write_gaps(ms_open(&g), c), 0);
	char *text = ms_close(&g);
	assert_non_null(strstr(text, "1a2b3c4d,0,add_loop,32,43,12,cut off by a new run\r\n"
				     "1a2b3c4d,1,,0,,,never started\r\n"));
	free(text);
	assert_true(rb->complete);
	assert_false(collector_all_complete(c));
	assert_int_equal(c->rejected[WIRE_ERR_NO_CRC] + c->rejected[WIRE_ERR_BAD_CRC], 1);
	assert_no_wrong_value(c);
	collector_free(c);
	synth_free(&b);
}

static void test_prefix_last_occurrence_and_lost_newline(void **state)
{
	struct run_fx *x = *state;
	for (size_t i = 0; i < x->l.n; i++) {
		if (i == 1)
			fputs("noise @RVB @RVB x", x->m.f); /* earlier prefixes: ignored */
		if (i == 5) {
			/* END 0 loses its newline: only that line is lost. */
			fwrite(x->l.line[i], 1, strlen(x->l.line[i]) - 2, x->m.f);
			continue;
		}
		fputs(x->l.line[i], x->m.f);
	}
	struct collector *c = ms_decode(&x->m, SIZE_MAX);
	const struct coll_run *r = &c->runs[0];
	assert_int_equal(r->total_received, 66);
	assert_false(r->bench[0].have_end);
	assert_true(r->bench[1].have_end);
	assert_true(has_problem(r, "missing seq 5"));
	assert_int_equal(rejected_total(c), 0);
	assert_no_wrong_value(c);
	collector_free(c);
}

static void test_too_long_and_orphans(void **state)
{
	struct run_fx *x = *state;
	/* Lines of a run whose RUN header never came: orphans. */
	fputs(x->l.line[1], x->m.f);
	fputs(x->l.line[2], x->m.f);
	/* A 5000-byte machine line. */
	fputs("@RVB 1a2b3c4d 3 S", x->m.f);
	for (int i = 0; i < 5000; i++)
		fputc('9', x->m.f);
	fputs("\r\n", x->m.f);
	struct collector *c = ms_decode(&x->m, 13);
	assert_int_equal(c->nruns, 0);
	assert_int_equal(c->rejected[COLL_REJ_ORPHAN], 2);
	assert_int_equal(c->orphans_after_run, 0);
	assert_int_equal(c->rejected[WIRE_ERR_TOO_LONG], 1);
	assert_false(collector_all_complete(c));
	collector_free(c);
}

/* A trailer whose crc32 or status disagrees. */
static void test_trailer_checks(void **state)
{
	struct synth_lines *l = &((struct run_fx *)*state)->l;
	char line[WIRE_LINE_MAX + 1];
	free(l->line[l->n - 1]);
	l->line[l->n - 1] = strdup(wire_line(line, TAG_A, (uint32_t)(l->n - 1), WIRE_REC_TRAILER,
					     "benches=2 samples=66 crc32=0x12345678 status=verify-failed"));
	struct collector *c = decode_lines(l, SIZE_MAX, SIZE_MAX);
	const struct coll_run *r = &c->runs[0];
	assert_true(r->have_trailer);
	assert_false(r->complete);
	assert_true(has_problem(r, "crc32 mismatch"));
	/* A failed status is the run's result, not a loss. */
	assert_false(has_problem(r, "status=verify-failed"));
	assert_false(r->ok);
	assert_string_equal(r->failure[0], "trailer status=verify-failed");
	assert_int_equal(r->ngap, 0);
	collector_free(c);
}

static void test_unknown_format(void **state)
{
	struct synth_lines *l = &((struct run_fx *)*state)->l;
	char line[WIRE_LINE_MAX + 1];
	free(l->line[0]);
	l->line[0] = strdup(wire_line(line, TAG_A, 0, WIRE_REC_RUN, "fmt=4 seed=0x1 benches=2"));
	struct collector *c = decode_lines(l, SIZE_MAX, SIZE_MAX);
	assert_int_equal(c->nruns, 1);
	assert_false(c->runs[0].complete);
	assert_int_equal(c->runs[0].nbench, 0); /* nothing read from fmt=4 */
	collector_free(c);
}

/* A RUN line of a later version: the run is not read, and the summary
 * says why in words, not "no trailer" (the trailer came, unread). A RUN
 * line without a version it could be is wrong, and said so. */
static void test_newer_format_named(void **state)
{
	struct synth_lines *l = &((struct run_fx *)*state)->l;
	char line[WIRE_LINE_MAX + 1];
	free(l->line[0]);
	l->line[0] = strdup(wire_line(line, TAG_A, 0, WIRE_REC_RUN, "fmt=4 seed=0x%llx benches=2",
				      (unsigned long long)RUN_SEED));
	struct collector *c = decode_lines(l, SIZE_MAX, SIZE_MAX);
	const struct coll_run *r = &c->runs[0];
	assert_true(has_problem(r, "wire format version 4 is newer than this collector reads "
				   "(1 to 3): nothing of the run was read (a newer rvbench reads it)"));
	assert_false(has_problem(r, "no trailer"));
	assert_int_equal(c->rejected[COLL_REJ_INVALID], 0);
	assert_int_equal(r->nbench, 0);
	assert_false(r->complete);
	assert_false(collector_all_sound(c));
	collector_free(c);

	free(l->line[0]);
	l->line[0] = strdup(wire_line(line, TAG_A, 0, WIRE_REC_RUN, "fmt=0 seed=0x1 benches=2"));
	c = decode_lines(l, SIZE_MAX, SIZE_MAX);
	r = &c->runs[0];
	assert_true(has_problem(r, "seq 0: RUN line without fmt=1, 2 or 3: content not read"));
	assert_false(has_problem(r, "no trailer"));
	assert_int_equal(c->rejected[COLL_REJ_INVALID], 1);
	collector_free(c);
}

/* The S line of samples first..first+n-1 of block 0 at seq (synth values),
 * into line. */
static const char *s_line(char *line, uint32_t seq, uint64_t first, uint64_t n)
{
	struct wire_writer w;
	wire_begin(&w, line, WIRE_LINE_MAX + 1, TAG_A, seq, WIRE_REC_SAMPLES);
	wire_add_u64(&w, 0);
	wire_add_u64(&w, first);
	wire_add_u64(&w, n);
	wire_add_token(&w, "d");
	for (uint64_t k = first; k < first + n; k++) {
		struct wire_sample s = { synth_cycles(0, k), synth_instret(0, k) };
		wire_add_sample(&w, &s);
	}
	assert_true(wire_finish(&w) > 0);
	return line;
}

/* Block 0's lines with `early` (an S line) sent before its BENCH line
 * and in place of line 4 (S 0 32..43), decoded. */
static struct collector *decode_s_early(struct run_fx *x, const char *early)
{
	for (size_t i = 0; i < x->l.n; i++) {
		if (i == 1)
			fputs(early, x->m.f);
		if (i != 4)
			fputs(x->l.line[i], x->m.f);
	}
	return ms_decode(&x->m, SIZE_MAX);
}

/* An S line before its BENCH line is checked against the count BENCH
 * announces once it comes: within it, kept (the run complete); past it
 * (samples 32..47 of 44), refused whole, as after BENCH, and said so. */
static void test_samples_before_their_bench_line(void **state)
{
	struct run_fx *x = *state;
	char line[WIRE_LINE_MAX + 1];

	struct collector *c = decode_s_early(x, s_line(line, 4, 32, 12));
	assert_true(c->runs[0].complete);
	assert_int_equal(c->runs[0].nissue, 0);
	collector_free(c);

	ms_open(&x->m);
	c = decode_s_early(x, s_line(line, 4, 32, 16));
	const struct coll_run *r = &c->runs[0];
	const struct coll_bench *b = &r->bench[0];
	assert_int_equal(c->rejected[COLL_REJ_INVALID], 1);
	assert_int_equal(r->rejected[COLL_REJ_INVALID], 1);
	assert_true(has_problem(r, "seq 4: S line beyond the benchmark's sample count (samples "
				   "32-47, but its BENCH line, which came later, announced 44)"));
	assert_int_equal(b->nreceived, 32);
	assert_int_equal(b->max_index, 31);
	for (size_t k = 32; k < b->ncap; k++)
		assert_int_equal(b->present[k], 0);
	assert_int_equal(r->ngap, 1);
	assert_int_equal(r->gap[0].first, 32);
	assert_int_equal(r->gap[0].last, 43);
	assert_string_equal(r->gap[0].reason, "line lost");
	assert_false(collector_all_sound(c));
	assert_no_wrong_value(c);
	collector_free(c);
}

/* The real events stream without block 0's BENCH line: its E lines cannot
 * be read (nothing names their events), which is a loss like the BENCH
 * line's, not a wrong value: the run stays sound, as it does when the
 * stream has no events. */
static void test_lost_bench_line_of_events_is_a_loss(void **state)
{
	struct synth_lines l = { 0 };
	size_t bench = SIZE_MAX;

	(void)state;
	file_lines("tests/fixtures/firmware/events.log", &l);
	for (size_t i = 0; i < l.n && bench == SIZE_MAX; i++)
		if (strstr(l.line[i], " BENCH id=0 "))
			bench = i;
	assert_int_not_equal(bench, SIZE_MAX);
	struct collector *c = decode_lines(&l, bench, SIZE_MAX);
	const struct coll_run *r = &c->runs[0];
	assert_int_equal(c->rejected[COLL_REJ_INVALID], 0);
	assert_int_equal(r->nbreach, 0);
	assert_true(collector_all_sound(c));
	assert_string_equal(coll_run_verdict(r), "incomplete");
	assert_true(has_problem(r, "bench 0: no BENCH header"));
	assert_true(has_problem(r, "bench 0: 2 E lines not read: no BENCH line before them"));
	assert_int_equal(r->bench[0].nreceived, 44);
	assert_int_equal(r->ngap, 1);
	assert_int_equal(r->gap[0].bench, 0);
	assert_true(r->gap[0].open_end);
	assert_string_equal(r->gap[0].reason, "line lost");
	collector_free(c);
	synth_free(&l);
}

/* The real events stream with block 0's first E line sent before its
 * BENCH line: that line is not read (its events have no names yet), said
 * once; its values are not counted again among the missing ones. */
static void test_early_e_line_named_once(void **state)
{
	struct synth_lines l = { 0 };
	struct memstream m;
	size_t bench = SIZE_MAX, e = SIZE_MAX;

	(void)state;
	file_lines("tests/fixtures/firmware/events.log", &l);
	for (size_t i = 0; i < l.n; i++) {
		if (bench == SIZE_MAX && strstr(l.line[i], " BENCH id=0 "))
			bench = i;
		else if (bench != SIZE_MAX && e == SIZE_MAX && strstr(l.line[i], " E 0 "))
			e = i;
	}
	assert_true(bench < e && e < l.n);
	ms_open(&m);
	for (size_t i = 0; i < l.n; i++) {
		if (i == bench)
			fputs(l.line[e], m.f);
		if (i != e)
			fputs(l.line[i], m.f);
	}
	struct collector *c = ms_decode(&m, SIZE_MAX);
	const struct coll_run *r = &c->runs[0];
	assert_int_equal(c->rejected[COLL_REJ_INVALID], 0);
	assert_true(has_problem(r, "bench 0: 1 E line not read: no BENCH line before it"));
	assert_false(problem_mentions(r, "event values missing"));
	assert_true(collector_all_sound(c));
	collector_free(c);
	synth_free(&l);
}

TEST_MAIN(cmocka_unit_test_setup_teardown(test_missing_line_exact_gap, setup_run_a, teardown_run_fx),
	  cmocka_unit_test_setup_teardown(test_duplicate_and_conflict, setup_run_a, teardown_run_fx),
	  cmocka_unit_test_setup_teardown(test_truncated_final_line, setup_run_a, teardown_run_fx),
	  cmocka_unit_test_setup_teardown(test_reset_mid_run, setup_run_a, teardown_run_fx),
	  cmocka_unit_test_setup_teardown(test_prefix_last_occurrence_and_lost_newline, setup_run_a, teardown_run_fx),
	  cmocka_unit_test_setup_teardown(test_too_long_and_orphans, setup_run_a, teardown_run_fx),
	  cmocka_unit_test_setup_teardown(test_trailer_checks, setup_run_a, teardown_run_fx),
	  cmocka_unit_test_setup_teardown(test_unknown_format, setup_run_a, teardown_run_fx),
	  cmocka_unit_test_setup_teardown(test_newer_format_named, setup_run_a, teardown_run_fx),
	  cmocka_unit_test_setup_teardown(test_samples_before_their_bench_line, setup_run_a,
					  teardown_run_fx),
	  cmocka_unit_test(test_lost_bench_line_of_events_is_a_loss),
	  cmocka_unit_test(test_early_e_line_named_once))
