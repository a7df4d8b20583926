/* Reading result directories back (results_csv.c): the RFC 4180 parser
 * (rcsv.c), columns found by name, and errors that name the file and line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "collector_fixture.h"
#include "result_dir_fixture.h"
#include "results_check.h"
#include "results_csv.h"
#include "tmpdir_fixture.h"
#include "wire.h"

static void parse_rfc4180(void **state)
{
	(void)state;
	const char *t = "a,b,c\r\n1,\"x,y\",\"say \"\"hi\"\"\"\r\n2,\"two\r\nlines\",\r\n3,z,w";
	struct rcsv c;
	char err[256];
	assert_int_equal(rcsv_parse(t, strlen(t), &c, err, sizeof(err)), 0);
	assert_int_equal(c.nrows, 4);
	assert_string_equal(c.row[1][1], "x,y");
	assert_string_equal(c.row[1][2], "say \"hi\"");
	assert_string_equal(c.row[2][1], "two\r\nlines");
	assert_string_equal(c.row[2][2], "");
	assert_int_equal(c.line[3], 5); /* the quoted line break counts */
	assert_int_equal(c.nfield[3], 3);
	assert_int_equal(rcsv_col(&c, "c"), 2);
	assert_int_equal(rcsv_col(&c, "d"), -1);
	rcsv_free(&c);
}

static void parse_errors(void **state)
{
	(void)state;
	struct rcsv c;
	char err[256];
	const char *open = "a,b\n1,2\n3,\"never closed\n";
	assert_int_equal(rcsv_parse(open, strlen(open), &c, err, sizeof(err)), -1);
	assert_string_equal(err, "3: quoted field opened here is never closed");
	const char *bare = "a,b\n1,x\"y\n";
	assert_int_equal(rcsv_parse(bare, strlen(bare), &c, err, sizeof(err)), -1);
	assert_string_equal(err, "2: quote inside an unquoted field");
	const char *after = "a,b\n\"1\"x,2\n";
	assert_int_equal(rcsv_parse(after, strlen(after), &c, err, sizeof(err)), -1);
	assert_string_equal(err, "2: text after a closing quote");
}

/* A number field: one spelling per value, as rvbench writes it (%llu) and
 * the wire reads it (wire_parse_u64). */
static void parse_u64(void **state)
{
	(void)state;
	uint64_t v = 1;
	assert_int_equal(wire_parse_u64("0", &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(wire_parse_u64("18446744073709551615", &v), 0);
	assert_true(v == UINT64_MAX);
	const char *bad[] = { "", "-1", "+1", " 1", "1 ", "1x", "0x10", "01", "00",
			      "18446744073709551616" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		v = 7;
		assert_int_equal(wire_parse_u64(bad[i], &v), -1);
		assert_int_equal(v, 7);
	}
}

static void write_file(const char *name, const char *text)
{
	char path[128];
	FILE *f = fopen(tmpdir_path(path, sizeof(path), tmpdir, name), "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

#define HDR "run,bench,hart,group,batch,index,warmup,input,cycles,instret,cycles_raw,instret_raw,flags,seed\r\n"

static void load_ok(void **state)
{
	(void)state;
	write_file("samples.csv", HDR "0000abcd,addi100,1,0,1,0,1,0,150,100,156,104,0,9\r\n"
				      "0000abcd,addi100,1,0,1,1,0,0,100,100,106,104,0,9\r\n"
				      "0000abcd,addi100,1,0,1,2,0,0,101,100,107,104,0,9\r\n"
				      "0000abcd,\"a,b\",2,1,30,0,0,0,3000,3000,3006,3004,0,9\r\n");
	write_file("meta.json", "{\n  \"tool\": \"rvbench\",\n  \"status\": \"incomplete\"\n}\n");
	struct results r;
	char err[512];
	assert_int_equal(results_load(tmpdir, &r, err, sizeof(err)), 0);
	assert_int_equal(r.ns, 2);
	assert_string_equal(r.s[0].bench, "addi100");
	assert_int_equal(r.s[0].n, 2); /* the warmup row is left out */
	assert_int_equal(r.s[0].cycles[0], 100);
	assert_int_equal(r.s[0].cycles[1], 101);
	assert_string_equal(r.s[1].bench, "a,b");
	assert_int_equal(r.s[1].batch, 30);
	assert_int_equal(r.s[1].hart, 2);
	assert_int_equal(r.s[0].block, -1); /* a file without the block column */
	assert_string_equal(r.s[0].params, "");
	assert_null(r.s[0].unit);
	assert_true(r.meta_found);
	assert_false(r.complete);
	assert_string_equal(r.status, "incomplete");
	results_free(&r);
}

/* The run's status is meta.json's top-level "status", whatever comes
 * before it: a device or a log file may well be named "status". */
static void meta_status_is_the_top_level_one(void **state)
{
	(void)state;
	write_file("samples.csv", HDR "0000abcd,addi100,1,0,1,0,0,0,100,100,106,104,0,9\r\n");
	write_file("meta.json", "{\"source\": {\"kind\": \"file\", \"file\": \"status\"},\n"
				" \"device_name\": \"status\",\n"
				" \"runs\": [{\"status\": \"incomplete\"}],\n"
				" \"status\": \"complete\"}\n");
	struct results r;
	char err[512];
	assert_int_equal(results_load(tmpdir, &r, err, sizeof(err)), 0);
	assert_true(r.meta_found);
	assert_string_equal(r.status, "complete");
	assert_true(r.complete);
	results_free(&r);

	/* a meta.json that is there but not JSON: found, nothing complete */
	write_file("meta.json", "{\"status\": \"complete\"");
	assert_int_equal(results_load(tmpdir, &r, err, sizeof(err)), 0);
	assert_true(r.meta_found);
	assert_false(r.complete);
	results_free(&r);
}

/* With the block column a series is (run, bench, block): the points of a
 * sweep and the harts of a parallel run stay apart, and the groups of one
 * (bench, params, hart) are made adjacent. Without it, (run, bench, group). */
#define HDR2 "run,bench,block,params,hart,group,batch,index,warmup,input,cycles,instret,cycles_raw,instret_raw,flags\r\n"
static void load_blocks(void **state)
{
	(void)state;
	write_file("samples.csv", HDR2
		   "0000abcd,chase,0,size_kib=4;steps=64,1,0,1,0,0,0,100,80,106,84,0\r\n"
		   "0000abcd,chase,1,size_kib=64;steps=64,1,0,1,0,0,0,300,80,306,84,0\r\n"
		   "0000abcd,chase,1,size_kib=64;steps=64,1,0,1,1,0,0,301,80,307,84,0\r\n"
		   "0000abcd,par,2,,1,0,10,0,0,0,1000,800,1006,804,0\r\n"
		   "0000abcd,par,3,,2,0,10,0,0,0,1001,800,1007,804,0\r\n"
		   "0000abcd,par,4,,1,1,20,0,0,0,2000,1600,2006,1604,0\r\n"
		   "0000abcd,par,5,,2,1,20,0,0,0,2001,1600,2007,1604,0\r\n");
	write_file("summary.csv", "run,block,unit,per_call\r\n0000abcd,1,load,64\r\n0000abcd,2,,\r\n");
	struct results r;
	char err[512];
	assert_int_equal(results_load(tmpdir, &r, err, sizeof(err)), 0);
	assert_int_equal(r.ns, 6);
	assert_int_equal(r.s[0].block, 0);
	assert_string_equal(r.s[0].params, "size_kib=4;steps=64");
	assert_int_equal(r.s[1].block, 1);
	assert_int_equal(r.s[1].n, 2);
	assert_string_equal(r.s[1].unit, "load");
	assert_int_equal(r.s[1].per_call, 64);
	assert_null(r.s[0].unit);
	/* hart 1's groups, then hart 2's. */
	assert_int_equal(r.s[2].block, 2);
	assert_int_equal(r.s[3].block, 4);
	assert_int_equal(r.s[4].block, 3);
	assert_int_equal(r.s[5].block, 5);
	assert_int_equal(r.s[4].hart, 2);
	results_free(&r);
	write_file("samples.csv", HDR2 "0000abcd,chase,x,,1,0,1,0,0,0,100,80,106,84,0\r\n");
	assert_int_equal(results_load(tmpdir, &r, err, sizeof(err)), -1);
	char want[512];
	snprintf(want, sizeof(want), "%s/samples.csv:2: column 'block': 'x' is not a whole number", tmpdir);
	assert_string_equal(err, want);
	char path[128];
	snprintf(path, sizeof(path), "%s/summary.csv", tmpdir);
	unlink(path);
}

static void load_errors(void **state)
{
	(void)state;
	struct results r;
	char err[512], want[512];
	write_file("samples.csv", HDR "0000abcd,addi100,1,0,1,0,0,0,100,100,106,104,0,9\r\n"
				      "0000abcd,addi100,1,0,1,1,0,0,1x0,100,106,104,0,9\r\n");
	assert_int_equal(results_load(tmpdir, &r, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s/samples.csv:3: column 'cycles': '1x0' is not a whole number", tmpdir);
	assert_string_equal(err, want);
	/* A leading zero: not as rvbench writes a number. */
	write_file("samples.csv", HDR "0000abcd,addi100,1,0,1,0,0,0,0100,100,106,104,0,9\r\n");
	assert_int_equal(results_load(tmpdir, &r, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s/samples.csv:2: column 'cycles': '0100' is not a whole number", tmpdir);
	assert_string_equal(err, want);
	write_file("samples.csv", HDR "0000abcd,addi100,1,0,1,0,0,0,100\r\n");
	assert_int_equal(results_load(tmpdir, &r, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s/samples.csv:2: 9 fields, the header has 14", tmpdir);
	assert_string_equal(err, want);
	write_file("samples.csv", "run,bench,group,batch,warmup,instret\r\n");
	assert_int_equal(results_load(tmpdir, &r, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s/samples.csv:1: no column 'cycles' in the header", tmpdir);
	assert_string_equal(err, want);
	write_file("samples.csv", "");
	assert_int_equal(results_load(tmpdir, &r, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s/samples.csv: empty file (no header)", tmpdir);
	assert_string_equal(err, want);
	assert_int_equal(results_load("/nonexistent-rvb", &r, err, sizeof(err)), -1);
	assert_string_equal(err, "cannot read /nonexistent-rvb/samples.csv: No such file or directory");
}

/* samples.csv cut short inside its last line: every row still has its
 * fields, meta.json's counts still agree (the row is there), but the last
 * value is cut ("45" read as "4"). The missing line end is what shows it:
 * refused, the file and line named, as summary.csv is; --no-check reads it. */
static void load_cut_last_line(void **state)
{
	(void)state;
	struct synth_run run = { 0x1a2b3c4d, 7, two_benches, 2, "ok", 0, 0 };
	struct collector *c = synth_decoded(&run, SIZE_MAX);
	char *s = to_string(csv_write_samples, c), path[128], want[600], err[600];
	size_t len = strlen(s), rows = 0;
	write_result_files(c);
	collector_free(c);
	for (size_t i = 0; i < len; i++)
		rows += s[i] == '\n';
	assert_true(len > 3 && s[len - 1] == '\n');

	struct results r;
	results_set_check(1);
	assert_int_equal(results_load(tmpdir, &r, err, sizeof(err)), 0);
	results_free(&r);
	snprintf(want, sizeof(want), "%s/samples.csv:%zu: the last line has no line end: the file "
		 "was cut short (--no-check reads it anyway)", tmpdir, rows);
	/* Inside the last field, then its line end alone. */
	const size_t cuts[] = { 3, 2 };
	for (size_t i = 0; i < sizeof(cuts) / sizeof(cuts[0]); i++) {
		put_bytes("samples.csv", s, len - cuts[i]);
		assert_int_equal(results_load(tmpdir, &r, err, sizeof(err)), -1);
		assert_string_equal(err, want);
	}
	/* The header alone, cut. */
	put_bytes("samples.csv", s, 10);
	snprintf(want, sizeof(want), "%s/samples.csv:1: the last line has no line end: the file "
		 "was cut short (--no-check reads it anyway)", tmpdir);
	assert_int_equal(results_load(tmpdir, &r, err, sizeof(err)), -1);
	assert_string_equal(err, want);
	/* --no-check: read as it is. */
	put_bytes("samples.csv", s, len - 3);
	results_set_check(0);
	assert_int_equal(results_load(tmpdir, &r, err, sizeof(err)), 0);
	results_free(&r);
	free(s);
	const char *const made[] = { "samples.csv", "summary.csv", "gaps.csv", "meta.json" };
	for (size_t i = 0; i < sizeof(made) / sizeof(made[0]); i++)
		unlink(tmpdir_path(path, sizeof(path), tmpdir, made[i]));
}

int main(void)
{
	/* These files are made to try the parser, not to match a meta.json:
	 * that check has its own tests (test_results_check.c). */
	results_set_check(0);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parse_rfc4180),
		cmocka_unit_test(parse_errors),
		cmocka_unit_test(parse_u64),
		cmocka_unit_test(load_ok),
		cmocka_unit_test(meta_status_is_the_top_level_one),
		cmocka_unit_test(load_blocks),
		cmocka_unit_test(load_errors),
		cmocka_unit_test(load_cut_last_line),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
