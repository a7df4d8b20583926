/*
 * Conflicts on the run's own records (collector_conflict.c), in the real
 * sifive_u stream: a CTX, CPU, BUILD, PMU, FLAGS or HART line next to a
 * forged copy (another value, a right CRC), in either order. Neither
 * copy's values are kept, in the model, in meta.json or in the printed
 * context; the run is failed and not sound; the samples are untouched. A
 * RUN or TRAILER line cannot go (the run has no other): the run is failed
 * and its failure says that line cannot be trusted.
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
#include "context_print.h"
#include "test_main.h"

#define STREAM "tests/fixtures/firmware/sifive_u.log"

struct case_fx {
	struct synth_lines l;
	char line[WIRE_LINE_MAX + 1]; /* the forged copy */
	size_t at;                    /* the index of the real line */
	unsigned seq;                 /* its seq */
};

/* The stream at path, and a copy of its first line holding `with` that has
 * `from` replaced by `to`. */
static void forge_case_in(struct case_fx *x, const char *path, const char *with, const char *from,
			  const char *to)
{
	unsigned tag;

	memset(x, 0, sizeof(*x));
	file_lines(path, &x->l);
	x->at = line_with(&x->l, with);
	assert_int_equal(sscanf(x->l.line[x->at], "@RVB %x %u ", &tag, &x->seq), 2);
	forged(x->line, x->l.line[x->at], from, to);
}

static void forge_case(struct case_fx *x, const char *with, const char *from, const char *to)
{
	forge_case_in(x, STREAM, with, from, to);
}

/* What every conflict on a run's line does: one conflict, the run failed
 * with `failure` (seq prefixed) and not sound, no sample lost. */
static void assert_run_failed_only(const struct collector *c, unsigned seq, const char *failure)
{
	const struct coll_run *r = &c->runs[0];
	char text[200];

	assert_int_equal(c->nruns, 1);
	assert_int_equal(c->rejected[COLL_REJ_CONFLICT], 1);
	snprintf(text, sizeof(text), "seq %u: two different lines (conflict)", seq);
	assert_true(has_problem(r, text));
	snprintf(text, sizeof(text), "seq %u: %s", seq, failure);
	assert_int_equal(r->nfailure, 1);
	assert_string_equal(r->failure[0], text);
	assert_false(has_problem(r, "trailer status=ok but a block failed"));
	assert_string_equal(coll_run_verdict(r), "failed");
	assert_false(collector_all_sound(c));
	assert_int_equal(r->ngap, 0);
	assert_int_equal(r->nbench, 4);
	for (size_t i = 0; i < r->nbench; i++) {
		assert_string_equal(r->bench[i].status, "ok");
		assert_int_equal(r->bench[i].nreceived, 400);
	}
}

/* 1 when run r lists exactly text among its failures. */
static int has_failure(const struct coll_run *r, const char *text)
{
	for (size_t i = 0; i < r->nfailure; i++)
		if (!strcmp(r->failure[i], text))
			return 1;
	return 0;
}

static char *printed_context(const struct collector *c)
{
	struct memstream m;
	const struct meta_source src = { .kind = "replay" };

	ms_open(&m);
	assert_int_equal(context_print(m.f, &c->runs[0], &src), 0);
	return ms_close(&m);
}

static void test_ctx(void **state)
{
	struct case_fx x;

	(void)state;
	forge_case(&x, " CTX ", "clock_hz=33333333 ", "clock_hz=66666666 ");
	for (int first = 0; first < 2; first++) {
		struct collector *c = decode_with(&x.l, x.at, x.line, first);
		const struct coll_context *k = &c->runs[0].ctx;
		assert_run_failed_only(c, x.seq, "CTX record in conflict, neither copy kept");
		assert_false(k->have_ctx);
		assert_int_equal(k->ctx.present, 0);
		assert_int_equal(k->ncpu, 5); /* the other records stay */
		assert_true(k->have_build);
		char *j = meta(c), *p = printed_context(c);
		assert_null(strstr(j, "33333333"));
		assert_null(strstr(j, "66666666"));
		assert_null(strstr(j, "prci-hfclk"));
		assert_non_null(strstr(j, "\"cc\": \"riscv64-unknown-elf-gcc 12.2.0\""));
		assert_string_equal(p, "context: not kept (its CTX line came twice, with different "
				       "values); cycles: as recorded (replay)\n");
		free(j);
		free(p);
		collector_free(c);
	}
	synth_free(&x.l);
}

/* The U54s' CPU line (harts 1 to 4, last=4): those four leave the
 * context, hart 0, of a line of its own, stays. */
static void test_cpu(void **state)
{
	struct case_fx x;

	(void)state;
	forge_case(&x, " CPU id=1 last=4 ", "isa=rv64imafdc_", "isa=rv64imac_");
	for (int first = 0; first < 2; first++) {
		struct collector *c = decode_with(&x.l, x.at, x.line, first);
		assert_run_failed_only(c, x.seq,
				       "CPU record of harts 1 to 4 in conflict, neither copy kept");
		char *j = meta(c);
		for (int id = 1; id <= 4; id++) {
			char gone[40];
			snprintf(gone, sizeof(gone), "{\"id\": %d, \"isa\"", id);
			assert_null(strstr(j, gone));
		}
		assert_null(strstr(j, "rv64imac_zicsr_zifencei\", \"mmu\": \"riscv"));
		assert_null(strstr(j, "rv64imafdc"));
		static const char *const stay[] = {
			"{\"id\": 0, \"isa\": \"rv64imac_zicsr_zifencei\", \"mmu\": \"unknown\"",
		};
		assert_contains(j, stay, sizeof(stay) / sizeof(stay[0]));
		free(j);
		collector_free(c);
	}
	synth_free(&x.l);
}

static void test_build(void **state)
{
	struct case_fx x;

	(void)state;
	forge_case(&x, " BUILD ", "dirty=0 ", "dirty=1 ");
	for (int first = 0; first < 2; first++) {
		struct collector *c = decode_with(&x.l, x.at, x.line, first);
		const struct coll_context *k = &c->runs[0].ctx;
		assert_run_failed_only(c, x.seq, "BUILD record in conflict, neither copy kept");
		assert_false(k->have_build);
		assert_null(k->commit);
		assert_null(k->cc);
		assert_null(k->cflags);
		assert_true(k->have_ctx);
		char *j = meta(c), *p = printed_context(c);
		assert_non_null(strstr(j, "\"firmware\": {\"version\": \"0.1.0\", \"commit\": "
					  "\"unknown\", \"cc\": \"unknown\", \"cflags\": \"unknown\"}"));
		assert_non_null(strstr(p, "(commit unknown), built by an unknown compiler"));
		free(j);
		free(p);
		collector_free(c);
	}
	synth_free(&x.l);
}

static void test_pmu(void **state)
{
	struct case_fx x;

	(void)state;
	forge_case(&x, " PMU ", "3-18:fw", "3-17:fw");
	for (int first = 0; first < 2; first++) {
		struct collector *c = decode_with(&x.l, x.at, x.line, first);
		assert_run_failed_only(c, x.seq, "PMU record in conflict, neither copy kept");
		assert_int_equal(c->runs[0].npmu, 0);
		char *j = meta(c);
		assert_non_null(strstr(j, "\"pmu\": null,"));
		assert_null(strstr(j, "3-18:fw"));
		free(j);
		collector_free(c);
	}
	synth_free(&x.l);
}

/* Hart 3's HART line: hart 3 leaves meta.json's harts, the others stay. */
static void test_hart(void **state)
{
	struct case_fx x;

	(void)state;
	forge_case(&x, " HART id=3 ", "state=stopped", "state=skipped");
	for (int first = 0; first < 2; first++) {
		struct collector *c = decode_with(&x.l, x.at, x.line, first);
		assert_run_failed_only(c, x.seq, "HART record of hart 3 in conflict, neither copy kept");
		char *j = meta(c);
		assert_null(strstr(j, "{\"id\": 3, \"state\""));
		static const char *const stay[] = {
			"{\"id\": 1, \"state\": \"boot\"",
			"{\"id\": 2, \"state\": \"stopped\"",
			"{\"id\": 4, \"state\": \"stopped\"",
		};
		assert_contains(j, stay, sizeof(stay) / sizeof(stay[0]));
		free(j);
		collector_free(c);
	}
	synth_free(&x.l);
}

/* A FLAGS line of id 0 in conflict, in `path`; `later`: a piece of id 0
 * comes after it. Before or after the line, the copy comes before the
 * blocks' BENCH lines; at the end of the stream, after them: either way no
 * block keeps flags, and a later piece, which would make a text with a
 * hole in it, is refused. */
static void flags_case(const char *path, const char *with, int later)
{
	struct case_fx x;

	forge_case_in(&x, path, with, "-fno-pie", "-fpie");
	for (int where = 0; where < 3; where++) {
		size_t at = where < 2 ? x.at : x.l.n - 1;
		struct collector *c = decode_with(&x.l, at, x.line, where == 0);
		const struct coll_run *r = &c->runs[0];
		assert_int_equal(c->rejected[COLL_REJ_CONFLICT], 1);
		assert_false(collector_all_sound(c));
		assert_string_equal(coll_run_verdict(r), "failed");
		char text[120];
		snprintf(text, sizeof(text),
			 "seq %u: FLAGS record of id 0 in conflict: that id's flags not kept", x.seq);
		assert_true(has_failure(r, text));
		assert_int_equal(problem_mentions(r, "FLAGS line of an id whose flags were in conflict"),
				 later && where < 2);
		assert_null(r->flags[0]);
		for (size_t i = 0; i < r->nbench; i++) {
			assert_null(r->bench[i].cflags);
			assert_string_equal(r->bench[i].status, "ok");
		}
		char *j = meta(c);
		/* the benchmarks' flags end so; the firmware's own (BUILD) do not */
		assert_null(strstr(j, "-Iinclude -Isrc/common"));
		assert_non_null(strstr(j, "\"per_call\": null, \"cflags\": null, "));
		free(j);
		collector_free(c);
	}
	synth_free(&x.l);
}

/* Format 3: id 0's flags in one FLAGS line. */
static void test_flags(void **state)
{
	(void)state;
	flags_case(STREAM, " FLAGS id=0 text=", 0);
}

/* Format 2 (the last firmware of it): the second of id 0's three pieces
 * of 96 bytes, the third after it. */
static void test_flags_in_pieces(void **state)
{
	(void)state;
	flags_case("tests/fixtures/old-wire/v2-c1a2fb5-sifive_u.log", " FLAGS id=0 text=fno-common", 1);
}

/* RUN and TRAILER stay (the run has no other), and the run failed. */
static void test_run_and_trailer(void **state)
{
	struct case_fx x;

	(void)state;
	forge_case(&x, " RUN ", "model=SiFive", "model=Other");
	for (int first = 0; first < 2; first++) {
		struct collector *c = decode_with(&x.l, x.at, x.line, first);
		assert_run_failed_only(c, 0, "RUN record in conflict: the run's header is the first "
					     "copy's and cannot be trusted");
		collector_free(c);
	}
	synth_free(&x.l);
	forge_case(&x, " TRAILER ", "status=ok", "status=failed");
	for (int first = 0; first < 2; first++) {
		struct collector *c = decode_with(&x.l, x.at, x.line, first);
		const struct coll_run *r = &c->runs[0];
		assert_int_equal(c->rejected[COLL_REJ_CONFLICT], 1);
		assert_string_equal(coll_run_verdict(r), "failed");
		assert_false(collector_all_sound(c));
		char text[160];
		snprintf(text, sizeof(text), "seq %u: TRAILER record in conflict: the run cannot be "
					     "checked against its trailer", x.seq);
		assert_true(has_failure(r, text));
		collector_free(c);
	}
	synth_free(&x.l);
}

/* The real line again after the conflict: a duplicate, which brings
 * nothing back; a CTX line of another seq is still a second one. */
static void test_third_copy_and_another_ctx(void **state)
{
	struct case_fx x;
	char other[WIRE_LINE_MAX + 1], tokens[WIRE_LINE_MAX + 1];
	unsigned tag;
	int at = 0;

	(void)state;
	forge_case(&x, " CTX ", "clock_hz=33333333 ", "clock_hz=66666666 ");
	assert_int_equal(sscanf(x.l.line[x.at], "@RVB %x %*u CTX %n", &tag, &at), 1);
	snprintf(tokens, sizeof(tokens), "%s", x.l.line[x.at] + at);
	*strstr(tokens, " *") = '\0';
	wire_line(other, tag, 900, "CTX", "%s", tokens);
	struct memstream m;
	ms_open(&m);
	for (size_t i = 0; i < x.l.n; i++) {
		fputs(x.l.line[i], m.f);
		if (i == x.at) {
			fputs(x.line, m.f);
			fputs(x.l.line[i], m.f);
			fputs(other, m.f);
		}
	}
	struct collector *c = ms_decode(&m, SIZE_MAX);
	const struct coll_run *r = &c->runs[0];
	assert_int_equal(c->rejected[COLL_REJ_CONFLICT], 1);
	assert_int_equal(c->rejected[COLL_REJ_DUPLICATE], 1);
	assert_true(has_problem(r, "seq 900: second CTX line"));
	assert_false(r->ctx.have_ctx);
	collector_free(c);
	synth_free(&x.l);
}

TEST_MAIN(cmocka_unit_test(test_ctx), cmocka_unit_test(test_cpu), cmocka_unit_test(test_build),
	  cmocka_unit_test(test_pmu), cmocka_unit_test(test_hart), cmocka_unit_test(test_flags),
	  cmocka_unit_test(test_flags_in_pieces),
	  cmocka_unit_test(test_run_and_trailer), cmocka_unit_test(test_third_copy_and_another_ctx))
