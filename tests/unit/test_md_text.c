/*
 * Text in Markdown tables (md_text.c): code spans and plain text that hold
 * their cell whatever they contain.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "md_text.h"

/* What fn writes of s. */
static void check(void (*fn)(FILE *, const char *), const char *s, const char *want)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	fn(f, s);
	assert_int_equal(fclose(f), 0);
	assert_string_equal(buf, want);
	free(buf);
}

static void code_span(void **state)
{
	(void)state;
	check(md_code, "memcpy", "`memcpy`");
	check(md_code, "", "");
	check(md_code, "a|b", "`a\\|b`");
	check(md_code, "a`b\nc\rd", "`a b c d`");
	check(md_code, "*_[x]<y>", "`*_[x]<y>`"); /* nothing in a span is Markdown */
}

static void plain_text(void **state)
{
	(void)state;
	check(md_text, "status fault", "status fault");
	check(md_text, "", "");
	/* a '|' would end the cell: the regression of compare --format md */
	check(md_text, "status a|b", "status a\\|b");
	check(md_text, "no_samples", "no\\_samples");
	check(md_text, "*x* [y](z) <b>", "\\*x\\* \\[y\\](z) \\<b>");
	check(md_text, "two\nlines\r", "two lines ");
	/* a model named by the board: no code span, escape or entity */
	check(md_text, "`date` a\\b &lt;", "\\`date\\` a\\\\b \\&lt;");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(code_span),
		cmocka_unit_test(plain_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
