/*
 * The LAVA job's limits (host-tools/lava/lava_job.c).
 *
 * Its timeouts. LAVA's monitor
 * waits for each END record as long as the connection's pexpect timeout,
 * and that is the timeout of the boot action that spawned the connection
 * (execute-qemu on qemu, connect-device on a U-Boot board), not the test
 * action's. The job must give that action the run's timeout (--timeout),
 * or a block longer than 2 (qemu) or 5 (U-Boot) minutes ends the monitor.
 * tests/lava/test_lava_timeout.sh shows it under lava-run.
 *
 * Its names: lava-server's schema refuses a job_name or a device_type
 * longer than 200 characters, so `lava job` must refuse them first.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lava_job.h"
#include "lava_fixture.h"
#include "test_main.h"

/* The boot block of text: from "- boot:" to the next action. */
static char *boot_block(const char *text)
{
	const char *b = strstr(text, "\n- boot:\n");
	assert_non_null(b);
	const char *e = strstr(b + 1, "\n- ");
	assert_non_null(e);
	return strndup(b + 1, (size_t)(e - b));
}

static void test_qemu_connection_timeout(void **state)
{
	struct lava_job_opts o = { .kind = LAVA_QEMU, .image_url = "file:///x/rvbench.elf",
				   .smp = 5, .icount_shift = 0, .timeout_min = 45 };

	(void)state;
	char *text = job_text(&o);
	char *boot = boot_block(text);
	assert_string_equal(boot, "- boot:\n"
				  "    timeout: {minutes: 2}\n"
				  "    method: qemu\n"
				  "    media: tmpfs\n"
				  "    timeouts:\n"
				  "      execute-qemu: {minutes: 45}\n");
	/* the run itself is still bounded by the test action */
	assert_non_null(strstr(text, "- test:\n    timeout: {minutes: 45}\n"));
	free(boot);
	free(text);
}

static void test_uboot_connection_timeout(void **state)
{
	struct lava_job_opts o = { .kind = LAVA_HIFIVE, .image_url = "http://lab/rvbench.bin",
				   .timeout_min = 90 };

	(void)state;
	for (int k = 0; k < 2; k++) {
		if (k) {
			o.kind = LAVA_UBOOT;
			o.device_type = "my-board";
			o.timeout_min = 7;
		}
		char *text = job_text(&o);
		char *boot = boot_block(text);
		char want[96];
		snprintf(want, sizeof(want),
			 "    method: u-boot\n"
			 "    timeouts:\n"
			 "      connect-device: {minutes: %u}\n"
			 "    commands:\n",
			 o.timeout_min);
		assert_non_null(strstr(boot, want));
		assert_non_null(strstr(boot, "    timeout: {minutes: 5}\n"));
		free(boot);
		free(text);
	}
}

static void test_name_limits(void **state)
{
	char name[202];
	struct lava_job_opts o = { .kind = LAVA_QEMU, .image_url = "file:///x/rvbench.elf",
				   .smp = 5, .icount_shift = 0, .timeout_min = 20, .job_name = name };

	(void)state;
	memset(name, 'n', 200);
	name[200] = '\0';
	assert_null(lava_job_check(&o));
	name[200] = 'n';
	name[201] = '\0';
	assert_string_equal(lava_job_check(&o),
			    "the job name must be 1..200 characters (lava-server's limit)");
	name[0] = '\0';
	assert_string_equal(lava_job_check(&o),
			    "the job name must be 1..200 characters (lava-server's limit)");

	o.job_name = NULL;
	o.kind = LAVA_UBOOT;
	o.device_type = name;
	memset(name, 'd', 200);
	name[200] = '\0';
	assert_null(lava_job_check(&o));
	name[200] = 'd';
	name[201] = '\0';
	assert_string_equal(lava_job_check(&o),
			    "the device type must be at most 200 characters (lava-server's limit)");
}

TEST_MAIN(cmocka_unit_test(test_qemu_connection_timeout),
	  cmocka_unit_test(test_uboot_connection_timeout),
	  cmocka_unit_test(test_name_limits))
