/*
 * A collection whose result files cannot all be written (a full disk) over
 * the results of an earlier one (--force): the earlier meta.json must not
 * stay beside the new uart.log as if it described it, nor may the summary
 * say that the results are there. A decoding in place that cannot write
 * its files changes nothing, and the earlier results stay readable; a
 * rename that fails halfway sets meta.json aside, naming what changed. A
 * uart.log cut short while the result files could still be written is
 * recorded in meta.json ("uart_log").
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
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

/* A file size limit of limit bytes from now on (0: none, as before):
 * writes beyond it fail with EFBIG, as on a full disk. */
static void size_limit(size_t limit)
{
	static struct rlimit old;
	struct rlimit lim;

	if (limit) {
		assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
		lim = old;
		lim.rlim_cur = limit;
		signal(SIGXFSZ, SIG_IGN);
		assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
	} else {
		assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
		signal(SIGXFSZ, SIG_DFL);
	}
}

/* stderr into a file from now on (path), or back (path NULL). */
static void capture_stderr(const char *path)
{
	static int saved = -1;

	fflush(stderr);
	if (path) {
		int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		assert_true(fd >= 0);
		saved = dup(STDERR_FILENO);
		assert_true(saved >= 0);
		assert_int_equal(dup2(fd, STDERR_FILENO), STDERR_FILENO);
		close(fd);
	} else {
		assert_int_equal(dup2(saved, STDERR_FILENO), STDERR_FILENO);
		close(saved);
		saved = -1;
	}
}

/* Entries of dir whose name starts with a dot (temporary files), . and ..
 * aside. */
static int hidden_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		n += e->d_name[0] == '.' && strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

/* dir/uart.log decoded again into dir, as `rvbench replay DIR/uart.log -o
 * DIR` does it; the summary in *text. */
static int decode_in_place(const char *dir, char **text)
{
	char err[4400], path[256];
	struct session s;
	size_t len, tlen;
	FILE *out = open_memstream(text, &tlen);

	assert_non_null(out);
	tmpdir_path(path, sizeof(path), dir, "uart.log");
	char *log = file_read(path, &len);
	assert_int_equal(session_open(&s, dir, path, 0, err, sizeof(err)), 0);
	assert_int_equal(s.log_fd, -1); /* the input itself: never written to */
	session_feed(&s, log, len);
	struct meta_source m = { .kind = "replay", .file = path, .end = "eof" };
	int status = session_finish(&s, &m, out);
	session_free(&s);
	fclose(out);
	free(log);
	return status;
}

/*
 * A directory's uart.log decoded again into it on a full disk: samples.csv
 * cannot be written, so nothing is replaced, and the results there, with
 * the meta.json that vouches for them, stay as they were. It used to
 * rename that meta.json aside, saying it did not describe the files there:
 * false, and the results could no longer be read.
 */
static void test_failed_decoding_in_place_changes_nothing(void **state)
{
	(void)state;
	char dir[128], path[256], *text;
	struct synth_run b = { 0x5e6f7a8b, 7, big, 1, "ok", 0, 0 };

	tmpdir_path(dir, sizeof(dir), tmpdir, "out");
	assert_int_equal(collect(dir, &b, 0, &text), EXIT_COMPLETE);
	free(text);
	size_t meta_len, csv_len, len;
	char *meta_before = file_read(tmpdir_path(path, sizeof(path), dir, "meta.json"), &meta_len);
	char *csv_before = file_read(tmpdir_path(path, sizeof(path), dir, "samples.csv"), &csv_len);

	/* uart.log is only read; samples.csv does not fit under the limit. */
	size_limit(csv_len / 2);
	int status = decode_in_place(dir, &text);
	size_limit(0);

	assert_int_equal(status, EXIT_ERROR);
	assert_null(strstr(text, "results in "));
	assert_non_null(strstr(text, "results NOT written in "));
	assert_non_null(strstr(text, "nothing there was changed"));
	free(text);
	assert_int_equal(access(tmpdir_path(path, sizeof(path), dir, "meta.json.stale"), F_OK), -1);
	char *meta_after = file_read(tmpdir_path(path, sizeof(path), dir, "meta.json"), &len);
	assert_int_equal(len, meta_len);
	assert_memory_equal(meta_after, meta_before, len);
	char *csv_after = file_read(tmpdir_path(path, sizeof(path), dir, "samples.csv"), &len);
	assert_int_equal(len, csv_len);
	assert_memory_equal(csv_after, csv_before, len);
	assert_int_equal(hidden_entries(dir), 0);
	free(meta_before);
	free(meta_after);
	free(csv_before);
	free(csv_after);
}

/*
 * A rename that fails after others succeeded (here gaps.csv's: a
 * directory holds its name): meta.json no longer describes the files
 * beside it, so it is set aside, and stderr names the files that were
 * replaced.
 */
static void test_rename_failed_halfway(void **state)
{
	(void)state;
	char dir[128], path[256], *text;
	struct synth_run a = { 0x1a2b3c4d, 7, two_benches, 2, "ok", 0, 0 };

	tmpdir_path(dir, sizeof(dir), tmpdir, "out");
	assert_int_equal(collect(dir, &a, 0, &text), EXIT_COMPLETE);
	free(text);
	tmpdir_path(path, sizeof(path), dir, "gaps.csv");
	assert_int_equal(unlink(path), 0);
	assert_int_equal(mkdir(path, 0755), 0);
	FILE *f = fopen(tmpdir_path(path, sizeof(path), dir, "gaps.csv/x"), "w");
	assert_non_null(f);
	fclose(f);

	tmpdir_path(path, sizeof(path), tmpdir, "stderr");
	capture_stderr(path);
	int status = decode_in_place(dir, &text);
	capture_stderr(NULL);

	assert_int_equal(status, EXIT_ERROR);
	assert_non_null(strstr(text, "results NOT written in "));
	assert_non_null(strstr(text, "some of its files were replaced"));
	free(text);
	size_t len;
	char *err = file_read(path, &len);
	assert_non_null(strstr(err, "cannot rename "));
	assert_non_null(strstr(err, "/meta.json renamed meta.json.stale: samples.csv, summary.csv are now"
				    " this decoding's, which it does not describe"));
	free(err);
	assert_int_equal(access(tmpdir_path(path, sizeof(path), dir, "meta.json"), F_OK), -1);
	assert_int_equal(access(tmpdir_path(path, sizeof(path), dir, "meta.json.stale"), F_OK), 0);
	assert_int_equal(hidden_entries(dir), 0);
}

/*
 * uart.log cut by a full disk while collecting, the result files written
 * once there was room again (here: a file size limit that the stream,
 * long with boot messages, outgrows and the files do not). The results
 * are decoded from every byte received; meta.json says that uart.log
 * holds only the first of them, so that nobody decodes it again in place
 * for the same results; the exit status is an error's.
 */
static void test_cut_log_recorded(void **state)
{
	(void)state;
	char dir[128], path[256], err[4400], want[256], *text;
	struct synth_run a = { 0x1a2b3c4d, 7, two_benches, 2, "ok", 0, 0 };
	const size_t limit = 32768;
	size_t run_len, tlen;
	char *run = synth_stream(&a, NULL, SIZE_MAX, &run_len);
	char noise[4 * 32768];

	for (size_t i = 0; i < sizeof(noise); i++)
		noise[i] = i % 64 == 63 ? '\n' : (char)('a' + i % 26);
	tmpdir_path(dir, sizeof(dir), tmpdir, "out");
	struct session s;
	FILE *out = open_memstream(&text, &tlen);
	assert_non_null(out);
	assert_int_equal(session_open(&s, dir, NULL, 0, err, sizeof(err)), 0);
	size_limit(limit);
	session_feed(&s, noise, sizeof(noise));
	session_feed(&s, run, run_len);
	struct meta_source m = { .kind = "serial", .port = "/dev/ttyUSB0", .baud = 115200,
				 .end = "trailer" };
	int status = session_finish(&s, &m, out);
	size_limit(0);
	session_free(&s);
	fclose(out);
	free(run);

	assert_int_equal(status, EXIT_ERROR);
	assert_non_null(strstr(text, "results in "));
	assert_non_null(strstr(text, "(its uart.log cut short: see meta.json's \"uart_log\")"));
	free(text);
	size_t len;
	free(file_read(tmpdir_path(path, sizeof(path), dir, "uart.log"), &len));
	assert_int_equal(len, limit);
	char *json_text = file_read(tmpdir_path(path, sizeof(path), dir, "meta.json"), &len);
	char *meta = meta_flat(json_text); /* on one line: {"a": 1, "b": ...} */
	free(json_text);
	snprintf(want, sizeof(want),
		 "\"uart_log\": {\"bytes\": %zu, \"complete\": false, \"stream_bytes\": %zu, "
		 "\"error\": \"File too large\"}", limit, sizeof(noise) + run_len);
	if (!strstr(meta, want))
		fail_msg("meta.json lacks %s:\n%s", want, meta);
	snprintf(want, sizeof(want), "\"bytes_received\": %zu,", sizeof(noise) + run_len);
	assert_non_null(strstr(meta, want));
	free(meta);
}

/* A whole uart.log is said to be whole. */
static void test_whole_log_recorded(void **state)
{
	(void)state;
	char dir[128], path[256], want[128], *text;
	struct synth_run a = { 0x1a2b3c4d, 7, two_benches, 2, "ok", 0, 0 };
	size_t log_len, len;

	tmpdir_path(dir, sizeof(dir), tmpdir, "out");
	assert_int_equal(collect(dir, &a, 0, &text), EXIT_COMPLETE);
	free(text);
	free(file_read(tmpdir_path(path, sizeof(path), dir, "uart.log"), &log_len));
	char *json_text = file_read(tmpdir_path(path, sizeof(path), dir, "meta.json"), &len);
	char *meta = meta_flat(json_text); /* on one line: {"a": 1, "b": ...} */
	free(json_text);
	snprintf(want, sizeof(want), "\"uart_log\": {\"bytes\": %zu, \"complete\": true},", log_len);
	if (!strstr(meta, want))
		fail_msg("meta.json lacks %s:\n%s", want, meta);
	free(meta);
}

TEST_MAIN(cmocka_unit_test_setup_teardown(test_failed_write_over_earlier_results, tmpdir_setup,
					  tmpdir_teardown),
	  cmocka_unit_test_setup_teardown(test_failed_decoding_in_place_changes_nothing, tmpdir_setup,
					  tmpdir_teardown),
	  cmocka_unit_test_setup_teardown(test_rename_failed_halfway, tmpdir_setup, tmpdir_teardown),
	  cmocka_unit_test_setup_teardown(test_cut_log_recorded, tmpdir_setup, tmpdir_teardown),
	  cmocka_unit_test_setup_teardown(test_whole_log_recorded, tmpdir_setup, tmpdir_teardown))
