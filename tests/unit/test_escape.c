/*
 * One escaping per destination, for text that came from a stream or a
 * result directory: the terminal (term_str), a gnuplot script (gp_str).
 * CSV fields are csv_field's (test_csv.c). What must hold: no byte that
 * ends a line or starts a terminal sequence gets through, and the escape
 * itself cannot be forged.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gnuplot_run.h"
#include "term_str.h"
#include "test_main.h"

static void test_term_str(void **state)
{
	(void)state;
	char buf[64];
	assert_string_equal(term_str("add_loop", buf, sizeof(buf)), "add_loop");
	assert_string_equal(term_str("a\nb", buf, sizeof(buf)), "a\\x0Ab");
	assert_string_equal(term_str("\x1b[2J\r\x7f", buf, sizeof(buf)), "\\x1B[2J\\x0D\\x7F");
	assert_string_equal(term_str("a\\x0A", buf, sizeof(buf)), "a\\\\x0A");
	assert_string_equal(term_str("caf\xc3\xa9", buf, sizeof(buf)), "caf\xc3\xa9");
	assert_string_equal(term_str(NULL, buf, sizeof(buf)), "");
	/* Cut: whole escapes only, then "...". */
	char small[10];
	assert_string_equal(term_str("abcdefghij", small, sizeof(small)), "abcdef...");
	assert_string_equal(term_str("abcdefghi", small, sizeof(small)), "abcdefghi");
	assert_string_equal(term_str("abcd\n\nxyz", small, sizeof(small)), "abcd...");
}

static char *gp(const char *s)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	assert_non_null(f);
	gp_str(f, s);
	assert_int_equal(fclose(f), 0);
	return out;
}

static void test_gp_str(void **state)
{
	(void)state;
	static const char *const cases[][2] = {
		{ "plain", "'plain'" },
		{ "it's", "'it''s'" },
		/* The name that ran a command: its line ends end nothing now. */
		{ "x\nsystem \"touch PWNED\"\n#", "'x\\x0Asystem \"touch PWNED\"\\x0A#'" },
		{ "cr\r", "'cr\\x0D'" },
		{ "`id` @m \\", "'`id` @m \\'" }, /* no expansion inside single quotes */
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *s = gp(cases[i][0]);
		assert_string_equal(s, cases[i][1]);
		assert_null(strpbrk(s, "\r\n"));
		free(s);
	}
}

static void test_gp_terminal_refuses_control(void **state)
{
	(void)state;
	char err[128];
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	assert_non_null(f);
	assert_int_equal(gp_terminal(f, "a\nsystem 'x'\n.png", 10, 10, err, sizeof(err)), -1);
	assert_string_equal(err, "the output file name holds a control character");
	assert_int_equal(gp_terminal(f, "ok.png", 10, 10, err, sizeof(err)), 0);
	assert_int_equal(fclose(f), 0);
	assert_non_null(strstr(out, "set output 'ok.png'\n"));
	free(out);
}

TEST_MAIN(cmocka_unit_test(test_term_str), cmocka_unit_test(test_gp_str),
	  cmocka_unit_test(test_gp_terminal_refuses_control))
