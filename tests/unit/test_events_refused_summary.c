/*
 * The printed summary says which of the run's hardware events were not
 * counted (the PMU record's refused=): an event the run asked for has a
 * column or a word, never silence (host-tools/output/summary_events.c).
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
#include "events_stream_fixture.h"
#include "records.h"
#include "summary_events.h"
#include "wire.h"
#include "test_main.h"

#define TAG 0xe5e5e5e6u

/* A run of sifive_u: cycles counted, cache-misses and raw:0x1 refused. */
static struct collector *run(const char *pmu, int with_events)
{
	static const struct wire_sample s[4] = { { 10, 5 }, { 11, 5 }, { 12, 5 }, { 10, 5 } };
	static char text[4096];
	char buf[WIRE_LINE_MAX + 1];
	size_t len = 0;
	uint32_t seq = 0;

	len += (size_t)snprintf(text + len, sizeof(text) - len, "%s",
				wire_line(buf, TAG, seq++, "RUN", "fmt=2 seed=0x1 benches=1"));
	len += (size_t)snprintf(text + len, sizeof(text) - len, "%s",
				wire_line(buf, TAG, seq++, "PMU", "%s", pmu));
	len += (size_t)snprintf(text + len, sizeof(text) - len, "%s",
				wire_line(buf, TAG, seq++, "BENCH",
					  "id=0 name=addi100 hart=0 group=0 batch=1 warmup=0"
					  " samples=4 input_range=0 oh_cycles=1 oh_instret=1%s",
					  with_events ? " events=cycles oh_events=1" : ""));
	static const struct wire_sample e[4] = { { 9, 0 }, { 10, 0 }, { 11, 0 }, { 9, 0 } };
	len += (size_t)snprintf(text + len, sizeof(text) - len, "%s",
				four_sample_line(buf, TAG, seq++, REC_S, 0, s));
	if (with_events)
		len += (size_t)snprintf(text + len, sizeof(text) - len, "%s",
					four_sample_line(buf, TAG, seq++, REC_E, 0, e));
	struct collector *c = collector_new();
	collector_feed(c, text, len);
	collector_finish(c);
	assert_int_equal(c->rejected[COLL_REJ_INVALID], 0);
	assert_int_equal(c->nruns, 1);
	return c;
}

/* Counted and refused: the counted ones' line, then the refused ones,
 * each with the SBI firmware's word (a raw event's own ':' kept). */
static void test_refused_said(void **state)
{
	(void)state;
	struct collector *c = run("status=ok counters=19 hw=2 fw=16 events=cycles"
				  " refused=cache-misses:not-supported,raw:0x1:not-supported", 1);
	char *out = events_printed(&c->runs[0]);
	assert_string_equal(out, "hardware events: median per sample, mean per call\n"
				 "addi100               cycles 8, 8.750/call\n"
				 "hardware events not counted: cache-misses (not-supported),"
				 " raw:0x1 (not-supported)\n");
	free(out);
	collector_free(c);
}

/* Nothing counted at all (no PMU extension): the refusal is the only
 * word on events, and it is there. */
static void test_all_refused(void **state)
{
	(void)state;
	struct collector *c = run("status=absent refused=branch-misses:no-pmu", 0);
	char *out = events_printed(&c->runs[0]);
	assert_string_equal(out, "hardware events not counted: branch-misses (no-pmu)\n");
	free(out);
	collector_free(c);
}

/* No events asked for: nothing printed, as before. */
static void test_none_asked(void **state)
{
	(void)state;
	struct collector *c = run("status=ok counters=19 hw=2 fw=16", 0);
	char *out = events_printed(&c->runs[0]);
	assert_string_equal(out, "");
	free(out);
	collector_free(c);
}

TEST_MAIN(cmocka_unit_test(test_refused_said), cmocka_unit_test(test_all_refused),
	  cmocka_unit_test(test_none_asked))
