/*
 * summary.csv checked against meta.json before any reader believes it
 * (results_summary_read, results_check_summary): the directory of a run
 * with a faulted block, written by the collector's own writers, loads in
 * every reader (results_load, compare's gate, report), the gate naming the
 * fault; cut (after a row, inside a row, inside its last field, inside the
 * header), deleted, edited, doubled or foreign, summary.csv is refused by
 * each of them with the same message naming the block or line, so that a
 * failed run never passes the gate for want of its row; --no-check reads
 * it as it is.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collector_fixture.h"
#include "compare_gate.h"
#include "csv_out.h"
#include "meta_json.h"
#include "report_data.h"
#include "results_check.h"
#include "results_csv.h"
#include "result_dir_fixture.h"
#include "tmpdir_fixture.h"
#include "test_main.h"

/* A run whose last block faults after its last sample (a FAULT, END
 * status=fault), after two whole ones. No sample is lost (gaps.csv is
 * empty): summary.csv's status alone tells the gate the run failed. */
static const struct synth_bench faulted[3] = {
	{ "add_loop", 4, 40, 100, 95, 41, "ok", 0, NULL, NULL, 0, NULL },
	{ "udiv", 2, 10, 0, 10, 5, "ok", 0, NULL, NULL, 0, NULL },
	{ "demo_fault", 0, 3, 0, 10, 5, "none", 0, NULL, NULL, 3, NULL },
};

/* The run's directory in tmpdir, as a collection writes it (meta.json
 * last); summary.csv's text returned for the tests to damage. */
static char *write_dir(void)
{
	struct synth_run r = { 0x1a2b3c4d, 7, faulted, 3, "failed", 0, 0 };
	struct collector *c = synth_decoded(&r, SIZE_MAX);
	write_result_files(c);
	char *s = to_string(csv_write_summary, c);
	collector_free(c);
	return s;
}

/* s with the line that starts with prefix left out. */
static char *without_line(const char *s, const char *prefix)
{
	const char *p = strstr(s, prefix), *end;
	assert_non_null(p);
	assert_non_null(end = strchr(p, '\n'));
	char *out = malloc(strlen(s) + 1);
	assert_non_null(out);
	memcpy(out, s, (size_t)(p - s));
	strcpy(out + (p - s), end + 1);
	return out;
}

/* What each reader of the directory says: results_load (stats, plot,
 * baseline, fleet, compare's sides), cmp_problems_load (the gate) and
 * report_load; each message in its own buffer, "" when it read the
 * directory. The gate's problems are kept in *pr. */
struct said {
	char load[600], gate[600], report[600];
};

static void read_all(struct said *s, struct cmp_problems *pr)
{
	struct results r;
	struct report_data d;
	if (!results_load(tmpdir, &r, s->load, sizeof(s->load))) {
		s->load[0] = '\0';
		results_free(&r);
	}
	if (!cmp_problems_load(tmpdir, pr, s->gate, sizeof(s->gate)))
		s->gate[0] = '\0';
	if (!report_load(tmpdir, &d, s->report, sizeof(s->report)))
		s->report[0] = '\0';
	report_free(&d);
}

/* Every reader refuses the directory with "<tmpdir>/summary.csv<rest>". */
static void assert_refused(const char *rest)
{
	struct said s;
	struct cmp_problems pr;
	char want[600];
	read_all(&s, &pr);
	cmp_problems_free(&pr);
	snprintf(want, sizeof(want), "%s/summary.csv%s", tmpdir, rest);
	assert_string_equal(s.load, want);
	assert_string_equal(s.gate, want);
	assert_string_equal(s.report, want);
}

static void test_intact_shows_the_fault(void **state)
{
	(void)state;
	struct said s;
	struct cmp_problems pr;
	free(write_dir());
	read_all(&s, &pr);
	assert_string_equal(s.load, "");
	assert_string_equal(s.report, "");
	assert_string_equal(s.gate, "");
	assert_int_equal(pr.n, 1);
	assert_string_equal(pr.p[0].bench, "demo_fault");
	assert_int_equal(pr.p[0].block, 2);
	assert_string_equal(pr.p[0].why, "status fault");
	cmp_problems_free(&pr);
}

/* The repro: summary.csv cut after a whole row, the faulted block's row
 * (and the one before it) gone. The gate used to find nothing wrong. */
static void test_cut_after_a_row(void **state)
{
	(void)state;
	char *s = write_dir(), *cut = first_lines(s, 2);
	put_bytes("summary.csv", cut, strlen(cut));
	assert_refused(": block 1a2b3c4d/1 'udiv' has no row, but meta.json lists it (status ok): "
		       "the file was cut or edited");
	free(cut);
	/* Only the faulted block's row taken out. */
	cut = without_line(s, "1a2b3c4d,demo_fault,");
	put_bytes("summary.csv", cut, strlen(cut));
	assert_refused(": block 1a2b3c4d/2 'demo_fault' has no row, but meta.json lists it "
		       "(status fault): the file was cut or edited");
	free(cut);
	/* A header alone. */
	cut = first_lines(s, 1);
	put_bytes("summary.csv", cut, strlen(cut));
	assert_refused(": block 1a2b3c4d/0 'add_loop' has no row, but meta.json lists it "
		       "(status ok): the file was cut or edited");
	free(cut);
	free(s);
}

/* Cut inside a line: no line end at the end of the file, wherever the
 * cut falls; inside the last field every count still agrees. */
static void test_cut_inside_a_line(void **state)
{
	(void)state;
	char *s = write_dir();
	size_t len = strlen(s);
	put_bytes("summary.csv", s, len - 2); /* the last row's "\r\n" */
	assert_refused(":4: the last line has no line end: the file was cut short (--no-check "
		       "reads it anyway)");
	put_bytes("summary.csv", s, len - 20); /* in the middle of the faulted row */
	assert_refused(":4: the last line has no line end: the file was cut short (--no-check "
		       "reads it anyway)");
	put_bytes("summary.csv", s, 40); /* inside the header */
	assert_refused(":1: the last line has no line end: the file was cut short (--no-check "
		       "reads it anyway)");
	put_bytes("summary.csv", "", 0);
	assert_refused(": empty file (no header)");
	/* A row cut short but ended (a line end put back): too few fields,
	 * its first 9 (up to and with the 8th comma). */
	char *cut = first_lines(s, 3), *row = strdup(s);
	assert_non_null(row);
	const char *last = s + strlen(cut), *end = last;
	for (int commas = 0; commas < 8; end++)
		commas += *end == ',';
	snprintf(row, len + 1, "%s%.*s\r\n", cut, (int)(end - last), last);
	put_bytes("summary.csv", row, strlen(row));
	assert_refused(":4: 9 fields, the header has 31 (the row was cut or edited)");
	/* A header cut short but ended: no status column to check. */
	snprintf(row, len + 1, "run,bench,block,params\r\n");
	put_bytes("summary.csv", row, strlen(row));
	assert_refused(":1: no run, bench, block or status column: cannot be checked against "
		       "meta.json (cut, or written by an older rvbench? --no-check reads it)");
	free(row);
	free(cut);
	free(s);
}

static void test_missing(void **state)
{
	(void)state;
	char path[128], want[600];
	struct said s;
	struct cmp_problems pr;
	free(write_dir());
	unlink(tmpdir_path(path, sizeof(path), tmpdir, "summary.csv"));
	read_all(&s, &pr);
	cmp_problems_free(&pr);
	snprintf(want, sizeof(want), "cannot read %s/summary.csv: No such file or directory, but "
		 "meta.json lists it (--no-check reads the directory without it)", tmpdir);
	assert_string_equal(s.load, want);
	assert_string_equal(s.gate, want);
	assert_string_equal(s.report, want);
}

/* A row edited or added: the status, the name, a second row of a block,
 * a block of another run. */
static void test_edited(void **state)
{
	(void)state;
	char *s = write_dir();
	char *p = strstr(s, ",fault,");
	assert_non_null(p);
	char *ok = malloc(strlen(s) + 1);
	assert_non_null(ok);
	snprintf(ok, strlen(s) + 1, "%.*s,ok,%s", (int)(p - s), s, p + 7);
	put_bytes("summary.csv", ok, strlen(ok));
	assert_refused(":4: block 1a2b3c4d/2 'demo_fault': status 'ok' here, but meta.json says "
		       "'fault'");
	free(ok);

	p = strstr(s, "udiv");
	memcpy(p, "udiw", 4);
	put_bytes("summary.csv", s, strlen(s));
	assert_refused(":3: block 1a2b3c4d/1 'udiv' is named 'udiw' here");
	memcpy(p, "udiv", 4);

	/* add_loop's row (line 2) again at the end. */
	char *hdr = first_lines(s, 1), *row = first_lines(s, 2);
	size_t n = strlen(s) + strlen(row) + 1;
	char *twice = malloc(n);
	assert_non_null(twice);
	snprintf(twice, n, "%s%s", s, row + strlen(hdr));
	put_bytes("summary.csv", twice, strlen(twice));
	assert_refused(":5: block 1a2b3c4d/0 'add_loop' twice (line 2 too)");
	free(twice);
	free(row);
	free(hdr);

	p = strstr(s, "\n1a2b3c4d,");
	memcpy(p + 1, "1a2b3c4e", 8); /* another run's row */
	put_bytes("summary.csv", s, strlen(s));
	assert_refused(":2: block 1a2b3c4e/0 'add_loop' is not in meta.json");
	free(s);
}

/* --no-check: summary.csv read as it is (a cut one, a missing one), as
 * before the check; the gate then knows only the rows it has. */
static void test_no_check(void **state)
{
	(void)state;
	char path[128];
	struct said said;
	struct cmp_problems pr;
	char *s = write_dir(), *cut = first_lines(s, 3);
	put_bytes("summary.csv", cut, strlen(cut));
	results_set_check(0);
	read_all(&said, &pr);
	assert_string_equal(said.load, "");
	assert_string_equal(said.gate, "");
	assert_string_equal(said.report, "");
	assert_int_equal(pr.n, 0);
	cmp_problems_free(&pr);
	unlink(tmpdir_path(path, sizeof(path), tmpdir, "summary.csv"));
	read_all(&said, &pr);
	assert_string_equal(said.load, "");
	assert_string_equal(said.gate, "");
	assert_non_null(strstr(said.report, "/summary.csv: No such file or directory"));
	cmp_problems_free(&pr);
	results_set_check(1);
	free(cut);
	free(s);
}

/* A meta.json that does not list summary.csv among its files (made by
 * hand): none is due, and the gate has nothing to read. One that is
 * there is checked all the same. */
static void test_not_listed(void **state)
{
	(void)state;
	char path[128];
	size_t len;
	struct results r;
	struct cmp_problems pr;
	char err[600];
	char *s = write_dir();
	char *meta = file_read(tmpdir_path(path, sizeof(path), tmpdir, "meta.json"), &len);
	char *files = strstr(meta, "  \"files\": [");
	assert_non_null(files);
	strcpy(files, "  \"written\": \"complete\"\n}\n");
	put_bytes("meta.json", meta, strlen(meta));
	unlink(tmpdir_path(path, sizeof(path), tmpdir, "summary.csv"));
	assert_int_equal(results_load(tmpdir, &r, err, sizeof(err)), 0);
	results_free(&r);
	assert_int_equal(cmp_problems_load(tmpdir, &pr, err, sizeof(err)), 0);
	assert_int_equal(pr.n, 0);
	cmp_problems_free(&pr);
	char *cut = first_lines(s, 2);
	put_bytes("summary.csv", cut, strlen(cut));
	assert_refused(": block 1a2b3c4d/1 'udiv' has no row, but meta.json lists it (status ok): "
		       "the file was cut or edited");
	free(cut);
	free(meta);
	free(s);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, tmpdir_setup, tmpdir_teardown)
TEST_MAIN(T(test_intact_shows_the_fault),
	  T(test_cut_after_a_row),
	  T(test_cut_inside_a_line),
	  T(test_missing),
	  T(test_edited),
	  T(test_no_check),
	  T(test_not_listed))
