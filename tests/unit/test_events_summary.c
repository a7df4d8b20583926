/*
 * The printed summary's hardware-event lines (host-tools/output/
 * summary_events.c): one line per block that counted events, named as the
 * table above names it (benchmark and parameters, and the group in a group
 * sweep), so that the blocks of one benchmark are lines one can tell apart.
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

#define TAG 0xe5e5e5e5u

/* nblocks blocks of one benchmark, p.size=64, 4096, ..., in groups
 * group[i], each with events cycles and dtlb-read-miss. */
static struct collector *run(unsigned nblocks, const unsigned *group)
{
	static const struct wire_sample s[4] = { { 10, 5 }, { 11, 5 }, { 12, 5 }, { 10, 5 } };
	static const struct wire_sample e[4] = { { 7, 3 }, { 8, 3 }, { 7, 4 }, { 9, 3 } };
	static const char *const size[3] = { "64", "4096", "64" };
	static char text[8192];
	char buf[WIRE_LINE_MAX + 1];
	size_t len = 0;
	uint32_t seq = 0;

	len += (size_t)snprintf(text + len, sizeof(text) - len, "%s",
				wire_line(buf, TAG, seq++, "RUN", "fmt=2 seed=0x1 benches=%u", nblocks));
	for (unsigned id = 0; id < nblocks; id++) {
		len += (size_t)snprintf(
			text + len, sizeof(text) - len, "%s",
			wire_line(buf, TAG, seq++, "BENCH",
				  "id=%u name=memcpy hart=0 group=%u batch=1 warmup=0 samples=4"
				  " input_range=0 oh_cycles=1 oh_instret=1"
				  " events=cycles,dtlb-read-miss oh_events=1,1 p.size=%s",
				  id, group[id], size[id]));
		len += (size_t)snprintf(text + len, sizeof(text) - len, "%s",
					four_sample_line(buf, TAG, seq++, REC_S, id, s));
		len += (size_t)snprintf(text + len, sizeof(text) - len, "%s",
					four_sample_line(buf, TAG, seq++, REC_E, id, e));
	}
	assert_true(len < sizeof(text) - 1);
	struct collector *c = collector_new();
	collector_feed(c, text, len);
	collector_finish(c);
	assert_int_equal(c->rejected[COLL_REJ_INVALID], 0);
	return c;
}

/* Two blocks of memcpy, size=64 and size=4096: two lines, each with its
 * parameters; median per sample and mean per call of each event. */
static void test_blocks_named(void **state)
{
	static const unsigned group[2] = { 0, 0 };
	(void)state;
	struct collector *c = run(2, group);
	char *out = events_printed(&c->runs[0]);
	assert_string_equal(out, "hardware events: median per sample, mean per call\n"
				 "memcpy size=64        cycles 6, 6.750/call  dtlb-read-miss 2, 2.250/call\n"
				 "memcpy size=4096      cycles 6, 6.750/call  dtlb-read-miss 2, 2.250/call\n");
	free(out);
	collector_free(c);
}

/* In a group sweep the same parameters come once per group: the group
 * tells the lines apart. */
static void test_groups_named(void **state)
{
	static const unsigned group[3] = { 0, 0, 1 };
	(void)state;
	struct collector *c = run(3, group);
	char *out = events_printed(&c->runs[0]);
	assert_string_equal(out,
			    "hardware events: median per sample, mean per call\n"
			    "memcpy size=64 group=0  cycles 6, 6.750/call  dtlb-read-miss 2, 2.250/call\n"
			    "memcpy size=4096 group=0  cycles 6, 6.750/call  dtlb-read-miss 2, 2.250/call\n"
			    "memcpy size=64 group=1  cycles 6, 6.750/call  dtlb-read-miss 2, 2.250/call\n");
	free(out);
	collector_free(c);
}

TEST_MAIN(cmocka_unit_test(test_blocks_named), cmocka_unit_test(test_groups_named))
