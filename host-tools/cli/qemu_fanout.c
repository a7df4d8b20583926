/* Many QEMU instances at once, merged as a fleet (qemu_fanout.h). */
#include "qemu_fanout.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fleet.h"
#include "output_file.h"
#include "session.h"

#define RESULTS_ROOT "results"

/* The values of an axis: split on '|' when it has one (for values that
 * are lists themselves, "size_kib=4,64|4096"), else on ','. */
static char sep_of(const char *values)
{
	return strchr(values, '|') ? '|' : ',';
}

static size_t axis_count(const char *arg)
{
	const char *v = strchr(arg, '=') + 1;
	size_t n = 1;
	for (char sep = sep_of(v); *v; v++)
		n += *v == sep;
	return n;
}

int fanout_add_axis(struct fanout *fo, const char *arg)
{
	const char *eq = strchr(arg, '=');
	if (!eq || eq == arg || strpbrk(arg, " \t\n'\"")) {
		rvb_error("qemu: --matrix takes KEY=V1,V2,... (a kernel command line word with "
			  "several values, no spaces), not '%s'", arg);
		return -1;
	}
	char sep = sep_of(eq + 1);
	for (const char *p = eq + 1;; p++)
		if ((*p == sep || !*p) && (p == eq + 1 || p[-1] == sep)) {
			rvb_error("qemu: --matrix '%s' has an empty value", arg);
			return -1;
		} else if (!*p) {
			break;
		}
	if (strlen(arg) > FANOUT_MAX_AXIS) {
		rvb_error("qemu: --matrix '%.40s...' is longer than %d characters", arg,
			  FANOUT_MAX_AXIS);
		return -1;
	}
	if (fo->naxes == FANOUT_MAX_AXES) {
		rvb_error("qemu: at most %d --matrix options", FANOUT_MAX_AXES);
		return -1;
	}
	fo->axis[fo->naxes++] = arg;
	return 0;
}

/* "KEY=V KEY=V" of instance point (the first axis slowest), in buf. */
static void point_words(const struct fanout *fo, size_t point, char *buf, size_t len)
{
	size_t idx[FANOUT_MAX_AXES];
	for (size_t a = fo->naxes; a-- > 0;) {
		size_t n = axis_count(fo->axis[a]);
		idx[a] = point % n;
		point /= n;
	}
	size_t used = 0;
	buf[0] = 0;
	for (size_t a = 0; a < fo->naxes && used < len; a++) {
		const char *eq = strchr(fo->axis[a], '=');
		const char *v = eq + 1;
		char sep = sep_of(v);
		for (size_t k = 0; k < idx[a]; k++)
			v = strchr(v, sep) + 1;
		const char *end = strchr(v, sep);
		int vl = end ? (int)(end - v) : (int)strlen(v);
		used += (size_t)snprintf(buf + used, len - used, "%s%.*s=%.*s", a ? " " : "",
					 (int)(eq - fo->axis[a]), fo->axis[a], vl, v);
	}
}

static int make_dir(const char *d)
{
	if (!mkdir(d, 0755))
		return 0;
	rvb_error("qemu: cannot create %s: %s", d, strerror(errno));
	return -1;
}

/* results/<UTC time>, a free name, created. */
static int default_dir(char *dir, size_t len)
{
	char stamp[32];
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", &tm);
	if (mkdir(RESULTS_ROOT, 0755) && errno != EEXIST)
		return make_dir(RESULTS_ROOT);
	for (int i = 1; i < 100; i++) {
		if (i == 1)
			snprintf(dir, len, "%s/%s", RESULTS_ROOT, stamp);
		else
			snprintf(dir, len, "%s/%s-%d", RESULTS_ROOT, stamp, i);
		if (!mkdir(dir, 0755))
			return 0;
		if (errno != EEXIST)
			return make_dir(dir);
	}
	rvb_error("qemu: cannot find a free directory name in %s", RESULTS_ROOT);
	return -1;
}

static void point_latest(const char *dir)
{
	char tmp[PATH_MAX], link[PATH_MAX];
	snprintf(tmp, sizeof(tmp), "%s/.latest.tmp", RESULTS_ROOT);
	snprintf(link, sizeof(link), "%s/latest", RESULTS_ROOT);
	unlink(tmp);
	if (symlink(dir + strlen(RESULTS_ROOT) + 1, tmp) || rename(tmp, link))
		unlink(tmp);
}

struct instance {
	pid_t pid;
	int status; /* exit status, -1 while unknown */
	char dir[PATH_MAX], log[PATH_MAX], words[1024], device[1200];
};

/* The child: its output into NN.log (the instances would garble one
 * terminal), then the ordinary collection. */
static void child(struct instance *in, fanout_run_fn run, void *ctx)
{
	int fd = open(in->log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0 || dup2(fd, STDERR_FILENO) < 0)
		_exit(EXIT_ERROR);
	close(fd);
	int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		close(null);
	}
	int st = run(ctx, in->dir, in->words, in->device);
	fflush(NULL);
	_exit(st);
}

static int worse(int a, int b)
{
	return a > b ? a : b;
}

/* Reaps the instances that ended; says each. Returns how many. */
static size_t reap(struct instance *in, size_t n, int block)
{
	size_t got = 0;
	for (;;) {
		int ws;
		pid_t pid = waitpid(-1, &ws, block && !got ? 0 : WNOHANG);
		if (pid <= 0)
			return got;
		for (size_t i = 0; i < n; i++)
			if (in[i].pid == pid) {
				in[i].status = WIFEXITED(ws) ? WEXITSTATUS(ws) : EXIT_ERROR;
				in[i].pid = 0;
				fprintf(stderr, "rvbench: qemu %zu/%zu%s%s: %s (exit %d), %s\n", i + 1, n,
					*in[i].words ? " " : "", in[i].words,
					in[i].status == EXIT_COMPLETE     ? "complete"
					: in[i].status == EXIT_INCOMPLETE ? "incomplete"
									  : "error",
					in[i].status, in[i].status == EXIT_ERROR ? in[i].log : in[i].dir);
				got++;
			}
	}
}

/* A signal that ends a collection (session.c: SIGINT, SIGTERM, SIGHUP,
 * SIGPIPE, all alike, all blocked there) to rvbench while the instances
 * run: each child stops its QEMU and writes what it received. One left
 * out here would stay pending, and the instances would run to their end. */
static int stop_signal(void)
{
	static const int stop[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
	sigset_t set;
	struct timespec ts = { 0, 100 * 1000 * 1000 };
	sigemptyset(&set);
	for (size_t i = 0; i < sizeof(stop) / sizeof(stop[0]); i++)
		sigaddset(&set, stop[i]);
	return sigtimedwait(&set, NULL, &ts) > 0;
}

/* The merged report and where it went, on the standard output. */
struct merged_out {
	const struct fleet *f;
	const struct fleet_report *rep;
	const char *outdir;
};

static int merged_writer(FILE *out, void *ctx)
{
	const struct merged_out *o = ctx;

	if (fleet_print(out, o->f, o->rep))
		return -1;
	return fprintf(out, "results in %s (one directory per instance in %s/runs)\n", o->outdir,
		       o->outdir) < 0 ? -1 : 0;
}

static int merge(struct instance *in, size_t n, const char *outdir, int force)
{
	char **dirs = malloc(n * sizeof(*dirs)), err[4400];
	size_t nd = 0;
	struct fleet f;
	struct fleet_report rep = { 0 };
	if (!dirs)
		return EXIT_ERROR;
	for (size_t i = 0; i < n; i++)
		if (in[i].status == EXIT_COMPLETE || in[i].status == EXIT_INCOMPLETE)
			dirs[nd++] = in[i].dir;
	int rc = EXIT_ERROR;
	if (!nd) {
		rvb_error("qemu: no instance wrote results: nothing to merge");
	} else if (fleet_load(&f, dirs, nd, err, sizeof(err)) ||
		   fleet_report_build(&f, &rep, err, sizeof(err)) ||
		   fleet_write_dir(&f, &rep, outdir, force, err, sizeof(err))) {
		rvb_error("qemu: %s", err);
	} else {
		/* Flushed and checked (output_file_write): a full disk or a
		 * closed pipe is exit 2, not a report lost unsaid. */
		struct merged_out mo = { &f, &rep, outdir };
		if (output_file_write(NULL, merged_writer, &mo, err, sizeof(err)))
			rvb_error("qemu: %s", err);
		else
			rc = EXIT_COMPLETE;
	}
	if (nd) {
		fleet_report_free(&rep);
		fleet_free(&f);
	}
	free(dirs);
	return rc;
}

int fanout_run(const struct fanout *fo, const char *outdir, const char *device_base, int force,
	       fanout_run_fn run, void *ctx)
{
	size_t points = 1;
	for (size_t a = 0; a < fo->naxes; a++)
		points *= axis_count(fo->axis[a]);
	size_t n = points * fo->repeat;
	if (n > FANOUT_MAX_INSTANCES) {
		rvb_error("qemu: %zu instances (matrix x --repeat): at most %d", n,
			  FANOUT_MAX_INSTANCES);
		return EXIT_ERROR;
	}
	/* Room for runs/NNN.log under it. */
	char top[PATH_MAX - 64], runs[PATH_MAX - 48];
	if (outdir && strlen(outdir) >= sizeof(top)) {
		rvb_error("qemu: output directory name too long");
		return EXIT_ERROR;
	}
	if (outdir) {
		snprintf(top, sizeof(top), "%s", outdir);
		/* Results of another collection are never overwritten unasked:
		 * the rule of one collection (session_open). */
		if (!force && session_dir_has_entries(top)) {
			rvb_error("qemu: output directory %s is not empty (choose another, or --force "
				  "to overwrite)", top);
			return EXIT_ERROR;
		}
		if (mkdir(top, 0755) && errno != EEXIST) {
			rvb_error("qemu: cannot create %s: %s", top, strerror(errno));
			return EXIT_ERROR;
		}
	} else if (default_dir(top, sizeof(top))) {
		return EXIT_ERROR;
	}
	snprintf(runs, sizeof(runs), "%s/runs", top);
	/* --force over an earlier fan-out: its runs/ stays, each instance's
	 * directory and log are written over (the instances get --force too). */
	if (mkdir(runs, 0755) && !(force && errno == EEXIST)) {
		rvb_error("qemu: cannot create %s: %s", runs, strerror(errno));
		return EXIT_ERROR;
	}

	struct instance *in = calloc(n, sizeof(*in));
	if (!in) {
		rvb_error("qemu: out of memory");
		return EXIT_ERROR;
	}
	int width = n >= 100 ? 3 : 2;
	for (size_t i = 0; i < n; i++) {
		in[i].status = -1;
		snprintf(in[i].dir, sizeof(in[i].dir), "%s/%0*zu", runs, width, i + 1);
		snprintf(in[i].log, sizeof(in[i].log), "%s/%0*zu.log", runs, width, i + 1);
		point_words(fo, i / fo->repeat, in[i].words, sizeof(in[i].words));
		snprintf(in[i].device, sizeof(in[i].device), "%s-%0*zu%s%s",
			 device_base ? device_base : "qemu", width, i + 1, *in[i].words ? " " : "",
			 in[i].words);
	}
	fprintf(stderr, "rvbench: %zu QEMU instances, at most %u at once, into %s\n", n, fo->jobs,
		top);
	fflush(NULL);

	size_t next = 0, running = 0;
	int stopped = 0, status = EXIT_COMPLETE;
	while (next < n || running) {
		while (!stopped && next < n && running < fo->jobs) {
			pid_t pid = fork();
			if (pid < 0) {
				rvb_error("qemu: cannot start an instance: %s", strerror(errno));
				stopped = 1;
				status = EXIT_ERROR;
				break;
			}
			if (!pid)
				child(&in[next], run, ctx);
			in[next++].pid = pid;
			running++;
		}
		if (!running)
			break;
		if (!stopped && stop_signal()) {
			/* No more instances; the running ones end theirs. */
			stopped = 1;
			status = EXIT_INCOMPLETE;
			for (size_t i = 0; i < n; i++)
				if (in[i].pid > 0)
					kill(in[i].pid, SIGTERM);
		}
		running -= reap(in, n, stopped);
	}
	for (size_t i = 0; i < n; i++)
		status = worse(status, in[i].status < 0 ? EXIT_INCOMPLETE : in[i].status);
	int mrc = merge(in, n, top, force);
	if (!outdir && mrc != EXIT_ERROR)
		point_latest(top);
	free(in);
	return worse(status, mrc);
}
