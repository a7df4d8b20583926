/* The end of every reading command's option switch (commands.h). */
#include "commands.h"

#include <getopt.h>
#include <stdio.h>

#include "session.h"

int opt_end(const struct command *cmd, int opt, char **argv)
{
	if (opt == 'h') {
		fputs(cmd->help, stdout);
		return 0;
	}
	if (opt == ':')
		rvb_error("%s: option %s needs a value", cmd->name, argv[optind - 1]);
	else
		rvb_error("%s: unknown option %s (see rvbench %s --help)", cmd->name, argv[optind - 1],
			  cmd->name);
	return EXIT_ERROR;
}
