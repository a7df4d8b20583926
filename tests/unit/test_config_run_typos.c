/*
 * A rvbench.run= word whose key is mistyped (src/config.c): "rvbench.RUN=",
 * "rvbench.rnu=", "rvbench.runs=", "RVBENCH.RUN=" were refused as unknown
 * keys with "nothing changed", and the whole suite then ran where a few
 * benchmarks were asked for: the one outcome a refused selection must not
 * have. Such a word now selects no benchmark, as a refused rvbench.run=
 * does, and says so; a key that is not run, however close, is untouched.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "config.h"

static char complaints[2048];

static void collect(const char *msg)
{
	strncat(complaints, msg, sizeof(complaints) - strlen(complaints) - 2);
	strcat(complaints, "\n");
}

static const struct config_hooks hooks = { .complain = collect };

/* The command line `line` refused one word and ran nothing, saying so in
 * the one error line `said`. */
static void assert_runs_nothing(const char *line, const char *said)
{
	struct config c;

	complaints[0] = '\0';
	config_defaults(&c);
	config_parse_bootargs(&c, line, &hooks);
	assert_string_equal(complaints, said);
	assert_int_equal(c.bad_options, 1);
	assert_false(config_selects(&c, "addi100", 0));
	assert_false(config_selects(&c, "crc32", 0));
}

static void misspelt_run_keys_select_nothing(void **state)
{
	(void)state;
	static const char *const keys[] = {
		"RUN", "Run", "rnu", "urn", "rn", "un", "runs", "rum", "rrun",
	};

	for (unsigned i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		char line[96], said[200];
		/* beside a valid selection, before it and after it */
		snprintf(line, sizeof(line), "rvbench.run=addi100 rvbench.%s=crc32", keys[i]);
		snprintf(said, sizeof(said), "error: %s=crc32: unknown key (see `help`); no benchmark"
			 " runs\n", keys[i]);
		assert_runs_nothing(line, said);
		snprintf(line, sizeof(line), "rvbench.%s=crc32 rvbench.run=addi100", keys[i]);
		assert_runs_nothing(line, said);
		/* without a value */
		snprintf(line, sizeof(line), "rvbench.%s", keys[i]);
		snprintf(said, sizeof(said), "error: rvbench.%s: expected rvbench.KEY=VALUE; no benchmark"
			 " runs\n", keys[i]);
		assert_runs_nothing(line, said);
	}
}

/* A misspelt prefix and a misspelt key at once: still no benchmark. */
static void misspelt_prefix_and_key_select_nothing(void **state)
{
	(void)state;
	static const char *const words[] = {
		"RVBENCH.RUN=crc32", "rvbnech.rnu=crc32", "Rvbench.Run=crc32", "rvbench_RUN=crc32",
	};

	for (unsigned i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		char said[200];
		snprintf(said, sizeof(said), "error: %s: not read: the options are rvbench.KEY=VALUE"
			 " (a misspelt prefix?); no benchmark runs\n", words[i]);
		assert_runs_nothing(words[i], said);
	}
}

/* The other keys, valid or not, are no run= word: a refused one changes
 * nothing and the selection stands. */
static void other_keys_keep_the_selection(void **state)
{
	(void)state;
	struct config c;

	complaints[0] = '\0';
	config_defaults(&c);
	config_parse_bootargs(&c, "rvbench.seed=5 rvbench.size=40 rvbench.cross=0 rvbench.exit=park"
			      " rvbench.console=0", &hooks);
	assert_string_equal(complaints, "");
	assert_true(config_selects(&c, "addi100", 0));

	config_defaults(&c);
	config_parse_bootargs(&c, "rvbench.burn=crc32 rvbench.rnnu=1 rvbench.runes=2", &hooks);
	assert_int_equal(c.bad_options, 3);
	assert_null(strstr(complaints, "no benchmark runs"));
	assert_true(config_selects(&c, "addi100", 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(misspelt_run_keys_select_nothing),
		cmocka_unit_test(misspelt_prefix_and_key_select_nothing),
		cmocka_unit_test(other_keys_keep_the_selection),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
