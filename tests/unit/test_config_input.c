/*
 * What the firmware's configuration (src/config.c) makes of command-line
 * words that are malformed rather than wrong in value: a misspelt
 * "rvbench." prefix is refused by name, never ignored as another
 * program's word (a misspelt rvbench.run= then selects nothing, not the
 * whole suite); a control byte in a refused word is shown as <0xHH>, never
 * sent raw (a CR ended the error line before its reason); a long refused
 * value is shown cut in its middle, so that its reason and outcome still
 * fit the firmware's human line.
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

static char complaints[4096];
static unsigned ncomplaints;
static size_t longest;

static void collect(const char *msg)
{
	strncat(complaints, msg, sizeof(complaints) - strlen(complaints) - 2);
	strcat(complaints, "\n");
	ncomplaints++;
	if (strlen(msg) > longest)
		longest = strlen(msg);
}

/* One benchmark, "qsort", with n in 2..1024. */
static int fake_check(const char *bench, const char *param, int64_t value, const char **name,
		      const char **why)
{
	static const char *const qsort = "qsort", *const n = "n";

	if (strcmp(bench, qsort))
		return 1;
	if (!param) {
		*name = qsort;
		return 0;
	}
	if (strcmp(param, n)) {
		*why = "no such parameter";
		return -1;
	}
	if (value < 2 || value > 1024) {
		*why = "out of range 2..1024";
		return -1;
	}
	*name = n;
	return 0;
}

static const struct config_hooks hooks = { .complain = collect, .check_param = fake_check };

static int reset(void **s)
{
	(void)s;
	complaints[0] = '\0';
	ncomplaints = 0;
	longest = 0;
	return 0;
}

static void misspelt_prefixes_are_refused_by_name(void **s)
{
	(void)s;
	static const char *const words[] = {
		"rvbnech.samples=7", "RVBENCH.samples=7", "Rvbench.samples=7", "rvbench_samples=7",
		"rvbench-samples=7", "rbench.samples=7",  "rvbenchh.samples=7", "rvbemch.samples=7",
		"rvbench=7",         "vrbench.samples=7",
	};
	struct config c;

	for (unsigned i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		char want[200];
		reset(NULL);
		config_defaults(&c);
		config_parse_bootargs(&c, words[i], &hooks);
		snprintf(want, sizeof(want), "error: %s: not read: the options are rvbench.KEY=VALUE"
			 " (a misspelt prefix?); nothing changed\n", words[i]);
		assert_string_equal(complaints, want);
		assert_int_equal(c.bad_options, 1);
		assert_int_equal(c.samples, CONFIG_DEFAULT_SAMPLES);
		assert_true(config_selects(&c, "addi100", 0));
	}

	/* rvbench.run= misspelt: nothing runs, as for any refused run= word,
	 * whatever else the line selects. */
	reset(NULL);
	config_defaults(&c);
	config_parse_bootargs(&c, "rvbench.run=addi100 rvbnech.run=crc32", &hooks);
	assert_string_equal(complaints, "error: rvbnech.run=crc32: not read: the options are "
					"rvbench.KEY=VALUE (a misspelt prefix?); no benchmark runs\n");
	assert_int_equal(c.bad_options, 1);
	assert_false(config_selects(&c, "addi100", 0));
	assert_false(config_selects(&c, "crc32", 0));

	/* Longer than a word may be: refused by name all the same. */
	char line[400] = "rvbnech.run=addi100";
	while (strlen(line) < 300)
		strcat(line, ",addi100");
	reset(NULL);
	config_defaults(&c);
	config_parse_bootargs(&c, line, &hooks);
	assert_int_equal(c.bad_options, 1);
	assert_true(longest <= CONFIG_COMPLAINT_MAX);
	assert_non_null(strstr(complaints, "error: rvbnech.run=addi100,"));
	assert_non_null(strstr(complaints, "...: not read: the options are rvbench.KEY=VALUE"
					   " (a misspelt prefix?); no benchmark runs\n"));
	assert_false(config_selects(&c, "addi100", 0));

	/* "rvbench." alone is ours: said, not dropped. */
	reset(NULL);
	config_defaults(&c);
	config_parse_bootargs(&c, "rvbench.", &hooks);
	assert_string_equal(complaints, "error: rvbench.: expected rvbench.KEY=VALUE; nothing changed\n");
	assert_int_equal(c.bad_options, 1);
}

static void other_programs_words_stay_theirs(void **s)
{
	(void)s;
	struct config c;

	config_defaults(&c);
	config_parse_bootargs(&c, "rvbench console=ttySIF0 earlycon root=/dev/vda rw quiet "
			      "net.ifnames=0 bench.x=1 rvb.y=2 rcu.z=3 init=/bin/sh qsrot.n=5",
			      &hooks);
	assert_string_equal(complaints, "");
	assert_int_equal(c.bad_options, 0);
	assert_true(config_selects(&c, "addi100", 0));
}

static void control_bytes_are_shown_escaped(void **s)
{
	(void)s;
	struct config c;

	config_defaults(&c);
	config_parse_bootargs(&c, "rvbench.samples=5\r rvbench.warmup=0\033[31m rvbench.seed\001", &hooks);
	assert_string_equal(complaints,
			    "error: samples=5<0x0d>: expected a whole number in 1..65535; nothing changed\n"
			    "error: warmup=0<0x1b>[31m: expected auto or a whole number in 0..65535;"
			    " nothing changed\n"
			    "error: rvbench.seed<0x01>: expected rvbench.KEY=VALUE; nothing changed\n");
	assert_int_equal(c.bad_options, 3);
	assert_int_equal(c.samples, CONFIG_DEFAULT_SAMPLES);

	/* The console's way in, config_set(), alike. */
	reset(NULL);
	assert_int_equal(config_set(&c, "counter", "plain\377", &hooks), -1);
	assert_string_equal(complaints, "error: counter=plain<0xff>: expected plain or fenced; nothing changed\n");
}

/* A refused word as long as one may be (191 bytes), even all control
 * bytes: the complaint holds its reason and outcome whole, the word cut
 * in its middle, its start and its end shown. */
static void long_refused_words_keep_their_reason(void **s)
{
	(void)s;
	struct config c;
	char line[400] = "rvbench.harts=";

	while (strlen(line) < 189)
		strcat(line, "1,");
	strcat(line, "x");
	assert_int_equal(strlen(line), 191);
	config_defaults(&c);
	config_parse_bootargs(&c, line, &hooks);
	assert_int_equal(c.bad_options, 1);
	assert_true(longest <= CONFIG_COMPLAINT_MAX);
	assert_non_null(strstr(complaints, "error: harts=1,1,"));
	assert_non_null(strstr(complaints, ",1,...,1,"));
	assert_non_null(strstr(complaints, ",1,1,x: expected all, or comma-separated hart ids 0..63;"
					   " nothing changed\n"));

	reset(NULL);
	char value[160];
	memset(value, '\v', sizeof(value) - 1);
	value[sizeof(value) - 1] = '\0';
	assert_int_equal(config_set(&c, "qsort.n", value, &hooks), -1);
	assert_true(longest <= CONFIG_COMPLAINT_MAX);
	assert_non_null(strstr(complaints, "error: qsort.n=<0x0b><0x0b>"));
	assert_non_null(strstr(complaints, "<0x0b>...<0x0b>"));
	assert_non_null(strstr(complaints, "<0x0b>: expected a whole number, or a comma-separated list"
					   " of them; nothing changed\n"));

	/* A word that fits is shown whole. */
	reset(NULL);
	assert_int_equal(config_set(&c, "qsort.n", "2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,"
				    "21,22,23,24,25,26,27,28,29,30,31,32,33,34,2000", &hooks), -1);
	assert_string_equal(complaints, "error: qsort.n=2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,"
			    "20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,2000: at most 24 values in a"
			    " sweep; nothing changed\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(misspelt_prefixes_are_refused_by_name, reset),
		cmocka_unit_test_setup(other_programs_words_stay_theirs, reset),
		cmocka_unit_test_setup(control_bytes_are_shown_escaped, reset),
		cmocka_unit_test_setup(long_refused_words_keep_their_reason, reset),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
