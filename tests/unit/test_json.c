/*
 * The JSON writers: string escaping (host-tools/output/json_string.c),
 * invalid UTF-8 replaced, and meta.json of a run with a lost line as
 * `rvbench qemu` writes it (meta_json.c).
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

TEST_MAIN(cmocka_unit_test(test_json_escaping),
	  cmocka_unit_test(test_meta_json),
	  cmocka_unit_test(test_meta_command_line))
