/*
 * What a command says of an option it does not take (opt_end.c): the
 * reading commands (opt_end) and the collecting ones (next_own_opt) say it
 * alike, an unknown short option by its letter even inside a group of
 * them ("-xo": getopt_long is still at that word), a long one by its word,
 * and an option without its value.
 */
#include "test_main.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "session.h"

/* Runs `rvbench argv...`; its exit status, and what it said on stderr (the
 * first line, without "rvbench: " and the line feed) in msg. */
static int run(char **argv, int argc, char *msg, size_t len)
{
	const struct command *cmd = command_find(argv[0]);
	assert_non_null(cmd);
	FILE *tmp = tmpfile();
	assert_non_null(tmp);
	fflush(stderr);
	int saved = dup(2);
	assert_true(saved >= 0);
	assert_true(dup2(fileno(tmp), 2) >= 0);
	int rc = cmd->run(cmd, argc, argv);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(tmp);
	char line[512] = "";
	if (!fgets(line, sizeof(line), tmp))
		line[0] = 0;
	fclose(tmp);
	line[strcspn(line, "\n")] = 0;
	const char *p = !strncmp(line, "rvbench: ", 9) ? line + 9 : line;
	snprintf(msg, len, "%s", p);
	return rc;
}

static void reading_command(void **state)
{
	(void)state;
	char msg[512];
	char *grouped[] = { "fleet", "-xo", "out", "dir", NULL };
	assert_int_equal(run(grouped, 4, msg, sizeof(msg)), EXIT_ERROR);
	assert_string_equal(msg, "fleet: unknown option -x (see rvbench fleet --help)");
	char *alone[] = { "stats", "-z", "dir", NULL };
	assert_int_equal(run(alone, 3, msg, sizeof(msg)), EXIT_ERROR);
	assert_string_equal(msg, "stats: unknown option -z (see rvbench stats --help)");
	char *lng[] = { "fleet", "--frobnicate", "dir", NULL };
	assert_int_equal(run(lng, 3, msg, sizeof(msg)), EXIT_ERROR);
	assert_string_equal(msg, "fleet: unknown option --frobnicate (see rvbench fleet --help)");
	char *value[] = { "fleet", "dir", "--output", NULL };
	assert_int_equal(run(value, 3, msg, sizeof(msg)), EXIT_ERROR);
	assert_string_equal(msg, "fleet: option --output needs a value");
}

static void collecting_command(void **state)
{
	(void)state;
	char msg[512];
	char *grouped[] = { "replay", "-qz", "uart.log", NULL };
	assert_int_equal(run(grouped, 3, msg, sizeof(msg)), EXIT_ERROR);
	assert_string_equal(msg, "replay: unknown option -z (see rvbench replay --help)");
	char *lng[] = { "replay", "--frobnicate", "uart.log", NULL };
	assert_int_equal(run(lng, 3, msg, sizeof(msg)), EXIT_ERROR);
	assert_string_equal(msg, "replay: unknown option --frobnicate (see rvbench replay --help)");
	char *value[] = { "replay", "uart.log", "-o", NULL };
	assert_int_equal(run(value, 3, msg, sizeof(msg)), EXIT_ERROR);
	assert_string_equal(msg, "replay: option -o needs a value");
}

TEST_MAIN(cmocka_unit_test(reading_command), cmocka_unit_test(collecting_command))
