/*
 * A run's context when some of it did not arrive: the printed context and
 * meta.json say what is unknown and why, never that the firmware is older
 * when its lines were lost or its format is newer; and a result whose
 * source cannot say which QEMU ran it reads "unknown", not "none" (no
 * QEMU: a board).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "collector_fixture.h"
#include "conflict_fixture.h"
#include "context_check.h"
#include "context_print.h"
#include "context_read.h"
#include "test_main.h"

#define STREAM "tests/fixtures/firmware/sifive_u.log"
/* format 1 from before the context records (its README) */
#define STREAM_V1 "tests/fixtures/old-wire/v1-5ab8210-sifive_u.log"

static char *printed(const struct collector *c)
{
	struct memstream m;
	const struct meta_source src = { .kind = "replay" };

	ms_open(&m);
	assert_int_equal(context_print(m.f, &c->runs[0], &src), 0);
	return ms_close(&m);
}

/* path's lines decoded, without each line that holds one of drop[0..n),
 * and with line `extra` (if not NULL) after the line holding `after`. */
static struct collector *decode_without(const char *path, const char *const *drop, size_t n,
					const char *after, const char *extra)
{
	struct synth_lines l = { 0 };
	struct memstream m;

	file_lines(path, &l);
	ms_open(&m);
	for (size_t i = 0; i < l.n; i++) {
		int keep = 1;
		for (size_t k = 0; k < n; k++)
			keep &= strstr(l.line[i], drop[k]) == NULL;
		if (keep)
			fputs(l.line[i], m.f);
		if (after && strstr(l.line[i], after))
			fputs(extra, m.f);
	}
	synth_free(&l);
	return ms_decode(&m, SIZE_MAX);
}

/* The stream's BUILD commit= (with -dirty when dirty=1) and cc= (unescaped):
 * the fixture is captured again from time to time, at other commits. */
static void build_fields(char *commit, size_t ncommit, char *cc, size_t ncc)
{
	struct synth_lines l = { 0 };
	char esc[120];
	unsigned dirty;

	file_lines(STREAM, &l);
	const char *b = l.line[line_with(&l, " BUILD ")];
	assert_int_equal(sscanf(strstr(b, " commit="), " commit=%60s dirty=%u cc=%119s", commit, &dirty,
				esc), 3);
	synth_free(&l);
	if (dirty)
		strncat(commit, "-dirty", ncommit - strlen(commit) - 1);
	assert_int_equal(wire_unescape(esc, cc, ncc), 0);
}

/* The CTX line lost (a bad CRC on the way): the CPU and BUILD records are
 * shown, the clock, L2 and SBI are unknown. It was never "firmware older
 * than the context records". */
static void test_ctx_line_lost(void **state)
{
	static const char *const drop[] = { " CTX " };
	(void)state;
	struct collector *c = decode_without(STREAM, drop, 1, NULL, NULL);
	const struct coll_run *r = &c->runs[0];
	assert_false(r->ctx.have_ctx);
	assert_int_equal(r->ctx.ncpu, 5);
	assert_true(r->ctx.have_build);
	char *p = printed(c), want[400], commit[80], cc[120];
	build_fields(commit, sizeof(commit), cc, sizeof(cc));
	snprintf(want, sizeof(want),
		 "machine: SiFive HiFive Unleashed A00, 5 harts, clock unknown, L2 unknown\n"
		 "software: SBI unknown, firmware 0.1.0 %s, built by %s; cycles: as recorded "
		 "(replay)\n", commit, cc);
	assert_string_equal(p, want);
	free(p);
	char *j = meta(c);
	assert_non_null(strstr(j, "\"context\": {\"clock_hz\": \"unknown\", "
				  "\"clock_source\": \"unknown\", \"l2\": {\"size\": "
				  "\"unknown\""));
	assert_non_null(strstr(j, "\"sbi\": \"unknown\""));
	char key[120];
	snprintf(key, sizeof(key), "\"commit\": \"%s\"", commit);
	assert_non_null(strstr(j, key));
	free(j);
	collector_free(c);
}

/* Format 2 with every context line lost: they were sent (format 2 came
 * after them), so they were lost. */
static void test_all_context_lost_v2(void **state)
{
	static const char *const drop[] = { " CTX ", " CPU ", " BUILD " };
	(void)state;
	struct collector *c = decode_without(STREAM, drop, 3, NULL, NULL);
	char *p = printed(c);
	assert_string_equal(p, "context: not received (its CTX, CPU and BUILD lines were lost); "
			       "cycles: as recorded (replay)\n");
	free(p);
	collector_free(c);
}

/* Format 1: with the line after RUN there and no context record, the
 * firmware sent none; with that line lost, nobody can tell. */
static void test_format1(void **state)
{
	(void)state;
	struct collector *c = decode_without(STREAM_V1, NULL, 0, NULL, NULL);
	char *p = printed(c);
	assert_string_equal(p, "context: not sent (firmware older than the context records); "
			       "cycles: as recorded (replay)\n");
	free(p);
	assert_non_null(strstr(p = meta(c), "\"context\": null"));
	free(p);
	collector_free(c);

	static const char *const seq1[] = { " 1 BENCH " };
	c = decode_without(STREAM_V1, seq1, 1, NULL, NULL);
	p = printed(c);
	assert_string_equal(p, "context: unknown (the line after RUN, where CTX goes, was lost); "
			       "cycles: as recorded (replay)\n");
	free(p);
	collector_free(c);
}

/* A RUN line of a later format: nothing of the run is read, its context
 * neither, nor its configuration (meta.json's config, typed by this
 * version's meaning of the keys: null); the firmware is newer, not older. */
static void test_newer_format(void **state)
{
	struct synth_lines l = { 0 };
	char line[WIRE_LINE_MAX + 1];
	struct memstream m;

	(void)state;
	file_lines(STREAM, &l);
	size_t at = line_with(&l, " RUN fmt=3 ");
	forged(line, l.line[at], "fmt=3 ", "fmt=4 ");
	ms_open(&m);
	for (size_t i = 0; i < l.n; i++)
		fputs(i == at ? line : l.line[i], m.f);
	synth_free(&l);
	struct collector *c = ms_decode(&m, SIZE_MAX);
	assert_int_equal(c->runs[0].fmt_newer, 4);
	char *p = printed(c);
	assert_string_equal(p, "context: not read (wire format 4 is newer than this rvbench reads); "
			       "cycles: as recorded (replay)\n");
	free(p);
	json_t *tree = meta_tree(c);
	assert_json_is(json_object_get(meta_run(tree, 0), "config"), "null");
	json_decref(tree);
	char *meta = meta_src(c, NULL);
	/* The header as it came: fmt=4 and its other keys. */
	assert_non_null(strstr(meta, "\"header\": {\"fmt\": \"4\", "));
	free(meta);
	collector_free(c);
}

/* A conflict took the CTX line out, and the CPU and BUILD lines were lost:
 * the CTX record was sent, so meta.json has a context of unknowns (not
 * null, which reads as a result from before the context records). */
static void test_ctx_taken_alone(void **state)
{
	static const char *const drop[] = { " CPU ", " BUILD " };
	struct synth_lines l = { 0 };
	char line[WIRE_LINE_MAX + 1];

	(void)state;
	file_lines(STREAM, &l);
	forged(line, l.line[line_with(&l, " CTX ")], "clock_hz=33333333 ", "clock_hz=66666666 ");
	synth_free(&l);
	struct collector *c = decode_without(STREAM, drop, 2, " CTX ", line);
	assert_true(c->runs[0].ctx.ctx_taken);
	char *j = meta(c);
	assert_null(strstr(j, "\"context\": null"));
	assert_non_null(strstr(j, "\"context\": {\"clock_hz\": \"unknown\""));
	assert_non_null(strstr(j, "\"firmware\": {\"version\": \"0.1.0\", \"commit\": \"unknown\", "
				  "\"cc\": \"unknown\", \"cflags\": \"unknown\"}"));
	assert_null(strstr(j, "33333333"));
	free(j);
	collector_free(c);
}

/* ---- the QEMU version read back ----------------------------------------- */

static char base[] = "/tmp/rvbench-ctxm-XXXXXX";

/* DIR/meta.json holding text. */
static const char *meta_file(const char *name, const char *text)
{
	static char dir[2][300];
	static int next;
	char *d = dir[next++ % 2], path[400];

	snprintf(d, sizeof(dir[0]), "%s/%s", base, name);
	assert_int_equal(mkdir(d, 0700), 0);
	snprintf(path, sizeof(path), "%s/meta.json", d);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	return d;
}

/* DIR/meta.json with source `source` and a context. */
static const char *result(const char *name, const char *source)
{
	char text[1200];

	snprintf(text, sizeof(text),
		 "{\"source\": %s, \"runs\": [{\"header\": {\"model\": \"M\"}, \"context\": "
		 "{\"clock_hz\": 1000, \"clock_source\": \"dt\", \"l2\": {\"size\": \"unknown\", "
		 "\"sets\": \"unknown\", \"block\": \"unknown\", \"level\": \"unknown\", "
		 "\"ways_enabled\": \"unknown\"}, \"sbi\": \"unknown\", \"harts\": [], "
		 "\"firmware\": {\"version\": \"0.1.0\", \"commit\": \"abc\", \"cc\": \"gcc\", "
		 "\"cflags\": \"-O2\"}}}]}\n",
		 source);
	return meta_file(name, text);
}

static int setup(void **state)
{
	(void)state;
	memcpy(base + sizeof(base) - 7, "XXXXXX", 6); /* a new directory each test */
	return mkdtemp(base) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[300];
	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", base);
	return system(cmd) ? -1 : 0;
}

static void test_qemu_version(void **state)
{
	struct run_context q, rp, s;
	char err[4400];

	(void)state;
	assert_int_equal(context_read(result("q", "{\"kind\": \"qemu\", \"qemu_version\": \"7.2.22\", "
					     "\"icount\": \"0\"}"), &q, err, sizeof(err)), 0);
	assert_string_equal(q.value[CTX_QEMU], "7.2.22");
	/* A replayed log: whether QEMU sent it, and which, is not known. */
	assert_int_equal(context_read(result("r", "{\"kind\": \"replay\", \"file\": \"x.log\"}"), &rp,
				      err, sizeof(err)), 0);
	assert_string_equal(rp.value[CTX_QEMU], "unknown");
	/* A board over a serial line: no QEMU. */
	assert_int_equal(context_read(result("s", "{\"kind\": \"serial\", \"port\": \"/dev/ttyUSB0\", "
					     "\"baud\": 115200}"), &s, err, sizeof(err)), 0);
	assert_string_equal(s.value[CTX_QEMU], "none");

	struct memstream m;
	ms_open(&m);
	assert_int_equal(context_check(m.f, "compare", &q, &rp), 2);
	char *out = ms_close(&m);
	assert_string_equal(out, "rvbench: compare: warning: different QEMU version: A 7.2.22, B unknown\n"
				 "rvbench: compare: warning: different cycle counting (icount mode): "
				 "A QEMU, icount 0, B unknown (replay)\n");
	free(out);
}

#define SRC "\"source\": {\"kind\": \"qemu\", \"qemu_version\": \"7.2.22\", \"icount\": \"0\"}"
#define CTX(hz)                                                                                    \
	"{\"clock_hz\": " hz ", \"clock_source\": \"dt\", \"l2\": {\"size\": \"unknown\", "            \
	"\"sets\": \"unknown\", \"block\": \"unknown\", \"level\": \"unknown\", "                     \
	"\"ways_enabled\": \"unknown\"}, \"sbi\": \"unknown\", \"harts\": [], \"firmware\": "            \
	"{\"version\": \"0.1.0\", \"commit\": \"abc\", \"cc\": \"gcc\", \"cflags\": \"-O2\"}}"
#define RUN(fmt, model, ctx) \
	"{\"header\": {\"fmt\": \"" fmt "\", \"model\": \"" model "\"}, \"context\": " ctx "}"

/* A result whose runs differ (a fleet of two machines merged): every run's
 * context counts, not the first one's alone; runs without one are named. */
static void test_runs_differ(void **state)
{
	struct run_context one, two, part;
	char err[4400];
	struct memstream m;

	(void)state;
	assert_int_equal(context_read(meta_file("one", "{" SRC ", \"runs\": [" RUN("2", "A00", CTX("1000"))
						 "]}"), &one, err, sizeof(err)), 0);
	assert_int_equal(context_read(meta_file("two", "{" SRC ", \"runs\": [" RUN("2", "A00", CTX("1000"))
						 ", " RUN("2", "virt", CTX("\"unknown\"")) ", "
						 RUN("2", "A00", CTX("1000")) "]}"),
				      &two, err, sizeof(err)), 0);
	assert_true(two.found);
	assert_int_equal(two.runs, 3);
	assert_int_equal(two.without, 0);
	assert_string_equal(two.value[CTX_MODEL], "varies between runs: A00; virt");
	assert_string_equal(two.value[CTX_CLOCK], "varies between runs: 1000 Hz (dt); unknown");
	assert_string_equal(two.value[CTX_CC], "gcc");
	ms_open(&m);
	assert_int_equal(context_check(m.f, "compare", &one, &two), 2);
	char *out = ms_close(&m);
	assert_string_equal(out, "rvbench: compare: warning: different machine model: A A00, B varies "
				 "between runs: A00; virt\n"
				 "rvbench: compare: warning: different core clock: A 1000 Hz (dt), B "
				 "varies between runs: 1000 Hz (dt); unknown\n");
	free(out);

	/* Format 2 without a context: its lines were lost; format 1: older. */
	assert_int_equal(context_read(meta_file("part", "{" SRC ", \"runs\": [" RUN("2", "A00", CTX("1000"))
						 ", " RUN("1", "A00", "null") "]}"),
				      &part, err, sizeof(err)), 0);
	assert_int_equal(part.without, 1);
	assert_int_equal(part.lost, 0);
	ms_open(&m);
	assert_int_equal(context_check(m.f, "compare", &one, &part), 1);
	out = ms_close(&m);
	assert_string_equal(out, "rvbench: compare: warning: B: 1 of its 2 runs have no context (older "
				 "firmware): only the others' are checked\n");
	free(out);
}

/* A run of format 2 with context null: the lines were lost, not older
 * firmware; one of format 4 was not read. */
static void test_context_lost_read(void **state)
{
	struct run_context one, lost;
	char err[4400];
	struct memstream m;

	(void)state;
	assert_int_equal(context_read(meta_file("one", "{" SRC ", \"runs\": [" RUN("2", "A00", CTX("1000"))
						 "]}"), &one, err, sizeof(err)), 0);
	assert_int_equal(context_read(meta_file("lost", "{" SRC ", \"runs\": [" RUN("2", "A00", "null")
						 "]}"), &lost, err, sizeof(err)), 0);
	assert_false(lost.found);
	assert_int_equal(lost.lost, 1);
	ms_open(&m);
	assert_int_equal(context_check(m.f, "compare", &lost, &one), 1);
	char *out = ms_close(&m);
	assert_string_equal(out, "rvbench: compare: warning: A has no context in its meta.json (CTX, "
				 "CPU and BUILD lines lost): cannot check that both ran on the same "
				 "kind of machine\n");
	free(out);

	/* A later format: nothing of it was read, and it is not older. */
	struct run_context newer;
	assert_int_equal(context_read(meta_file("newer", "{" SRC ", \"runs\": [" RUN("4", "A00", "null")
						 "]}"), &newer, err, sizeof(err)), 0);
	assert_int_equal(newer.unread, 1);
	assert_int_equal(newer.lost, 0);
	ms_open(&m);
	assert_int_equal(context_check(m.f, "compare", &one, &newer), 1);
	out = ms_close(&m);
	assert_string_equal(out, "rvbench: compare: warning: B has no context in its meta.json (a wire "
				 "format newer than this rvbench reads): cannot check that both ran on "
				 "the same kind of machine\n");
	free(out);
}

TEST_MAIN(cmocka_unit_test(test_ctx_line_lost), cmocka_unit_test(test_all_context_lost_v2),
	  cmocka_unit_test(test_format1), cmocka_unit_test(test_newer_format),
	  cmocka_unit_test(test_ctx_taken_alone),
	  cmocka_unit_test_setup_teardown(test_qemu_version, setup, teardown),
	  cmocka_unit_test_setup_teardown(test_runs_differ, setup, teardown),
	  cmocka_unit_test_setup_teardown(test_context_lost_read, setup, teardown))
