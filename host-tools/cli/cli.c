/* Argument parsing and the three subcommands (cli.h). */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "session.h"
#include "source.h"
#include "version.h"

#define DEFAULT_TIMEOUT_S 600

/* --allow-partial (every collecting command): lost samples alone do not
 * make the exit status non-zero; a failed block still does. */
static int allow_partial;

static const char usage_main[] =
	"usage: rvbench COMMAND [OPTIONS]\n"
	"\n"
	"Collect rvbench results from the firmware's UART into CSV files.\n"
	"\n"
	"commands:\n"
	"  qemu IMAGE       boot IMAGE on QEMU and collect its UART\n"
	"  serial --port DEV  read a real board's UART (never writes to it without\n"
	"                   --exec or --console)\n"
	"  replay FILE      decode a saved UART log\n"
	"  stats DIR        statistics of a result directory (also --format csv|json|gbench-json)\n"
	"  compare A B      A/B comparison of two result directories (or DIR:BENCH)\n"
	"  plot DIR         histogram, CDF and more as PNG/SVG through gnuplot\n"
	"\n"
	"Each writes uart.log, samples.csv, summary.csv and meta.json into the\n"
	"output directory (-o DIR; default results/<UTC time>, linked from\n"
	"results/latest) and prints a summary.\n"
	"Exit status: 0 every run complete and verified, 1 a run incomplete,\n"
	"2 an error (usage, input, output). qemu and serial take --exec 'CMD; ...'\n"
	"and --console to drive the firmware's console (see their --help).\n"
	"\n"
	"  -h, --help       this help; `rvbench COMMAND --help` for a command\n"
	"  -V, --version    print the version\n";

static const char usage_qemu[] =
	"usage: rvbench qemu [OPTIONS] IMAGE\n"
	"       rvbench qemu [OPTIONS] --qemu-args '-bios FIRMWARE ...'\n"
	"\n"
	"Boot IMAGE (QEMU -kernel) under QEMU (qemu-system-riscv64, or $RVBENCH_QEMU)\n"
	"with the console UART on a pipe; stop QEMU when the run's trailer arrived\n"
	"or on the timeout. Nothing is ever written to the UART (stdin is /dev/null)\n"
	"unless --exec or --console is given: then the firmware gets rvbench.console=1\n"
	"(instead of rvbench.listen_ms=0), waits at its prompt 'rvbench> ', and every\n"
	"run the commands start is collected.\n"
	"\n"
	"  -e, --exec 'CMD; CMD; ...'  console commands (help, list, show, set KEY VALUE,\n"
	"                       run [GLOB], reboot, exit), each sent once the prompt is\n"
	"                       there, the next after the prompt came back; then 'exit'\n"
	"                       (unless given) and QEMU ends. Error answers are reported\n"
	"                       on stderr but do not change the exit status\n"
	"  -c, --console        interactive: the terminal's input goes to the UART (raw\n"
	"                       mode), the human lines come out on stdout; Ctrl-] ends\n"
	"                       (no default timeout)\n"
	"  -M, --machine NAME   sifive_u (default) or virt\n"
	"      --smp N          harts (default 5 on sifive_u, like the FU540; 1 on virt)\n"
	"      --icount SHIFT|off  -icount shift=SHIFT,sleep=off, 0..10 (default 0: cycles are\n"
	"                       emulated instruction counts); off: host-time counters\n"
	"      --bootargs STR   more kernel command line after rvbench.exit=reboot\n"
	"                       rvbench.listen_ms=0 (later words win); with --exec or\n"
	"                       --console after rvbench.exit=reboot rvbench.console=1\n"
	"      --memory SIZE    QEMU -m SIZE (default: QEMU's)\n"
	"      --qemu-args STR  more QEMU arguments, split on spaces, appended last (may be\n"
	"                       repeated): '-bios FILE' replaces -bios default,\n"
	"                       '-drive file=DISK,format=raw,if=virtio' adds a disk. Without\n"
	"                       IMAGE (a -bios holding the whole boot) there is no -kernel\n"
	"                       and no -append, so no --bootargs\n"
	"  -t, --timeout SEC    stop after SEC seconds (default 600, 0: never)\n"
	"  -o, --output DIR     output directory\n"
	"      --allow-partial  exit 0 even if samples were lost (gaps.csv lists them)\n"
	"  -h, --help           this help\n";

static const char usage_serial[] =
	"usage: rvbench serial --port DEV [OPTIONS]\n"
	"\n"
	"Read a board's UART (raw mode, read-only: nothing is ever written and\n"
	"DTR/RTS are left alone) until the trailer of a run that started after\n"
	"the port was opened, the timeout, or the end of the stream.\n"
	"With --exec or --console the port is opened read-write and every run\n"
	"is collected until the console session ends.\n"
	"\n"
	"  -p, --port DEV       serial device, e.g. /dev/ttyUSB1\n"
	"  -e, --exec 'CMD; CMD; ...'  console commands: nothing is written before the\n"
	"                       firmware shows its prompt 'rvbench> ' (so U-Boot's\n"
	"                       autoboot is never stopped; start rvbench, then reset the\n"
	"                       board), each command after the previous one's prompt came\n"
	"                       back, a byte at a time; the port is closed after the last\n"
	"                       one's prompt. Error answers do not change the exit status\n"
	"  -c, --console        interactive: the terminal's input goes to the port (raw\n"
	"                       mode), the human lines come out on stdout; Ctrl-] ends\n"
	"                       (no default timeout)\n"
	"  -b, --baud N         9600 .. 3000000, a standard rate (default 115200)\n"
	"  -t, --timeout SEC    stop after SEC seconds (default 600, 0: never)\n"
	"  -o, --output DIR     output directory\n"
	"      --allow-partial  exit 0 even if samples were lost (gaps.csv lists them)\n"
	"  -h, --help           this help\n";

static const char usage_replay[] =
	"usage: rvbench replay [OPTIONS] FILE\n"
	"\n"
	"Decode a saved UART log (for example a uart.log) as if it were received.\n"
	"\n"
	"  -o, --output DIR     output directory\n"
	"      --allow-partial  exit 0 even if samples were lost (gaps.csv lists them)\n"
	"  -h, --help           this help\n";

/* Strict unsigned decimal in [min, max]. */
static int parse_uint(const char *s, unsigned long min, unsigned long max, unsigned long *out)
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

	if (opt == '?') {
		if (optopt)
			rvb_error("%s: unknown option -%c (see rvbench %s --help)", cmd, optopt, cmd);
		else
			rvb_error("%s: unknown option %s (see rvbench %s --help)", cmd,
				  argv[optind - 1], cmd);
	} else if (opt == ':') {
		rvb_error("%s: option %s needs a value", cmd, argv[optind - 1]);
	}
	return opt;
}

static void reset_getopt(void)
{
	optind = 0; /* glibc: start over (several parses in one process) */
	opterr = 0;
}

/* ---- --exec and --console (qemu and serial) ---------------------------------- */

struct console_cli {
	enum console_mode mode;
	const char *script;
	int timeout_given;
};

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

/* The long options of collect_opt(), for qemu and serial (replay takes
 * --output, --allow-partial and --help only), and the table's end. */
#define COLLECT_LONG_OPTIONS                            \
	{ "timeout", required_argument, NULL, 't' },    \
	{ "output", required_argument, NULL, 'o' },     \
	{ "allow-partial", no_argument, NULL, 'P' },    \
	{ "exec", required_argument, NULL, 'e' },       \
	{ "console", no_argument, NULL, 'c' },          \
	{ "help", no_argument, NULL, 'h' },             \
	{ 0, 0, 0, 0 }

/* What qemu, serial and replay share on their command lines. */
struct collect_cli {
	struct console_cli cc;
	const char *outdir;
	unsigned long timeout_s;
};

enum { OPT_OTHER, OPT_TAKEN, OPT_HELP, OPT_BAD };

/* One of the shared options (--timeout, --exec, --console, --allow-partial,
 * --output, --help: usage printed); OPT_OTHER for the command's own,
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
	case 'e':
	case 'c':
		return console_opt(cmd, &c->cc, opt, arg) ? OPT_BAD : OPT_TAKEN;
	case 'P':
		allow_partial = 1;
		return OPT_TAKEN;
	case 'o':
		c->outdir = arg;
		return OPT_TAKEN;
	case 'h':
		fputs(usage, stdout);
		return OPT_HELP;
	default:
		return OPT_OTHER;
	}
}

/*
 * next_opt() with the shared options taken here: the next option that is
 * the command's own, -1 at the end, or OPT_RETURN when the command is to
 * return *status (its help printed, or an error said).
 */
#define OPT_RETURN (-2)
static int next_own_opt(const char *cmd, const char *usage, struct collect_cli *c, int argc,
			char **argv, const char *shortopts, const struct option *lo, int *status)
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

/* Before anything is opened: the script is checked. */
static int console_prepare(const char *cmd, const struct console_cli *cc, struct console *k,
			   int add_exit)
{
	char err[256];

	if (console_init(k, cc->mode, cc->script, add_exit, -1, STDIN_FILENO, stdout, err,
			 sizeof(err))) {
		rvb_error("%s: %s", cmd, err);
		return -1;
	}
	return 0;
}

/* The session is open: the terminal goes raw for --console. */
static void console_begin(const char *cmd, struct console *k, struct session *s)
{
	if (k->mode == CONSOLE_OFF)
		return;
	/* The human lines go to stdout; a progress line would mix in. */
	if (isatty(STDOUT_FILENO))
		s->progress = 0;
	if (k->mode == CONSOLE_INTERACTIVE) {
		if (console_tty_raw(STDIN_FILENO))
			rvb_error("%s: cannot put the terminal in raw mode: %s", cmd, strerror(errno));
		fprintf(stderr, "rvbench: %s console: type at the prompt '%s'; Ctrl-] ends the session\n",
			cmd, CONSOLE_PROMPT);
	}
}

/* The collection is over: the terminal back, and a word on the script. */
static void console_end(struct console *k)
{
	console_tty_restore();
	if (k->mode == CONSOLE_INTERACTIVE)
		fputc('\n', stdout); /* the summary starts on a line of its own */
	console_report(k);
}

/* The exit status of a console collection: as the runs say, except that
 * a script that starts no run (list, show, set) and got every command
 * answered is a success, and one with commands never sent or never
 * answered is not (their runs are missing). Error answers never change it:
 * they lose no data. */
static int console_status(const struct console *k, const struct session *s, int status)
{
	if (k->mode != CONSOLE_EXEC)
		return status;
	int all_done = console_commands_done(k) == k->ncmd - k->added_exit;
	if (status == EXIT_INCOMPLETE && !s->c->nruns && !console_script_runs(k) && all_done)
		return EXIT_COMPLETE;
	if (status == EXIT_COMPLETE && !all_done)
		return EXIT_INCOMPLETE;
	return status;
}

static int cmd_qemu(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "machine", required_argument, NULL, 'M' },
		{ "smp", required_argument, NULL, 's' },
		{ "icount", required_argument, NULL, 'i' },
		{ "bootargs", required_argument, NULL, 'a' },
		{ "memory", required_argument, NULL, 'm' },
		{ "qemu-args", required_argument, NULL, 'q' },
		COLLECT_LONG_OPTIONS,
	};
	struct collect_cli c = { { CONSOLE_OFF, NULL, 0 }, NULL, DEFAULT_TIMEOUT_S };
	struct qemu_opts o = { .machine = "sifive_u", .icount_shift = 0 };
	unsigned long v;
	int opt, status, has_qemu_args = 0;
	static char *qemu_args_buf; /* lives as long as the command */

	reset_getopt();
	while ((opt = next_own_opt("qemu", usage_qemu, &c, argc, argv, ":M:t:o:e:ch", lo, &status)) !=
	       -1) {
		if (opt == OPT_RETURN)
			return status;
		switch (opt) {
		case 'M':
			if (strcmp(optarg, "sifive_u") && strcmp(optarg, "virt")) {
				rvb_error("qemu: --machine must be sifive_u or virt, not '%s'", optarg);
				return EXIT_ERROR;
			}
			o.machine = optarg;
			break;
		case 's':
			if (parse_uint(optarg, 1, 64, &v)) {
				rvb_error("qemu: --smp must be a number from 1 to 64, not '%s'", optarg);
				return EXIT_ERROR;
			}
			o.smp = (unsigned)v;
			break;
		case 'i':
			if (!strcmp(optarg, "off"))
				o.icount_shift = -1;
			else if (parse_uint(optarg, 0, 10, &v)) {
				rvb_error("qemu: --icount must be a shift from 0 to 10 or 'off', not '%s'",
					  optarg);
				return EXIT_ERROR;
			} else
				o.icount_shift = (int)v;
			break;
		case 'a':
			o.bootargs = optarg;
			break;
		case 'm':
			if (!*optarg || strpbrk(optarg, " ,")) {
				rvb_error("qemu: bad --memory value '%s'", optarg);
				return EXIT_ERROR;
			}
			o.memory = optarg;
			break;
		case 'q': {
			/* The console is ours: a -serial or monitor on stdio would
			 * take the UART from the collector. */
			static const char *const own[] = { "-serial", "-nographic", "-monitor",
							   "-daemonize" };
			for (size_t k = 0; k < sizeof(own) / sizeof(own[0]); k++) {
				const char *w = strstr(optarg, own[k]);
				size_t l = strlen(own[k]);
				if (w && (w == optarg || w[-1] == ' ') && (!w[l] || w[l] == ' ')) {
					rvb_error("qemu: --qemu-args must not set %s: rvbench owns the console",
						  own[k]);
					return EXIT_ERROR;
				}
			}
			/* Several --qemu-args add up, in order. */
			char *all;
			if (asprintf(&all, "%s%s%s", o.qemu_args ? o.qemu_args : "",
				     o.qemu_args ? " " : "", optarg) < 0) {
				rvb_error("qemu: out of memory");
				return EXIT_ERROR;
			}
			free(qemu_args_buf);
			o.qemu_args = qemu_args_buf = all;
			has_qemu_args = 1;
			break;
		}
		default:
			return EXIT_ERROR;
		}
	}
	o.timeout_s = (unsigned)c.timeout_s;
	if (optind == argc && has_qemu_args) {
		/* The -bios in --qemu-args is the whole boot (fw_payload). */
		if (o.bootargs) {
			rvb_error("qemu: --bootargs needs an IMAGE: QEMU passes -append to -kernel only");
			return EXIT_ERROR;
		}
	} else if (optind != argc - 1) {
		rvb_error(optind >= argc ? "qemu: no IMAGE given (see rvbench qemu --help)"
					 : "qemu: one IMAGE only (see rvbench qemu --help)");
		return EXIT_ERROR;
	} else {
		o.image = argv[optind];
	}
	if (o.image && access(o.image, R_OK)) {
		rvb_error("qemu: cannot read image %s: %s", o.image, strerror(errno));
		return EXIT_ERROR;
	}
	if (!o.smp)
		o.smp = strcmp(o.machine, "sifive_u") ? 1 : 5;
	o.console = c.cc.mode != CONSOLE_OFF;
	if (c.cc.mode == CONSOLE_INTERACTIVE && !c.cc.timeout_given)
		o.timeout_s = 0; /* a human at the keyboard */

	/* --exec ends with "exit", so the firmware ends as rvbench.exit=reboot
	 * says and QEMU exits by itself. */
	struct console k;
	if (console_prepare("qemu", &c.cc, &k, 1))
		return EXIT_ERROR;
	char err[4400], icount[16];
	struct session s;
	if (session_open(&s, c.outdir, NULL, err, sizeof(err))) {
		rvb_error("%s", err);
		console_free(&k);
		return EXIT_ERROR;
	}
	s.allow_partial = allow_partial;
	console_begin("qemu", &k, &s);
	char **qargv = qemu_build_argv(&o);
	struct meta_source m = { .kind = "qemu", .argv = qargv, .machine = o.machine,
				 .timeout_s = o.timeout_s };
	if (o.icount_shift < 0)
		snprintf(icount, sizeof(icount), "off");
	else
		snprintf(icount, sizeof(icount), "%d", o.icount_shift);
	m.icount = icount;
	if (source_qemu(&s, &o, qargv, &m, o.console ? &k : NULL, err, sizeof(err))) {
		/* Nothing ran, nothing was received: leave no empty results. */
		console_tty_restore();
		rvb_error("%s", err);
		session_discard(&s);
		status = EXIT_ERROR;
	} else {
		console_end(&k);
		status = console_status(&k, &s, session_finish(&s, &m, stdout));
	}
	session_free(&s);
	console_free(&k);
	qemu_free_argv(qargv);
	return status;
}

static int cmd_serial(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "port", required_argument, NULL, 'p' },
		{ "baud", required_argument, NULL, 'b' },
		COLLECT_LONG_OPTIONS,
	};
	struct collect_cli c = { { CONSOLE_OFF, NULL, 0 }, NULL, DEFAULT_TIMEOUT_S };
	const char *port = NULL;
	unsigned long baud = 115200, v;
	int opt, status;

	reset_getopt();
	while ((opt = next_own_opt("serial", usage_serial, &c, argc, argv, ":p:b:t:o:e:ch", lo, &status)) !=
	       -1) {
		if (opt == OPT_RETURN)
			return status;
		switch (opt) {
		case 'p':
			port = optarg;
			break;
		case 'b':
			if (parse_uint(optarg, 1, ULONG_MAX, &v) || !serial_baud_ok(v)) {
				rvb_error("serial: unsupported baud rate '%s' (standard rates 9600..3000000)",
					  optarg);
				return EXIT_ERROR;
			}
			baud = v;
			break;
		default:
			return EXIT_ERROR;
		}
	}

	if (optind != argc) {
		rvb_error("serial: unexpected argument '%s'", argv[optind]);
		return EXIT_ERROR;
	}
	if (!port) {
		rvb_error("serial: --port DEV is required (see rvbench serial --help)");
		return EXIT_ERROR;
	}

	if (c.cc.mode == CONSOLE_INTERACTIVE && !c.cc.timeout_given)
		c.timeout_s = 0; /* a human at the keyboard */

	/* No "exit" added: the board stays at its prompt (or parks). */
	struct console k;
	if (console_prepare("serial", &c.cc, &k, 0))
		return EXIT_ERROR;
	char err[4400];
	/* Read-write only when the user asked for the console. */
	int fd = serial_open_mode(port, baud, c.cc.mode != CONSOLE_OFF, err, sizeof(err));
	if (fd < 0) {
		rvb_error("serial: %s", err);
		console_free(&k);
		return EXIT_ERROR;
	}
	struct session s;
	if (session_open(&s, c.outdir, NULL, err, sizeof(err))) {
		close(fd);
		rvb_error("%s", err);
		console_free(&k);
		return EXIT_ERROR;
	}
	s.allow_partial = allow_partial;
	s.link_bytes_per_s = baud / 10; /* 8N1: ten bits a byte */
	struct meta_source m = { .kind = "serial", .port = port, .baud = baud,
				 .timeout_s = (unsigned)c.timeout_s };
	console_begin("serial", &k, &s);
	m.end = src_end_name(source_serial_console(&s, fd, (unsigned)c.timeout_s, &k));
	console_end(&k);
	status = console_status(&k, &s, session_finish(&s, &m, stdout));
	session_free(&s);
	console_free(&k);
	return status;
}

static int cmd_replay(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "allow-partial", no_argument, NULL, 'P' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 },
	};
	struct collect_cli c = { { CONSOLE_OFF, NULL, 0 }, NULL, 0 };
	int opt, status;

	reset_getopt();
	/* Its options are all shared ones: anything else is an error. */
	if ((opt = next_own_opt("replay", usage_replay, &c, argc, argv, ":o:h", lo, &status)) != -1)
		return opt == OPT_RETURN ? status : EXIT_ERROR;
	if (optind != argc - 1) {
		rvb_error(optind >= argc ? "replay: no FILE given (see rvbench replay --help)"
					 : "replay: one FILE only (see rvbench replay --help)");
		return EXIT_ERROR;
	}
	const char *file = argv[optind];
	FILE *probe = fopen(file, "r");
	if (!probe) {
		rvb_error("replay: cannot open %s: %s", file, strerror(errno));
		return EXIT_ERROR;
	}
	fclose(probe);

	char err[4400];
	struct session s;
	if (session_open(&s, c.outdir, file, err, sizeof(err))) {
		rvb_error("%s", err);
		return EXIT_ERROR;
	}
	s.allow_partial = allow_partial;
	struct meta_source m = { .kind = "replay", .file = file };
	enum src_end end;
	if (source_file(&s, file, &end, err, sizeof(err))) {
		rvb_error("replay: %s", err);
		m.end = "error";
		session_finish(&s, &m, stdout);
		status = EXIT_ERROR;
	} else {
		m.end = src_end_name(end);
		status = session_finish(&s, &m, stdout);
	}
	session_free(&s);
	return status;
}

int cli_main(int argc, char **argv)
{
	if (argc < 2) {
		rvb_error("no command given (commands: qemu, serial, replay, stats, compare, plot; see rvbench --help)");
		return EXIT_ERROR;
	}
	const char *cmd = argv[1];
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
		fputs(usage_main, stdout);
		return 0;
	}
	if (!strcmp(cmd, "-V") || !strcmp(cmd, "--version")) {
		printf("rvbench %s (wire format %d)\n", RVBENCH_HOST_VERSION, WIRE_VERSION);
		return 0;
	}
	/* The analysis commands only read files: no collection signal setup. */
	int cmd_stats(int, char **), cmd_compare(int, char **), cmd_plot(int, char **);
	if (!strcmp(cmd, "stats"))
		return cmd_stats(argc - 1, argv + 1);
	if (!strcmp(cmd, "compare"))
		return cmd_compare(argc - 1, argv + 1);
	if (!strcmp(cmd, "plot"))
		return cmd_plot(argc - 1, argv + 1);
	int (*fn)(int, char **) = !strcmp(cmd, "qemu")     ? cmd_qemu
				  : !strcmp(cmd, "serial") ? cmd_serial
				  : !strcmp(cmd, "replay") ? cmd_replay
							   : NULL;
	if (!fn) {
		rvb_error("unknown command '%s' (commands: qemu, serial, replay, stats, compare, plot; see rvbench --help)",
			  cmd);
		return EXIT_ERROR;
	}
	session_signals_init();
	return fn(argc - 1, argv + 1);
}
