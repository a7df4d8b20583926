/* `rvbench COMMAND`: the usage listing, the version and the dispatch, all
 * from the table of commands (commands.h). */
#include "cli.h"

#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "results_check.h"
#include "session.h"
#include "version.h"

static const char usage_head[] =
	"usage: rvbench COMMAND [OPTIONS]\n"
	"\n"
	"Collect rvbench results from the firmware's UART into CSV files.\n"
	"\n"
	"commands:\n";

static const char usage_tail[] =
	"\n"
	"qemu, serial and replay write uart.log, samples.csv, summary.csv, gaps.csv,\n"
	"tracepoints.csv and meta.json into the output directory (-o DIR; default\n"
	"results/<UTC time>, linked from results/latest) and print a summary; qemu\n"
	"and serial take --exec 'CMD; ...' and --console to drive the firmware's\n"
	"console (see their --help). The commands that read a result directory refuse\n"
	"one whose files do not match its meta.json (exit 2) unless given --no-check.\n"
	"Exit status: 0 every run complete and verified, 1 a run incomplete,\n"
	"2 an error (usage, input, output).\n"
	"\n"
	"  -h, --help       this help; `rvbench COMMAND --help` for a command\n"
	"  -V, --version    print the version\n";

/* The summaries start in this column, at least two spaces after "NAME ARGS". */
#define SUMMARY_COL 19

static void print_usage(void)
{
	fputs(usage_head, stdout);
	for (size_t i = 0; i < ncommands; i++) {
		const struct command *c = &commands[i];
		int n = printf("  %s %s", c->name, c->args);
		printf("%*s", n + 2 < SUMMARY_COL ? SUMMARY_COL - n : 2, "");
		for (const char *p = c->summary; *p; p++)
			if (*p == '\n')
				printf("\n%*s", SUMMARY_COL, "");
			else
				putchar(*p);
		putchar('\n');
	}
	fputs(usage_tail, stdout);
}

/* "qemu, serial, ..." for the messages that list the commands. */
static void command_names(char *buf, size_t len)
{
	size_t n = 0;
	buf[0] = 0;
	for (size_t i = 0; i < ncommands && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? ", " : "", commands[i].name);
}

/*
 * The commands that read a result directory (stats, compare, plot, report,
 * fleet, baseline) check its files against meta.json (results_check.h);
 * --no-check, anywhere
 * before a "--", turns that off. It is taken out of argv here, once for
 * all of them. Returns the new argc.
 */
static int take_no_check(int argc, char **argv)
{
	int n = 2;
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--")) {
			while (i < argc)
				argv[n++] = argv[i++];
			break;
		}
		if (!strcmp(argv[i], "--no-check"))
			results_set_check(0);
		else
			argv[n++] = argv[i];
	}
	argv[n] = NULL;
	return n;
}

int cli_main(int argc, char **argv)
{
	char names[256];
	command_names(names, sizeof(names));
	if (argc < 2) {
		rvb_error("no command given (commands: %s; see rvbench --help)", names);
		return EXIT_ERROR;
	}
	const char *name = argv[1];
	if (!strcmp(name, "-h") || !strcmp(name, "--help") || !strcmp(name, "help")) {
		print_usage();
		return 0;
	}
	if (!strcmp(name, "-V") || !strcmp(name, "--version")) {
		printf("rvbench %s (wire format %d)\n", RVBENCH_HOST_VERSION, WIRE_VERSION);
		return 0;
	}
	const struct command *cmd = command_find(name);
	if (!cmd) {
		rvb_error("unknown command '%s' (commands: %s; see rvbench --help)", name, names);
		return EXIT_ERROR;
	}
	if (cmd->collects)
		session_signals_init();
	else
		argc = take_no_check(argc, argv);
	return cmd->run(cmd, argc - 1, argv + 1);
}
