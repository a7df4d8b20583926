/*
 * A NUL byte the board sent, in a LAVA job log. A UART often gives one
 * when a board resets or its line comes up; LAVA keeps it and its YAML
 * dumper writes it "\0" (lava-run and `lavacli jobs logs --raw` alike).
 * The line it is in must come through whole, as it does when the same
 * bytes are read from the serial port: cut at the NUL, a RUN header is
 * lost without a word and the whole run with it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector.h"
#include "lava_log.h"
#include "session.h"
#include "source_lava.h"
#include "test_main.h"
#include "tmpdir_fixture.h"

/* The log lava-run wrote (tests/fixtures/lava/README.md): a run of 3
 * blocks of 1100 samples, its RUN header on one target line. */
#define FIXTURE "tests/fixtures/lava/qemu-sifive_u.jsonl"
#define FIXTURE_UART 110
#define FIXTURE_SAMPLES 3300

/* "\0" in YAML's escapes (PyYAML's dump), the message "\0@RVB a\"b". */
static void test_lava_nul_yaml(void **state)
{
	static const char line[] = "- {\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"\\0@RVB a\\\\\\\"b\"}";
	static const char want[] = "\0@RVB a\"b";
	char *msg;
	size_t len;

	(void)state;
	assert_int_equal(lava_log_line_len(line, strlen(line), &msg, &len), LAVA_REC_TARGET);
	assert_int_equal(len, sizeof(want) - 1);
	assert_memory_equal(msg, want, sizeof(want));
	free(msg);
}

/* "\u0000" in JSON: the same byte. */
static void test_lava_nul_json(void **state)
{
	static const char line[] = "{\"dt\": \"x\", \"lvl\": \"feedback\", \"msg\": \"a\\u0000b\"}";
	char *msg;
	size_t len;

	(void)state;
	assert_int_equal(lava_log_line_len(line, strlen(line), &msg, &len), LAVA_REC_TARGET);
	assert_int_equal(len, 3);
	assert_memory_equal(msg, "a\0b", 4);
	free(msg);
}

/* A message without a NUL: its length is strlen's. */
static void test_lava_nul_none(void **state)
{
	static const char line[] = "{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"abc\"}";
	char *msg;
	size_t len = 99;

	(void)state;
	assert_int_equal(lava_log_line_len(line, strlen(line), &msg, &len), LAVA_REC_TARGET);
	assert_int_equal(len, 3);
	assert_string_equal(msg, "abc");
	free(msg);
	assert_int_equal(lava_log_line_len("{\"lvl\": \"info\", \"msg\": \"x\"}", 27, &msg, &len),
			 LAVA_REC_OTHER);
	assert_null(msg);
	assert_int_equal(len, 0);
}

/* Where the message of the target record holding RUN begins. */
static char *run_message(char *log)
{
	static const char key[] = "\"lvl\": \"target\", \"msg\": \"";

	for (char *at = strstr(log, key); at; at = strstr(at + 1, key)) {
		char *msg = at + strlen(key);
		char *eol = strchr(msg, '\n');
		char *run = strstr(msg, " 0 RUN ");
		if (!strncmp(msg, "@RVB ", 5) && run && (!eol || run < eol))
			return msg;
	}
	return NULL;
}

/* The fixture with a "\0" put before its RUN header, written to path. */
static void write_nul_before_run(const char *path)
{
	size_t len;
	char *log = file_read(FIXTURE, &len);
	char *at = run_message(log);

	assert_non_null(at);
	size_t head = (size_t)(at - log);
	FILE *out = fopen(path, "wb");
	assert_non_null(out);
	assert_int_equal(fwrite(log, 1, head, out), head);
	assert_true(fputs("\\0", out) >= 0);
	assert_int_equal(fwrite(at, 1, len - head, out), len - head);
	assert_int_equal(fclose(out), 0);
	free(log);
}

/* The whole log replayed: the run is there, complete, every sample. */
static void test_lava_nul_run_header(void **state)
{
	char path[128], dir[128], err[256];
	struct lava_log_stats st;
	struct session s;
	enum src_end end;

	(void)state;
	snprintf(path, sizeof(path), "%s/nul.jsonl", tmpdir);
	snprintf(dir, sizeof(dir), "%s/out", tmpdir);
	write_nul_before_run(path);
	assert_int_equal(session_open(&s, dir, NULL, 1, err, sizeof(err)), 0);
	assert_int_equal(source_lava(&s, path, &st, &end, err, sizeof(err)), 0);
	assert_int_equal(end, SRC_END_EOF);
	collector_finish(s.c);
	assert_int_equal(st.damaged, 0);
	assert_int_equal(st.target, FIXTURE_UART);
	assert_int_equal(s.c->nruns, 1);
	assert_true(s.c->runs[0].complete);
	assert_int_equal(s.c->runs[0].total_received, FIXTURE_SAMPLES);
	session_free(&s);
}

TEST_MAIN(cmocka_unit_test(test_lava_nul_yaml),
	  cmocka_unit_test(test_lava_nul_json),
	  cmocka_unit_test(test_lava_nul_none),
	  cmocka_unit_test_setup_teardown(test_lava_nul_run_header, tmpdir_setup, tmpdir_teardown))
