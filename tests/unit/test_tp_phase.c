/*
 * A TP record's block and part (id=, phase=: docs/wire-format.md, TP):
 * kept when both come, refused when one comes alone or the block was
 * never announced, and absent from an older firmware's line.
 */
#include "collector_fixture.h"
#include "csv_out.h"
#include "wire.h"
#include "test_main.h"

#define TAG 0x7a9e0001u

/* A RUN line announcing two blocks, then one TP line with tokens tp. */
static struct collector *with_tp(const char *tp)
{
	char line[WIRE_LINE_MAX + 1];
	struct collector *c = collector_new();

	wire_run_line(line, TAG, 1, 2);
	collector_feed(c, line, strlen(line));
	wire_line(line, TAG, 1, WIRE_REC_TP, "key=3 hart=1 start=100 cycles=102 instret=105%s", tp);
	collector_feed(c, line, strlen(line));
	collector_finish(c);
	return c;
}

static void test_block_and_part_kept(void **state)
{
	(void)state;
	static const char *const part[] = { "setup", "warmup", "measured", "after" };
	for (unsigned k = 0; k < 4; k++) {
		char tp[64];
		snprintf(tp, sizeof(tp), " id=1 phase=%s", part[k]);
		struct collector *c = with_tp(tp);
		assert_int_equal(rejected_total(c), 0);
		assert_int_equal(c->runs[0].ntp, 1);
		assert_true(c->runs[0].tp[0].has_block);
		assert_int_equal(c->runs[0].tp[0].block, 1);
		assert_string_equal(c->runs[0].tp[0].phase, part[k]);
		collector_free(c);
	}
}

/* A part this collector does not know (a later firmware's) is kept as
 * its word, as every WORD field's is (records.h). */
static void test_later_part_kept_as_word(void **state)
{
	(void)state;
	struct collector *c = with_tp(" id=0 phase=Teardown");
	assert_int_equal(rejected_total(c), 0);
	assert_int_equal(c->runs[0].ntp, 1);
	assert_int_equal(c->runs[0].tp[0].block, 0);
	assert_string_equal(c->runs[0].tp[0].phase, "Teardown");
	collector_free(c);
}

/* tracepoints.csv: the block and the part after the pair's own columns,
 * a word with a comma or a quote quoted as a CSV field, and both empty
 * for an older firmware's line. */
static void test_csv_columns(void **state)
{
	(void)state;
	static const struct {
		const char *tp, *row;
	} cases[] = {
		{ " id=1 phase=measured", "7a9e0001,3,1,100,102,105,1,measured\r\n" },
		{ " id=0 phase=a,b\"c", "7a9e0001,3,1,100,102,105,0,\"a,b\"\"c\"\r\n" },
		{ "", "7a9e0001,3,1,100,102,105,,\r\n" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct collector *c = with_tp(cases[i].tp);
		char *s = to_string(csv_write_tracepoints, c);
		char want[256];
		snprintf(want, sizeof(want), "%s\r\n%s", CSV_TRACEPOINTS_HEADER, cases[i].row);
		assert_string_equal(s, want);
		free(s);
		collector_free(c);
	}
}

/* An older firmware's TP line says neither: it is kept, with no block. */
static void test_older_line_kept_without_block(void **state)
{
	(void)state;
	struct collector *c = with_tp("");
	assert_int_equal(rejected_total(c), 0);
	assert_int_equal(c->runs[0].ntp, 1);
	assert_false(c->runs[0].tp[0].has_block);
	assert_int_equal(c->runs[0].tp[0].cycles, 102);
	collector_free(c);
}

static void test_half_or_unannounced_refused(void **state)
{
	(void)state;
	static const char *const bad[] = {
		" id=1",                 /* a block without its part */
		" phase=measured",       /* a part without its block */
		" id=2 phase=measured",  /* the RUN line announced blocks 0 and 1 */
		" id=1 phase=meas%2Cured", /* a word has no escapes */
		" id=1 phase=measured-for-longer", /* a word has at most 15 bytes */
		" id=01 phase=measured", /* not a number as the wire writes it */
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct collector *c = with_tp(bad[i]);
		assert_int_equal(c->rejected[COLL_REJ_INVALID], 1);
		assert_int_equal(c->runs[0].ntp, 0);
		collector_free(c);
	}
}

TEST_MAIN(cmocka_unit_test(test_block_and_part_kept),
	  cmocka_unit_test(test_later_part_kept_as_word),
	  cmocka_unit_test(test_older_line_kept_without_block),
	  cmocka_unit_test(test_csv_columns),
	  cmocka_unit_test(test_half_or_unannounced_refused))
