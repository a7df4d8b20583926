/* The options qemu, serial and replay share (collect_cli.h). */
#include "collect_cli.h"
#include "commands.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Strict unsigned decimal in [min, max]. */
int parse_uint(const char *s, unsigned long min, unsigned long max, unsigned long *out)
{
	char *end;

	if (!*s || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	unsigned long v = strtoul(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

/* getopt_long with our own messages: one line, naming the problem. */
static int next_opt(const char *cmd, int argc, char **argv, const char *shortopts,
		    const struct option *longopts)
{
	int opt = getopt_long(argc, argv, shortopts, longopts, NULL);

	if (opt == '?' || opt == ':')
		opt_say_bad(cmd, opt, argv);
	return opt;
}

unsigned collect_timeout_s(const struct collect_cli *c)
{
	if (c->cc.mode == CONSOLE_INTERACTIVE && !c->cc.timeout_given)
		return 0; /* a human at the keyboard */
	return (unsigned)c->timeout_s;
}

void collect_say_limit(const char *cmd, const char *what, const char *end, unsigned timeout_s,
		       unsigned max_time_s)
{
	if (!end)
		return;
	/* "collection ended: timeout" alone does not say that the device
	 * went quiet (a hang, a reset, a cable), as opposed to a long run. */
	if (!strcmp(end, "timeout"))
		rvb_error("%s: no byte from %s for %u s (--timeout): stopped; the results hold what"
			  " arrived before", cmd, what, timeout_s);
	else if (!strcmp(end, "max-time"))
		rvb_error("%s: the collection reached --max-time (%u s) while %s was still sending:"
			  " stopped; the results hold what arrived before", cmd, max_time_s, what);
}

void reset_getopt(void)
{
	optind = 0; /* glibc: start over (several parses in one process) */
	opterr = 0;
}

static int console_opt(const char *cmd, struct console_cli *cc, int opt, const char *arg)
{
	enum console_mode want = opt == 'e' ? CONSOLE_EXEC : CONSOLE_INTERACTIVE;

	if (cc->mode != CONSOLE_OFF && cc->mode != want) {
		rvb_error("%s: --exec and --console exclude each other", cmd);
		return -1;
	}
	if (want == CONSOLE_EXEC && cc->script) {
		rvb_error("%s: one --exec only (separate the commands with ';')", cmd);
		return -1;
	}
	cc->mode = want;
	if (want == CONSOLE_EXEC)
		cc->script = arg;
	return 0;
}

enum { OPT_OTHER, OPT_TAKEN, OPT_HELP, OPT_BAD };

/* One of the shared options (--timeout, --max-time, --exec, --console, --allow-partial,
 * --output, --device-name, -v, -q, --help: usage printed); OPT_OTHER for the command's own,
 * OPT_BAD once the error is said. */
static int collect_opt(const char *cmd, const char *usage, struct collect_cli *c, int opt,
		       const char *arg)
{
	unsigned long v;

	switch (opt) {
	case 't':
		if (parse_uint(arg, 0, 1000000, &v)) {
			rvb_error("%s: --timeout must be whole seconds, not '%s'", cmd, arg);
			return OPT_BAD;
		}
		c->timeout_s = v;
		c->cc.timeout_given = 1;
		return OPT_TAKEN;
	case OPT_MAX_TIME:
		if (parse_uint(arg, 0, 1000000, &v)) {
			rvb_error("%s: --max-time must be whole seconds, not '%s'", cmd, arg);
			return OPT_BAD;
		}
		c->max_time_s = v;
		return OPT_TAKEN;
	case 'e':
	case 'c':
		return console_opt(cmd, &c->cc, opt, arg) ? OPT_BAD : OPT_TAKEN;
	case 'P':
		c->allow_partial = 1;
		return OPT_TAKEN;
	case 'F':
		c->force = 1;
		return OPT_TAKEN;
	case 'o':
		c->outdir = arg;
		return OPT_TAKEN;
	case 'v':
		c->verbose = 1;
		return OPT_TAKEN;
	case 'q':
		c->quiet = 1;
		return OPT_TAKEN;
	case 'D':
		if (!*arg || strlen(arg) > DEVICE_NAME_MAX) {
			rvb_error("%s: --device-name takes 1 to %d characters, not '%s'", cmd,
				  DEVICE_NAME_MAX, arg);
			return OPT_BAD;
		}
		for (const unsigned char *p = (const unsigned char *)arg; *p; p++)
			if (*p < 0x20 || *p == 0x7f) {
				rvb_error("%s: --device-name may not hold control characters", cmd);
				return OPT_BAD;
			}
		c->device_name = arg;
		return OPT_TAKEN;
	case 'h':
		fputs(usage, stdout);
		return OPT_HELP;
	default:
		return OPT_OTHER;
	}
}

/* next_opt() with the shared options taken here (collect_cli.h). */
int next_own_opt(const char *cmd, const char *usage, struct collect_cli *c, int argc, char **argv,
		 const char *shortopts, const struct option *lo, int *status)
{
	int opt;

	while ((opt = next_opt(cmd, argc, argv, shortopts, lo)) != -1) {
		switch (collect_opt(cmd, usage, c, opt, optarg)) {
		case OPT_TAKEN:
			continue;
		case OPT_HELP:
			*status = 0;
			return OPT_RETURN;
		case OPT_BAD:
			*status = EXIT_ERROR;
			return OPT_RETURN;
		default:
			return opt;
		}
	}
	return -1;
}
