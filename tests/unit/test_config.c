/*
 * The firmware's run-time configuration (src/config.c), on the host:
 * every key is range-checked, a bad value is reported by name and changes
 * nothing, settings that constrain each other are checked together, and
 * benchmark parameters are validated through the registry hook.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "config.h"
#include "lcg.h"

static char complaints[2048];
static unsigned ncomplaints;

static void collect(const char *msg)
{
	strncat(complaints, msg, sizeof(complaints) - strlen(complaints) - 2);
	strcat(complaints, "\n");
	ncomplaints++;
}

/* A registry of one benchmark, "lpm", with table_size in 1000..500000. */
static int fake_check(const char *bench, const char *param, int64_t value, const char **why)
{
	if (strcmp(bench, "lpm"))
		return 1;
	if (!param)
		return 0;
	if (strcmp(param, "table_size")) {
		*why = "no such parameter";
		return -1;
	}
	if (value < 1000 || value > 500000) {
		*why = "out of range 1000..500000";
		return -1;
	}
	return 0;
}

static const struct config_hooks hooks = { .complain = collect, .check_param = fake_check };

static int reset(void **s)
{
	(void)s;
	complaints[0] = '\0';
	ncomplaints = 0;
	return 0;
}

static void defaults_and_foreign_words(void **s)
{
	(void)s;
	struct config c;
	config_defaults(&c);
	config_parse_bootargs(&c, "console=ttyS0 root=/dev/vda rvbench net.ifnames=0 x.y=1", &hooks);
	assert_int_equal(c.samples, CONFIG_DEFAULT_SAMPLES);
	assert_int_equal(c.warmup, CONFIG_DEFAULT_WARMUP);
	assert_int_equal(c.batch, 1);
	assert_int_equal(c.groups, 0);
	assert_true(c.seed == LCG_DEFAULT_SEED);
	assert_int_equal(c.counter, COUNTER_PLAIN);
	assert_int_equal(c.exit, EXIT_AUTO);
	assert_int_equal(c.bad_options, 0);
	assert_string_equal(complaints, "");
	assert_true(config_selects(&c, "anything", 0));
	assert_false(config_selects(&c, "a_demo", 1));
}

static void valid_options_apply(void **s)
{
	(void)s;
	struct config c;
	config_defaults(&c);
	config_parse_bootargs(&c,
			      "  rvbench.samples=40\trvbench.warmup=auto rvbench.seed=0x1234 "
			      "rvbench.exit=reboot rvbench.run=crc*,addi100 rvbench.counter=fenced "
			      "rvbench.groups=5 rvbench.initial=30 rvbench.delta=1 rvbench.size=30 "
			      "rvbench.batch=8 lpm.table_size=20000 rvbench.lpm.table_size=30000\n",
			      &hooks);
	assert_string_equal(complaints, "");
	assert_int_equal(c.samples, 40);
	assert_int_equal(c.warmup_auto, 1);
	assert_true(c.seed == 0x1234);
	assert_int_equal(c.exit, EXIT_REBOOT);
	assert_int_equal(c.counter, COUNTER_FENCED);
	assert_int_equal(c.groups, 5);
	assert_int_equal(c.initial, 30);
	assert_int_equal(c.size, 30);
	assert_int_equal(c.batch, 8);
	assert_int_equal(c.explicit_keys, CONFIG_SET_SAMPLES | CONFIG_SET_WARMUP | CONFIG_SET_BATCH);
	assert_int_equal(config_param(&c, "lpm", "table_size", 1000), 30000); /* the later word */
	assert_int_equal(config_param(&c, "lpm", "other", 7), 7);
	assert_int_equal(c.nparams, 1);
	assert_true(config_selects(&c, "crc32", 0));
	assert_true(config_selects(&c, "addi100", 0));
	assert_false(config_selects(&c, "addi10", 0));
	assert_false(config_selects(&c, "empty", 0));
	assert_string_equal(config_exit_name(c.exit), "reboot");
}

static void every_bad_value_is_named_and_changes_nothing(void **s)
{
	(void)s;
	static const char *const bad[][2] = {
		{ "samples", "0" },      { "samples", "12x" },   { "samples", "65536" },
		{ "warmup", "-1" },      { "warmup", "autox" },  { "batch", "0" },
		{ "groups", "65" },      { "initial", "0" },     { "size", "1" },
		{ "seed", "-1" },        { "seed", "" },         { "counter", "rdtsc" },
		{ "exit", "explode" },   { "frobnicate", "1" },  { "run", "" },
		{ "lpm.table_size", "10" }, { "lpm.nope", "5000" }, { "nobench.x", "1" },
		{ "lpm.table_size", "1e4" }, { "budget_ms", "99999999" }, { "console", "2" },
	};
	struct config c, before;
	config_defaults(&c);
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		before = c;
		complaints[0] = '\0';
		assert_int_equal(config_set(&c, bad[i][0], bad[i][1], &hooks), -1);
		before.bad_options++;
		assert_memory_equal(&c, &before, sizeof(c));
		/* one line, naming the key and the value */
		char expect[96];
		snprintf(expect, sizeof(expect), "error: %s=%s: ", bad[i][0], bad[i][1]);
		assert_non_null(strstr(complaints, expect));
		assert_non_null(strstr(complaints, "nothing changed\n"));
		assert_null(strchr(strchr(complaints, '\n') + 1, '\n'));
	}
	/* and the next valid setting works */
	assert_int_equal(config_set(&c, "samples", "77", &hooks), 0);
	assert_int_equal(c.samples, 77);
}

static void settings_that_do_not_fit_together_are_refused(void **s)
{
	(void)s;
	struct config c;
	config_defaults(&c);
	assert_int_equal(config_set(&c, "samples", "65000", &hooks), 0); /* + 100 warmup: fits */
	assert_int_equal(config_set(&c, "warmup", "600", &hooks), -1);   /* would not */
	assert_non_null(strstr(complaints, "exceed the 65536-sample buffer"));
	assert_int_equal(c.warmup, CONFIG_DEFAULT_WARMUP);
	assert_int_equal(config_set(&c, "warmup", "auto", &hooks), -1); /* auto reserves 2048 */
	assert_int_equal(c.warmup_auto, 0);
	assert_int_equal(config_set(&c, "groups", "64", &hooks), 0);
	assert_int_equal(config_set(&c, "delta", "100000", &hooks), -1); /* last batch too big */
	assert_int_equal(c.delta, 1);
}

static void malformed_words_on_the_command_line(void **s)
{
	(void)s;
	struct config c;
	config_defaults(&c);
	config_parse_bootargs(&c, "rvbench.samples rvbench.samples=0 rvbench.frob=1 lpm.table_size=5", &hooks);
	assert_int_equal(c.bad_options, 4);
	assert_int_equal(ncomplaints, 4);
	assert_non_null(strstr(complaints, "error: rvbench.samples: expected rvbench.KEY=VALUE"));
	assert_non_null(strstr(complaints, "error: frob=1: unknown key"));
	assert_non_null(strstr(complaints, "error: lpm.table_size=5: out of range 1000..500000"));
	assert_int_equal(c.samples, CONFIG_DEFAULT_SAMPLES);

	char args[600] = "rvbench.run=";
	memset(args + strlen(args), 'a', 400);
	config_defaults(&c);
	config_parse_bootargs(&c, args, &hooks);
	assert_int_equal(c.bad_options, 1);
	assert_string_equal(c.run, "");
	assert_non_null(strstr(complaints, "too long"));

	/* A benchmark's parameter too long to read is refused whole too (never
	 * cut to its first digits); a foreign long word is left alone. */
	char words[900];
	int n = snprintf(words, sizeof(words), "lpm.table_size=2000");
	memset(words + n, '0', 200); /* 2000 followed by 200 zeros */
	n += 200;
	n += snprintf(words + n, sizeof(words) - (size_t)n, " other.key=");
	memset(words + n, 'b', 300);
	words[n + 300] = '\0';
	config_defaults(&c);
	complaints[0] = '\0';
	config_parse_bootargs(&c, words, &hooks);
	assert_int_equal(c.bad_options, 1);
	assert_string_equal(complaints, "error: a 219-byte rvbench option is too long (at most 191 "
					"bytes): not applied\n");
	assert_int_equal(config_param(&c, "lpm", "table_size", 1000), 1000);
}

static void globs_and_demos(void **s)
{
	(void)s;
	assert_true(config_glob("*", "x"));
	assert_true(config_glob("lpm*", "lpm_lookup"));
	assert_true(config_glob("*_lookup", "lpm_lookup"));
	assert_true(config_glob("a?c", "abc"));
	assert_false(config_glob("a?c", "ac"));
	assert_true(config_glob("*a*b*", "xxaxxbxx"));
	assert_false(config_glob("*a*b", "xxaxxbxx"));
	assert_true(config_glob("", "") && !config_glob("", "x"));

	struct config c;
	config_defaults(&c);
	assert_int_equal(config_set(&c, "run", "*", &hooks), 0);
	assert_true(config_selects(&c, "crc32", 0));
	assert_false(config_selects(&c, "demo_fault", 1)); /* a glob never picks a demo */
	assert_int_equal(config_set(&c, "run", "demo_fault,addi*", &hooks), 0);
	assert_true(config_selects(&c, "demo_fault", 1));
	assert_false(config_selects(&c, "demo_hang", 1));
}

/* rvbench.events: names checked when set, "none" clears, a bad list
 * changes nothing and is named. */
static void events_are_checked_when_set(void **state)
{
	(void)state;
	struct config c;
	config_defaults(&c);
	assert_string_equal(c.events, "");
	config_parse_bootargs(&c, "rvbench.events=cycles,branch-misses,raw:0x1c01", &hooks);
	assert_string_equal(c.events, "cycles,branch-misses,raw:0x1c01");
	assert_int_equal(c.bad_options, 0);
	assert_int_equal(config_set(&c, "events", "cycles,bogus", &hooks), -1);
	assert_string_equal(c.events, "cycles,branch-misses,raw:0x1c01");
	assert_non_null(strstr(complaints, "events=cycles,bogus: unknown event"));
	assert_int_equal(config_set(&c, "events",
				    "cycles,instructions,cache-misses,branch-misses,ref-cycles", &hooks),
			 -1);
	assert_non_null(strstr(complaints, "at most 4 events"));
	assert_int_equal(config_set(&c, "events", "none", &hooks), 0);
	assert_string_equal(c.events, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(defaults_and_foreign_words, reset),
		cmocka_unit_test_setup(valid_options_apply, reset),
		cmocka_unit_test_setup(every_bad_value_is_named_and_changes_nothing, reset),
		cmocka_unit_test_setup(settings_that_do_not_fit_together_are_refused, reset),
		cmocka_unit_test_setup(malformed_words_on_the_command_line, reset),
		cmocka_unit_test_setup(globs_and_demos, reset),
		cmocka_unit_test_setup(events_are_checked_when_set, reset),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
