/*
 * The commands of rvbench, in one table: the usage listing of
 * `rvbench --help`, the dispatch of `rvbench COMMAND` and each command's
 * `--help` all come from it.
 */
#ifndef RVBENCH_COMMANDS_H
#define RVBENCH_COMMANDS_H

#include <stddef.h>

struct command {
	const char *name;
	const char *args;    /* what follows the name in the usage listing */
	const char *summary; /* its line there; a '\n' continues it, indented */
	const char *help;    /* `rvbench NAME --help` */
	/* argv[0] is the command's name; returns the exit status. */
	int (*run)(const struct command *cmd, int argc, char **argv);
	int collects; /* reads a UART: Ctrl-C and SIGTERM end the collection */
};

extern const struct command commands[];
extern const size_t ncommands;

/* The command called name, or NULL. */
const struct command *command_find(const char *name);

/* The handlers (cmd_*.c): cmd->help is printed for --help. */
int cmd_qemu(const struct command *cmd, int argc, char **argv);
int cmd_serial(const struct command *cmd, int argc, char **argv);
int cmd_replay(const struct command *cmd, int argc, char **argv);
int cmd_stats(const struct command *cmd, int argc, char **argv);
int cmd_compare(const struct command *cmd, int argc, char **argv);
int cmd_fleet(const struct command *cmd, int argc, char **argv);
int cmd_plot(const struct command *cmd, int argc, char **argv);
int cmd_baseline(const struct command *cmd, int argc, char **argv);
int cmd_report(const struct command *cmd, int argc, char **argv);
int cmd_lava(const struct command *cmd, int argc, char **argv);

/* The last cases of a command's getopt_long switch, where opt is none of
 * its own: -h prints cmd's help (returns 0), ':' and anything else are
 * said as a missing value or an unknown option (returns EXIT_ERROR). */
int opt_end(const struct command *cmd, int opt, char **argv);
/* Says on stderr what getopt_long's opt ('?' or ':', opterr 0 and a
 * leading ':' in its short options) found wrong in command cmd's options:
 * an unknown option, by its letter when it is a short one (optopt), or one
 * missing its value. opt_end and the collecting commands' options say it. */
void opt_say_bad(const char *cmd, int opt, char **argv);

#endif
