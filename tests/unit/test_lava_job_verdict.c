/*
 * A LAVA log ends with the dispatcher's verdict on the job (lava-run's
 * last record, {"lvl": "results", "msg": {"case": "job", "definition":
 * "lava", "result": "pass"|"fail", "error_type": ..., "error_msg": ...}}).
 * A job that failed (an infrastructure error, a cancel, a timeout) may
 * still hold the whole run; a log without that record was cut before the
 * job ended (lava-run killed, a log fetched while it ran). The reader must
 * tell all three apart so that replay can report them instead of reading
 * the log as a clean job's.
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

#include "lava_log.h"
#include "session.h"
#include "source_lava.h"
#include "test_main.h"

static void test_verdict_pass(void **state)
{
	struct lava_job_verdict v;
	(void)state;
	const char *l = "{\"dt\": \"2026-11-22T22:22:40.486427\", \"lvl\": \"results\", \"msg\": "
			"{\"case\": \"job\", \"definition\": \"lava\", \"result\": \"pass\"}}";
	assert_int_equal(lava_log_job_verdict(l, strlen(l), &v), 1);
	assert_int_equal(v.result, LAVA_JOB_PASS);
	assert_string_equal(v.error_type, "");
}

static void test_verdict_fail(void **state)
{
	struct lava_job_verdict v;
	(void)state;
	/* the YAML list of lavacli jobs logs --raw, an escape JSON has not */
	const char *l = "- {\"dt\": \"2026-11-22T22:22:40.4\", \"lvl\": \"results\", \"msg\": "
			"{\"case\": \"job\", \"definition\": \"lava\", \"error_msg\": "
			"\"power-off failed \\e[0m\", \"error_type\": \"Infrastructure\", \"result\": \"fail\"}}";
	assert_int_equal(lava_log_job_verdict(l, strlen(l), &v), 1);
	assert_int_equal(v.result, LAVA_JOB_FAIL);
	assert_string_equal(v.error_type, "Infrastructure");
	assert_string_equal(v.error_msg, "power-off failed \x1b[0m");
}

static void test_not_verdict(void **state)
{
	struct lava_job_verdict v;
	(void)state;
	/* a test case's result, a target line that looks like one */
	const char *c = "{\"dt\": \"x\", \"lvl\": \"results\", \"msg\": {\"case\": \"crc32\", "
			"\"definition\": \"rvbench\", \"result\": \"fail\"}}";
	assert_int_equal(lava_log_job_verdict(c, strlen(c), &v), 0);
	const char *t = "{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"{\\\"case\\\": \\\"job\\\", "
			"\\\"definition\\\": \\\"lava\\\", \\\"result\\\": \\\"pass\\\"}\"}";
	assert_int_equal(lava_log_job_verdict(t, strlen(t), &v), 0);
	const char *cut = "{\"dt\": \"x\", \"lvl\": \"results\", \"msg\": {\"case\": \"job\", \"defini";
	assert_int_equal(lava_log_job_verdict(cut, strlen(cut), &v), 0);
}

/* source_lava() keeps the verdict in its stats: none for a cut log. */
static int replay_stats(const char *text, struct lava_log_stats *st)
{
	char dir[] = "/tmp/rvbench-lava-verdict-XXXXXX", path[64], out[96], err[512];
	struct session s;
	enum src_end end;

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/log", dir);
	snprintf(out, sizeof(out), "%s/out", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	assert_int_equal(session_open(&s, out, path, 1, err, sizeof(err)), 0);
	int rc = source_lava(&s, path, st, &end, err, sizeof(err));
	session_free(&s);
	char cmd[160];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
	return rc;
}

static void test_source_stats(void **state)
{
	struct lava_log_stats st;
	(void)state;
	assert_int_equal(replay_stats("{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"hello\"}\n", &st), 0);
	assert_int_equal(st.job.result, LAVA_JOB_NONE);
	assert_int_equal(replay_stats("{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"hello\"}\n"
				      "{\"dt\": \"x\", \"lvl\": \"results\", \"msg\": {\"case\": \"job\", "
				      "\"definition\": \"lava\", \"error_msg\": \"Canceled\", \"error_type\": "
				      "\"Canceled\", \"result\": \"fail\"}}\n",
				      &st),
			 0);
	assert_int_equal(st.job.result, LAVA_JOB_FAIL);
	assert_string_equal(st.job.error_type, "Canceled");
	assert_int_equal(st.target, 1);
	assert_int_equal(st.records, 2);
}

TEST_MAIN(cmocka_unit_test(test_verdict_pass), cmocka_unit_test(test_verdict_fail),
	  cmocka_unit_test(test_not_verdict), cmocka_unit_test(test_source_stats))
