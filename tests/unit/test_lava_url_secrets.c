/*
 * What a lab admin checks of `rvbench lava`: a job is public
 * (visibility: public) and LAVA shows its definition and its log to
 * anyone, so an image URL that carries a user name and password or token
 * (https://user:token@host/...) must not be written into one; and a UART
 * line LAVA could not log (longer than its 10**6 characters, replaced by
 * "<line way too long ...>") is a line lost, not one the board sent.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "lava_job.h"
#include "lava_log.h"
#include "test_main.h"

static struct lava_job_opts opts(const char *url)
{
	struct lava_job_opts o;

	memset(&o, 0, sizeof(o));
	o.kind = LAVA_QEMU;
	o.image_url = url;
	o.smp = 5;
	o.timeout_min = 20;
	return o;
}

static void test_image_url_credentials_refused(void **state)
{
	(void)state;
	struct lava_job_opts o = opts("https://ci:s3cr3t-token@files.lab/rvbench/rvbench.bin");
	const char *why = lava_job_check(&o);
	assert_non_null(why);
	assert_non_null(strstr(why, "credentials"));
	/* and not echoed back */
	assert_null(strstr(why, "s3cr3t"));

	o = opts("http://user@files.lab/rvbench.bin");
	assert_non_null(lava_job_check(&o));
	o = opts("ftp://u:p@files.lab:21/rvbench.bin");
	assert_non_null(lava_job_check(&o));
}

static void test_image_url_plain_taken(void **state)
{
	(void)state;
	struct lava_job_opts o = opts("https://files.lab/rvbench/rvbench.bin");
	assert_null(lava_job_check(&o));
	/* an '@' in the path or query is no user name */
	o = opts("https://files.lab/builds/v1@abc/rvbench.bin");
	assert_null(lava_job_check(&o));
	o = opts("https://files.lab/get?who=a@b");
	assert_null(lava_job_check(&o));
	o = opts("file:///srv/rvbench@1/rvbench.elf");
	assert_null(lava_job_check(&o));
}

static void test_line_too_long_is_lost(void **state)
{
	char *msg;
	(void)state;
	/* lava_common/log.py dump(): a record of 10**6 characters or more
	 * has its message replaced. */
	const char *l = "{\"dt\": \"2026-11-22T22:22:40.0\", \"lvl\": \"target\", \"msg\": \"<line way too long ...>\"}";
	assert_int_equal(lava_log_line(l, strlen(l), &msg), LAVA_REC_DAMAGED);
	assert_null(msg);
	const char *y = "- {\"dt\": \"2026-11-22T22:22:40.0\", \"lvl\": \"feedback\", \"msg\": \"<line way too long ...>\"}";
	assert_int_equal(lava_log_line(y, strlen(y), &msg), LAVA_REC_DAMAGED);
	assert_null(msg);
	/* the dispatcher's own too-long message is just another record */
	const char *d = "{\"dt\": \"2026-11-22T22:22:40.0\", \"lvl\": \"debug\", \"msg\": \"<line way too long ...>\"}";
	assert_int_equal(lava_log_line(d, strlen(d), &msg), LAVA_REC_OTHER);
	/* a line of the board's that merely holds those words is kept */
	const char *t = "{\"dt\": \"2026-11-22T22:22:40.0\", \"lvl\": \"target\", \"msg\": \"x <line way too long ...>\"}";
	assert_int_equal(lava_log_line(t, strlen(t), &msg), LAVA_REC_TARGET);
	assert_string_equal(msg, "x <line way too long ...>");
	free(msg);
}

TEST_MAIN(cmocka_unit_test(test_image_url_credentials_refused),
	  cmocka_unit_test(test_image_url_plain_taken), cmocka_unit_test(test_line_too_long_is_lost))
