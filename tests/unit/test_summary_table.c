/*
 * The one-screen table (host-tools/output/summary_table.c): one row per
 * block with its parameters, the order statistics per sample, the value
 * per call with its unit, the status and the work per cycle; the columns
 * a run needs and no others; no trailing blanks. The numbers below are
 * worked out by hand from the samples sent.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector.h"
#include "collector_fixture.h"
#include "summary_table.h"
#include "test_main.h"

#define TAG 0x7ab1e000u

/* A run of four blocks:
 *  0 copy size=64 impl=1, unit byte, 64 a call: cycles 32 30 34 32
 *    -> min 30, median 32 (rank 2 of 4), p99 34, MAD 0 (|d| 2 0 2 0), 2 bytes/cycle
 *  1 grp in group 1, 4 calls a sample: 402 398 -> min 398, median 398,
 *    p99 402, MAD 0 (|d| 4 0: rank 1), per call 398 / 4 = 99.5
 *  2 bad: faulted before any sample
 *  3 lost: its END never came */
static struct collector *four_blocks(void)
{
	char line[WIRE_LINE_MAX + 1], all[12 * (WIRE_LINE_MAX + 1)] = "";
	uint32_t seq = 0;
	const char *common = "hart=1 warmup=0 input_range=0 oh_cycles=0 oh_instret=0";

	strcat(all, wire_line(line, TAG, seq++, WIRE_REC_RUN, "fmt=1 seed=0x1 benches=4"));
	strcat(all, wire_line(line, TAG, seq++, WIRE_REC_BENCH,
			      "id=0 name=copy group=0 batch=1 samples=4 %s unit=byte per_call=64"
			      " p.size=64 p.impl=1", common));
	strcat(all, wire_line(line, TAG, seq++, WIRE_REC_SAMPLES, "0 0 4 d 32,10 30,10 34,10 32,10"));
	strcat(all, wire_line(line, TAG, seq++, WIRE_REC_END, "id=0 count=4 verify=ok status=ok"));
	strcat(all, wire_line(line, TAG, seq++, WIRE_REC_BENCH,
			      "id=1 name=grp group=1 batch=4 samples=2 %s", common));
	strcat(all, wire_line(line, TAG, seq++, WIRE_REC_SAMPLES, "1 0 2 d 402,40 398,40"));
	strcat(all, wire_line(line, TAG, seq++, WIRE_REC_END, "id=1 count=2 verify=ok status=ok"));
	strcat(all, wire_line(line, TAG, seq++, WIRE_REC_BENCH,
			      "id=2 name=bad group=0 batch=1 samples=4 %s", common));
	strcat(all, wire_line(line, TAG, seq++, WIRE_REC_END,
			      "id=2 count=0 verify=none status=fault"));
	strcat(all, wire_line(line, TAG, seq++, WIRE_REC_BENCH,
			      "id=3 name=lost group=0 batch=1 samples=4 %s", common));
	return decode(all, strlen(all), strlen(all));
}

static char *table(const struct collector *c, int icount)
{
	struct memstream m;
	assert_int_equal(summary_table_print(ms_open(&m), &c->runs[0], icount), 0);
	return ms_close(&m);
}

static void test_rows(void **state)
{
	(void)state;
	struct collector *c = four_blocks();
	char *t = table(c, 1);
	const char *want =
		"benchmark  params          group  count  calls  min  median  p99  mad  per call  unit   status      work\n"
		"copy       size=64 impl=1      0      4      1   30      32   34    0        32  instr  ok          2.0000 byte/instr\n"
		"grp        -                   1      2      4  398     398  402    0    99.500  instr  ok\n"
		"bad        -                   0      0      1    -       -    -    -         -         fault\n"
		"lost       -                   0      0      1    -       -    -    -         -         incomplete\n"
		"unit: instr, QEMU -icount's emulated instruction counts, not cycles of a machine\n"
		"min, median, p99, mad: per sample of `calls` calls; per call = median / calls\n";
	assert_string_equal(t, want);
	free(t);
	collector_free(c);
}

/* Real cycles: the unit says so, the work is per cycle. */
static void test_cycles(void **state)
{
	(void)state;
	struct collector *c = four_blocks();
	char *t = table(c, 0);
	assert_non_null(strstr(t, "  cycles  ok          2.0000 byte/cycle\n"));
	assert_non_null(strstr(t, "\nunit: cycles, as the cycle counter (rdcycle) read them\n"));
	assert_null(strstr(t, "instr"));
	free(t);
	collector_free(c);
}

/* A plain run: no hart, group, calls or work column, and no legend on
 * calls; nothing ends in a blank. */
static void test_plain_columns(void **state)
{
	(void)state;
	struct synth_run r = { 0x1a2b3c4d, 7, two_benches, 2, "ok", 0, 0 };
	struct collector *c = synth_decoded(&r, SIZE_MAX);
	char *t = table(c, 1);
	const char *head = "benchmark  params  count  min  median  p99  mad  per call  unit   status\n";
	assert_memory_equal(t, head, strlen(head));
	assert_null(strstr(t, "calls"));
	assert_null(strstr(t, " \n"));
	free(t);
	collector_free(c);
}

static void test_status_words(void **state)
{
	(void)state;
	struct collector *c = four_blocks();
	const struct coll_run *r = &c->runs[0];
	assert_string_equal(summary_status(&r->bench[0]), "ok");
	assert_string_equal(summary_status(&r->bench[2]), "fault");
	assert_string_equal(summary_status(&r->bench[3]), "incomplete");
	collector_free(c);

	/* END without status= (older firmware): from verify. */
	char line[WIRE_LINE_MAX + 1], all[4 * (WIRE_LINE_MAX + 1)] = "";
	strcat(all, wire_line(line, TAG, 0, WIRE_REC_RUN, "fmt=1 seed=0x1 benches=2"));
	strcat(all, wire_line(line, TAG, 1, WIRE_REC_END, "id=0 count=0 verify=fail"));
	strcat(all, wire_line(line, TAG, 2, WIRE_REC_END, "id=1 count=0 verify=ok"));
	c = decode(all, strlen(all), strlen(all));
	r = &c->runs[0];
	assert_string_equal(summary_status(&r->bench[0]), "verify-failed");
	assert_string_equal(summary_status(&r->bench[1]), "ok");
	assert_string_equal(summary_unit(1), "instr");
	assert_string_equal(summary_unit(0), "cycles");
	collector_free(c);
}

TEST_MAIN(cmocka_unit_test(test_rows), cmocka_unit_test(test_cycles),
	  cmocka_unit_test(test_plain_columns), cmocka_unit_test(test_status_words))
