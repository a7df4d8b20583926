/* The end of every command's option switch (commands.h). */
#include "commands.h"

#include <getopt.h>
#include <stdio.h>

#include "session.h"

void opt_say_bad(const char *cmd, int opt, char **argv)
{
	if (opt == ':')
		rvb_error("%s: option %s needs a value", cmd, argv[optind - 1]);
	else if (opt == '?' && optopt)
		/* A short option: optind may still be at its word ("-vz"). */
		rvb_error("%s: unknown option -%c (see rvbench %s --help)", cmd, optopt, cmd);
	else
		rvb_error("%s: unknown option %s (see rvbench %s --help)", cmd, argv[optind - 1],
			  cmd);
}

int opt_end(const struct command *cmd, int opt, char **argv)
{
	if (opt == 'h') {
		fputs(cmd->help, stdout);
		return 0;
	}
	opt_say_bad(cmd->name, opt, argv);
	return EXIT_ERROR;
}
