/* Output directory, uart.log and result files of one collection (session.h). */
#include "session.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "analysis_report.h"
#include "atomic_file.h"
#include "csv_out.h"
#include "summary_print.h"
#include "wire.h"

#define RESULTS_ROOT "results"

void rvb_error(const char *fmt, ...)
{
	va_list ap;

	fputs("rvbench: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* ---- signals ----------------------------------------------------------------- */

/*
 * The signals that end a collection, all alike: Ctrl-C, kill, the
 * terminal closed, the reader of our output gone. What was received is
 * decoded and written, the source's end is "interrupted", the exit
 * status 1. SIGXFSZ (a file size limit) is ignored instead: the write
 * then fails with EFBIG and is reported like a full disk.
 */
static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
#define NSTOP (sizeof(stop_signals) / sizeof(stop_signals[0]))

static volatile sig_atomic_t stop_flag;
static sigset_t wait_mask;

static void on_signal(int sig)
{
	stop_flag = sig;
}

void session_signals_init(void)
{
	struct sigaction sa;
	sigset_t block;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigemptyset(&block);
	/* No SA_RESTART: a blocking call returns EINTR and the loop checks. */
	for (size_t i = 0; i < NSTOP; i++) {
		sigaction(stop_signals[i], &sa, NULL);
		sigaddset(&block, stop_signals[i]);
	}
	signal(SIGXFSZ, SIG_IGN);
	sigprocmask(SIG_BLOCK, &block, &wait_mask);
	for (size_t i = 0; i < NSTOP; i++)
		sigdelset(&wait_mask, stop_signals[i]);
}

const sigset_t *session_wait_mask(void)
{
	return &wait_mask;
}

int session_stop_requested(void)
{
	sigset_t pending;

	/* Sources that never wait in ppoll (replay) see the signal here. */
	if (!stop_flag && !sigpending(&pending))
		for (size_t i = 0; i < NSTOP; i++)
			if (sigismember(&pending, stop_signals[i]) == 1) {
				stop_flag = stop_signals[i];
				break;
			}
	return stop_flag != 0;
}

int session_stop_signal(void)
{
	return stop_flag;
}

/* ---- output directory ------------------------------------------------------- */

static int mkdir_p(const char *path, char *err, size_t errlen)
{
	char buf[4096];
	size_t n = strlen(path);

	if (n >= sizeof(buf)) {
		snprintf(err, errlen, "output directory name too long");
		return -1;
	}
	memcpy(buf, path, n + 1);
	for (size_t i = 1; i <= n; i++) {
		if (buf[i] != '/' && buf[i] != '\0')
			continue;
		char saved = buf[i];
		buf[i] = '\0';
		if (mkdir(buf, 0755) && errno != EEXIST) {
			snprintf(err, errlen, "cannot create output directory %s: %s", buf, strerror(errno));
			return -1;
		}
		buf[i] = saved;
	}
	struct stat st;
	if (stat(path, &st)) {
		snprintf(err, errlen, "output directory %s: %s", path, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) { /* errno is mkdir's EEXIST: not the reason */
		snprintf(err, errlen, "output directory %s: not a directory", path);
		return -1;
	}
	return 0;
}

/* results/<UTC time>; a second run in the same second gets -2, -3, ... */
static int make_default_dir(struct session *s, char *err, size_t errlen)
{
	char stamp[32];
	time_t now = time(NULL);
	struct tm tm;

	gmtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", &tm);
	if (mkdir_p(RESULTS_ROOT, err, errlen))
		return -1;
	for (int i = 1; i < 100; i++) {
		if (i == 1)
			snprintf(s->dir, sizeof(s->dir), "%s/%s", RESULTS_ROOT, stamp);
		else
			snprintf(s->dir, sizeof(s->dir), "%s/%s-%d", RESULTS_ROOT, stamp, i);
		if (!mkdir(s->dir, 0755))
			return 0;
		if (errno != EEXIST) {
			snprintf(err, errlen, "cannot create output directory %s: %s", s->dir,
				 strerror(errno));
			return -1;
		}
	}
	snprintf(err, errlen, "cannot find a free directory name in %s", RESULTS_ROOT);
	return -1;
}

int session_dir_has_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int found = 0;

	if (!d)
		return 0;
	while (!found && (e = readdir(d)))
		found = strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return found;
}

/* 1 when same_as is dir/uart.log (the same file, by device and inode). */
static int is_own_log(const char *dir, const char *same_as)
{
	char path[4200];
	struct stat in, out;

	snprintf(path, sizeof(path), "%s/uart.log", dir);
	return same_as && !stat(same_as, &in) && !stat(path, &out) && in.st_dev == out.st_dev &&
	       in.st_ino == out.st_ino;
}

int session_open(struct session *s, const char *outdir, const char *same_as, int force,
		 char *err, size_t errlen)
{
	char path[4200];

	memset(s, 0, sizeof(*s));
	s->log_fd = -1;
	s->fw_errors_at_prompt = -1;
	if (outdir) {
		if (strlen(outdir) >= sizeof(s->dir)) {
			snprintf(err, errlen, "output directory name too long");
			return -1;
		}
		snprintf(s->dir, sizeof(s->dir), "%s", outdir);
		/* Results of another collection are never overwritten unasked. */
		if (!force && session_dir_has_entries(s->dir) && !is_own_log(s->dir, same_as)) {
			snprintf(err, errlen,
				 "output directory %s is not empty (choose another, or --force to"
				 " overwrite)", s->dir);
			return -1;
		}
		if (mkdir_p(s->dir, err, errlen))
			return -1;
	} else {
		if (make_default_dir(s, err, errlen))
			return -1;
		s->make_latest = 1;
	}
	snprintf(path, sizeof(path), "%s/uart.log", s->dir);
	/* Replaying DIR/uart.log into DIR: the log is already there, and
	 * truncating it would destroy the input. */
	if (is_own_log(s->dir, same_as)) {
		s->c = collector_new();
		return 0;
	}
	s->log_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (s->log_fd < 0) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	s->c = collector_new();
	s->progress = isatty(STDERR_FILENO) ? PROGRESS_TTY : PROGRESS_LOG;
	return 0;
}

void session_feed(struct session *s, const void *buf, size_t n)
{
	const char *p = buf;
	size_t left = n;

	/* Log first: whatever the decoder thinks, the raw bytes are kept. */
	while (s->log_fd >= 0 && !s->log_errno && left) {
		ssize_t w = write(s->log_fd, p, left);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			s->log_errno = errno;
			rvb_error("cannot write %s/uart.log: %s (still collecting)", s->dir,
				  strerror(errno));
			break;
		}
		p += w;
		left -= (size_t)w;
	}
	fw_errors_feed(&s->fw, buf, n);
	collector_feed(s->c, buf, n);
}

/*
 * What the firmware refused: each error line repeated on stderr (with a
 * console, only those before its first prompt, the command line's: the
 * console reports the answers to its commands itself), and EXIT_ERROR for
 * a run that did not do what was asked, whose header counts rejected
 * options (the command line's alone: the firmware does not count a
 * console mistake, which was answered at once) or which selected no
 * benchmark. So a live run and a replay of its log end alike. The status
 * rests on the header, which passed its CRC, never on a human line,
 * which did not. Returns 1 when the status must be EXIT_ERROR.
 */
static int firmware_refused(struct session *s)
{
	int bad = 0;

	fw_errors_finish(&s->fw);
	if (!s->console || s->fw_errors_at_prompt < 0) /* no prompt: nothing answered */
		fw_errors_print(&s->fw, stderr);
	else
		fw_errors_print_first(&s->fw, stderr, (unsigned long)s->fw_errors_at_prompt);
	for (size_t i = 0; i < s->c->nruns; i++) {
		const struct coll_run *r = &s->c->runs[i];
		const char *v = coll_run_field(r, "bad_options");
		uint64_t n;
		if (v && !wire_parse_u64(v, &n) && n) {
			rvb_error("run %08x: the firmware rejected %llu option%s (the run went on without)",
				  r->tag, (unsigned long long)n, n == 1 ? "" : "s");
			bad = 1;
		}
		if (r->fmt_ok && r->benches_declared_ok && !r->benches_declared) {
			rvb_error("run %08x: no benchmark selected (rvbench.run= matched nothing?)",
				  r->tag);
			bad = 1;
		}
	}
	return bad;
}

static void update_latest(struct session *s)
{
	char tmp[4200], link[4200];
	const char *base = strrchr(s->dir, '/');

	base = base ? base + 1 : s->dir;
	snprintf(tmp, sizeof(tmp), "%s/.latest.tmp", RESULTS_ROOT);
	snprintf(link, sizeof(link), "%s/latest", RESULTS_ROOT);
	unlink(tmp);
	/* A relative target keeps the link valid when results/ moves. The
	 * rename replaces an old link atomically. */
	if (symlink(base, tmp) || rename(tmp, link)) {
		rvb_error("cannot update %s: %s", link, strerror(errno));
		unlink(tmp);
	}
}

/*
 * After a result file failed to be written: meta.json says that the files
 * beside it were all written, so one left by an earlier collection
 * (--force, or a decoding in place) must not vouch for a mix of its files
 * and this one's. It is renamed, not deleted: it may hold the only record
 * of how the stream was collected. Every reader then refuses the
 * directory, for want of a meta.json.
 */
static void set_stale_meta_aside(const char *dir)
{
	char meta[4200], aside[4200];

	snprintf(meta, sizeof(meta), "%s/meta.json", dir);
	snprintf(aside, sizeof(aside), "%s/meta.json.stale", dir);
	if (rename(meta, aside) == 0)
		rvb_error("%s/meta.json of an earlier collection renamed meta.json.stale: it does not "
			  "describe the files now in %s", dir, dir);
	else if (errno != ENOENT)
		rvb_error("cannot rename %s aside: %s", meta, strerror(errno));
}

int session_finish(struct session *s, const struct meta_source *src, FILE *out)
{
	char err[4400];
	int status = EXIT_COMPLETE, files_ok = 1;
	struct meta_ctx mc = { s->c, src };
	struct timespec ts;

	if (s->progress_start_ms) {
		clock_gettime(CLOCK_MONOTONIC, &ts);
		session_progress(s, (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000, 1);
	}
	collector_finish(s->c);
	if (s->log_fd >= 0) {
		if (!s->log_errno && fsync(s->log_fd) && errno != EINVAL)
			s->log_errno = errno;
		if (close(s->log_fd) && !s->log_errno)
			s->log_errno = errno;
		s->log_fd = -1;
		if (s->log_errno) {
			rvb_error("%s/uart.log is incomplete: %s", s->dir, strerror(s->log_errno));
			status = EXIT_ERROR;
		}
	}
	/* meta.json last: it names the other files, so its presence says
	 * they were all written (each through a rename, never truncated). */
	if (afile_write(s->dir, "samples.csv", csv_samples_writer, s->c, err, sizeof(err)) ||
	    afile_write(s->dir, "summary.csv", csv_summary_writer, s->c, err, sizeof(err)) ||
	    afile_write(s->dir, "gaps.csv", csv_gaps_writer, s->c, err, sizeof(err)) ||
	    afile_write(s->dir, "tracepoints.csv", csv_tracepoints_writer, s->c, err, sizeof(err)) ||
	    afile_write(s->dir, "meta.json", meta_json_writer, &mc, err, sizeof(err))) {
		rvb_error("%s", err);
		status = EXIT_ERROR;
		files_ok = 0;
		set_stale_meta_aside(s->dir);
	}
	int stopped = src->end && !strcmp(src->end, "interrupted");
	const char *sig = sigabbrev_np(session_stop_signal());
	if (stopped && session_stop_signal())
		rvb_error("interrupted by %s: the results hold what was received", sig ? sig : "a signal");
	if (!s->c->nruns)
		fputs(s->no_run_asked ? "no run: the console commands start none\n"
				      : "no run found in the stream\n", out);
	/* After SIGHUP or SIGPIPE the terminal or the reader may be gone:
	 * the summary is lost, the files are not. A reader gone while the
	 * summary is printed (EPIPE: SIGPIPE is blocked) is a SIGPIPE too. */
	errno = 0;
	int cut = 0;
	if (summary_print(out, s->c, src, s->verbose ? an_report_collector : NULL)) {
		if (stopped || errno == EPIPE)
			cut = 1;
		else
			status = EXIT_ERROR;
	}
	if (src->end && strcmp(src->end, "trailer") && strcmp(src->end, "eof"))
		fprintf(out, "collection ended: %s\n", src->end);
	int hint = !s->verbose && s->c->nruns;
	if (!files_ok)
		fprintf(out, "results NOT written in %s: %s; decode it again into a directory with room: "
			     "rvbench replay %s/uart.log -o DIR\n",
			s->dir, s->log_errno ? "its uart.log is incomplete too" : "its uart.log holds the whole stream",
			s->dir);
	else
		fprintf(out, "results in %s%s%s\n", s->dir,
			hint ? "; every block's statistics: rvbench stats " : "", hint ? s->dir : "");
	if (s->make_latest && files_ok)
		update_latest(s); /* incomplete results are results too */
	/* Loss is forgiven only with --allow-partial; a failed block, a
	 * conflict, a CRC-32 mismatch or any other wrong value never. */
	if (status == EXIT_COMPLETE && !collector_all_complete(s->c) &&
	    (!s->allow_partial || !collector_all_sound(s->c)))
		status = EXIT_INCOMPLETE;
	if (status == EXIT_COMPLETE && !collector_all_ok(s->c))
		status = EXIT_INCOMPLETE;
	/* Stopped before the end: the run is not what was asked for. */
	if (status == EXIT_COMPLETE && (stopped || cut))
		status = EXIT_INCOMPLETE;
	if (firmware_refused(s))
		status = EXIT_ERROR;
	return status;
}

void session_free(struct session *s)
{
	if (s->log_fd >= 0)
		close(s->log_fd);
	s->log_fd = -1;
	collector_free(s->c);
	s->c = NULL;
	fw_errors_free(&s->fw);
}

void session_discard(struct session *s)
{
	char path[4200];

	if (s->log_fd >= 0) {
		close(s->log_fd);
		s->log_fd = -1;
		snprintf(path, sizeof(path), "%s/uart.log", s->dir);
		unlink(path);
	}
	rmdir(s->dir); /* fails, harmlessly, when other files are there */
}
