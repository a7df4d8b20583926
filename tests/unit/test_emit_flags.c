/*
 * The FLAGS records (src/emit_flags.c) of flags texts built to sit at the
 * cuts: each line within WIRE_LINE_MAX, each piece at most
 * REC_FLAGS_TEXT_MAX bytes escaped (a space, %, * or @ is three), every
 * line read back by the record table's reader (rec_read), the pieces
 * joined to the text less its trailing newline and spaces, and as few
 * lines as the escaped size needs.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "records.h"
#include "stream.h"
#include "test_main.h"
#include "wire.h"

#define LINES_MAX 16

static char lines[LINES_MAX][WIRE_LINE_MAX + 1];
static int line_len[LINES_MAX];
static unsigned nlines;
static struct wire_writer writer;

struct wire_writer *stream_record(enum rec_type t)
{
	assert_true(nlines < LINES_MAX);
	rec_begin(&writer, lines[nlines], sizeof(lines[0]), 0x1234abcd, nlines, t);
	return &writer;
}

void stream_send(void)
{
	line_len[nlines] = wire_finish(&writer);
	assert_true(line_len[nlines] > 0); /* -1: the line overflowed */
	nlines++;
}

#include "emit_flags.c"

/* The text's FLAGS lines read back: each within the limits, the pieces
 * joined into joined[]; returns how many lines. */
static unsigned read_back(const char *text, char *joined, size_t cap)
{
	nlines = 0;
	emit_flags_reset();
	assert_int_equal(emit_flags(text), 0);
	joined[0] = '\0';
	for (unsigned i = 0; i < nlines; i++) {
		struct wire_line l;
		struct rec_flags r;
		struct rec_check ck;
		char buf[WIRE_LINE_MAX + 1], out[WIRE_LINE_MAX];

		assert_true(line_len[i] <= WIRE_LINE_MAX);
		memcpy(buf, lines[i], (size_t)line_len[i] + 1);
		/* less its "\n": wire_parse() takes a line without its terminator */
		assert_int_equal(wire_parse(buf, (size_t)line_len[i] - 1, &l), WIRE_OK);
		assert_int_equal(rec_read(&l, REC_FLAGS, &r, out, sizeof(out), &ck), 0);
		assert_int_equal(r.id, 0);
		const char *escaped = strstr(lines[i], " text=") + strlen(" text=");
		assert_true(strcspn(escaped, " ") <= REC_FLAGS_TEXT_MAX);
		assert_true(strlen(r.text) <= REC_FLAGS_TEXT_MAX);
		assert_true(strlen(joined) + strlen(r.text) < cap);
		strcat(joined, r.text);
	}
	return nlines;
}

/* n bytes of c. */
static char *run_of(char c, size_t n)
{
	char *s = malloc(n + 1);
	assert_non_null(s);
	memset(s, c, n);
	s[n] = '\0';
	return s;
}

static void test_plain_at_the_cut(void **state)
{
	char joined[4096];

	(void)state;
	for (size_t n = REC_FLAGS_TEXT_MAX - 1; n <= REC_FLAGS_TEXT_MAX + 1; n++) {
		char *s = run_of('x', n);
		assert_int_equal(read_back(s, joined, sizeof(joined)), n <= REC_FLAGS_TEXT_MAX ? 1 : 2);
		assert_string_equal(joined, s);
		free(s);
	}
}

/* 399 plain bytes and one '%' near the cut, 402 escaped: two lines, an
 * escape that would end past the cut going to the next one whole. (Not a
 * space: one at the end would be trimmed as the build's.) */
static void test_escape_at_the_cut(void **state)
{
	char joined[4096];

	(void)state;
	for (size_t at = REC_FLAGS_TEXT_MAX - 3; at <= REC_FLAGS_TEXT_MAX; at++) {
		char *s = run_of('x', REC_FLAGS_TEXT_MAX);
		s[at - 1] = '%';
		assert_int_equal(read_back(s, joined, sizeof(joined)), 2);
		assert_string_equal(joined, s);
		free(s);
	}
}

/* All spaces (inside the text): a third as many per line. */
static void test_all_escaped(void **state)
{
	char joined[4096];

	(void)state;
	char *s = run_of('%', 500);
	assert_int_equal(read_back(s, joined, sizeof(joined)), 4); /* 133 + 133 + 133 + 101 */
	assert_string_equal(joined, s);
	free(s);
}

/* The build's trailing newline and spaces are not part of the flags; an
 * empty text is still one record. */
static void test_trailing_and_empty(void **state)
{
	char joined[4096];

	(void)state;
	assert_int_equal(read_back("-O2 -g \n", joined, sizeof(joined)), 1);
	assert_string_equal(joined, "-O2 -g");
	assert_int_equal(read_back("\n", joined, sizeof(joined)), 1);
	assert_string_equal(joined, "");
}

/* Flags of the length of the built-in unit's (as the Makefile gives them
 * when this was written, 196 bytes with 16 spaces): one line. */
static void test_real_flags_one_line(void **state)
{
	char joined[4096];
	const char *flags = "-march=rv64gc -mabi=lp64d -mcmodel=medany -std=c11 -O2 -g -Wall "
			    "-Wextra -Werror -ffreestanding -fno-common -fno-pie -ffunction-sections "
			    "-fdata-sections -specs=picolibc.specs -Iinclude -Isrc/common\n";

	(void)state;
	assert_int_equal(read_back(flags, joined, sizeof(joined)), 1);
	assert_int_equal(strlen(joined), strlen(flags) - 1);
}

TEST_MAIN(cmocka_unit_test(test_plain_at_the_cut), cmocka_unit_test(test_escape_at_the_cut),
	  cmocka_unit_test(test_all_escaped), cmocka_unit_test(test_trailing_and_empty),
	  cmocka_unit_test(test_real_flags_one_line))
