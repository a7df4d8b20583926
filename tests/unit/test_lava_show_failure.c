/*
 * LAVA's failure_comment in `lavacli jobs show --json` (lava_show.c):
 * why a job ended Incomplete, which `lava fetch` says beside the replay.
 * It is the server's free text, kept as it is (a long one cut to fit);
 * on its way to a terminal it is escaped as every such text is (term_str:
 * a control byte as \xNN, UTF-8 kept).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "lava_show.h"
#include "term_str.h"
#include "test_main.h"

static void test_failure_comment(void **state)
{
	struct lava_show s;

	(void)state;
	assert_int_equal(lava_show_parse("{\"device\": \"qemu-01\", \"health\": \"Incomplete\", "
					 "\"failure_comment\": \"lava-test-monitor timed out "
					 "after 1200 seconds\"}",
					 &s),
			 0);
	assert_string_equal(s.health, "Incomplete");
	assert_string_equal(s.failure, "lava-test-monitor timed out after 1200 seconds");

	assert_int_equal(lava_show_parse("{\"failure_comment\": \"a\\u001b[0m\\nb\\u00e9c\"}", &s), 0);
	assert_string_equal(s.failure, "a\x1b[0m\nb\xc3\xa9" "c");
	char shown[64];
	assert_string_equal(term_str(s.failure, shown, sizeof(shown)), "a\\x1B[0m\\x0Ab\xc3\xa9" "c");

	/* none, null or not a string: "" */
	assert_int_equal(lava_show_parse("{\"health\": \"Complete\"}", &s), 0);
	assert_string_equal(s.failure, "");
	assert_int_equal(lava_show_parse("{\"failure_comment\": null}", &s), 0);
	assert_string_equal(s.failure, "");
	assert_int_equal(lava_show_parse("{\"failure_comment\": 3}", &s), 0);
	assert_string_equal(s.failure, "");
}

static void test_failure_comment_long(void **state)
{
	char json[1100], want[sizeof(((struct lava_show *)0)->failure)];
	struct lava_show s;

	(void)state;
	memset(want, 'x', sizeof(want) - 1);
	want[sizeof(want) - 1] = '\0';
	snprintf(json, sizeof(json), "{\"failure_comment\": \"%s%s\"}", want, "tail");
	assert_int_equal(lava_show_parse(json, &s), 0);
	assert_string_equal(s.failure, want);
}

TEST_MAIN(cmocka_unit_test(test_failure_comment), cmocka_unit_test(test_failure_comment_long))
