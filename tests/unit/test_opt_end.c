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

/* Each command line (NULL-terminated) is refused with its message. */
struct refusal {
	char *argv[5];
	const char *msg;
};

static void assert_refusals(const struct refusal *r, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char msg[512], *argv[5];
		int argc = 0;
		while (r[i].argv[argc]) {
			argv[argc] = r[i].argv[argc];
			argc++;
		}
		argv[argc] = NULL;
		assert_int_equal(run(argv, argc, msg, sizeof(msg)), EXIT_ERROR);
		assert_string_equal(msg, r[i].msg);
	}
}

static void reading_command(void **state)
{
	(void)state;
	static const struct refusal r[] = {
		{ { "fleet", "-xo", "out", "dir" }, "fleet: unknown option -x (see rvbench fleet --help)" },
		{ { "stats", "-z", "dir" }, "stats: unknown option -z (see rvbench stats --help)" },
		{ { "fleet", "--frobnicate", "dir" },
		  "fleet: unknown option --frobnicate (see rvbench fleet --help)" },
		{ { "fleet", "dir", "--output" }, "fleet: option --output needs a value" },
	};
	assert_refusals(r, sizeof(r) / sizeof(r[0]));
}

static void collecting_command(void **state)
{
	(void)state;
	static const struct refusal r[] = {
		{ { "replay", "-qz", "uart.log" }, "replay: unknown option -z (see rvbench replay --help)" },
		{ { "replay", "--frobnicate", "uart.log" },
		  "replay: unknown option --frobnicate (see rvbench replay --help)" },
		{ { "replay", "uart.log", "-o" }, "replay: option -o needs a value" },
	};
	assert_refusals(r, sizeof(r) / sizeof(r[0]));
}

TEST_MAIN(cmocka_unit_test(reading_command), cmocka_unit_test(collecting_command))
