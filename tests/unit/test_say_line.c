/*
 * The human lines of the stream (src/stream.c): a line of up to
 * STREAM_SAY_MAX bytes goes out whole with "\r\n", a longer one is cut to
 * STREAM_SAY_MAX bytes ending in "...", the same whether it was built
 * piece by piece (say_begin/say_end) or formatted (stream_say).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_main.h"

static char out[4096];
static size_t out_len;

void console_write(const char *s, size_t n)
{
	assert_true(out_len + n < sizeof(out));
	memcpy(out + out_len, s, n);
	out_len += n;
	out[out_len] = '\0';
}

#include "stream.c"
#include "text.c"

/* What is said of a line of n bytes ("0123456789" over and over). */
static void expect(size_t n, const char *got)
{
	char want[STREAM_SAY_MAX + 3];
	size_t kept = n <= STREAM_SAY_MAX ? n : STREAM_SAY_MAX;

	for (size_t i = 0; i < kept; i++)
		want[i] = (char)('0' + i % 10);
	if (n > STREAM_SAY_MAX)
		memcpy(want + kept - 3, "...", 3);
	memcpy(want + kept, "\r\n", 3);
	assert_string_equal(got, want);
}

static void test_built_and_formatted_alike(void **state)
{
	static const size_t sizes[] = { 0, 1, STREAM_SAY_MAX - 1, STREAM_SAY_MAX,
					STREAM_SAY_MAX + 1, STREAM_SAY_MAX + 2, 600 };
	char text[601];

	(void)state;
	for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		size_t n = sizes[k];
		for (size_t i = 0; i < n; i++)
			text[i] = (char)('0' + i % 10);
		text[n] = '\0';

		struct say_line l;
		out_len = 0;
		text_str(say_begin(&l), text);
		say_end(&l);
		expect(n, out);

		out_len = 0;
		stream_say("%s", text);
		expect(n, out);
	}
}

TEST_MAIN(cmocka_unit_test(test_built_and_formatted_alike))
