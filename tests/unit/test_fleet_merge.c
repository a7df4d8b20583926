/*
 * The fleet's members and merged directory (fleet_merge.c,
 * fleet_report.c) under the sanitizers: who a directory's device is
 * (device_name, the LAVA device, the directory's name), directories of one
 * device pooled and labelled apart, the rows keyed as compare keys them,
 * and the merged files read back by results_load.
 */
#include "test_main.h"

#include <dirent.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fleet.h"
#include "results_check.h"
#include "tmpdir_fixture.h"

/* DIR/meta.json: the top-level keys `extra` (JSON members, or "") and one
 * run `tag` of `status` whose blocks are `benches` (a JSON array), as the
 * readers check samples.csv against it (results_check.h). */
static void write_meta(const char *dir, const char *status, const char *extra, const char *tag,
		       const char *benches)
{
	char path[256];
	snprintf(path, sizeof(path), "%s/meta.json", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "{\"status\": \"%s\", %s%s\"runs\": [{\"tag\": \"%s\", "
		   "\"status\": \"%s\", \"benches\": %s}]}\n",
		status, extra, *extra ? ", " : "", tag, status, benches);
	fclose(f);
}

/* A member: samples.csv with bench x (cycles given, after one warmup
 * sample) and a meta.json of a run of `status` with the top-level keys
 * `extra`. */
static void member(const char *name, const char *status, const char *extra, const uint64_t *x,
		   size_t n)
{
	char dir[256], path[300], benches[256];
	snprintf(dir, sizeof(dir), "%s/%s", tmpdir, name);
	assert_int_equal(mkdir(dir, 0755), 0);
	snprintf(path, sizeof(path), "%s/samples.csv", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("run,bench,block,params,hart,group,batch,index,warmup,cycles,instret\r\n", f);
	fputs("0000cafe,x,0,,1,0,1,0,1,999,1\r\n", f); /* warmup: left out */
	for (size_t i = 0; i < n; i++)
		fprintf(f, "0000cafe,x,0,n=4,1,0,1,%zu,0,%llu,1\r\n", i + 1, (unsigned long long)x[i]);
	fclose(f);
	snprintf(benches, sizeof(benches),
		 "[{\"id\": 0, \"name\": \"x\", \"warmup\": 1, \"samples\": %zu, "
		 "\"received\": %zu, \"status\": \"ok\"}]", n, n + 1);
	write_meta(dir, status, extra, "0000cafe", benches);
}

static void devices_rows_and_merge(void **state)
{
	(void)state;
	const uint64_t a[] = { 10, 11, 12 }, b[] = { 20, 21, 22 }, c[] = { 30 }, d[] = { 13, 14 };
	member("one", "complete", "\"device_name\": \"board-1\"", a, 3);
	member("two", "complete", "\"source\": {\"kind\": \"lava\", \"lava\": {\"device_name\": \"hifive-07\"}}", b, 3);
	member("three", "incomplete", "", c, 1);
	member("four", "complete", "\"device_name\": \"board-1\"", d, 2);

	char dirs[4][128], out[160], err[512];
	const char *names[] = { "one", "two", "three", "four" };
	char *argv[4];
	for (int i = 0; i < 4; i++) {
		snprintf(dirs[i], sizeof(dirs[i]), "%s/%s", tmpdir, names[i]);
		argv[i] = dirs[i];
	}
	struct fleet f;
	struct fleet_report rep;
	assert_int_equal(fleet_load(&f, argv, 4, err, sizeof(err)), 0);
	assert_int_equal(f.ndev, 3);
	assert_string_equal(f.device[0], "board-1");
	assert_string_equal(f.device[1], "hifive-07");
	assert_string_equal(f.device[2], "three"); /* no device named: the directory */
	assert_string_equal(f.m[0].label, "board-1#1");
	assert_string_equal(f.m[3].label, "board-1#2");
	assert_string_equal(f.m[1].label, "hifive-07");
	assert_int_equal(fleet_complete(&f), 0); /* "three" is incomplete */

	assert_int_equal(fleet_report_build(&f, &rep, err, sizeof(err)), 0);
	assert_int_equal(rep.nrows, 1);
	const struct fleet_row *w = &rep.row[0];
	assert_string_equal(w->params, "n=4");
	assert_int_equal(w->k, 3);
	/* board-1 pools 10 11 12 13 14: median 12; hifive-07 21; three 30 */
	assert_int_equal(w->n[0], 5);
	assert_int_equal(w->median[0], 12);
	assert_int_equal(w->median[1], 21);
	assert_int_equal(w->median[2], 30);
	assert_int_equal(w->spread.median, 21);
	assert_int_equal(w->spread.mad, 9);
	assert_int_equal(w->anova.n, 9);

	snprintf(out, sizeof(out), "%s/merged", tmpdir);
	assert_int_equal(fleet_write_dir(&f, &rep, out, 0, err, sizeof(err)), 0);
	assert_int_equal(fleet_write_dir(&f, &rep, out, 0, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "--force"));
	assert_int_equal(fleet_write_dir(&f, &rep, out, 1, err, sizeof(err)), 0);
	assert_int_equal(fleet_write_dir(&f, &rep, dirs[0], 1, err, sizeof(err)), -1);

	/* Read back as any result directory: four runs kept apart. */
	struct results r;
	assert_int_equal(results_load(out, &r, err, sizeof(err)), 0);
	assert_int_equal(r.ns, 4);
	assert_string_equal(r.s[0].run, "board-1#1/0000cafe");
	assert_string_equal(r.s[1].run, "hifive-07/0000cafe");
	assert_string_equal(r.s[2].run, "three/0000cafe");
	assert_string_equal(r.s[3].run, "board-1#2/0000cafe");
	assert_int_equal(r.s[0].n, 3);
	assert_int_equal(r.s[3].n, 2);
	assert_int_equal(r.s[3].cycles[1], 14);
	assert_string_equal(r.status, "incomplete");
	results_free(&r);

	json_error_t je;
	char path[256];
	snprintf(path, sizeof(path), "%s/meta.json", out);
	json_t *m = json_load_file(path, 0, &je);
	assert_non_null(m);
	json_t *members = json_object_get(json_object_get(m, "fleet"), "members");
	assert_int_equal(json_array_size(members), 4);
	assert_string_equal(json_string_value(json_object_get(json_array_get(members, 1), "device")),
			    "hifive-07");
	assert_string_equal(json_string_value(json_object_get(m, "status")), "incomplete");
	/* No member's meta.json says how its run ended: nor does the merge's. */
	assert_string_equal(json_string_value(json_object_get(m, "result")), "unknown");
	json_decref(m);

	/* A merged directory is not a member. */
	struct fleet g;
	char *again[] = { out };
	assert_int_equal(fleet_load(&g, again, 1, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "merged fleet"));
	fleet_free(&g);

	fleet_report_free(&rep);
	fleet_free(&f);
}

/* A benchmark one member ran on two harts at once: a row per hart, in
 * every member (as compare keys it); one on a single hart (another one on
 * each board) stays one row. */
static void rows_by_hart(void **state)
{
	(void)state;
	char path[256], err[512];
	const char *names[] = { "p", "q" };
	for (int m = 0; m < 2; m++) {
		snprintf(path, sizeof(path), "%s/%s", tmpdir, names[m]);
		assert_int_equal(mkdir(path, 0755), 0);
		snprintf(path, sizeof(path), "%s/%s/samples.csv", tmpdir, names[m]);
		FILE *f = fopen(path, "w");
		assert_non_null(f);
		fputs("run,bench,block,params,hart,group,batch,index,warmup,cycles,instret\n", f);
		fprintf(f, "0001,par,0,,1,0,1,0,0,%d,1\n", 5 + m);
		fprintf(f, "0001,par,1,,2,0,1,0,0,%d,1\n", 7 + m);
		fprintf(f, "0001,one,2,,%d,0,1,0,0,3,1\n", m ? 0 : 1); /* boot hart 1, then 0 */
		fclose(f);
		snprintf(path, sizeof(path), "%s/%s", tmpdir, names[m]);
		write_meta(path, "complete", "", "0001",
			   "[{\"id\": 0, \"name\": \"par\", \"warmup\": 0, \"samples\": 1, \"received\": 1, \"status\": \"ok\"}, "
			   "{\"id\": 1, \"name\": \"par\", \"warmup\": 0, \"samples\": 1, \"received\": 1, \"status\": \"ok\"}, "
			   "{\"id\": 2, \"name\": \"one\", \"warmup\": 0, \"samples\": 1, \"received\": 1, \"status\": \"ok\"}]");
	}
	char a[128], b[128];
	snprintf(a, sizeof(a), "%s/p", tmpdir);
	snprintf(b, sizeof(b), "%s/q", tmpdir);
	char *argv[] = { a, b };
	struct fleet f;
	struct fleet_report rep;
	char label[128];
	assert_int_equal(fleet_load(&f, argv, 2, err, sizeof(err)), 0);
	assert_int_equal(fleet_report_build(&f, &rep, err, sizeof(err)), 0);
	assert_int_equal(rep.nrows, 3);
	assert_string_equal(fleet_row_label(&rep.row[0], label, sizeof(label)), "par hart 1");
	assert_string_equal(fleet_row_label(&rep.row[1], label, sizeof(label)), "par hart 2");
	assert_string_equal(fleet_row_label(&rep.row[2], label, sizeof(label)), "one");
	assert_int_equal(rep.row[1].k, 2);
	assert_int_equal(rep.row[1].spread.min, 7);
	assert_int_equal(rep.row[1].spread.max, 8);
	assert_int_equal(rep.row[2].k, 2);
	fleet_report_free(&rep);
	fleet_free(&f);
}

/* DIR/summary.csv: the header compare's gate reads and the row given. */
static void write_summary(const char *name, const char *row)
{
	char path[256];
	snprintf(path, sizeof(path), "%s/%s/summary.csv", tmpdir, name);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "run,bench,block,params,hart,group,batch,count,status\r\n%s\r\n", row);
	fclose(f);
}

/* meta.json's "result" of dir as merged by fleet_write_dir into DIR/merged. */
static void check_merged_result(const struct fleet *f, const struct fleet_report *rep,
				const char *want)
{
	char out[160], path[200], err[512];
	snprintf(out, sizeof(out), "%s/merged", tmpdir);
	assert_int_equal(fleet_write_dir(f, rep, out, 1, err, sizeof(err)), 0);
	snprintf(path, sizeof(path), "%s/meta.json", out);
	json_error_t je;
	json_t *m = json_load_file(path, 0, &je);
	assert_non_null(m);
	assert_string_equal(json_string_value(json_object_get(m, "result")), want);
	json_decref(m);
}

/* A member whose run failed (meta.json "result") with a block that is not
 * whole (summary.csv, as compare's gate reads it): the block is listed and
 * left out, the run's whole block still counts, the merge says failed. */
static void failed_run_and_block(void **state)
{
	(void)state;
	const uint64_t a[] = { 10, 11, 12 }, b[] = { 20, 21, 22 };
	member("good", "complete", "\"device_name\": \"b1\", \"result\": \"ok\"", a, 3);
	member("bad", "complete", "\"device_name\": \"b2\", \"result\": \"failed\"", b, 3);
	/* bad's run also had block 7, y, that faulted before its first
	 * sample: in meta.json as in summary.csv, which is checked against it. */
	char bad_dir[256];
	snprintf(bad_dir, sizeof(bad_dir), "%s/bad", tmpdir);
	write_meta(bad_dir, "complete", "\"device_name\": \"b2\", \"result\": \"failed\"",
		   "0000cafe",
		   "[{\"id\": 0, \"name\": \"x\", \"warmup\": 1, \"samples\": 3, \"received\": 4, "
		   "\"status\": \"ok\"}, {\"id\": 7, \"name\": \"y\", \"warmup\": 0, \"samples\": 0, "
		   "\"received\": 0, \"status\": \"fault\"}]");
	write_summary("good", "0000cafe,x,0,n=4,1,0,1,3,ok");
	write_summary("bad", "0000cafe,y,7,,1,0,1,0,fault\r\n0000cafe,x,0,n=4,1,0,1,3,ok");
	char good[128], bad[128], err[512];
	snprintf(good, sizeof(good), "%s/good", tmpdir);
	snprintf(bad, sizeof(bad), "%s/bad", tmpdir);
	char *argv[] = { good, bad };
	struct fleet f;
	struct fleet_report rep;

	assert_int_equal(fleet_load(&f, argv, 1, err, sizeof(err)), 0);
	assert_int_equal(fleet_all_ok(&f), 1);
	assert_int_equal(fleet_report_build(&f, &rep, err, sizeof(err)), 0);
	check_merged_result(&f, &rep, "ok");
	fleet_report_free(&rep);
	fleet_free(&f);

	assert_int_equal(fleet_load(&f, argv, 2, err, sizeof(err)), 0);
	assert_int_equal(fleet_member_failed(&f.m[0]), 0);
	assert_int_equal(fleet_member_failed(&f.m[1]), 1);
	assert_int_equal(fleet_all_ok(&f), 0);
	assert_int_equal(f.m[0].bad.n, 0);
	assert_int_equal(f.m[1].bad.n, 1);
	assert_int_equal(f.m[1].bad.p[0].block, 7);
	assert_string_equal(f.m[1].bad.p[0].why, "status fault");
	assert_int_equal(fleet_report_build(&f, &rep, err, sizeof(err)), 0);
	assert_int_equal(rep.nrows, 1);
	assert_int_equal(rep.row[0].k, 2); /* the failed run's whole block counts */

	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	assert_non_null(out);
	assert_int_equal(fleet_print(out, &f, &rep), 0);
	fclose(out);
	assert_non_null(strstr(text, "\nnot ok (the blocks listed are left out of the statistics "
				     "below; the other blocks of a failed run are not)\n"));
	assert_non_null(strstr(text, "\n  b2                       run result failed ("));
	assert_non_null(strstr(text, "\n  b2                       y block 7: status fault\n"));
	free(text);
	check_merged_result(&f, &rep, "failed");
	fleet_report_free(&rep);
	fleet_free(&f);

	/* A block that is not a whole number (nor spelt as rvbench writes
	 * one): an error, not a block 7 or 0 guessed. */
	write_summary("bad", "0000cafe,y,07,,1,0,1,0,fault\r\n0000cafe,x,0,n=4,1,0,1,3,ok");
	assert_int_equal(fleet_load(&f, argv, 2, err, sizeof(err)), -1);
	char want[512];
	snprintf(want, sizeof(want), "%s/summary.csv:2: column 'block': '07' is not a whole number",
		 bad);
	assert_string_equal(err, want);
	fleet_free(&f);
	write_summary("bad", "0000cafe,y,x,,1,0,1,0,fault\r\n0000cafe,x,0,n=4,1,0,1,3,ok");
	assert_int_equal(fleet_load(&f, argv, 2, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "column 'block': 'x' is not a whole number"));
	fleet_free(&f);
	/* Checked against meta.json, a row that is ok is refused all the
	 * same; with --no-check it is not read further. */
	write_summary("bad", "0000cafe,y,x,,1,0,1,0,ok\r\n0000cafe,x,0,n=4,1,0,1,3,ok");
	assert_int_equal(fleet_load(&f, argv, 2, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "column 'block': 'x' is not a whole number"));
	fleet_free(&f);
	results_set_check(0);
	assert_int_equal(fleet_load(&f, argv, 2, err, sizeof(err)), 0);
	assert_int_equal(f.m[1].bad.n, 0);
	fleet_free(&f);
	results_set_check(1);
}

/* The size of file dir/name. */
static long file_size(const char *dir, const char *name)
{
	char path[256];
	struct stat st;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_int_equal(stat(path, &st), 0);
	return (long)st.st_size;
}

/* Whether dir holds a temporary file fleet_write_dir left behind
 * (afile_prepare's ".NAME.XXXXXX.tmp"), or any other hidden entry. */
static int scratch_left(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int found = 0;
	assert_non_null(d);
	while ((e = readdir(d)))
		found |= e->d_name[0] == '.' && strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return found;
}

/* file dir/name's text, to be freed. */
static char *text_of(const char *dir, const char *name)
{
	char path[256];
	size_t len;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return file_read(path, &len);
}

/*
 * --force over an earlier merge, on a disk that cannot take the new one:
 * meta.json vouches for the files beside it, so it is never left beside
 * files it does not describe. A write that fails (a full disk; here a
 * file size limit, EFBIG, that the small samples.csv passes and the big
 * meta.json does not) leaves the earlier result whole; a rename that fails
 * part-way (a directory where fleet.csv goes) sets the earlier meta.json
 * aside as meta.json.stale, as a collection does. Whole, the merge takes
 * away the earlier result's row files it has none of.
 */
static void force_over_a_result(void **state)
{
	(void)state;
	const uint64_t a[] = { 10, 11, 12 }, b[] = { 20, 21, 22 };
	member("one", "complete", "\"device_name\": \"b1\"", a, 3);
	member("two", "complete", "\"device_name\": \"b2\"", b, 3);
	/* two's run copied into the merged meta.json makes it big. */
	char dir[160], pad[6001], benches[6400], err[1024];
	memset(pad, 'p', sizeof(pad) - 1);
	pad[sizeof(pad) - 1] = '\0';
	snprintf(benches, sizeof(benches),
		 "[{\"id\": 0, \"name\": \"x\", \"warmup\": 1, \"samples\": 3, \"received\": 4, "
		 "\"status\": \"ok\", \"pad\": \"%s\"}]", pad);
	snprintf(dir, sizeof(dir), "%s/two", tmpdir);
	write_meta(dir, "complete", "\"device_name\": \"b2\"", "0000cafe", benches);

	char one[128], two[128], out[160], probe[160];
	snprintf(one, sizeof(one), "%s/one", tmpdir);
	snprintf(two, sizeof(two), "%s/two", tmpdir);
	snprintf(out, sizeof(out), "%s/merged", tmpdir);
	snprintf(probe, sizeof(probe), "%s/probe", tmpdir);
	char *first[] = { one }, *both[] = { one, two };
	struct fleet f1, f2;
	struct fleet_report r1, r2;
	assert_int_equal(fleet_load(&f1, first, 1, err, sizeof(err)), 0);
	assert_int_equal(fleet_report_build(&f1, &r1, err, sizeof(err)), 0);
	assert_int_equal(fleet_load(&f2, both, 2, err, sizeof(err)), 0);
	assert_int_equal(fleet_report_build(&f2, &r2, err, sizeof(err)), 0);

	/* The earlier result: the fleet of one, with a tracepoints.csv. */
	assert_int_equal(fleet_write_dir(&f1, &r1, out, 0, err, sizeof(err)), 0);
	char path[256];
	snprintf(path, sizeof(path), "%s/tracepoints.csv", out);
	FILE *tp = fopen(path, "w");
	assert_non_null(tp);
	fputs("run,key\r\n0000cafe,1\r\n", tp);
	fclose(tp);
	char *samples = text_of(out, "samples.csv"), *meta = text_of(out, "meta.json");

	/* 1. A write that fails: the limit between the new files' sizes. */
	const long limit = 4096;
	assert_int_equal(fleet_write_dir(&f2, &r2, probe, 0, err, sizeof(err)), 0);
	assert_true(file_size(probe, "samples.csv") < limit);
	assert_true(file_size(probe, "meta.json") > limit);
	struct rlimit old, lim;
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	lim = old;
	lim.rlim_cur = (rlim_t)limit;
	signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
	int rc = fleet_write_dir(&f2, &r2, out, 1, err, sizeof(err));
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
	assert_int_equal(rc, -1);
	char want[1024];
	snprintf(want, sizeof(want), "cannot write %s/meta.json: File too large; the earlier result "
		 "in %s is left as it was", out, out);
	assert_string_equal(err, want);
	char *now = text_of(out, "samples.csv");
	assert_string_equal(now, samples);
	free(now);
	now = text_of(out, "meta.json");
	assert_string_equal(now, meta);
	free(now);
	assert_false(scratch_left(out));
	struct results r;
	assert_int_equal(results_load(out, &r, err, sizeof(err)), 0);
	assert_int_equal(r.ns, 1);
	results_free(&r);

	/* 2. A rename that fails after samples.csv's. */
	snprintf(path, sizeof(path), "%s/fleet.csv", out);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(mkdir(path, 0755), 0);
	assert_int_equal(fleet_write_dir(&f2, &r2, out, 1, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "the merged results are NOT whole in %s, and the meta.json of "
		 "the earlier result there was renamed meta.json.stale: it does not describe the "
		 "files now there", out);
	assert_non_null(strstr(err, want));
	snprintf(path, sizeof(path), "%s/meta.json", out);
	assert_int_equal(access(path, F_OK), -1);
	now = text_of(out, "meta.json.stale");
	assert_string_equal(now, meta);
	free(now);
	assert_false(scratch_left(out));
	assert_int_equal(results_load(out, &r, err, sizeof(err)), -1); /* no meta.json */

	/* 3. Whole: the earlier tracepoints.csv goes, no member has one. */
	snprintf(path, sizeof(path), "%s/fleet.csv", out);
	assert_int_equal(rmdir(path), 0);
	assert_int_equal(fleet_write_dir(&f2, &r2, out, 1, err, sizeof(err)), 0);
	snprintf(path, sizeof(path), "%s/tracepoints.csv", out);
	assert_int_equal(access(path, F_OK), -1);
	assert_false(scratch_left(out));
	assert_int_equal(results_load(out, &r, err, sizeof(err)), 0);
	assert_int_equal(r.ns, 2);
	results_free(&r);

	free(samples);
	free(meta);
	fleet_report_free(&r1);
	fleet_report_free(&r2);
	fleet_free(&f1);
	fleet_free(&f2);
}

TEST_MAIN(cmocka_unit_test_setup_teardown(devices_rows_and_merge, tmpdir_setup, tmpdir_teardown),
	  cmocka_unit_test_setup_teardown(rows_by_hart, tmpdir_setup, tmpdir_teardown),
	  cmocka_unit_test_setup_teardown(failed_run_and_block, tmpdir_setup, tmpdir_teardown),
	  cmocka_unit_test_setup_teardown(force_over_a_result, tmpdir_setup, tmpdir_teardown))
