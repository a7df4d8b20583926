/*
 * The multi-hart records: TP records into tracepoints.csv, HART records
 * and BENCH/RUN parallel fields into meta.json (streams from synth.c and
 * the firmware's wire writer), malformed ones refused, every spelling of
 * a signed offset, a skipped block, and the inputs of a parallel block.
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
#include "crc.h"
#include "csv_out.h"
#include "input_seed.h"
#include "inputs.h"
#include "lcg.h"
#include "meta_json.h"
#include "multihart_fixture.h"
#include "synth.h"
#include "wire.h"
#include "test_main.h"

static void test_model(void **state)
{
	(void)state;
	size_t len;
	char *buf = stream(&extra, &len, 0);
	struct collector *c = decode(buf, len, len);

	assert_int_equal(c->nruns, 1);
	const struct coll_run *r = &c->runs[0];
	assert_true(r->complete);
	assert_int_equal(rejected_total(c), 0);
	/* TP: three per block, in order. */
	assert_int_equal(r->ntp, 9);
	for (uint32_t id = 0; id < 3; id++)
		for (uint32_t k = 0; k < 3; k++) {
			const struct coll_tp *t = &r->tp[3 * id + k];
			assert_int_equal(t->key, k);
			assert_int_equal(t->hart, 1);
			assert_int_equal(t->start, synth_tp_start(id, k));
			assert_int_equal(t->cycles, synth_tp_cycles(id, k));
			assert_int_equal(t->instret, synth_tp_instret(id, k));
		}
	/* BENCH parallel fields, the negative offset included. */
	for (uint32_t id = 0; id < 3; id++) {
		const struct coll_bench *b = &r->bench[id];
		assert_true(b->have_parallel);
		assert_int_equal(b->parallel, 4);
		assert_int_equal(b->skew_ticks, synth_skew(id));
		assert_true(b->offset_cycles == offsets[id]);
	}
	/* HART records. */
	assert_int_equal(r->nhart, 4);
	assert_int_equal(r->hart[0].id, 0);
	assert_string_equal(r->hart[0].state, "skipped");
	assert_string_equal(r->hart[0].why, "no S-mode (E51), \"monitor\" core");
	assert_int_equal(r->hart[0].have, 0);
	assert_string_equal(r->hart[1].state, "boot");
	assert_int_equal(r->hart[1].have, COLL_HART_RUN_CYCLES | COLL_HART_MEASURING | COLL_HART_WAITING);
	assert_int_equal(r->hart[1].run_cycles, 123456789);
	assert_int_equal(r->hart[1].measuring, 100000000);
	assert_int_equal(r->hart[1].waiting, 4242);
	assert_null(r->hart[1].why);
	assert_int_equal(r->hart[2].have, COLL_HART_BUSY | COLL_HART_IDLE | COLL_HART_WAITING);
	assert_int_equal(r->hart[2].busy, 5000);
	assert_int_equal(r->hart[2].idle, 7000);
	assert_string_equal(r->hart[3].why, "sbi_hart_start: -3 @ 100%");
	assert_string_equal(coll_run_field(r, "parallel"), "1");
	collector_free(c);
	free(buf);
}

static void test_tracepoints_csv(void **state)
{
	(void)state;
	size_t len;
	char *buf = stream(&extra, &len, 1);
	struct collector *c = decode(buf, len, len);
	char *s = to_string(csv_write_tracepoints, c);
	char want[4096], *p = want;

	p += sprintf(p, "%s\r\n", CSV_TRACEPOINTS_HEADER);
	for (uint32_t id = 0; id < 3; id++)
		for (uint32_t k = 0; k < 3; k++)
			/* synth.c's TP lines are an older firmware's: no
			 * block, no part (test_tp_phase.c has both). */
			p += sprintf(p, "%08x,%u,1,%llu,%llu,%llu,,\r\n", TAG, k,
				     (unsigned long long)synth_tp_start(id, k),
				     (unsigned long long)synth_tp_cycles(id, k),
				     (unsigned long long)synth_tp_instret(id, k));
	assert_string_equal(s, want);
	free(s);
	collector_free(c);

	/* No TP record: the header alone. */
	static const struct synth_extra none = { 0 };
	free(buf);
	buf = stream(&none, &len, 0);
	c = decode(buf, len, len);
	s = to_string(csv_write_tracepoints, c);
	assert_string_equal(s, CSV_TRACEPOINTS_HEADER "\r\n");
	assert_int_equal(c->runs[0].nhart, 0);
	assert_false(c->runs[0].bench[0].have_parallel);
	free(s);
	char *m = meta(c);
	json_t *tree = meta_tree(c);
	assert_json_is(json_object_get(meta_run(tree, 0), "harts"), "[]");
	assert_json_is(json_object_get(meta_run(tree, 0), "tracepoints"), "0");
	json_decref(tree);
	assert_null(strstr(m, "skew_ticks"));
	assert_null(strstr(m, "\"cross\""));
	free(m);
	collector_free(c);
	free(buf);
}

static void test_meta_json_fields(void **state)
{
	(void)state;
	size_t len;
	char *buf = stream(&extra, &len, 0);
	struct collector *c = decode(buf, len, len);
	char *m = meta(c);

	assert_non_null(strstr(m, "\"cross\": false, \"parallel\": true"));
	assert_non_null(strstr(m, "\"parallel\": 4, \"skew_ticks\": 3, \"offset_cycles\": 0"));
	assert_non_null(strstr(m, "\"parallel\": 4, \"skew_ticks\": 4, \"offset_cycles\": -13"));
	assert_non_null(strstr(m, "\"parallel\": 4, \"skew_ticks\": 5, \"offset_cycles\": 4711"));
	json_t *tree = meta_tree(c);
	assert_json_is(json_object_get(meta_run(tree, 0), "harts"),
		       "[{\"id\": 0, \"state\": \"skipped\", \"why\": "
		       "\"no S-mode (E51), \\\"monitor\\\" core\"},"
		       " {\"id\": 1, \"state\": \"boot\", \"run_cycles\": 123456789,"
		       " \"measuring\": 100000000, \"waiting\": 4242},"
		       " {\"id\": 2, \"state\": \"online\", \"busy\": 5000, \"idle\": 7000,"
		       " \"waiting\": 0},"
		       " {\"id\": 3, \"state\": \"failed\", \"why\": \"sbi_hart_start: -3 @ 100%\"}]");
	assert_json_is(json_object_get(meta_run(tree, 0), "tracepoints"), "9");
	json_decref(tree);
	assert_non_null(strstr(m, "\"tracepoints.csv\""));
	free(m);
	collector_free(c);
	free(buf);
}

/* One hand-made line after a good run's RUN line; returns the collector. */
static struct collector *with_line(const char *type, const char *const *kv, size_t nkv)
{
	char line[WIRE_LINE_MAX + 1];
	struct wire_writer w;
	struct collector *c = collector_new();

	wire_run_line(line, TAG, 1, 0);
	collector_feed(c, line, strlen(line));
	wire_begin(&w, line, sizeof(line), TAG, 1, type);
	for (size_t i = 0; i < nkv; i++)
		wire_add_token(&w, kv[i]);
	assert_true(wire_finish(&w) > 0);
	collector_feed(c, line, strlen(line));
	collector_finish(c);
	return c;
}

static void test_bad_records_rejected(void **state)
{
	(void)state;
	static const char *const bad_tp[][5] = {
		{ "key=16", "hart=1", "start=1", "cycles=1", "instret=1" },
		{ "key=1", "hart=1", "start=01", "cycles=1", "instret=1" },
		{ "key=1", "hart=1", "start=1", "cycles=-1", "instret=1" },
		{ "key=1", "hart=1", "start=1", "cycles=1", "other=1" },
	};
	for (size_t i = 0; i < sizeof(bad_tp) / sizeof(bad_tp[0]); i++) {
		struct collector *c = with_line(WIRE_REC_TP, bad_tp[i], 5);
		assert_int_equal(c->rejected[COLL_REJ_INVALID], 1);
		assert_int_equal(c->runs[0].ntp, 0);
		collector_free(c);
	}
	static const char *const good_tp[] = { "key=15", "hart=4", "start=0", "cycles=9", "instret=8" };
	struct collector *c = with_line(WIRE_REC_TP, good_tp, 5);
	assert_int_equal(rejected_total(c), 0);
	assert_int_equal(c->runs[0].ntp, 1);
	assert_int_equal(c->runs[0].tp[0].key, 15);
	assert_int_equal(c->runs[0].tp[0].seq, 1);
	collector_free(c);

	static const char *const bad_hart[][2] = {
		{ "id=x", "state=online" }, { "id=1", "busy=1" }, { "id=1", "state=online busy=1x" },
		{ "id=1", "state=failed why=%zz" },
	};
	for (size_t i = 0; i < sizeof(bad_hart) / sizeof(bad_hart[0]); i++) {
		c = with_line(WIRE_REC_HART, bad_hart[i], 2);
		assert_int_equal(rejected_total(c), 1);
		assert_int_equal(c->runs[0].nhart, 0);
		collector_free(c);
	}
}

/* A BENCH line with the given parallel fields: accepted or not. */
static int bench_accepts(const char *par, const char *skew, const char *off, int64_t *offset)
{
	const char *kv[16] = { "id=0", "name=x", "hart=1", "group=0", "batch=1", "warmup=0",
			       "samples=1", "input_range=0", "oh_cycles=0", "oh_instret=0" };
	size_t n = 10;
	char a[64], b[64], d[64];
	if (par) {
		snprintf(a, sizeof(a), "parallel=%s", par);
		kv[n++] = a;
	}
	if (skew) {
		snprintf(b, sizeof(b), "skew_ticks=%s", skew);
		kv[n++] = b;
	}
	if (off) {
		snprintf(d, sizeof(d), "offset_cycles=%s", off);
		kv[n++] = d;
	}
	struct collector *c = with_line(WIRE_REC_BENCH, kv, n);
	int ok = c->runs[0].nbench == 1 && c->runs[0].bench[0].have_header;
	if (ok && offset)
		*offset = c->runs[0].bench[0].offset_cycles;
	collector_free(c);
	return ok;
}

static void test_offset_spellings(void **state)
{
	(void)state;
	int64_t v = 1;
	assert_true(bench_accepts("2", "0", "-13", &v));
	assert_true(v == -13);
	assert_true(bench_accepts("2", "0", "0", &v));
	assert_true(v == 0);
	assert_true(bench_accepts("2", "7", "9223372036854775807", &v));
	assert_true(v == INT64_MAX);
	assert_true(bench_accepts("2", "7", "-9223372036854775808", &v));
	assert_true(v == INT64_MIN);
	assert_true(bench_accepts(NULL, NULL, NULL, NULL)); /* a serial run */
	assert_false(bench_accepts("2", "0", "-9223372036854775809", NULL));
	assert_false(bench_accepts("2", "0", "9223372036854775808", NULL));
	assert_false(bench_accepts("2", "0", "-0", NULL));
	assert_false(bench_accepts("2", "0", "--1", NULL));
	assert_false(bench_accepts("2", "0", "+1", NULL));
	assert_false(bench_accepts("2", "0", "-01", NULL));
	assert_false(bench_accepts("2", "0", "-", NULL));
	assert_false(bench_accepts("0", "0", "1", NULL));
	assert_false(bench_accepts("2", NULL, "1", NULL));
	assert_false(bench_accepts("2", "x", "1", NULL));
}

/* END status=skipped (bench_skip(): cannot run here, nothing wrong): the
 * samples were never measured, so the run is complete and not failed. */
static void test_skipped_block(void **state)
{
	(void)state;
	char line[WIRE_LINE_MAX + 1], all[4 * (WIRE_LINE_MAX + 1)] = "";

	strcat(all, wire_run_line(line, TAG, 1, 1));
	strcat(all, wire_line(line, TAG, 1, WIRE_REC_BENCH,
			      "id=0 name=mem_latency_rand hart=1 group=0 batch=1 warmup=0 samples=20"
			      " input_range=0 oh_cycles=0 oh_instret=0"));
	strcat(all, wire_line(line, TAG, 2, WIRE_REC_END, "id=0 count=0 verify=none status=skipped"));
	strcat(all, wire_line(line, TAG, 3, WIRE_REC_TRAILER, "benches=1 samples=0 crc32=0x%x status=ok",
			      crc32_final(crc32_init())));
	struct collector *c = decode(all, strlen(all), strlen(all));
	const struct coll_run *r = &c->runs[0];
	assert_int_equal(r->nproblem, 0);
	assert_int_equal(r->nfailure, 0);
	assert_true(r->complete);
	assert_true(r->ok);
	assert_true(collector_all_ok(c));
	assert_int_equal(r->ngap, 1);
	assert_string_equal(r->gap[0].reason, "not sent");
	assert_int_equal(r->gap[0].first, 0);
	assert_int_equal(r->gap[0].last, 19);
	assert_string_equal(r->bench[0].status, "skipped");
	collector_free(c);
}

/* In a parallel run every hart got the boot hart's inputs: a block with
 * inputs_block=0 has block 0's inputs, not those its own id would make. */
static void test_parallel_inputs_block(void **state)
{
	(void)state;
	char line[WIRE_LINE_MAX + 1], all[3 * (WIRE_LINE_MAX + 1)] = "";

	strcat(all, wire_run_line(line, TAG, 0x1234, 2));
	strcat(all, wire_line(line, TAG, 1, WIRE_REC_BENCH,
			      "id=0 name=crc32 hart=1 group=0 batch=1 warmup=0 samples=8"
			      " input_range=4096 oh_cycles=0 oh_instret=0 parallel=2 skew_ticks=0"
			      " offset_cycles=0"));
	strcat(all, wire_line(line, TAG, 2, WIRE_REC_BENCH,
			      "id=1 name=crc32 hart=2 group=0 batch=1 warmup=0 samples=8"
			      " input_range=4096 oh_cycles=0 oh_instret=0 parallel=2 skew_ticks=0"
			      " offset_cycles=5 inputs_block=0"));
	struct collector *c = decode(all, strlen(all), strlen(all));
	const struct coll_run *r = &c->runs[0];
	uint64_t a[8], b[8], own[8], scratch[8];
	assert_int_equal(coll_bench_inputs(r, &r->bench[0], a, 8), 8);
	assert_int_equal(coll_bench_inputs(r, &r->bench[1], b, 8), 8);
	assert_memory_equal(a, b, sizeof(a));
	/* and that is not what block 1's own seed would give */
	assert_int_equal(inputs_fill(INPUT_RANGE, input_seed_by_block(0x1234, 1), 4096, own, 8, scratch, 8), 0);
	assert_memory_not_equal(a, own, sizeof(a));
	assert_int_equal(inputs_fill(INPUT_RANGE, input_seed_by_block(0x1234, 0), 4096, own, 8, scratch, 8), 0);
	assert_memory_equal(a, own, sizeof(a));
	collector_free(c);
}

TEST_MAIN(cmocka_unit_test(test_model),
	  cmocka_unit_test(test_tracepoints_csv),
	  cmocka_unit_test(test_meta_json_fields),
	  cmocka_unit_test(test_bad_records_rejected),
	  cmocka_unit_test(test_offset_spellings),
	  cmocka_unit_test(test_skipped_block),
	  cmocka_unit_test(test_parallel_inputs_block))
