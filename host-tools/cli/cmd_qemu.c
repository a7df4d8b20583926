/* `rvbench qemu IMAGE`: boot on QEMU and collect its UART (source_qemu.c). */
#include "commands.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collect_cli.h"
#include "number.h"
#include "qemu_fanout.h"
#include "qemu_version.h"
#include "source.h"

static int collect_once(struct qemu_opts o, struct collect_cli c);
static int word_is_one(const char *bootargs, const char *key);

/* One instance of a fan-out (qemu_fanout.h): the same collection, into
 * its own directory, with the matrix point's words after --bootargs. */
struct fanout_ctx {
	const struct qemu_opts *o;
	const struct collect_cli *c;
};

static int fanout_one(void *ctx, const char *dir, const char *extra, const char *device)
{
	const struct fanout_ctx *fc = ctx;
	struct qemu_opts o = *fc->o;
	struct collect_cli c = *fc->c;
	char *args = NULL;
	if (*extra && asprintf(&args, "%s%s%s", o.bootargs ? o.bootargs : "",
			       o.bootargs ? " " : "", extra) < 0) {
		rvb_error("qemu: out of memory");
		return EXIT_ERROR;
	}
	if (args)
		o.bootargs = args;
	c.outdir = dir;
	c.device_name = device;
	int st = collect_once(o, c);
	free(args);
	return st;
}

/* QEMU ended on its own with a failure before anything came out of the
 * machine's UART (not even OpenSBI's banner). */
static int qemu_never_ran(const struct session *s, const struct meta_source *m)
{
	return m->exit_known && !m->stopped_by_us && m->exit_code != 0 && !s->c->bytes;
}

int cmd_qemu(const struct command *cmd, int argc, char **argv)
{
	static const struct option lo[] = {
		{ "machine", required_argument, NULL, 'M' },
		{ "smp", required_argument, NULL, 's' },
		{ "icount", required_argument, NULL, 'i' },
		{ "bootargs", required_argument, NULL, 'a' },
		{ "memory", required_argument, NULL, 'm' },
		{ "qemu-args", required_argument, NULL, 'A' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "repeat", required_argument, NULL, 'r' },
		{ "matrix", required_argument, NULL, 'x' },
		COLLECT_LONG_OPTIONS,
	};
	struct collect_cli c = { { CONSOLE_OFF, NULL, 0 }, NULL, DEFAULT_TIMEOUT_S, 0, NULL, 0, 0, 0, 0 };
	struct qemu_opts o = { .machine = "sifive_u", .icount_shift = 0 };
	unsigned long v;
	struct fanout fo = { .jobs = 1, .repeat = 1 };
	int opt, status, has_qemu_args = 0, fan = 0;
	static char *qemu_args_buf; /* lives as long as the command */

	reset_getopt();
	while ((opt = next_own_opt("qemu", cmd->help, &c, argc, argv, ":M:t:o:e:chj:vq", lo, &status)) !=
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
		case 'A': {
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
		case 'j':
		case 'r':
			if (parse_uint(optarg, 1, opt == 'j' ? 64 : FANOUT_MAX_INSTANCES, &v)) {
				rvb_error("qemu: %s must be a number from 1 to %d, not '%s'",
					  opt == 'j' ? "-j" : "--repeat",
					  opt == 'j' ? 64 : FANOUT_MAX_INSTANCES, optarg);
				return EXIT_ERROR;
			}
			*(opt == 'j' ? &fo.jobs : &fo.repeat) = (unsigned)v;
			fan = 1;
			break;
		case 'x':
			if (fanout_add_axis(&fo, optarg))
				return EXIT_ERROR;
			fan = 1;
			break;
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
	o.console = c.cc.mode != CONSOLE_OFF;
	if (!o.console && word_is_one(o.bootargs, "rvbench.console=")) {
		rvb_error("qemu: --bootargs rvbench.console=1 makes the firmware wait at its prompt, "
			  "and without --exec or --console nobody types there (QEMU's stdin is "
			  "/dev/null): use --exec 'CMD; ...' or --console");
		return EXIT_ERROR;
	}
	/* Under -icount QEMU runs the harts in turn, not together: said
	 * before the run rather than learnt from its figures. A parallel run
	 * completes (its waits yield), but a sample across a switch of harts
	 * counts the others' instructions; the cross-hart benchmarks wait for
	 * their partner inside the measured loop and time out. */
	if (o.icount_shift >= 0 && o.smp > 1 && word_is_one(o.bootargs, "rvbench.cross="))
		rvb_error("qemu: warning: rvbench.cross=1 under -icount: QEMU runs the harts in "
			  "turn, so the cross-hart benchmarks, which wait for their partner while "
			  "measuring, wait until the budget ends their blocks (status timeout): use "
			  "--icount off (docs/methodology.md)");
	if (o.icount_shift >= 0 && o.smp > 1 && word_is_one(o.bootargs, "rvbench.parallel="))
		rvb_error("qemu: warning: rvbench.parallel=1 under -icount: QEMU runs the harts in "
			  "turn, so a sample across a switch of harts counts the other harts' "
			  "instructions too: use --icount off to run them together "
			  "(docs/methodology.md)");
	o.timeout_s = collect_timeout_s(&c);
	o.max_time_s = (unsigned)c.max_time_s;
	if (fan) {
		if (c.cc.mode == CONSOLE_INTERACTIVE) {
			rvb_error("qemu: --console drives one QEMU: not with -j, --repeat or --matrix");
			return EXIT_ERROR;
		}
		if (fo.naxes && !o.image) {
			rvb_error("qemu: --matrix needs an IMAGE: its values go on -append");
			return EXIT_ERROR;
		}
		struct fanout_ctx fc = { &o, &c };
		return fanout_run(&fo, c.outdir, c.device_name, c.force, fanout_one, &fc);
	}
	return collect_once(o, c);
}

/*
 * Does the command line leave key ("rvbench.console=") at 1? As the
 * firmware reads it: words split at spaces, tabs and newlines, the last
 * key= word wins, its value decimal or 0x hex (01, 0x1).
 */
static int word_is_one(const char *bootargs, const char *key)
{
	size_t klen = strlen(key);
	const char *value = NULL;
	size_t vlen = 0;

	for (const char *p = bootargs; p && *p;) {
		size_t len = strcspn(p, " \t\n");
		if (len > klen && !strncmp(p, key, klen)) {
			value = p + klen;
			vlen = len - klen;
		}
		p += len + (p[len] != '\0');
	}
	char v[24];
	uint64_t n;
	if (!value || vlen >= sizeof(v))
		return 0; /* none, or too long to be a number the firmware takes */
	memcpy(v, value, vlen);
	v[vlen] = '\0';
	return num_parse_u64(v, &n) == NUM_OK && n == 1;
}

/*
 * QEMU that ended the collection by dying (a crash, the OOM killer, a
 * kill by hand) or failing, not stopped by us: said on stderr, not only
 * in meta.json's qemu_exit, since the run it cut short says no more than
 * "no trailer". An exit status after the trailer is the firmware's to
 * give (a shutdown with a reason), not news.
 */
static void qemu_say_death(const struct session *s, const struct meta_source *m)
{
	if (!strcmp(m->end, "error"))
		rvb_error("qemu: the collection failed: %s: the results hold what QEMU wrote before",
			  s->src_errno ? strerror(s->src_errno) : "unknown error");
	if (!m->exit_known || m->stopped_by_us)
		return;
	if (m->exit_signal) {
		const char *name = sigabbrev_np(m->exit_signal);
		rvb_error("qemu: QEMU was killed by signal %s%s(%s)%s", name ? name : "", name ? " " : "",
			  strsignal(m->exit_signal),
			  strcmp(m->end, "trailer") ? ": the results hold what it wrote before" : "");
	} else if (m->exit_code && !strcmp(m->end, "eof")) {
		rvb_error("qemu: QEMU exited with status %d before the run's trailer: the results hold"
			  " what it wrote before (its messages, if any, are above)", m->exit_code);
	}
}

/* One QEMU, collected into c.outdir. */
static int collect_once(struct qemu_opts o, struct collect_cli c)
{
	int status;

	/* --exec ends with "exit", so the firmware ends as rvbench.exit=reboot
	 * says and QEMU exits by itself. */
	struct console k;
	if (console_prepare("qemu", &c.cc, &k, 1))
		return EXIT_ERROR;
	char **qargv = qemu_build_argv(&o);
	char qemu_ver[32];
	/* Before session_open and console_begin: the terminal is not raw yet
	 * while a child runs, and no results directory exists for it. */
	(void)qemu_version(qargv[0], qemu_ver, sizeof(qemu_ver)); /* "unknown" if it fails */
	char err[4400], icount[16];
	struct session s;
	if (session_open(&s, c.outdir, NULL, c.force, err, sizeof(err))) {
		rvb_error("%s", err);
		console_free(&k);
		qemu_free_argv(qargv);
		return EXIT_ERROR;
	}
	s.allow_partial = c.allow_partial;
	session_verbosity(&s, c.verbose, c.quiet, o.icount_shift >= 0);
	s.console = c.cc.mode != CONSOLE_OFF;
	console_begin("qemu", &k, &s);
	struct meta_source m = { .kind = "qemu", .argv = qargv, .machine = o.machine,
				 .timeout_s = o.timeout_s, .max_time_s = o.max_time_s,
				 .qemu_version = qemu_ver,
				 .device_name = c.device_name };
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
	} else if (qemu_never_ran(&s, &m)) {
		/* QEMU refused its options or machine (its message is above):
		 * a usage error, not a run that lost samples; no results. */
		console_tty_restore();
		rvb_error("qemu: QEMU exited with status %d before the machine wrote a byte: nothing "
			  "ran (see its message above)", m.exit_code);
		session_discard(&s);
		status = EXIT_ERROR;
	} else {
		console_end(&k);
		collect_say_limit("qemu", "QEMU's UART", m.end, o.timeout_s, o.max_time_s);
		qemu_say_death(&s, &m);
		status = console_status(&k, &s, session_finish(&s, &m, stdout));
	}
	session_free(&s);
	console_free(&k);
	qemu_free_argv(qargv);
	return status;
}
