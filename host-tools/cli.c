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
		{ "timeout", required_argument, NULL, 't' },
		{ "output", required_argument, NULL, 'o' },
		{ "allow-partial", no_argument, NULL, 'P' },
		{ "exec", required_argument, NULL, 'e' },
		{ "console", no_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 },
	};
	struct console_cli cc = { CONSOLE_OFF, NULL, 0 };
	struct qemu_opts o = { .machine = "sifive_u", .icount_shift = 0,
			       .timeout_s = DEFAULT_TIMEOUT_S };
	const char *outdir = NULL;
	unsigned long v;
	int opt, has_qemu_args = 0;
	static char *qemu_args_buf; /* lives as long as the command */

	reset_getopt();
	while ((opt = next_opt("qemu", argc, argv, ":M:t:o:e:ch", lo)) != -1) {
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
		case 't':
			if (parse_uint(optarg, 0, 1000000, &v)) {
				rvb_error("qemu: --timeout must be whole seconds, not '%s'", optarg);
				return EXIT_ERROR;
			}
			o.timeout_s = (unsigned)v;
			cc.timeout_given = 1;
			break;
		case 'e':
		case 'c':
			if (console_opt("qemu", &cc, opt, optarg))
				return EXIT_ERROR;
			break;
		case 'P':
			allow_partial = 1;
			break;
		case 'o':
			outdir = optarg;
			break;
		case 'h':
			fputs(usage_qemu, stdout);
			return 0;
		default:
			return EXIT_ERROR;
		}
	}
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
	o.console = cc.mode != CONSOLE_OFF;
	if (cc.mode == CONSOLE_INTERACTIVE && !cc.timeout_given)
		o.timeout_s = 0; /* a human at the keyboard */

	/* --exec ends with "exit", so the firmware ends as rvbench.exit=reboot
	 * says and QEMU exits by itself. */
	struct console k;
	if (console_prepare("qemu", &cc, &k, 1))
		return EXIT_ERROR;
	char err[4400], icount[16];
	struct session s;
	if (session_open(&s, outdir, NULL, err, sizeof(err))) {
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
	int status;
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
		{ "timeout", required_argument, NULL, 't' },
		{ "output", required_argument, NULL, 'o' },
		{ "allow-partial", no_argument, NULL, 'P' },
		{ "exec", required_argument, NULL, 'e' },
		{ "console", no_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 },
	};
	struct console_cli cc = { CONSOLE_OFF, NULL, 0 };
	const char *port = NULL, *outdir = NULL;
	unsigned long baud = 115200, timeout = DEFAULT_TIMEOUT_S, v;
	int opt;

	reset_getopt();
	while ((opt = next_opt("serial", argc, argv, ":p:b:t:o:e:ch", lo)) != -1) {
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
		case 't':
			if (parse_uint(optarg, 0, 1000000, &v)) {
				rvb_error("serial: --timeout must be whole seconds, not '%s'", optarg);
				return EXIT_ERROR;
			}
			timeout = v;
			cc.timeout_given = 1;
			break;
		case 'e':
		case 'c':
			if (console_opt("serial", &cc, opt, optarg))
				return EXIT_ERROR;
			break;
		case 'P':
			allow_partial = 1;
			break;
		case 'o':
			outdir = optarg;
			break;
		case 'h':
			fputs(usage_serial, stdout);
			return 0;
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

	if (cc.mode == CONSOLE_INTERACTIVE && !cc.timeout_given)
		timeout = 0; /* a human at the keyboard */

	/* No "exit" added: the board stays at its prompt (or parks). */
	struct console k;
	if (console_prepare("serial", &cc, &k, 0))
		return EXIT_ERROR;
	char err[4400];
	/* Read-write only when the user asked for the console. */
	int fd = serial_open_mode(port, baud, cc.mode != CONSOLE_OFF, err, sizeof(err));
	if (fd < 0) {
		rvb_error("serial: %s", err);
		console_free(&k);
		return EXIT_ERROR;
	}
	struct session s;
	if (session_open(&s, outdir, NULL, err, sizeof(err))) {
		close(fd);
		rvb_error("%s", err);
		console_free(&k);
		return EXIT_ERROR;
	}
	s.allow_partial = allow_partial;
	s.link_bytes_per_s = baud / 10; /* 8N1: ten bits a byte */
	struct meta_source m = { .kind = "serial", .port = port, .baud = baud,
				 .timeout_s = (unsigned)timeout };
	console_begin("serial", &k, &s);
	m.end = src_end_name(source_serial_console(&s, fd, (unsigned)timeout, &k));
	console_end(&k);
	int status = console_status(&k, &s, session_finish(&s, &m, stdout));
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
	const char *outdir = NULL;
	int opt;

	reset_getopt();
	while ((opt = next_opt("replay", argc, argv, ":o:h", lo)) != -1) {
		switch (opt) {
		case 'P':
			allow_partial = 1;
			break;
		case 'o':
			outdir = optarg;
			break;
		case 'h':
			fputs(usage_replay, stdout);
			return 0;
		default:
			return EXIT_ERROR;
		}
	}
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
	if (session_open(&s, outdir, file, err, sizeof(err))) {
		rvb_error("%s", err);
		return EXIT_ERROR;
	}
	s.allow_partial = allow_partial;
	struct meta_source m = { .kind = "replay", .file = file };
	enum src_end end;
	int status;
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
