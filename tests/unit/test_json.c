/*
 * The JSON writers: string escaping (host-tools/output/json_string.c),
 * invalid UTF-8 replaced, the same values made for jansson (json_safe_*),
 * and meta.json of a run with a lost line as `rvbench qemu` writes it
 * (meta_json.c), and its write errors.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector.h"
#include "collector_fixture.h"
#include "meta_json.h"
#include "synth.h"
#include "test_main.h"

/* A JSON string as written: escaped, invalid UTF-8 replaced. */
static const char *const escaping[][2] = {
	{ "plain", "\"plain\"" },
	{ "q\"b\\", "\"q\\\"b\\\\\"" },
	{ "\r\n\t\x01\x1f", "\"\\r\\n\\t\\u0001\\u001f\"" },
	{ "caf\xc3\xa9", "\"caf\xc3\xa9\"" },  /* valid UTF-8 kept */
	{ "bad\xff\xc3", "\"bad\\ufffd\\ufffd\"" }, /* invalid: replaced */
	{ "\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"" }, /* a surrogate */
};

static void test_json_escaping(void **state)
{
	(void)state;
	assert_written(json_write_str, escaping, sizeof(escaping) / sizeof(escaping[0]));
}

/* json_safe_str() makes the string json_write_str() writes, as a reader
 * of that text gets it (jansson refuses invalid UTF-8 itself). */
static void test_json_safe_str(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(escaping) / sizeof(escaping[0]); i++) {
		json_t *want = json_loads(escaping[i][1], JSON_DECODE_ANY, NULL);
		json_t *got = json_safe_str(escaping[i][0]);
		assert_non_null(want);
		assert_non_null(got);
		assert_string_equal(json_string_value(got), json_string_value(want));
		json_decref(want);
		json_decref(got);
	}
	assert_true(json_is_null(json_safe_str(NULL)));
	/* A key of invalid UTF-8 is kept, its bad byte replaced as in a value. */
	json_t *o = json_object();
	assert_int_equal(json_safe_set(o, "k\xff", json_integer(1)), 0);
	assert_non_null(json_object_get(o, "k\xef\xbf\xbd"));
	json_decref(o);
}

/* Whole numbers: JSON numbers up to 2^53 - 1, strings of digits beyond;
 * reals as their printed text reads, null when not finite. */
static void test_json_safe_numbers(void **state)
{
	static const char *const want_text[] = {
		"9007199254740991", "\"9007199254740992\"", "\"18446744073709551615\"",
		"-9007199254740991", "\"-9007199254740992\"", "\"-9223372036854775808\"",
		"0.333", "1e+20", "null", "null",
	};
	json_t *got[] = {
		json_safe_u64(JSON_SAFE_INT_MAX), json_safe_u64(JSON_SAFE_INT_MAX + 1),
		json_safe_u64(ULLONG_MAX), json_safe_i64(-(long long)JSON_SAFE_INT_MAX),
		json_safe_i64(-(long long)JSON_SAFE_INT_MAX - 1), json_safe_i64(LLONG_MIN),
		json_printed_real("%.3f", 1.0 / 3), json_printed_real("%.3Le", (long double)1e20),
		json_printed_real("%.3f", (double)NAN), json_printed_real("%.3f", (double)INFINITY),
	};
	(void)state;
	for (size_t i = 0; i < sizeof(got) / sizeof(got[0]); i++) {
		json_t *want = json_loads(want_text[i], JSON_DECODE_ANY, NULL);
		assert_non_null(want);
		assert_non_null(got[i]);
		assert_int_equal(json_typeof(got[i]), json_typeof(want));
		assert_true(json_equal(got[i], want));
		json_decref(want);
		json_decref(got[i]);
	}
}

static void test_meta_json(void **state)
{
	(void)state;
	struct synth_run r = { 0x1a2b3c4d, 7, two_benches, 2, "ok", 0, 0 };
	struct collector *c = synth_decoded(&r, 3); /* a lost S line */
	char *argv[] = { "qemu-system-riscv64", "-append", "rvbench.exit=reboot x=\"1\"", NULL };
	struct meta_source src = { .kind = "qemu", .argv = argv, .machine = "sifive_u",
				   .icount = "0", .timeout_s = 600, .end = "trailer",
				   .exit_known = 1, .exit_code = 0 };
	static const char *const want[] = {
		"\"note\": \"" ICOUNT_NOTE "\"",
		"\"status\": \"incomplete\"",
		"\"missing seq 3\"",
		"{\"bench\": 0, \"first\": 16, \"last\": 31, \"reason\": \"line lost\"}",
		"\"rvbench.exit=reboot x=\\\"1\\\"\"",
		"\"name\": \"crc:32\"",
		"\"bad_crc\": 0",
		"\"orphan\": 0",
	};
	char *s = meta_src(c, &src);
	assert_contains(s, want, sizeof(want) / sizeof(want[0]));
	free(s);
	collector_free(c);
}

/* command_line: shell quoting as before, and a UTF-8 argument kept as
 * UTF-8 rather than one \u00XX per byte. */
static void test_meta_command_line(void **state)
{
	(void)state;
	struct synth_run r = { 0x1a2b3c4d, 7, two_benches, 2, "ok", 0, 0 };
	struct collector *c = synth_decoded(&r, SIZE_MAX);
	char *argv[] = { "qemu", "-append", "it's caf\xc3\xa9", "a\"b", "", "plain", NULL };
	struct meta_source src = { .kind = "qemu", .argv = argv, .end = "eof" };
	static const char *const want[] = {
		"\"command_line\": \"qemu -append 'it'\\\\''s caf\xc3\xa9' 'a\\\"b' '' plain\"",
	};
	char *s = meta_src(c, &src);
	assert_contains(s, want, sizeof(want) / sizeof(want[0]));
	free(s);
	collector_free(c);
}

/* A failed write is the writer's error, errno telling why (the caller,
 * afile_prepare(), reports it: a full disk, a file too large). */
static void test_meta_write_error(void **state)
{
	(void)state;
	struct synth_run r = { 0x1a2b3c4d, 7, two_benches, 2, "ok", 0, 0 };
	struct collector *c = synth_decoded(&r, SIZE_MAX);
	struct meta_source src = { .kind = "replay", .file = "x", .end = "eof" };
	FILE *f = fopen("/dev/full", "w");
	assert_non_null(f);
	setvbuf(f, NULL, _IONBF, 0);
	errno = 0;
	assert_int_equal(meta_json_write(f, c, &src), -1);
	assert_int_equal(errno, ENOSPC);
	fclose(f);
	collector_free(c);
}

TEST_MAIN(cmocka_unit_test(test_json_escaping),
	  cmocka_unit_test(test_json_safe_str),
	  cmocka_unit_test(test_json_safe_numbers),
	  cmocka_unit_test(test_meta_write_error),
	  cmocka_unit_test(test_meta_json),
	  cmocka_unit_test(test_meta_command_line))
