/*
 * The firmware's run-time options (src/config.c), parsed on the host:
 * malformed options are reported by name and change nothing.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "config.h"
#include "lcg.h"

static char complaints[1024];

static void collect(const char *msg)
{
	strncat(complaints, msg, sizeof(complaints) - strlen(complaints) - 2);
	strcat(complaints, "\n");
}

static int reset(void **s)
{
	(void)s;
	complaints[0] = '\0';
	return 0;
}

static void defaults_without_options(void **s)
{
	(void)s;
	struct config c;
	config_defaults(&c);
	config_parse(&c, "console=ttyS0 root=/dev/vda rvbench", collect);
	assert_int_equal(c.samples, CONFIG_DEFAULT_SAMPLES);
	assert_int_equal(c.warmup, CONFIG_DEFAULT_WARMUP);
	assert_true(c.seed == LCG_DEFAULT_SEED);
	assert_int_equal(c.exit, EXIT_AUTO);
	assert_int_equal(c.bad_options, 0);
	assert_string_equal(complaints, "");
	assert_true(config_selects(&c, "anything"));
}

static void valid_options_apply(void **s)
{
	(void)s;
	struct config c;
	config_defaults(&c);
	config_parse(&c, "  rvbench.samples=40\trvbench.warmup=0 rvbench.seed=0x1234 "
			 "rvbench.exit=reboot rvbench.bench=crc32,addi100\n", collect);
	assert_int_equal(c.samples, 40);
	assert_int_equal(c.warmup, 0);
	assert_true(c.seed == 0x1234);
	assert_int_equal(c.exit, EXIT_REBOOT);
	assert_string_equal(complaints, "");
	assert_true(config_selects(&c, "crc32"));
	assert_true(config_selects(&c, "addi100"));
	assert_false(config_selects(&c, "addi10"));
	assert_false(config_selects(&c, "crc"));
	assert_false(config_selects(&c, "empty"));
	assert_string_equal(config_exit_name(c.exit), "reboot");
}

static void bad_options_are_reported_and_ignored(void **s)
{
	(void)s;
	struct config c;
	config_defaults(&c);
	config_parse(&c, "rvbench.samples=0 rvbench.samples=12x rvbench.warmup=70000 "
			 "rvbench.seed=-1 rvbench.exit=explode rvbench.frob=1 rvbench.samples "
			 "rvbench.bench=", collect);
	assert_int_equal(c.bad_options, 8);
	assert_int_equal(c.samples, CONFIG_DEFAULT_SAMPLES);
	assert_int_equal(c.warmup, CONFIG_DEFAULT_WARMUP);
	assert_true(c.seed == LCG_DEFAULT_SEED);
	assert_int_equal(c.exit, EXIT_AUTO);
	assert_non_null(strstr(complaints, "ignoring rvbench.samples=0: expected 1..65535\n"));
	assert_non_null(strstr(complaints, "ignoring rvbench.samples=12x"));
	assert_non_null(strstr(complaints, "ignoring rvbench.warmup=70000"));
	assert_non_null(strstr(complaints, "ignoring rvbench.exit=explode"));
	assert_non_null(strstr(complaints, "ignoring rvbench.frob=1: unknown key"));
	assert_non_null(strstr(complaints, "ignoring rvbench.samples: expected rvbench.KEY=VALUE"));
}

static void overlong_option_is_refused_without_overflow(void **s)
{
	(void)s;
	struct config c;
	char args[600] = "rvbench.bench=";
	memset(args + strlen(args), 'a', 400);
	config_defaults(&c);
	config_parse(&c, args, collect);
	assert_int_equal(c.bad_options, 1);
	assert_string_equal(c.benches, "");
	assert_non_null(strstr(complaints, "too long"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(defaults_without_options, reset),
		cmocka_unit_test_setup(valid_options_apply, reset),
		cmocka_unit_test_setup(bad_options_are_reported_and_ignored, reset),
		cmocka_unit_test_setup(overlong_option_is_refused_without_overflow, reset),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
