/*
 * A block's work and sweep fields through the writers (host-tools/output/
 * csv_out.c, csv_summary.c, meta_json.c): params, unit, per_call and a
 * skipped block's reason in samples.csv, summary.csv and meta.json;
 * malformed ones refused; the files read back (results_csv.c) as one
 * series per block.
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
#include "meta_json.h"
#include "results_csv.h"
#include "synth.h"
#include "result_dir_fixture.h"
#include "tmpdir_fixture.h"
#include "test_main.h"

/* Appends " extra" to the first line holding what (a synth line: its CRC
 * made again), as a later firmware would send it. */
static void add_fields(struct synth_lines *l, const char *what, const char *extra)
{
	for (size_t i = 0; i < l->n; i++) {
		if (!strstr(l->line[i], what))
			continue;
		char *star = strrchr(l->line[i], '*'), *line = malloc(strlen(l->line[i]) + strlen(extra) + 16);
		assert_non_null(star);
		assert_non_null(line);
		int n = sprintf(line, "%.*s %s ", (int)(star - 1 - l->line[i]), l->line[i], extra);
		sprintf(line + n, "*%04X\r\n", crc16_ccitt_false(line, (size_t)n));
		free(l->line[i]);
		l->line[i] = line;
		return;
	}
	fail_msg("no line with '%s'", what);
}

/* A sweep: mem_latency_rand at two sizes (p.size_kib, p.steps, unit=load,
 * per_call=64) and a third skipped with a reason; then a plain block. */
static const struct synth_bench sweep[4] = {
	{ "mem_latency_rand", 2, 20, 0, 10, 5, "ok", 0, NULL, "size_kib=4", 0, NULL },
	{ "mem_latency_rand", 2, 20, 0, 10, 5, "ok", 0, NULL, "size_kib=64", 0, NULL },
	{ "mem_latency_rand", 0, 0, 0, 10, 5, "ok", 0, NULL, "size_kib=65536", 0, "skipped" },
	{ "udiv", 1, 5, 0, 10, 5, "none", 3, NULL, NULL, 0, NULL },
};

static struct collector *decoded_sweep(void)
{
	struct synth_run r = { 0x1a2b3c4d, 7, sweep, 4, "ok", 0, 0 };
	struct synth_lines l = { 0 };
	synth_run_lines(&r, &l);
	for (int id = 0; id < 3; id++) {
		char what[32];
		snprintf(what, sizeof(what), " BENCH id=%d ", id);
		add_fields(&l, what, "p.steps=64 unit=load per_call=64");
	}
	add_fields(&l, " END id=2 ",
		   "reason=size_kib=65536%20does%20not%20fit,%20the%20arena%20holds%2049792%20KiB");
	struct collector *c = decode_lines(&l, SIZE_MAX, SIZE_MAX);
	synth_free(&l);
	return c;
}

static void test_sweep_columns(void **state)
{
	(void)state;
	struct collector *c = decoded_sweep();
	const struct coll_run *r = &c->runs[0];
	assert_int_equal(r->nbench, 4);
	assert_true(r->complete);
	assert_string_equal(r->bench[1].unit, "load");
	assert_true(r->bench[1].have_per_call);
	assert_int_equal(r->bench[1].per_call, 64);
	assert_null(r->bench[3].unit);
	assert_false(r->bench[3].have_per_call);
	assert_string_equal(r->bench[2].status, "skipped");
	assert_string_equal(r->bench[2].reason,
			    "size_kib=65536 does not fit, the arena holds 49792 KiB");
	assert_null(r->bench[1].reason);

	/* samples.csv: block and params after bench, params in record order. */
	char *s = to_string(csv_write_samples, c);
	assert_non_null(strstr(s, "\r\n1a2b3c4d,mem_latency_rand,0,size_kib=4;steps=64,1,0,1,0,1,"));
	assert_non_null(strstr(s, "\r\n1a2b3c4d,mem_latency_rand,1,size_kib=64;steps=64,1,0,1,21,0,"));
	assert_non_null(strstr(s, "\r\n1a2b3c4d,udiv,3,,1,0,3,5,0,"));
	assert_null(strstr(s, ",mem_latency_rand,2,")); /* skipped: no sample */
	free(s);

	/* summary.csv: unit, per_call, units_per_cycle, reason, cflags and
	 * sample_unit at the end. */
	s = to_string(csv_write_summary, c);
	struct coll_bench_stats st;
	coll_bench_stats(r, &r->bench[1], &st);
	char want[512];
	snprintf(want, sizeof(want), ",0x%llx,load,64,%.4f,,,\r\n",
		 (unsigned long long)r->bench[1].checksum, 64.0 * (double)st.batch / (double)st.median);
	char *row1 = strstr(s, "\r\n1a2b3c4d,mem_latency_rand,1,size_kib=64;steps=64,1,0,1,20,");
	assert_non_null(row1);
	assert_non_null(strstr(row1, want));
	assert_true(strstr(row1, want) < strstr(row1 + 2, "\r\n"));
	/* The skipped block: no statistics, its reason quoted (a comma). */
	char *row2 = strstr(s, "\r\n1a2b3c4d,mem_latency_rand,2,size_kib=65536;steps=64,1,0,1,0,,");
	assert_non_null(row2);
	assert_non_null(strstr(row2, ",ok,skipped,"));
	assert_non_null(strstr(row2, ",load,64,,\"size_kib=65536 does not fit, the arena holds "
				     "49792 KiB\",,\r\n"));
	/* Without unit, per_call, cflags and sample_unit: six empty columns. */
	assert_non_null(strstr(s, "\r\n1a2b3c4d,udiv,3,,1,0,3,5,"));
	assert_non_null(strstr(strstr(s, "\r\n1a2b3c4d,udiv,3,"), ",,,,,,\r\n"));
	free(s);

	/* meta.json: per block unit, per_call and reason. */
	char *m = meta(c);
	assert_non_null(strstr(m, "\"params\": {\"size_kib\": \"64\", \"steps\": \"64\"}, "
				  "\"unit\": \"load\", \"per_call\": 64"));
	assert_non_null(strstr(m, "\"unit\": null, \"per_call\": null"));
	assert_non_null(strstr(m, "\"status\": \"skipped\", \"reason\": \"size_kib=65536 does not "
				  "fit, the arena holds 49792 KiB\""));
	assert_non_null(strstr(m, "\"status\": \"ok\", \"reason\": null"));
	free(m);
	collector_free(c);
}

/* A malformed per_call or unit escape: the BENCH line is not used. */
static void test_bad_work_fields(void **state)
{
	(void)state;
	static const char *const bad[] = { "per_call=x", "per_call=-1", "unit=%ZZ", "unit=" };
	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		struct synth_run r = { 0x1a2b3c4d, 7, two_benches, 2, "ok", 0, 0 };
		struct synth_lines l = { 0 };
		synth_run_lines(&r, &l);
		add_fields(&l, " BENCH id=0 ", bad[k]);
		add_fields(&l, " END id=1 ", "reason=%ZZ");
		struct collector *c = decode_lines(&l, SIZE_MAX, SIZE_MAX);
		if (c->runs[0].bench[0].have_header || c->runs[0].bench[1].have_end ||
		    c->rejected[COLL_REJ_INVALID] != 2)
			print_error("case %zu: BENCH with %s\n", k, bad[k]);
		assert_false(c->runs[0].bench[0].have_header);
		assert_false(c->runs[0].bench[1].have_end);
		assert_int_equal(c->rejected[COLL_REJ_INVALID], 2);
		collector_free(c);
		synth_free(&l);
	}
}

/* What writer fn makes of c, as the file dir/name. */
static void write_csv(const char *dir, const char *name,
		      int (*fn)(FILE *, const struct collector *), const struct collector *c)
{
	char path[128];
	FILE *f = fopen(tmpdir_path(path, sizeof(path), dir, name), "w");
	assert_non_null(f);
	assert_int_equal(fn(f, c), 0);
	assert_int_equal(fclose(f), 0);
}

/* meta.json as `rvbench replay` writes it: the readers check samples.csv
 * against it. */
/* Written and read back: one series per block, labelled by its params,
 * with the unit and per_call of summary.csv. */
static void test_sweep_read_back(void **state)
{
	(void)state;
	struct collector *c = decoded_sweep();
	char dir[64];
	assert_int_equal(tmpdir_make(dir, sizeof(dir), "rvb-test-sweep."), 0);
	write_csv(dir, "samples.csv", csv_write_samples, c);
	write_csv(dir, "summary.csv", csv_write_summary, c);
	write_csv(dir, "meta.json", write_meta, c);
	struct results res;
	char err[512], label[128];
	assert_int_equal(results_load(dir, &res, err, sizeof(err)), 0);
	assert_int_equal(res.ns, 3); /* the skipped block has no sample */
	assert_int_equal(res.s[0].block, 0);
	assert_int_equal(res.s[1].block, 1);
	assert_string_equal(res.s[1].params, "size_kib=64;steps=64");
	assert_int_equal(res.s[1].n, 20);
	assert_string_equal(res_label(&res.s[1], label, sizeof(label)),
			    "mem_latency_rand [size_kib=64;steps=64]");
	assert_string_equal(res.s[1].unit, "load");
	assert_int_equal(res.s[1].per_call, 64);
	assert_string_equal(res_label(&res.s[2], label, sizeof(label)), "udiv");
	assert_null(res.s[2].unit);
	assert_string_equal(res_param(res.s[1].params, "steps", label, sizeof(label)), "64");
	assert_null(res_param(res.s[1].params, "size", label, sizeof(label)));
	results_free(&res);
	assert_int_equal(tmpdir_remove(dir), 0);
	collector_free(c);
}

TEST_MAIN(cmocka_unit_test(test_sweep_columns),
	  cmocka_unit_test(test_sweep_read_back),
	  cmocka_unit_test(test_bad_work_fields))
