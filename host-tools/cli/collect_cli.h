/*
 * What qemu, serial and replay share on their command lines (--timeout,
 * --output, --allow-partial, --exec, --console, --device-name, --help): the parsing
 * (collect_opts.c) and the console around the collection
 * (collect_console.c).
 */
#ifndef RVBENCH_COLLECT_CLI_H
#define RVBENCH_COLLECT_CLI_H

#include <getopt.h>

#include "console_drive.h"
#include "session.h"

/* --timeout: the watchdog on a live device, in seconds of silence (no
 * byte received for that long), not of the whole collection: a run that
 * keeps streaming is never cut by it. --max-time bounds the whole. */
#define DEFAULT_TIMEOUT_S 600
/* getopt's code of --max-time (no short option). */
#define OPT_MAX_TIME 0x100
/* --device-name: long enough for a board name and a serial number. */
#define DEVICE_NAME_MAX 80

/* --exec and --console as given (console_drive.h runs them). */
struct console_cli {
	enum console_mode mode;
	const char *script;
	int timeout_given;
};

/* The long options of collect_opt(), for qemu and serial (replay takes
 * --output, --allow-partial, --force, --device-name, -v, -q and --help only), and the table's end. */
#define COLLECT_LONG_OPTIONS                            \
	{ "timeout", required_argument, NULL, 't' },    \
	{ "max-time", required_argument, NULL, OPT_MAX_TIME }, \
	{ "output", required_argument, NULL, 'o' },     \
	{ "allow-partial", no_argument, NULL, 'P' },    \
	{ "force", no_argument, NULL, 'F' },            \
	{ "exec", required_argument, NULL, 'e' },       \
	{ "console", no_argument, NULL, 'c' },          \
	{ "device-name", required_argument, NULL, 'D' }, \
	{ "verbose", no_argument, NULL, 'v' },          \
	{ "quiet", no_argument, NULL, 'q' },            \
	{ "help", no_argument, NULL, 'h' },             \
	{ 0, 0, 0, 0 }

/* What qemu, serial and replay share on their command lines. */
struct collect_cli {
	struct console_cli cc;
	const char *outdir;
	unsigned long timeout_s;
	/* --allow-partial: lost samples alone do not make the exit status
	 * non-zero; a failed block still does. */
	int allow_partial;
	/* --device-name: the board or device measured, for meta.json. */
	const char *device_name;
	/* -v: every block's full statistics after the table; -q: no
	 * progress while collecting. */
	int verbose, quiet;
	/* --force: an -o directory that holds files may be overwritten. */
	int force;
	/* --max-time: seconds the whole collection may take, however busy
	 * the device is (0: no limit, the default). */
	unsigned long max_time_s;
};

/* Strict unsigned decimal in [min, max]: 0, or -1 when s is not one. */
int parse_uint(const char *s, unsigned long min, unsigned long max, unsigned long *out);
/* The timeout in seconds once the options are parsed: --timeout, or
 * none (0) for --console without --timeout. */
unsigned collect_timeout_s(const struct collect_cli *c);
/* How a collection that ended on one of its limits ended, on stderr:
 * what (the device, e.g. "/dev/ttyUSB1" or "QEMU") was silent for
 * --timeout seconds, or --max-time ran out. Nothing for another end. */
void collect_say_limit(const char *cmd, const char *what, const char *end, unsigned timeout_s,
		       unsigned max_time_s);
/* Before a command's options are parsed (several parses in one process). */
void reset_getopt(void);

/*
 * getopt_long with the shared options taken into c: the next option that
 * is the command's own, -1 at the end, or OPT_RETURN when the command is
 * to return *status (its help printed, or an error said).
 */
#define OPT_RETURN (-2)
int next_own_opt(const char *cmd, const char *usage, struct collect_cli *c, int argc, char **argv,
		 const char *shortopts, const struct option *lo, int *status);

/* Before anything is opened: the script is checked. 0, or -1 said. */
int console_prepare(const char *cmd, const struct console_cli *cc, struct console *k, int add_exit);
/* The session is open: the terminal goes raw for --console. */
void console_begin(const char *cmd, struct console *k, struct session *s);
/* The collection is over: the terminal back, and a word on the script. */
void console_end(struct console *k);
/* The exit status of a console collection (collect_console.c says how). */
int console_status(const struct console *k, const struct session *s, int status);

#endif
