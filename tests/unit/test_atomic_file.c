/*
 * Atomic files (host-tools/output/atomic_file.c): the file appears whole
 * under its name or not at all, when the writer fails, the directory
 * cannot take it, or the disk is full (a writer on /dev/full, and a file
 * size limit under afile_write).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "atomic_file.h"
#include "collector.h"
#include "collector_fixture.h"
#include "csv_out.h"
#include "synth.h"
#include "tmpdir_fixture.h"
#include "test_main.h"

static int count_entries(const char *dir, const char *prefix)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;
	assert_non_null(d);
	while ((e = readdir(d)))
		if (!strncmp(e->d_name, prefix, strlen(prefix)))
			n++;
	closedir(d);
	return n;
}

static int write_hello(FILE *f, void *ctx)
{
	(void)ctx;
	return fputs("hello\r\n", f) < 0 ? -1 : 0;
}

static int write_big(FILE *f, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < 100000; i++)
		if (fputs("0123456789", f) < 0)
			return -1;
	return 0;
}

static int write_fails(FILE *f, void *ctx)
{
	(void)ctx;
	fputs("partial", f);
	errno = EIO;
	return -1;
}

static void test_atomic_success(void **state)
{
	(void)state;
	char err[256], path[128];
	size_t len;
	assert_int_equal(afile_write(tmpdir, "a.csv", write_hello, NULL, err, sizeof(err)), 0);
	char *buf = file_read(tmpdir_path(path, sizeof(path), tmpdir, "a.csv"), &len);
	assert_int_equal(len, 7);
	assert_string_equal(buf, "hello\r\n");
	free(buf);
	assert_int_equal(count_entries(tmpdir, "."), 2); /* "." and ".." only: no .tmp */
}

static void test_atomic_writer_error(void **state)
{
	(void)state;
	char err[256], path[128];
	assert_int_equal(afile_write(tmpdir, "b.csv", write_fails, NULL, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "b.csv"));
	assert_int_equal(access(tmpdir_path(path, sizeof(path), tmpdir, "b.csv"), F_OK), -1);
	assert_int_equal(count_entries(tmpdir, ".b"), 0);
}

static void test_atomic_unwritable_dir(void **state)
{
	(void)state;
	char err[256], file[128], sub[160];
	/* A "directory" that is a regular file: even root cannot write there. */
	snprintf(file, sizeof(file), "%s/plainfile", tmpdir);
	FILE *f = fopen(file, "w");
	assert_non_null(f);
	fclose(f);
	snprintf(sub, sizeof(sub), "%s/nodir", file);
	assert_int_equal(afile_write(file, "c.csv", write_hello, NULL, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "cannot create"));
	assert_int_equal(afile_write(sub, "c.csv", write_hello, NULL, err, sizeof(err)), -1);
}

static void test_full_disk(void **state)
{
	(void)state;
	char err[256], path[128];

	/* /dev/full: every write fails with ENOSPC once stdio flushes. */
	struct synth_run r = { 0x1a2b3c4d, 7, two_benches, 2, "ok", 0, 0 };
	struct collector *c = synth_decoded(&r, SIZE_MAX);
	FILE *f = fopen("/dev/full", "w");
	assert_non_null(f);
	int rc = csv_write_samples(f, c);
	int frc = fflush(f);
	assert_true(rc != 0 || frc != 0);
	fclose(f);
	collector_free(c);

	/* A full disk under afile_write: a file size limit makes the writes
	 * fail (EFBIG) just like ENOSPC would; no file may be left behind. */
	struct rlimit old, lim;
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	lim = old;
	lim.rlim_cur = 4096;
	signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
	rc = afile_write(tmpdir, "big.csv", write_big, NULL, err, sizeof(err));
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
	signal(SIGXFSZ, SIG_DFL);
	assert_int_equal(rc, -1);
	assert_non_null(strstr(err, "cannot write"));
	assert_int_equal(access(tmpdir_path(path, sizeof(path), tmpdir, "big.csv"), F_OK), -1);
	assert_int_equal(count_entries(tmpdir, ".big"), 0);
}

TEST_MAIN(cmocka_unit_test_setup_teardown(test_atomic_success, tmpdir_setup, tmpdir_teardown),
	  cmocka_unit_test_setup_teardown(test_atomic_writer_error, tmpdir_setup, tmpdir_teardown),
	  cmocka_unit_test_setup_teardown(test_atomic_unwritable_dir, tmpdir_setup, tmpdir_teardown),
	  cmocka_unit_test_setup_teardown(test_full_disk, tmpdir_setup, tmpdir_teardown))
