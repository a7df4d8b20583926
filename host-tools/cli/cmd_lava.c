/*
 * `rvbench lava job|submit|fetch`: rvbench in a LAVA lab. `job` writes a
 * job definition (host-tools/lava/lava_job.c); `submit` and `fetch` hand
 * the talking to lavacli (lavacli.c) and bring each job's log back through
 * replay (replay_run.h), one result directory per job.
 */
#include "commands.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "collect_cli.h"
#include "lava_job.h"
#include "lava_show.h"
#include "term_str.h"
#include "lavacli.h"
#include "output_file.h"
#include "replay_run.h"

#define MAX_DEVICES 64
#define MAX_JOBS 1024

/* The options of `lava job`, which `lava submit` takes too. */
enum {
	OPT_IMAGE = 0x100, OPT_BOOTARGS, OPT_SMP, OPT_ICOUNT, OPT_DEVTYPE, OPT_LOADADDR,
	OPT_CONSOLE, OPT_TAGS, OPT_NAME, OPT_TIMEOUT, OPT_REPEAT, OPT_DEVICE, OPT_IDENTITY,
	OPT_JOBS, OPT_WAIT, OPT_PARTIAL
};

#define JOB_LONG_OPTIONS                                           \
	{ "image", required_argument, NULL, OPT_IMAGE },           \
	{ "bootargs", required_argument, NULL, OPT_BOOTARGS },     \
	{ "smp", required_argument, NULL, OPT_SMP },               \
	{ "icount", required_argument, NULL, OPT_ICOUNT },         \
	{ "device-type", required_argument, NULL, OPT_DEVTYPE },   \
	{ "load-addr", required_argument, NULL, OPT_LOADADDR },    \
	{ "console", required_argument, NULL, OPT_CONSOLE },       \
	{ "tags", required_argument, NULL, OPT_TAGS },             \
	{ "job-name", required_argument, NULL, OPT_NAME },         \
	{ "timeout", required_argument, NULL, OPT_TIMEOUT }

struct job_cli {
	struct lava_job_opts o;
	char *image_abs; /* a plain path made a file:// URL */
	int console_given;
};

static void job_cli_init(struct job_cli *j)
{
	memset(j, 0, sizeof(*j));
	j->o.kind = LAVA_QEMU;
	j->o.smp = 5;
	j->o.icount_shift = 0;
	j->o.timeout_min = 20;
}

/* Takes one of the job options: 1 taken, 0 not one of them, -1 bad. */
static int job_opt(const char *cmd, struct job_cli *j, int opt, const char *arg)
{
	unsigned long v;

	switch (opt) {
	case OPT_IMAGE:
		free(j->image_abs);
		j->image_abs = NULL;
		if (strstr(arg, "://")) {
			j->o.image_url = arg;
		} else {
			/* A path on this machine: qemu jobs run by lava-run
			 * here, or a dispatcher that shares the file system. */
			char real[PATH_MAX];
			if (!realpath(arg, real)) {
				rvb_error("lava %s: --image %s: %s", cmd, arg, strerror(errno));
				return -1;
			}
			if (asprintf(&j->image_abs, "file://%s", real) < 0)
				return -1;
			j->o.image_url = j->image_abs;
		}
		return 1;
	case OPT_BOOTARGS:
		j->o.bootargs = arg;
		return 1;
	case OPT_SMP:
		if (parse_uint(arg, 1, 8, &v)) {
			rvb_error("lava %s: --smp %s: expected 1..8", cmd, arg);
			return -1;
		}
		j->o.smp = (unsigned)v;
		return 1;
	case OPT_ICOUNT:
		if (!strcmp(arg, "off")) {
			j->o.icount_shift = -1;
		} else if (parse_uint(arg, 0, 10, &v)) {
			rvb_error("lava %s: --icount %s: expected 0..10 or off", cmd, arg);
			return -1;
		} else {
			j->o.icount_shift = (int)v;
		}
		return 1;
	case OPT_DEVTYPE:
		j->o.kind = !strcmp(arg, "qemu")		   ? LAVA_QEMU
			    : !strcmp(arg, "hifive-unleashed-a00") ? LAVA_HIFIVE
								   : LAVA_UBOOT;
		j->o.device_type = arg;
		return 1;
	case OPT_LOADADDR:
		j->o.load_addr = arg;
		return 1;
	case OPT_CONSOLE:
		j->o.console = *arg ? arg : NULL;
		j->console_given = 1;
		return 1;
	case OPT_TAGS:
		j->o.tags = arg;
		return 1;
	case OPT_NAME:
		j->o.job_name = arg;
		return 1;
	case OPT_TIMEOUT:
		if (parse_uint(arg, 1, 1440, &v)) {
			rvb_error("lava %s: --timeout %s: expected 1..1440 minutes", cmd, arg);
			return -1;
		}
		j->o.timeout_min = (unsigned)v;
		return 1;
	default:
		return 0;
	}
}

/* After the options: the defaults that depend on the device, and the check. */
static int job_finish(const char *cmd, struct job_cli *j)
{
	if (j->o.kind == LAVA_HIFIVE && !j->console_given)
		/* The FU540's UART0, as Linux names it: harmless to rvbench,
		 * and what a lab's log expects on a HiFive's kernel line. */
		j->o.console = "console=ttySIF0,115200";
	if (j->o.kind != LAVA_UBOOT && j->o.load_addr) {
		rvb_error("lava %s: --load-addr is for a U-Boot board of another device type", cmd);
		return -1;
	}
	const char *why = lava_job_check(&j->o);
	if (why) {
		rvb_error("lava %s: %s", cmd, why);
		return -1;
	}
	return 0;
}

static int usage_error(const char *cmd, const char *what)
{
	rvb_error("lava %s: %s (see rvbench lava --help)", cmd, what);
	return EXIT_ERROR;
}

/* getopt_long's answer for an option it did not know or that lacked its
 * argument: said, and the usage error returned. */
static int bad_option(const char *cmd, int opt, char **argv)
{
	if (opt == ':')
		rvb_error("lava %s: %s needs an argument (see rvbench lava --help)", cmd,
			  argv[optind - 1]);
	else
		rvb_error("lava %s: unknown option %s (see rvbench lava --help)", cmd,
			  argv[optind - 1]);
	return EXIT_ERROR;
}

/* afile_writer of a job definition (ctx: its struct lava_job_opts). */
static int write_job(FILE *f, void *ctx)
{
	return lava_job_write(f, ctx);
}

static int lava_job(const struct command *cmd, int argc, char **argv)
{
	static const struct option lo[] = { JOB_LONG_OPTIONS,
					    { "output", required_argument, NULL, 'o' },
					    { "help", no_argument, NULL, 'h' },
					    { 0, 0, 0, 0 } };
	struct job_cli j;
	const char *out = NULL;
	int opt, rc;

	job_cli_init(&j);
	reset_getopt();
	while ((opt = getopt_long(argc, argv, ":o:h", lo, NULL)) != -1) {
		if (opt == 'h') {
			fputs(cmd->help, stdout);
			free(j.image_abs);
			return 0;
		}
		if (opt == 'o') {
			out = optarg;
			continue;
		}
		rc = job_opt("job", &j, opt, optarg);
		if (rc == 0)
			bad_option("job", opt, argv);
		if (rc <= 0) {
			free(j.image_abs);
			return EXIT_ERROR;
		}
	}
	if (optind != argc) {
		free(j.image_abs);
		return usage_error("job", "no arguments besides the options");
	}
	if (job_finish("job", &j)) {
		free(j.image_abs);
		return EXIT_ERROR;
	}
	/* -o FILE through a temporary file: a full disk leaves no cut-off
	 * job that lavacli would still submit. */
	char err[4400];
	rc = output_file_write(out, write_job, &j.o, err, sizeof(err));
	if (rc)
		rvb_error("lava job: %s", err);
	free(j.image_abs);
	return rc ? EXIT_ERROR : 0;
}

/* Writes the job to a temporary file and submits it; the ids it got are
 * appended to jobs (id, tab, label). Returns 0, or -1 said. */
static int submit_one(const char *identity, const struct lava_job_opts *o, const char *label,
		      FILE *jobs, int *nsubmitted)
{
	char path[] = "/tmp/rvbench-lava-job-XXXXXX.yaml";
	char err[512];
	int fd = mkstemps(path, 5);
	char *out = NULL;

	if (fd < 0) {
		rvb_error("lava submit: cannot create a temporary file: %s", strerror(errno));
		return -1;
	}
	FILE *f = fdopen(fd, "w");
	int wr = f ? lava_job_write(f, o) : -1, saved = errno;
	if (!f) {
		close(fd);
	} else if (fclose(f) && !wr) { /* a buffered write's failure shows here */
		wr = -1;
		saved = errno;
	}
	if (wr) {
		rvb_error("lava submit: cannot write %s: %s", path, strerror(saved));
		unlink(path);
		return -1;
	}
	const char *args[] = { "jobs", "submit", path, NULL };
	int rc = lavacli_run(identity, args, &out, NULL, err, sizeof(err));
	unlink(path);
	if (rc < 0) {
		rvb_error("lava submit: %s", err);
		return -1;
	}
	/* Every id goes into the job list, however many a multinode job has:
	 * one left out would be a job that `lava fetch` never collects. */
	int n = rc ? -1 : lava_submit_ids(out ? out : "", NULL, 0);
	char (*ids)[33] = n > 0 ? calloc((size_t)n, sizeof(*ids)) : NULL;
	if (n <= 0 || !ids) {
		/* lavacli's output can hold the server's fault text: escaped
		 * for the terminal, as every text from elsewhere is. */
		size_t len = out ? strlen(out) : 0;
		while (len && (out[len - 1] == '\n' || out[len - 1] == '\r'))
			out[--len] = '\0'; /* its own line end, not text to show */
		char *shown = malloc(4 * len + 1);
		rvb_error("lava submit: %s: %s: %s", label,
			  n > 0 ? "out of memory for its job ids" : rc ? "lavacli failed" : "lavacli gave no job id",
			  !len ? "(nothing printed)" : shown ? term_str(out, shown, 4 * len + 1) : out);
		free(shown);
		free(out);
		free(ids);
		return -1;
	}
	lava_submit_ids(out, ids, n);
	free(out);
	for (int i = 0; i < n; i++) {
		if (fprintf(jobs, "%s\t%s\n", ids[i], label) < 0 || fflush(jobs)) {
			rvb_error("lava submit: cannot write the job list");
			free(ids);
			return -1;
		}
		printf("%s\t%s\n", ids[i], label);
		(*nsubmitted)++;
	}
	free(ids);
	return 0;
}

static int lava_submit(const struct command *cmd, int argc, char **argv)
{
	static const struct option lo[] = { JOB_LONG_OPTIONS,
					    { "repeat", required_argument, NULL, OPT_REPEAT },
					    { "device", required_argument, NULL, OPT_DEVICE },
					    { "identity", required_argument, NULL, 'i' },
					    { "jobs", required_argument, NULL, OPT_JOBS },
					    { "help", no_argument, NULL, 'h' },
					    { 0, 0, 0, 0 } };
	struct job_cli j;
	const char *devices[MAX_DEVICES];
	size_t ndev = 0;
	unsigned long repeat = 1;
	const char *identity = NULL, *jobs_path = "lava-jobs.txt";
	int opt, rc, status = EXIT_ERROR;

	job_cli_init(&j);
	reset_getopt();
	while ((opt = getopt_long(argc, argv, ":i:h", lo, NULL)) != -1) {
		switch (opt) {
		case 'h':
			fputs(cmd->help, stdout);
			free(j.image_abs);
			return 0;
		case 'i':
			identity = optarg;
			continue;
		case OPT_JOBS:
			jobs_path = optarg;
			continue;
		case OPT_REPEAT:
			if (parse_uint(optarg, 1, MAX_JOBS, &repeat)) {
				rvb_error("lava submit: --repeat %s: expected 1..%d", optarg, MAX_JOBS);
				goto out;
			}
			continue;
		case OPT_DEVICE:
			if (ndev == MAX_DEVICES) {
				rvb_error("lava submit: at most %d --device", MAX_DEVICES);
				goto out;
			}
			devices[ndev++] = optarg;
			continue;
		}
		rc = job_opt("submit", &j, opt, optarg);
		if (rc == 0)
			bad_option("submit", opt, argv);
		if (rc <= 0)
			goto out;
	}
	if (optind != argc) {
		status = usage_error("submit", "no arguments besides the options");
		goto out;
	}
	if (ndev && j.o.tags) {
		rvb_error("lava submit: --device sets the job's tags: not with --tags");
		goto out;
	}
	if (ndev * repeat > MAX_JOBS) {
		rvb_error("lava submit: more than %d jobs", MAX_JOBS);
		goto out;
	}
	if (job_finish("submit", &j))
		goto out;
	/* Appended to: a nightly run can submit several kinds of job and
	 * fetch them all at once. */
	FILE *jobs = fopen(jobs_path, "ae");
	if (!jobs) {
		rvb_error("lava submit: cannot open %s: %s", jobs_path, strerror(errno));
		goto out;
	}
	int n = 0, failed = 0;
	for (size_t d = 0; d < (ndev ? ndev : 1) && !failed; d++) {
		for (unsigned long r = 0; r < repeat && !failed; r++) {
			if (session_stop_requested()) {
				rvb_error("lava submit: interrupted");
				failed = 1;
				break;
			}
			struct lava_job_opts o = j.o;
			/* label and name: room for any device name and
			 * --job-name, so that lava_job_check() refuses a name
			 * too long for LAVA rather than snprintf cutting the
			 * label (which the jobs file keeps) off. */
			char label[PATH_MAX], name[2 * PATH_MAX];
			if (ndev) {
				/* One board: the lab tags each device with its own
				 * name (docs/lava.md), so the tag picks it. */
				o.tags = devices[d];
				snprintf(label, sizeof(label), "device=%s repeat=%lu", devices[d], r + 1);
			} else {
				snprintf(label, sizeof(label), "repeat=%lu", r + 1);
			}
			snprintf(name, sizeof(name), "%s (%s)",
				 j.o.job_name ? j.o.job_name : "rvbench", label);
			o.job_name = name;
			const char *why = lava_job_check(&o);
			if (why) {
				rvb_error("lava submit: %s: %s", label, why);
				failed = 1;
			} else if (submit_one(identity, &o, label, jobs, &n)) {
				failed = 1;
			}
		}
	}
	if (fclose(jobs)) {
		rvb_error("lava submit: cannot write %s", jobs_path);
		failed = 1;
	}
	fprintf(stderr, "rvbench: lava submit: %d job%s submitted, ids in %s\n", n, n == 1 ? "" : "s",
		jobs_path);
	status = failed ? EXIT_ERROR : 0;
out:
	free(j.image_abs);
	return status;
}

/* mkdir -p: 0, or -1 with errno set. */
static int make_dirs(const char *path)
{
	char p[4096];

	if (snprintf(p, sizeof(p), "%s", path) >= (int)sizeof(p)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) && errno != EEXIST)
			return -1;
		*s = '/';
	}
	return mkdir(p, 0755) && errno != EEXIST ? -1 : 0;
}

/* The job ids of a jobs file (its first column) appended to ids. */
static int read_jobs_file(const char *path, char ids[][33], int *n)
{
	FILE *f = fopen(path, "re");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int lineno = 0, rc = 0;

	if (!f) {
		rvb_error("lava fetch: cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	while ((len = getline(&line, &cap, f)) > 0) {
		lineno++;
		line[strcspn(line, "\t \r\n")] = '\0';
		if (!line[0] || line[0] == '#')
			continue;
		if (!lava_job_id_ok(line)) {
			rvb_error("lava fetch: %s:%d: '%s' is not a job id", path, lineno, line);
			rc = -1;
			break;
		}
		if (*n == MAX_JOBS) {
			rvb_error("lava fetch: more than %d jobs", MAX_JOBS);
			rc = -1;
			break;
		}
		snprintf(ids[(*n)++], 33, "%s", line);
	}
	free(line);
	fclose(f);
	return rc;
}

/* One job: waited for, its details and log saved in dir/ID, replayed
 * there. Returns the replay's exit status, EXIT_ERROR when lavacli failed. */
static int fetch_one(const char *identity, const char *id, const char *dir, unsigned long wait_s,
		     int allow_partial)
{
	char jobdir[4096], logpath[4200], showpath[4200], err[512];
	char wait_arg[24];
	char *out = NULL;
	struct lava_show show;

	snprintf(wait_arg, sizeof(wait_arg), "%lu", wait_s);
	const char *wait[] = { "jobs", "wait", id, "--timeout", wait_arg, NULL };
	int rc = lavacli_run(identity, wait, NULL, NULL, err, sizeof(err));
	if (rc) {
		if (rc < 0)
			rvb_error("lava fetch: job %s: %s", id, err);
		else
			rvb_error("lava fetch: job %s did not finish (lavacli jobs wait: status %d)", id, rc);
		return EXIT_ERROR;
	}
	const char *showargs[] = { "jobs", "show", id, "--json", NULL };
	rc = lavacli_run(identity, showargs, &out, NULL, err, sizeof(err));
	if (rc || !out || lava_show_parse(out, &show)) {
		rvb_error("lava fetch: job %s: lavacli jobs show: %s", id,
			  rc < 0 ? err : "no job details");
		free(out);
		return EXIT_ERROR;
	}
	if (snprintf(jobdir, sizeof(jobdir), "%s/%s", dir, id) >= (int)sizeof(jobdir)) {
		rvb_error("lava fetch: output directory name too long");
		free(out);
		return EXIT_ERROR;
	}
	if (make_dirs(jobdir)) {
		rvb_error("lava fetch: cannot create %s: %s", jobdir, strerror(errno));
		free(out);
		return EXIT_ERROR;
	}
	snprintf(showpath, sizeof(showpath), "%s/lava-job.json", jobdir);
	FILE *f = fopen(showpath, "we");
	int bad = !f || fputs(out, f) < 0;
	if (f && fclose(f)) /* closed whether or not fputs failed */
		bad = 1;
	if (bad) {
		rvb_error("lava fetch: cannot write %s", showpath);
		free(out);
		return EXIT_ERROR;
	}
	free(out);
	snprintf(logpath, sizeof(logpath), "%s/lava-log.yaml", jobdir);
	const char *logs[] = { "jobs", "logs", id, "--raw", NULL };
	rc = lavacli_run(identity, logs, NULL, logpath, err, sizeof(err));
	if (rc) {
		if (rc < 0)
			rvb_error("lava fetch: job %s: %s", id, err);
		else
			rvb_error("lava fetch: job %s: lavacli jobs logs: status %d", id, rc);
		return EXIT_ERROR;
	}
	/* LAVA's reason for an Incomplete job (a timeout, a boot that
	 * failed) is in lava-job.json only: said here, beside what the
	 * replay then finds of the run. */
	char failure[4 * sizeof(show.failure)];
	fprintf(stderr, "rvbench: lava fetch: job %s on %s (%s%s%s)\n", id,
		show.device[0] ? show.device : "no device", show.health[0] ? show.health : "?",
		show.failure[0] ? ": " : "", term_str(show.failure, failure, sizeof(failure)));
	struct stat st;
	if (!stat(logpath, &st) && st.st_size == 0) {
		/* A job canceled before it ran: not a run to replay, and not
		 * "not a LAVA log" either. */
		rvb_error("lava fetch: job %s: LAVA has no log of it (%s)", id,
			  show.health[0] ? show.health : "?");
		return EXIT_ERROR;
	}
	struct replay_req r = { .file = logpath, .outdir = jobdir,
				.device_name = show.device[0] ? show.device : NULL,
				.lava_job = id, .allow_partial = allow_partial,
				/* The job's directory holds the two files just saved
				 * for it; a job id names one job, so fetching it again
				 * rewrites the same results. */
				.force = 1 };
	int status = replay_run(&r);
	/* LAVA's verdict counts beside the log's: a job it ended Incomplete
	 * (an infrastructure error at power-off) or Canceled after the
	 * trailer has the whole run in its log, yet it is no clean job. */
	if (status != EXIT_ERROR && strcmp(show.health, "Complete")) {
		rvb_error("lava fetch: job %s: LAVA ended the job %s, not Complete", id,
			  show.health[0] ? show.health : "with no health");
		if (status == 0)
			status = EXIT_INCOMPLETE;
	}
	return status;
}

static int lava_fetch(const struct command *cmd, int argc, char **argv)
{
	static const struct option lo[] = { { "identity", required_argument, NULL, 'i' },
					    { "output", required_argument, NULL, 'o' },
					    { "timeout", required_argument, NULL, OPT_WAIT },
					    { "allow-partial", no_argument, NULL, OPT_PARTIAL },
					    { "help", no_argument, NULL, 'h' },
					    { 0, 0, 0, 0 } };
	static char ids[MAX_JOBS][33];
	const char *identity = NULL, *dir = "results/lava";
	unsigned long wait_s = 3600;
	int opt, n = 0, allow_partial = 0;

	reset_getopt();
	while ((opt = getopt_long(argc, argv, ":i:o:h", lo, NULL)) != -1) {
		switch (opt) {
		case 'h':
			fputs(cmd->help, stdout);
			return 0;
		case 'i':
			identity = optarg;
			break;
		case 'o':
			dir = optarg;
			break;
		case OPT_WAIT:
			if (parse_uint(optarg, 0, 7 * 86400, &wait_s)) {
				rvb_error("lava fetch: --timeout %s: expected seconds, 0..604800", optarg);
				return EXIT_ERROR;
			}
			break;
		case OPT_PARTIAL:
			allow_partial = 1;
			break;
		default:
			return bad_option("fetch", opt, argv);
		}
	}
	if (optind == argc)
		return usage_error("fetch", "no JOBS file or job id given");
	for (int i = optind; i < argc; i++) {
		if (lava_job_id_ok(argv[i])) {
			if (n == MAX_JOBS)
				return usage_error("fetch", "too many jobs");
			snprintf(ids[n++], 33, "%s", argv[i]);
		} else if (read_jobs_file(argv[i], ids, &n)) {
			return EXIT_ERROR;
		}
	}
	if (!n)
		return usage_error("fetch", "no job ids in the files given");
	/* The worst status of all: an error, else an incomplete run. */
	int status = 0;
	for (int i = 0; i < n; i++) {
		if (session_stop_requested()) {
			rvb_error("lava fetch: interrupted before job %s", ids[i]);
			return EXIT_ERROR;
		}
		int rc = fetch_one(identity, ids[i], dir, wait_s, allow_partial);
		if (rc == EXIT_ERROR || (rc == EXIT_INCOMPLETE && status != EXIT_ERROR))
			status = rc;
	}
	fprintf(stderr, "rvbench: lava fetch: %d job%s in %s/\n", n, n == 1 ? "" : "s", dir);
	return status;
}

int cmd_lava(const struct command *cmd, int argc, char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		fputs(cmd->help, argc < 2 ? stderr : stdout);
		return argc < 2 ? EXIT_ERROR : 0;
	}
	if (!strcmp(argv[1], "job"))
		return lava_job(cmd, argc - 1, argv + 1);
	if (!strcmp(argv[1], "submit"))
		return lava_submit(cmd, argc - 1, argv + 1);
	if (!strcmp(argv[1], "fetch"))
		return lava_fetch(cmd, argc - 1, argv + 1);
	rvb_error("lava: unknown subcommand '%s': job, submit or fetch", argv[1]);
	return EXIT_ERROR;
}
