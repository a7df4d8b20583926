/*
 * What the collector's unit tests share (test_collector, test_codec_stream,
 * test_multihart): decode a buffer in chunks of a given size, and turn the
 * model into the text of every writer, so that two decodings compare as
 * strings. static inline: each test binary uses what it needs.
 */
#ifndef RVBENCH_COLLECTOR_FIXTURE_H
#define RVBENCH_COLLECTOR_FIXTURE_H

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

static inline struct collector *decode(const char *buf, size_t len, size_t chunk)
{
	struct collector *c = collector_new();
	for (size_t off = 0; off < len; off += chunk)
		collector_feed(c, buf + off, len - off < chunk ? len - off : chunk);
	collector_finish(c);
	return c;
}

/* What writer fn makes of c. */
static inline char *to_string(int (*fn)(FILE *, const struct collector *),
			      const struct collector *c)
{
	char *s = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&s, &n);
	assert_non_null(f);
	assert_int_equal(fn(f, c), 0);
	assert_int_equal(fclose(f), 0);
	return s;
}

static inline char *meta(const struct collector *c)
{
	char *s = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&s, &n);
	struct meta_source src = { .kind = "replay", .file = "x", .end = "eof" };
	assert_non_null(f);
	assert_int_equal(meta_json_write(f, c, &src), 0);
	assert_int_equal(fclose(f), 0);
	return s;
}

/* Everything the writers produce, the model made comparable: samples.csv,
 * summary.csv, gaps.csv, tracepoints.csv, then meta.json. With
 * blank_bytes, meta.json's bytes_received (the input's size, not part of
 * the model when two different inputs are compared) is blanked. */
static inline char *dump_model(const struct collector *c, int blank_bytes)
{
	char *parts[5] = { to_string(csv_write_samples, c), to_string(csv_write_summary, c),
			   to_string(csv_write_gaps, c), to_string(csv_write_tracepoints, c), meta(c) };
	size_t n = 0;
	for (int i = 0; i < 5; i++)
		n += strlen(parts[i]);
	char *all = malloc(n + 1), *p = all;
	assert_non_null(all);
	for (int i = 0; i < 5; i++) {
		p = stpcpy(p, parts[i]);
		free(parts[i]);
	}
	char *b = blank_bytes ? strstr(all, "\"bytes_received\": ") : NULL;
	for (b = b ? b + 18 : NULL; b && *b >= '0' && *b <= '9'; b++)
		*b = '#';
	return all;
}

/* buf decoded in chunks of chunk bytes gives the model ref (dump_model). */
static inline void assert_model_in_chunks(const char *buf, size_t len, size_t chunk,
					  const char *ref)
{
	struct collector *c = decode(buf, len, chunk);
	char *got = dump_model(c, 0);
	assert_string_equal(got, ref);
	free(got);
	collector_free(c);
}

#endif
