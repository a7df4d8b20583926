/*
 * A collection whose result files cannot all be written (a full disk) over
 * the results of an earlier one (--force): the earlier meta.json must not
 * stay beside the new uart.log as if it described it, nor may the summary
 * say that the results are there.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "collector_fixture.h"
#include "csv_out.h"
#include "session.h"
#include "synth.h"
#include "tmpdir_fixture.h"
#include "test_main.h"

/* Many samples: samples.csv is several times the size of the stream. */
static const struct synth_bench big[1] = {
	{ "add_loop", 0, 3000, 100, 5, 3, "ok", 0, NULL, NULL, 0, NULL },
};

/* Collects the stream of r into dir; the summary it prints in *text. */
static int collect(const char *dir, const struct synth_run *r, int force, char **text)
{
	char err[4400];
	struct session s;
	size_t len, tlen;
	char *stream = synth_stream(r, NULL, SIZE_MAX, &len);
	FILE *out = open_memstream(text, &tlen);

	assert_non_null(out);
	assert_int_equal(session_open(&s, dir, NULL, force, err, sizeof(err)), 0);
	session_feed(&s, stream, len);
	struct meta_source m = { .kind = "replay", .file = "test", .end = "trailer" };
	int status = session_finish(&s, &m, out);
	session_free(&s);
	fclose(out);
	free(stream);
	return status;
}

static void test_failed_write_over_earlier_results(void **state)
{
	(void)state;
	char dir[128], path[256], *text;
	struct synth_run a = { 0x1a2b3c4d, 7, two_benches, 2, "ok", 0, 0 };
	struct synth_run b = { 0x5e6f7a8b, 7, big, 1, "ok", 0, 0 };

	tmpdir_path(dir, sizeof(dir), tmpdir, "out");
	assert_int_equal(collect(dir, &a, 0, &text), EXIT_COMPLETE);
	assert_non_null(strstr(text, "results in "));
	free(text);
	assert_int_equal(access(tmpdir_path(path, sizeof(path), dir, "meta.json"), F_OK), 0);

	/* A file size limit fails the writes as a full disk would (EFBIG
	 * for ENOSPC): the stream fits under it, samples.csv does not. */
	size_t len;
	free(synth_stream(&b, NULL, SIZE_MAX, &len));
	struct collector *c = synth_decoded(&b, SIZE_MAX);
	char *csv = to_string(csv_write_samples, c);
	size_t limit = len + 4096;
	assert_true(strlen(csv) > limit);
	free(csv);
	collector_free(c);
	struct rlimit old, lim;
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	lim = old;
	lim.rlim_cur = limit;
	signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
	int status = collect(dir, &b, 1, &text);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
	signal(SIGXFSZ, SIG_DFL);

	assert_int_equal(status, EXIT_ERROR);
	assert_null(strstr(text, "results in "));
	assert_non_null(strstr(text, "results NOT written in "));
	free(text);
	/* No meta.json vouches for the mix; the earlier one is kept aside. */
	assert_int_equal(access(tmpdir_path(path, sizeof(path), dir, "meta.json"), F_OK), -1);
	assert_int_equal(access(tmpdir_path(path, sizeof(path), dir, "meta.json.stale"), F_OK), 0);
	/* The new stream itself is whole. */
	size_t got;
	char *log = file_read(tmpdir_path(path, sizeof(path), dir, "uart.log"), &got);
	assert_int_equal(got, len);
	free(log);
}

TEST_MAIN(cmocka_unit_test_setup_teardown(test_failed_write_over_earlier_results, tmpdir_setup,
					  tmpdir_teardown))
