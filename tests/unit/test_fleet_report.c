/*
 * The fleet's report (fleet_report.c, fleet_print.c) under the sanitizers:
 * rows kept apart by batch size, as compare keeps them (a benchmark run
 * with N=1 and N=10 is two rows, each labelled with its N); the text
 * report's columns aligned whatever the width of a label or a number, its
 * header in the members' unit; fleet_devices.csv's z written as it is
 * (inf off a MAD of 0, empty when not judged). The expected texts were
 * worked out apart from rvbench, from the definitions in
 * docs/statistics.md.
 */
#include "test_main.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fleet.h"
#include "tmpdir_fixture.h"

/* One block of a member's run: three measured samples (on hart 0 unless
 * said). */
struct bench_spec {
	const char *name, *params;
	uint64_t batch;
	uint64_t x[3];
	uint64_t hart;
};

/* tmpdir/dir: one run 0000cafe whose block i is b[i], and a meta.json of
 * a complete run with the top-level keys extra (JSON members). */
static void member(const char *dir, const char *extra, const struct bench_spec *b, size_t nb)
{
	char path[256];
	snprintf(path, sizeof(path), "%s/%s", tmpdir, dir);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/%s/samples.csv", tmpdir, dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("run,bench,block,params,hart,group,batch,index,warmup,cycles,instret\r\n", f);
	for (size_t i = 0; i < nb; i++)
		for (int j = 0; j < 3; j++)
			fprintf(f, "0000cafe,%s,%zu,%s,%llu,0,%llu,%d,0,%llu,1\r\n", b[i].name, i,
				b[i].params, (unsigned long long)b[i].hart,
				(unsigned long long)b[i].batch, j, (unsigned long long)b[i].x[j]);
	fclose(f);
	snprintf(path, sizeof(path), "%s/%s/meta.json", tmpdir, dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "{\"status\": \"complete\", %s, \"runs\": [{\"tag\": \"0000cafe\", "
		   "\"status\": \"complete\", \"benches\": [", extra);
	for (size_t i = 0; i < nb; i++)
		fprintf(f, "%s{\"id\": %zu, \"name\": \"%s\", \"warmup\": 0, \"samples\": 3, "
			   "\"received\": 3, \"status\": \"ok\"}", i ? ", " : "", i, b[i].name);
	fputs("]}]}\n", f);
	fclose(f);
}

/* The fleet of tmpdir's directories dirs[0..n) and its report. */
static void load(const char *const *dirs, size_t n, struct fleet *f, struct fleet_report *rep)
{
	char path[8][128], err[512];
	char *argv[8];
	assert_true(n <= 8);
	for (size_t i = 0; i < n; i++) {
		snprintf(path[i], sizeof(path[i]), "%s/%s", tmpdir, dirs[i]);
		argv[i] = path[i];
	}
	assert_int_equal(fleet_load(f, argv, n, err, sizeof(err)), 0);
	assert_int_equal(fleet_report_build(f, rep, err, sizeof(err)), 0);
}

/* What writer wrote (fleet_print's, or a CSV writer's), to be freed. */
static char *text_of(const struct fleet *f, const struct fleet_report *rep, int which)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	assert_non_null(out);
	struct fleet_csv_ctx cx = { f, rep };
	int rc = which == 0 ? fleet_print(out, f, rep)
		 : which == 1 ? fleet_csv_writer(out, &cx)
			      : fleet_devices_csv_writer(out, &cx);
	assert_int_equal(rc, 0);
	assert_int_equal(fclose(out), 0);
	return text;
}

#define LONG_DEV "qemu-01 mem_latency_rand.size_kib=4096 rvbench.seed=3"
#define ICOUNT "\"source\": {\"kind\": \"qemu\", \"icount\": \"0\"}"

/*
 * A label of 45 characters (memcpy's parameters), a device name of 53 and
 * ANOVA values of 13 digits: every column as wide as its widest cell, so
 * nothing is pushed out of line (once a fixed %-36s label and %14s values
 * were). Under -icount the medians count instructions, and the header says
 * so. memcpy: medians 1001 1001 2000001, MAD 0, the third 199700.30 % off
 * (z inf); var between (MSB - MSW) / n0 = (3996001000000 - 1) / 3. x:
 * medians 11 21 31, MAD 10, CV 10 / 21, F 300, p = (1 + 2 F / 6)^-3.
 */
static void report_text_aligned(void **state)
{
	(void)state;
	const struct bench_spec a[] = {
		{ "memcpy", "size=4096;src_off=0;dst_off=0;impl=0", 1, { 1000, 1001, 1002 }, 0 },
		{ "x", "", 1, { 10, 11, 12 }, 0 },
	};
	const struct bench_spec b[] = {
		{ "memcpy", "size=4096;src_off=0;dst_off=0;impl=0", 1, { 1000, 1001, 1002 }, 0 },
		{ "x", "", 1, { 20, 21, 22 }, 0 },
	};
	const struct bench_spec c[] = {
		{ "memcpy", "size=4096;src_off=0;dst_off=0;impl=0", 1, { 2000000, 2000001, 2000002 }, 0 },
		{ "x", "", 1, { 30, 31, 32 }, 0 },
	};
	member("a", "\"device_name\": \"a\", " ICOUNT, a, 2);
	member("b", "\"device_name\": \"b\", " ICOUNT, b, 2);
	member("c", "\"device_name\": \"" LONG_DEV "\", " ICOUNT, c, 2);
	const char *dirs[] = { "a", "b", "c" };
	struct fleet f;
	struct fleet_report rep;
	load(dirs, 3, &f, &rep);

	char *text = text_of(&f, &rep, 0);
	const char *want =
		"fleet: 3 devices, 3 result directories, all complete\n"
		"  device                                                 model    dirs  status\n"
		"  a                                                      unknown     1  complete\n"
		"  b                                                      unknown     1  complete\n"
		"  " LONG_DEV "  unknown     1  complete\n"
		"\n"
		"median instr across devices (each device's median)\n"
		"outlier: |z| > 3.5 (modified z-score); when MAD is 0, more than 1 % off the median (z inf)\n"
		"benchmark                                      devices  median   min      max  MAD    CV %  outliers\n"
		"memcpy [size=4096;src_off=0;dst_off=0;impl=0]        3    1001  1001  2000001    0  172.95  " LONG_DEV " (median 2000001, +199700.30 %, z inf)\n"
		"x                                                    3      21    11       31   10   47.62  -\n"
		"\n"
		"variance between and within devices (one-way random-effects ANOVA of the samples)\n"
		"benchmark                                      samples        var between  var within  between %                  F         p\n"
		"memcpy [size=4096;src_off=0;dst_off=0;impl=0]        9  1332000333333.000       1.000     100.00  3996001000000.000  4.23e-37\n"
		"x                                                    9             99.667       1.000      99.01            300.000  9.71e-07\n";
	assert_string_equal(text, want);
	free(text);

	/* fleet_devices.csv: z 0 and inf off a MAD of 0, the distance in % */
	text = text_of(&f, &rep, 2);
	assert_non_null(strstr(text, "\r\nmemcpy,size=4096;src_off=0;dst_off=0;impl=0,0,1,,a,3,"
				     "1001,0.000000,0,0.000000\r\n"));
	assert_non_null(strstr(text, "\r\nmemcpy,size=4096;src_off=0;dst_off=0;impl=0,0,1,," LONG_DEV
				     ",3,2000001,inf,1,199700.299700\r\n"));
	assert_non_null(strstr(text, "\r\nx,,0,1,,a,3,11,-0.674491,0,-47.619048\r\n"));
	free(text);
	fleet_report_free(&rep);
	fleet_free(&f);
}

/* The header's unit: cycles unless every member counted instructions;
 * both kinds in one fleet: said so. */
static void report_unit(void **state)
{
	(void)state;
	const struct bench_spec x[] = { { "x", "", 1, { 10, 11, 12 }, 0 } };
	member("hw1", "\"device_name\": \"hw1\"", x, 1);
	member("hw2", "\"device_name\": \"hw2\"", x, 1);
	member("q", "\"device_name\": \"q\", " ICOUNT, x, 1);
	struct fleet f;
	struct fleet_report rep;

	const char *hw[] = { "hw1", "hw2" };
	load(hw, 2, &f, &rep);
	char *text = text_of(&f, &rep, 0);
	assert_non_null(strstr(text, "\nmedian cycles across devices (each device's median)\n"));
	free(text);
	fleet_report_free(&rep);
	fleet_free(&f);

	const char *mixed[] = { "hw1", "q" };
	load(mixed, 2, &f, &rep);
	text = text_of(&f, &rep, 0);
	assert_non_null(strstr(text, "\nmedian cycles or instr (the devices count differently) "
				     "across devices (each device's median)\n"));
	free(text);
	fleet_report_free(&rep);
	fleet_free(&f);
}

/*
 * Three devices run x with N=1; the third also runs it with N=10 (a
 * sample: 10 calls). Two rows, never pooled (pooled, the third device's
 * median was 32 of 30 31 32 300 310 320, and one label said N=1): x N=1
 * on 3 devices, medians 11 21 31; x N=10 on 1 device, median 310. Each
 * label says its N, N=1 too, though N=10 ran on another hart (harts are
 * not told apart: no member ran x on two at once); a benchmark run with
 * one batch size only is labelled as before.
 */
static void rows_by_batch(void **state)
{
	(void)state;
	const struct bench_spec p[] = { { "x", "n=4", 1, { 10, 11, 12 }, 0 },
					{ "y", "", 1, { 5, 5, 5 }, 0 } };
	const struct bench_spec q[] = { { "x", "n=4", 1, { 20, 21, 22 }, 0 },
					{ "y", "", 1, { 5, 5, 5 }, 0 } };
	const struct bench_spec r[] = { { "x", "n=4", 1, { 30, 31, 32 }, 0 },
					{ "x", "n=4", 10, { 300, 310, 320 }, 2 },
					{ "y", "", 1, { 5, 5, 5 }, 0 } };
	member("p", "\"device_name\": \"p\"", p, 2);
	member("q", "\"device_name\": \"q\"", q, 2);
	member("r", "\"device_name\": \"r\"", r, 3);
	const char *dirs[] = { "p", "q", "r" };
	struct fleet f;
	struct fleet_report rep;
	char label[128];
	load(dirs, 3, &f, &rep);

	assert_int_equal(rep.nrows, 3);
	assert_string_equal(fleet_row_label(&rep.row[0], label, sizeof(label)), "x [n=4] g0 N=1");
	assert_string_equal(fleet_row_label(&rep.row[1], label, sizeof(label)), "y");
	assert_string_equal(fleet_row_label(&rep.row[2], label, sizeof(label)), "x [n=4] g0 N=10");
	const struct fleet_row *one = &rep.row[0], *ten = &rep.row[2];
	assert_int_equal(one->batch, 1);
	assert_int_equal(one->k, 3);
	assert_int_equal(one->n[2], 3);
	assert_int_equal(one->median[2], 31);
	assert_int_equal(one->spread.median, 21);
	assert_int_equal(one->anova.n, 9);
	assert_int_equal(ten->batch, 10);
	assert_int_equal(ten->k, 1);
	assert_int_equal(ten->dev[0], 2);
	assert_int_equal(ten->median[0], 310);

	/* fleet.csv and fleet_devices.csv: the batch in the key; one device
	 * is not judged (z empty) */
	char *text = text_of(&f, &rep, 1);
	assert_non_null(strstr(text, "\r\nx,n=4,0,1,,3,9,21,11,31,10,"));
	assert_non_null(strstr(text, "\r\nx,n=4,0,10,,1,3,310,310,310,0,,,0,2,"));
	free(text);
	text = text_of(&f, &rep, 2);
	assert_non_null(strstr(text, "\r\nx,n=4,0,10,,r,3,310,,0,0.000000\r\n"));
	free(text);
	text = text_of(&f, &rep, 0);
	assert_non_null(strstr(text, "\nx [n=4] g0 N=1         3      21   11   31   10  47.62  -\n"));
	assert_non_null(strstr(text, "\nx [n=4] g0 N=10        1     310  310  310    0    n/a  -\n"));
	free(text);
	fleet_report_free(&rep);
	fleet_free(&f);
}

TEST_MAIN(cmocka_unit_test_setup_teardown(report_text_aligned, tmpdir_setup, tmpdir_teardown),
	  cmocka_unit_test_setup_teardown(report_unit, tmpdir_setup, tmpdir_teardown),
	  cmocka_unit_test_setup_teardown(rows_by_batch, tmpdir_setup, tmpdir_teardown))
