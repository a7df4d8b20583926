/*
 * samples.csv checked against meta.json before a reader believes it
 * (results_check.c, through results_load): a result directory written by
 * the collector's own writers loads; truncated, doubled, header-only,
 * renamed, foreign or meta-less copies of it are refused with a message
 * that names the block; --no-check (results_set_check(0)) reads them; a
 * control byte in a name is refused either way.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collector_fixture.h"
#include "csv_out.h"
#include "meta_json.h"
#include "results_check.h"
#include "results_csv.h"
#include "result_dir_fixture.h"
#include "tmpdir_fixture.h"
#include "test_main.h"

/* The result directory of two_benches (44 + 22 samples), line skip lost
 * (SIZE_MAX: none): its result files in tmpdir. samples.csv's
 * text is returned (the caller frees it) for the tests to damage. */
static char *write_dir(size_t skip)
{
	struct synth_run r = { 0x1a2b3c4d, 7, two_benches, 2, "ok", 0, 0 };
	struct collector *c = synth_decoded(&r, skip);
	write_result_files(c);
	char *s = to_string(csv_write_samples, c);
	collector_free(c);
	return s;
}

/* results_load's message for the damaged directory, "" when it loads. */
static const char *load_err(char *err, size_t len)
{
	struct results r;
	if (results_load(tmpdir, &r, err, len))
		return err;
	results_free(&r);
	err[0] = '\0';
	return err;
}

/* err is "<tmpdir>/samples.csv<rest>". */
static void assert_err(const char *err, const char *rest)
{
	char want[512];
	snprintf(want, sizeof(want), "%s/samples.csv%s", tmpdir, rest);
	assert_string_equal(err, want);
}

static void test_intact_loads(void **state)
{
	(void)state;
	char err[512];
	free(write_dir(SIZE_MAX));
	assert_string_equal(load_err(err, sizeof(err)), "");
	/* A run with a line lost: incomplete, but samples.csv is what meta.json says. */
	free(write_dir(3));
	assert_string_equal(load_err(err, sizeof(err)), "");
}

static void test_truncated(void **state)
{
	(void)state;
	char err[512];
	char *s = write_dir(SIZE_MAX), *half = first_lines(s, 1 + 44);
	put_text("samples.csv", half);
	assert_err(load_err(err, sizeof(err)),
		   ": block 1a2b3c4d/1 'crc:32': 0 rows, but meta.json says 22 samples arrived");
	free(half);
	half = first_lines(s, 1 + 20);
	put_text("samples.csv", half);
	assert_err(load_err(err, sizeof(err)),
		   ": block 1a2b3c4d/0 'add_loop': 20 rows, but meta.json says 44 samples arrived");
	/* --no-check: read as it is. */
	results_set_check(0);
	struct results r;
	assert_int_equal(results_load(tmpdir, &r, err, sizeof(err)), 0);
	assert_int_equal(r.ns, 1);
	assert_int_equal(r.s[0].n, 16); /* 20 rows, the first 4 warmup */
	results_free(&r);
	results_set_check(1);
	free(half);
	free(s);
}

static void test_duplicated_row(void **state)
{
	(void)state;
	char err[512];
	char *s = write_dir(SIZE_MAX), *head = first_lines(s, 1 + 10), *row = first_lines(s, 1 + 11);
	size_t n = strlen(s);
	char *twice = malloc(n + strlen(row) + 1);
	assert_non_null(twice);
	/* Row 11 (sample 10 of add_loop) again at the end. */
	snprintf(twice, n + strlen(row) + 1, "%s%s", s, row + strlen(head));
	put_text("samples.csv", twice);
	assert_err(load_err(err, sizeof(err)),
		   ":68: block 1a2b3c4d/0 'add_loop': sample 10 twice (line 12 too)");
	free(twice);
	free(row);
	free(head);
	free(s);
}

static void test_header_only(void **state)
{
	(void)state;
	char err[512];
	char *s = write_dir(SIZE_MAX), *hdr = first_lines(s, 1);
	put_text("samples.csv", hdr);
	assert_err(load_err(err, sizeof(err)), ": no samples (a header only)");
	free(hdr);
	free(s);
}

static void test_renamed_or_foreign(void **state)
{
	(void)state;
	char err[512];
	char *s = write_dir(SIZE_MAX);
	char *p = strstr(s, "add_loop");
	memcpy(p, "add_lo0p", 8); /* the first row only */
	put_text("samples.csv", s);
	assert_err(load_err(err, sizeof(err)), ":2: block 1a2b3c4d/0 'add_loop' is named 'add_lo0p' here");
	memcpy(p, "add'loop", 8); /* outside the safe set: never the collector's */
	put_text("samples.csv", s);
	assert_err(load_err(err, sizeof(err)),
		   ":2: bench name 'add'loop' outside [A-Za-z0-9_.:+-] (1 to 64 bytes): not one the "
		   "collector writes");
	memcpy(p, "add_loop", 8);
	p = strstr(s, "\n1a2b3c4d,");
	memcpy(p + 1, "1a2b3c4e", 8); /* another run's row */
	put_text("samples.csv", s);
	assert_err(load_err(err, sizeof(err)), ":2: block 1a2b3c4e/0 'add_loop' is not in meta.json");
	free(s);
}

static void test_meta_missing(void **state)
{
	(void)state;
	char err[512], path[128], want[512];
	free(write_dir(SIZE_MAX));
	unlink(tmpdir_path(path, sizeof(path), tmpdir, "meta.json"));
	load_err(err, sizeof(err));
	snprintf(want, sizeof(want), "%s/meta.json: unable to open %s/meta.json: No such file or "
		 "directory: samples.csv cannot be checked (--no-check reads it anyway)", tmpdir, tmpdir);
	assert_string_equal(err, want);
	put_text("meta.json", "{\"status\": \"complete\"}\n");
	load_err(err, sizeof(err));
	snprintf(want, sizeof(want), "%s/meta.json lists no runs: samples.csv cannot be checked "
		 "(--no-check reads it anyway)", tmpdir);
	assert_string_equal(err, want);
}

/* A complete run whose meta.json lost samples of a block that ended ok
 * contradicts itself: refused. */
static void test_complete_but_short(void **state)
{
	(void)state;
	char err[512], path[128];
	char *s = write_dir(SIZE_MAX);
	size_t len;
	char *meta = file_read(tmpdir_path(path, sizeof(path), tmpdir, "meta.json"), &len);
	char *p = strstr(meta, "\"samples\": 40");
	assert_non_null(p);
	memcpy(p, "\"samples\": 41", 13);
	put_text("meta.json", meta);
	load_err(err, sizeof(err));
	assert_non_null(strstr(err, "block 1a2b3c4d/0 'add_loop': meta.json says the run is complete "
				    "and the block ended ok, but 44 of its 45 samples arrived"));
	free(meta);
	free(s);
}

/* A control byte in a name is refused, checked or not, and never printed. */
static void test_control_byte(void **state)
{
	(void)state;
	char err[512];
	put_text("samples.csv", CSV_SAMPLES_HEADER "\r\n"
			   "1a2b3c4d,\"add\nloop\",0,,1,0,1,0,0,0,0x7,90,36,100,41,0\r\n");
	results_set_check(0);
	assert_err(load_err(err, sizeof(err)), ":2: a control character in run, bench or params");
	results_set_check(1);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, tmpdir_setup, tmpdir_teardown)
TEST_MAIN(T(test_intact_loads),
	  T(test_truncated),
	  T(test_duplicated_row),
	  T(test_header_only),
	  T(test_renamed_or_foreign),
	  T(test_meta_missing),
	  T(test_complete_but_short),
	  T(test_control_byte))
