/*
 * A scratch directory under /tmp for the tests that write files
 * (test_atomic_file, test_results_csv, test_csv_sweep, the serial tests):
 * made before a test, removed with all it holds after, so that no test
 * sees another's files; and a whole file read back.
 */
#ifndef RVBENCH_TMPDIR_FIXTURE_H
#define RVBENCH_TMPDIR_FIXTURE_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>

/* dir (cap bytes) becomes a new directory /tmp/<prefix>XXXXXX; 0 or -1. */
static inline int tmpdir_make(char *dir, size_t cap, const char *prefix)
{
	snprintf(dir, cap, "/tmp/%sXXXXXX", prefix);
	return mkdtemp(dir) ? 0 : -1;
}

/* Removes dir and everything below it; 0 or -1. */
static inline int tmpdir_remove(const char *dir)
{
	char cmd[160];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* cmocka setup and teardown: tmpdir, a new directory for one test. */
static char tmpdir[64];

static inline int tmpdir_setup(void **state)
{
	(void)state;
	return tmpdir_make(tmpdir, sizeof(tmpdir), "rvb-test-");
}

static inline int tmpdir_teardown(void **state)
{
	(void)state;
	return tmpdir_remove(tmpdir);
}

/* dir/name, into path (cap bytes). */
static inline const char *tmpdir_path(char *path, size_t cap, const char *dir, const char *name)
{
	snprintf(path, cap, "%s/%s", dir, name);
	return path;
}

/* The whole of file path, NUL-terminated; its size in *len. The caller
 * frees it. */
static inline char *file_read(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	long n = ftell(f);
	assert_true(n >= 0);
	rewind(f);
	char *buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	*len = fread(buf, 1, (size_t)n, f);
	assert_int_equal(*len, (size_t)n);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

#endif
