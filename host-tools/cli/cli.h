/* Command line of the rvbench host CLI: `rvbench COMMAND ...` (commands.h).
 * main.c only calls cli_main(), so everything else is testable. */
#ifndef RVBENCH_CLI_H
#define RVBENCH_CLI_H

/* Returns the process exit status (0 complete, 1 incomplete, 2 error). */
int cli_main(int argc, char **argv);

#endif
