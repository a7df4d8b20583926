/*
 * samples.csv's flags mark a clamped event value (raw below its overhead,
 * net written as 0) in every event column, not only the first four: a
 * directory whose blocks count different events has more columns than
 * one block has events (host-tools/output/csv_events.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "collector.h"
#include "collector_fixture.h"
#include "csv_events.h"
#include "events_stream_fixture.h"
#include "records.h"
#include "wire.h"
#include "test_main.h"

#define TAG 0xe5e5e5e7u

/* Block 0 counts four events, block 1 a fifth, whose raw values are below
 * its overhead on samples 1 and 3: the fifth column's bit (0x80) is set on
 * those samples of block 1. */
static void test_fifth_column_flagged(void **state)
{
	static const struct wire_sample s[4] = { { 10, 5 }, { 11, 5 }, { 12, 5 }, { 10, 5 } };
	static const struct wire_sample e0[4] = { { 7, 3 }, { 8, 3 }, { 7, 4 }, { 9, 3 } };
	static const struct wire_sample e1[4] = { { 7, 0 }, { 2, 0 }, { 7, 0 }, { 1, 0 } };
	static char text[4096];
	char buf[WIRE_LINE_MAX + 1];
	size_t len = 0;
	uint32_t seq = 0;

	(void)state;
	len += (size_t)snprintf(text + len, sizeof(text) - len, "%s",
				wire_line(buf, TAG, seq++, "RUN", "fmt=2 seed=0x1 benches=2"));
	len += (size_t)snprintf(text + len, sizeof(text) - len, "%s",
				wire_line(buf, TAG, seq++, "BENCH",
					  "id=0 name=a hart=0 group=0 batch=1 warmup=0 samples=4"
					  " input_range=0 oh_cycles=1 oh_instret=1"
					  " events=cycles,instructions,cache-misses,branch-misses"
					  " oh_events=1,1,1,1"));
	len += (size_t)snprintf(text + len, sizeof(text) - len, "%s", four_sample_line(buf, TAG, seq++, REC_S, 0, s));
	len += (size_t)snprintf(text + len, sizeof(text) - len, "%s", four_sample_line(buf, TAG, seq++, REC_E, 0, e0));
	len += (size_t)snprintf(text + len, sizeof(text) - len, "%s",
				wire_line(buf, TAG, seq++, "BENCH",
					  "id=1 name=b hart=0 group=0 batch=1 warmup=0 samples=4"
					  " input_range=0 oh_cycles=1 oh_instret=1"
					  " events=dtlb-read-miss oh_events=3"));
	len += (size_t)snprintf(text + len, sizeof(text) - len, "%s", four_sample_line(buf, TAG, seq++, REC_S, 1, s));
	len += (size_t)snprintf(text + len, sizeof(text) - len, "%s", four_sample_line(buf, TAG, seq++, REC_E, 1, e1));
	struct collector *c = collector_new();
	collector_feed(c, text, len);
	collector_finish(c);
	assert_int_equal(c->rejected[COLL_REJ_INVALID], 0);

	struct csv_event_cols cols;
	csv_event_cols(c, &cols);
	assert_int_equal(cols.n, 5);
	assert_string_equal(cols.name[4], "dtlb-read-miss");
	const struct coll_bench *b = &c->runs[0].bench[1];
	int *map = csv_event_map(b, &cols);
	assert_int_equal(csv_event_flags(b, 0, map, cols.n), 0);
	assert_int_equal(csv_event_flags(b, 1, map, cols.n), SAMPLE_FLAG_CLAMPED_EVENT(4));
	assert_int_equal(csv_event_flags(b, 2, map, cols.n), 0);
	assert_int_equal(csv_event_flags(b, 3, map, cols.n), SAMPLE_FLAG_CLAMPED_EVENT(4));
	free(map);
	csv_event_cols_free(&cols);
	collector_free(c);
}

TEST_MAIN(cmocka_unit_test(test_fifth_column_flagged))
