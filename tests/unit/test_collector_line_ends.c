/*
 * Line ends: the wire's "\r\n", "\n" alone and '\r' alone (a terminal or
 * USB converter set to CR-only) all end a line, in any chunking, and give
 * the same samples; the firmware's error lines are picked out of the raw
 * stream (fw_errors.c) under the same rules.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "collector_fixture.h"
#include "fw_errors.h"
#include "test_main.h"

/* buf with every "\r\n" turned into end (a string of 1 byte). */
static char *with_line_ends(const char *buf, size_t len, char end, size_t *out_len)
{
	char *out = malloc(len + 1), *q = out;
	assert_non_null(out);
	for (size_t i = 0; i < len; i++) {
		if (buf[i] == '\r' && i + 1 < len && buf[i + 1] == '\n') {
			*q++ = end;
			i++;
		} else {
			*q++ = buf[i];
		}
	}
	*out_len = (size_t)(q - out);
	return out;
}

/* The CSV files of a decoding (meta.json counts the bytes, which differ). */
static char *csvs(const struct collector *c)
{
	char *a = to_string(csv_write_samples, c), *b = to_string(csv_write_summary, c),
	     *g = to_string(csv_write_gaps, c);
	char *all = malloc(strlen(a) + strlen(b) + strlen(g) + 1);
	assert_non_null(all);
	strcpy(stpcpy(stpcpy(all, a), b), g);
	free(a);
	free(b);
	free(g);
	return all;
}

static void test_cr_only_and_lf_only(void **state)
{
	struct synth_lines *l = &((struct run_fx *)*state)->l;
	size_t len, n;
	char *crlf = synth_join(l, SIZE_MAX, &len);
	struct collector *ref = decode(crlf, len, SIZE_MAX);
	assert_true(ref->runs[0].complete);
	char *want = csvs(ref);

	const char ends[2] = { '\r', '\n' };
	for (int e = 0; e < 2; e++) {
		/* Noise lines too, ended the same way: they must not swallow a record. */
		char *noisy = malloc(len + 64);
		assert_non_null(noisy);
		strcpy(noisy, "OpenSBI v1.1\r\nrvbench 0.1.0\r\n");
		memcpy(noisy + strlen(noisy), crlf, len);
		size_t nlen = len + strlen("OpenSBI v1.1\r\nrvbench 0.1.0\r\n");
		char *buf = with_line_ends(noisy, nlen, ends[e], &n);
		struct collector *c = decode(buf, n, SIZE_MAX);
		assert_int_equal(c->nruns, 1);
		assert_true(c->runs[0].complete);
		assert_int_equal(rejected_total(c), 0);
		assert_no_wrong_value(c);
		char *got = csvs(c);
		assert_string_equal(got, want);
		free(got);
		/* Every chunking gives the same model as one read. */
		char *whole = dump_model(c, 0);
		for (size_t chunk = 1; chunk <= 17; chunk++)
			assert_model_in_chunks(buf, n, chunk, whole);
		free(whole);
		collector_free(c);
		free(buf);
		free(noisy);
	}
	collector_free(ref);
	free(want);
	free(crlf);
}

/* In a CR-only stream a '\r' that ends the stream ends its last line:
 * the trailer is read. (In a "\r\n" stream a last '\r' without its '\n'
 * stays an unterminated line: test_collector_damage.) */
static void test_final_cr_ends_the_last_line(void **state)
{
	struct synth_lines *l = &((struct run_fx *)*state)->l;
	size_t len, n;
	char *crlf = synth_join(l, SIZE_MAX, &len);
	char *buf = with_line_ends(crlf, len, '\r', &n);
	assert_int_equal(buf[n - 1], '\r');
	for (size_t chunk = 1; chunk <= 3; chunk++) {
		struct collector *c = decode(buf, n, chunk == 3 ? SIZE_MAX : chunk);
		assert_true(c->runs[0].have_trailer);
		assert_true(c->runs[0].complete);
		assert_int_equal(c->rejected[COLL_REJ_UNTERMINATED], 0);
		collector_free(c);
	}
	free(buf);
	free(crlf);
}

/* Wire bytes are counted alike: "\r\n" cut between two reads too. */
static void test_crlf_cut_between_reads(void **state)
{
	struct synth_lines *l = &((struct run_fx *)*state)->l;
	size_t len;
	char *buf = synth_join(l, SIZE_MAX, &len);
	struct collector *whole = decode(buf, len, SIZE_MAX);
	const char *first_nl = strchr(buf, '\n');
	size_t cut = (size_t)(first_nl - buf); /* the read ends right after '\r' */
	struct collector *c = collector_new();
	collector_feed(c, buf, cut);
	collector_feed(c, buf + cut, len - cut);
	collector_finish(c);
	assert_int_equal(c->runs[0].machine_bytes, whole->runs[0].machine_bytes);
	assert_true(c->runs[0].complete);
	collector_free(c);
	collector_free(whole);
	free(buf);
}

static void feed_all(struct fw_errors *e, const char *s, size_t chunk)
{
	size_t n = strlen(s);
	for (size_t off = 0; off < n; off += chunk)
		fw_errors_feed(e, s + off, n - off < chunk ? n - off : chunk);
	fw_errors_finish(e);
}

static void test_fw_errors(void **state)
{
	(void)state;
	const char *s = "OpenSBI\r\nrvbench: error: bogus=1: unknown key\r\n"
			"@RVB 1 0 RUN *0000\rrvbench: error: samples=abc: bad\r"
			"rvbench: hart 0 skipped\nrvbench: error: last \x1b[2J line";
	for (size_t chunk = 1; chunk <= 9; chunk += 4) {
		struct fw_errors e = { 0 };
		feed_all(&e, s, chunk);
		assert_int_equal(e.count, 3);
		assert_int_equal(e.nkept, 3);
		assert_string_equal(e.kept[0], "bogus=1: unknown key");
		assert_string_equal(e.kept[1], "samples=abc: bad");
		assert_string_equal(e.kept[2], "last \x1b[2J line");
		/* Printed, the escape sequence is shown, never sent. */
		struct memstream m;
		fw_errors_print(&e, ms_open(&m));
		char *out = ms_close(&m);
		assert_string_equal(out, "rvbench: firmware: error: bogus=1: unknown key\n"
					 "rvbench: firmware: error: samples=abc: bad\n"
					 "rvbench: firmware: error: last \\x1b[2J line\n");
		free(out);
		fw_errors_free(&e);
	}
	/* A line too long is kept cut, and says so. */
	struct fw_errors e = { 0 };
	char longline[600] = "rvbench: error: ";
	memset(longline + strlen(longline), 'x', 500);
	longline[516] = '\0';
	feed_all(&e, longline, 7);
	assert_int_equal(e.count, 1);
	assert_int_equal(strlen(e.kept[0]), FW_ERROR_LINE_MAX - strlen("rvbench: error: ") + 3);
	assert_string_equal(e.kept[0] + strlen(e.kept[0]) - 4, "x...");
	fw_errors_free(&e);
}

TEST_MAIN(cmocka_unit_test_setup_teardown(test_cr_only_and_lf_only, setup_run_a, teardown_run_fx),
	  cmocka_unit_test_setup_teardown(test_final_cr_ends_the_last_line, setup_run_a,
					  teardown_run_fx),
	  cmocka_unit_test_setup_teardown(test_crlf_cut_between_reads, setup_run_a, teardown_run_fx),
	  cmocka_unit_test(test_fw_errors))
