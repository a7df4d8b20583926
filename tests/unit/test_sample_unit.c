/*
 * BENCH sample_unit=: what a self-timed block's samples count when it is
 * not the counters' unit (timer_irq_ticks: timebase ticks). The collector
 * keeps it with the block, summary.csv and meta.json carry it, the
 * printed table's unit column says it; an empty value or a bad escape is
 * refused with the BENCH line, as for unit=.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "collector_fixture.h"
#include "summary_table.h"
#include "test_main.h"

#define TAG 0x5a5a0001u
#define BENCH_FIELDS                                                                         \
	"id=0 name=ticks hart=1 group=0 batch=1 warmup=0 samples=2 input_range=0 oh_cycles=0" \
	" oh_instret=0 oh_method=self-timed"

/* A run of one block: RUN, its BENCH line with `extra` fields, two samples. */
static struct collector *one_block(const char *extra)
{
	char run[WIRE_LINE_MAX + 1], bench[WIRE_LINE_MAX + 1], s[WIRE_LINE_MAX + 1];
	char text[3 * (WIRE_LINE_MAX + 1)];

	wire_run_line(run, TAG, 1, 1);
	wire_line(bench, TAG, 1, WIRE_REC_BENCH, BENCH_FIELDS "%s", extra);
	wire_line(s, TAG, 2, WIRE_REC_SAMPLES, "0 0 2 d 3,0 4,0");
	snprintf(text, sizeof(text), "%s%s%s", run, bench, s);
	return decode(text, strlen(text), SIZE_MAX);
}

static void test_sample_unit_kept(void **state)
{
	(void)state;
	struct collector *c = one_block(" sample_unit=tick");
	const struct coll_run *r = &c->runs[0];

	assert_true(r->bench[0].have_header);
	assert_string_equal(r->bench[0].sample_unit, "tick");

	char *csv = to_string(csv_write_summary, c);
	const char *head = strchr(csv, '\n');
	assert_non_null(head);
	/* The header's last column, and the block's row ending in tick. */
	assert_non_null(strstr(csv, ",cflags,sample_unit\r\n"));
	assert_non_null(strstr(head, ",tick\r\n"));
	free(csv);

	struct memstream m;
	assert_int_equal(summary_table_print(ms_open(&m), r, 1), 0);
	char *table = ms_close(&m);
	/* Under -icount the run's unit is instr; this block's is tick. */
	assert_non_null(strstr(table, "  tick  "));
	assert_null(strstr(table, "  instr  "));
	free(table);

	char *meta = meta_src(c, NULL);
	assert_non_null(strstr(meta, "\"sample_unit\": \"tick\""));
	free(meta);
	collector_free(c);
}

static void test_without_sample_unit(void **state)
{
	(void)state;
	/* Older firmware, or a block in the counters' unit: no field, the
	 * run's unit, an empty column and no key in meta.json. */
	struct collector *c = one_block("");
	const struct coll_run *r = &c->runs[0];

	assert_true(r->bench[0].have_header);
	assert_null(r->bench[0].sample_unit);
	char *csv = to_string(csv_write_summary, c);
	assert_non_null(strstr(strchr(csv, '\n'), ",,\r\n"));
	free(csv);
	struct memstream m;
	assert_int_equal(summary_table_print(ms_open(&m), r, 1), 0);
	char *table = ms_close(&m);
	assert_non_null(strstr(table, "  instr  "));
	free(table);
	char *meta = meta_src(c, NULL);
	assert_null(strstr(meta, "sample_unit"));
	free(meta);
	collector_free(c);
}

static void test_bad_sample_unit_refused(void **state)
{
	(void)state;
	static const struct {
		const char *field, *problem;
	} bad[] = {
		{ " sample_unit=", "BENCH line with a bad block field" },
		{ " sample_unit=t%ZZk", "BENCH name, unit or sample_unit with a bad %XX escape" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct collector *c = one_block(bad[i].field);
		const struct coll_run *r = &c->runs[0];
		assert_false(r->bench[0].have_header);
		assert_true(problem_mentions(r, bad[i].problem));
		assert_int_equal(c->rejected[COLL_REJ_INVALID], 1);
		collector_free(c);
	}
}

TEST_MAIN(cmocka_unit_test(test_sample_unit_kept), cmocka_unit_test(test_without_sample_unit),
	  cmocka_unit_test(test_bad_sample_unit_refused))
