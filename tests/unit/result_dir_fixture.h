/*
 * Writing a result directory's files by hand in a test (tmpdir_fixture.h's
 * tmpdir): meta.json as a replay writes it, any file from a writer of the
 * collector's model, and files cut or damaged on purpose.
 */
#ifndef RVBENCH_RESULT_DIR_FIXTURE_H
#define RVBENCH_RESULT_DIR_FIXTURE_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector.h"
#include "csv_out.h"
#include "meta_json.h"
#include "tmpdir_fixture.h"

/* meta.json of c as `rvbench replay x` would write it. */
static inline int write_meta(FILE *f, const struct collector *c)
{
	static const struct meta_source replay = { .kind = "replay", .file = "x", .end = "eof" };
	return meta_json_write(f, c, &replay);
}

/* tmpdir/name, written by fn from c. */
static inline void write_with(const char *name, int (*fn)(FILE *, const struct collector *),
			      const struct collector *c)
{
	char path[128];
	FILE *f = fopen(tmpdir_path(path, sizeof(path), tmpdir, name), "w");
	assert_non_null(f);
	assert_int_equal(fn(f, c), 0);
	assert_int_equal(fclose(f), 0);
}

/* c's result directory in tmpdir, as a collection writes it: the CSV
 * files, then meta.json last. */
static inline void write_result_files(const struct collector *c)
{
	write_with("samples.csv", csv_write_samples, c);
	write_with("summary.csv", csv_write_summary, c);
	write_with("gaps.csv", csv_write_gaps, c);
	write_with("meta.json", write_meta, c);
}

/* tmpdir/name holding the len bytes of text (a file damaged on purpose). */
static inline void put_bytes(const char *name, const char *text, size_t len)
{
	char path[128];
	FILE *f = fopen(tmpdir_path(path, sizeof(path), tmpdir, name), "w");
	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* tmpdir/name holding the string text. */
static inline void put_text(const char *name, const char *text)
{
	put_bytes(name, text, strlen(text));
}

/* The first n lines of s (a CSV's header included), to be freed. */
static inline char *first_lines(const char *s, size_t n)
{
	const char *p = s;
	for (size_t i = 0; i < n && p; i++) {
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	char *out = strndup(s, p ? (size_t)(p - s) : strlen(s));
	assert_non_null(out);
	return out;
}

#endif
