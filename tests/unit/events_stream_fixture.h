/*
 * Streams with hardware events for the host's unit tests: a positional S
 * or E line of four samples, and the printed summary's event lines of a
 * run (summary_events_print) as a string.
 */
#ifndef RVBENCH_EVENTS_STREAM_FIXTURE_H
#define RVBENCH_EVENTS_STREAM_FIXTURE_H

#include <stdio.h>

#include "codec.h"
#include "collector.h"
#include "records.h"
#include "summary_events.h"
#include "wire.h"

/* The S (t = REC_S) or E line (pair 0) of block id, seq in run tag: the
 * four samples smp, into buf (WIRE_LINE_MAX + 1 bytes); returns buf. */
static inline const char *four_sample_line(char *buf, uint32_t tag, uint32_t seq, enum rec_type t,
					   uint64_t id, const struct wire_sample *smp)
{
	char tok[64];
	struct wire_writer w;

	rec_begin(&w, buf, WIRE_LINE_MAX + 1, tag, seq, t);
	if (t == REC_S) {
		struct rec_s r = { .id = id, .first = 0, .n = 4,
				   .enc = rec_encoding_name[REC_ENC_RICE] };
		rec_write(&w, REC_S, &r);
	} else {
		struct rec_e r = { .id = id, .pair = 0, .first = 0, .n = 4,
				   .enc = rec_encoding_name[REC_ENC_RICE] };
		rec_write(&w, REC_E, &r);
	}
	assert_true(codec_encode(smp, 4, tok, sizeof(tok)) > 0);
	wire_add_token(&w, tok);
	assert_true(wire_finish(&w) > 0);
	return buf;
}

/* What summary_events_print() writes for r (malloc'd). */
static inline char *events_printed(const struct coll_run *r)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	assert_non_null(f);
	assert_int_equal(summary_events_print(f, r), 0);
	assert_int_equal(fclose(f), 0);
	return out;
}

#endif
