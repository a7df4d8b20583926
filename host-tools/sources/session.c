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
		struct stat st;
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
		s->made_dir = stat(s->dir, &st) != 0;
		if (mkdir_p(s->dir, err, errlen))
			return -1;
	} else {
		if (make_default_dir(s, err, errlen))
			return -1;
		s->make_latest = 1;
		s->made_dir = 1;
	}
	snprintf(path, sizeof(path), "%s/uart.log", s->dir);
	/* Replaying DIR/uart.log into DIR: the log is already there, and
	 * truncating it would destroy the input. */
	if (is_own_log(s->dir, same_as)) {
		s->log_mode = SESSION_LOG_INPUT;
		s->c = collector_new();
		return 0;
	}
	if (same_as) {
		/* A replay's copy: uart.log of earlier results stays until the
		 * new results replace it, and stays for good if they cannot. */
		s->log_mode = SESSION_LOG_COPY;
		if ((size_t)snprintf(s->log_tmp, sizeof(s->log_tmp), "%s/.uart.log.XXXXXX.tmp", s->dir) >=
		    sizeof(s->log_tmp)) {
			s->log_tmp[0] = '\0';
			snprintf(err, errlen, "cannot write %s: %s", path, strerror(ENAMETOOLONG));
			return -1;
		}
		s->log_fd = afile_tmp_create(s->log_tmp);
		if (s->log_fd < 0)
			s->log_tmp[0] = '\0';
	} else {
		s->log_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	}
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
			rvb_error("cannot write %s/uart.log: %s (still %s)", s->dir, strerror(errno),
				  s->log_mode == SESSION_LOG_COPY ? "decoding" : "collecting");
			break;
		}
		p += w;
		left -= (size_t)w;
		s->log_bytes += (unsigned long long)w;
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
		/* Nothing of it was read: an input this rvbench cannot use. */
		if (r->fmt_newer) {
			rvb_error("run %08x: wire format version %llu is newer than this rvbench reads "
				  "(%d to %d)", r->tag, (unsigned long long)r->fmt_newer, WIRE_VERSION_MIN,
				  WIRE_VERSION);
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

/* What uart.log holds of the stream, for meta.json's "uart_log". */
static void describe_log(const struct session *s, struct meta_log *l)
{
	const struct meta_log *in = &s->input_log;
	int in_short = in->known && !in->complete;

	memset(l, 0, sizeof(*l));
	l->known = 1;
	if (s->log_mode == SESSION_LOG_INPUT) {
		/* Decoded in place: uart.log is as whole as it was. */
		char path[4200];
		struct stat st;
		snprintf(path, sizeof(path), "%s/uart.log", s->dir);
		l->bytes = stat(path, &st) ? s->c->bytes : (unsigned long long)st.st_size;
		l->complete = !in_short;
	} else {
		l->bytes = s->log_bytes;
		l->complete = !in_short && !s->log_errno && l->bytes == s->c->bytes;
	}
	/* A replay of a uart.log known to be cut: of the stream it was cut
	 * from, which these results miss too. */
	l->stream_bytes = in_short ? in->stream_bytes : l->complete ? l->bytes : s->c->bytes;
	if (s->log_errno)
		snprintf(l->error, sizeof(l->error), "%s", strerror(s->log_errno));
	else if (in_short)
		snprintf(l->error, sizeof(l->error), "%s", in->error);
}

/*
 * A replay of a file that holds no run (an empty file, a samples.csv given
 * by mistake, a log of something else): there are no results to present,
 * so none are written and results/latest stays where it was. The raw
 * bytes are the input's, so the copy of them is not kept either, and a
 * directory made for them goes again.
 */
static int no_run_in_input(struct session *s, const struct meta_source *src)
{
	const char *file = src->file ? src->file : "the input";
	unsigned long orphans = s->c->rejected[COLL_REJ_ORPHAN];
	char what[200];

	if (orphans)
		snprintf(what, sizeof(what), "%lu line%s of runs whose RUN header is missing", orphans,
			 orphans == 1 ? "" : "s");
	else
		snprintf(what, sizeof(what), "%llu byte%s, no RUN header of rvbench among them: not a UART log?",
			 (unsigned long long)s->c->bytes, s->c->bytes == 1 ? "" : "s");
	if (s->log_mode == SESSION_LOG_INPUT)
		rvb_error("replay: no run found in %s (%s): nothing in %s was changed", file, what, s->dir);
	else
		rvb_error("replay: no run found in %s (%s): no results written%s, no copy of the input kept"
			  " as uart.log", file, what, s->make_latest ? ", results/latest not moved" : "");
	if (s->log_tmp[0]) {
		unlink(s->log_tmp);
		s->log_tmp[0] = '\0';
	}
	if (s->made_dir)
		rmdir(s->dir); /* fails, harmlessly, when other files are there */
	firmware_refused(s); /* its error lines on stderr all the same */
	return EXIT_ERROR;
}

/*
 * The result files, all or none (atomic_file.h): each is written to a
 * temporary file, and only once all of them are, renamed into place,
 * meta.json last (it names the others: its presence says they were all
 * written). A replay's copy of uart.log goes with them. So a full disk
 * replaces nothing, and the files there (an earlier collection's, under
 * --force; the same stream's, decoded in place) still agree with each
 * other. Returns 0, or -1 with err; replaced[] then names the files that
 * were renamed into place before a rename failed (*n of them).
 */
static int write_results(struct session *s, struct meta_log_ctx *mc, const char **replaced,
			 size_t *n, char *err, size_t errlen)
{
	const struct {
		const char *name;
		afile_writer fn;
		void *ctx;
	} files[] = {
		{ "samples.csv", csv_samples_writer, s->c },
		{ "summary.csv", csv_summary_writer, s->c },
		{ "gaps.csv", csv_gaps_writer, s->c },
		{ "tracepoints.csv", csv_tracepoints_writer, s->c },
		{ "uart.log", NULL, NULL }, /* COPY: s->log_tmp, written already */
		{ "meta.json", meta_json_log_writer, mc },
	};
	enum { NFILES = sizeof(files) / sizeof(files[0]) };
	struct afile_tmp t[NFILES];
	size_t i;
	int rc = 0;

	*n = 0;
	for (i = 0; i < NFILES; i++)
		t[i].tmp[0] = '\0';
	for (i = 0; i < NFILES && !rc; i++) {
		if (files[i].fn) {
			rc = afile_prepare(&t[i], s->dir, files[i].name, files[i].fn, files[i].ctx, err,
					   errlen);
		} else if (s->log_tmp[0]) {
			/* As long as the temporary name, which fitted. */
			if ((size_t)snprintf(t[i].final, sizeof(t[i].final), "%s/uart.log", s->dir) >=
			    sizeof(t[i].final)) {
				snprintf(err, errlen, "%s/uart.log: path too long", s->dir);
				rc = -1;
				break;
			}
			memcpy(t[i].tmp, s->log_tmp, sizeof(t[i].tmp));
			s->log_tmp[0] = '\0'; /* t[i] owns it now */
		}
	}
	unsigned char committed[NFILES] = { 0 };
	if (rc) {
		for (i = 0; i < NFILES; i++)
			afile_abort(&t[i]);
	} else {
		rc = afile_commit_set(t, NFILES, committed, err, errlen);
	}
	for (i = 0; i < NFILES; i++)
		if (committed[i])
			replaced[(*n)++] = files[i].name;
	if (s->log_tmp[0]) { /* a preparation failed before the copy's turn */
		unlink(s->log_tmp);
		s->log_tmp[0] = '\0';
	}
	return rc;
}

/*
 * After the result files failed to be written: meta.json says that the
 * files beside it were all written, so one left by an earlier collection
 * must not vouch for files it does not describe: uart.log, when a live
 * collection wrote its stream there (--force), or a file a rename replaced
 * before another failed. It is renamed, not deleted: it may hold the only
 * record of how its stream was collected. Every reader then refuses the
 * directory, for want of a meta.json. When nothing it describes changed
 * (a replay: all or none), it stays, and so do the results it vouches for.
 */
static void set_stale_meta_aside(const struct session *s, const char *const *replaced, size_t n)
{
	char meta[4200], aside[4200], list[256] = "";
	int live = s->log_mode == SESSION_LOG_LIVE;
	size_t len = live ? (size_t)snprintf(list, sizeof(list), "uart.log") : 0;

	for (size_t i = 0; i < n && len < sizeof(list); i++)
		len += (size_t)snprintf(list + len, sizeof(list) - len, "%s%s", len ? ", " : "", replaced[i]);
	snprintf(meta, sizeof(meta), "%s/meta.json", s->dir);
	snprintf(aside, sizeof(aside), "%s/meta.json.stale", s->dir);
	if (rename(meta, aside)) {
		if (errno != ENOENT)
			rvb_error("cannot rename %s aside: %s", meta, strerror(errno));
		return;
	}
	rvb_error("%s/meta.json renamed meta.json.stale: %s %s now this %s's, which it does not describe;"
		  " the other files are still the earlier ones", s->dir, list, n + live == 1 ? "is" : "are",
		  live ? "collection" : "decoding");
}

/* uart.log cut short, said on stderr: what it holds, and what that means
 * for the results (files_ok: written, from every byte received). */
static void say_short_log(const struct session *s, const struct meta_source *src,
			  const struct meta_log *l, int files_ok)
{
	if (!s->log_errno) /* a replay of a uart.log known to be cut: said at its start */
		return;
	if (s->log_mode == SESSION_LOG_COPY && !files_ok)
		return; /* the copy is gone with the rest; the summary says what to do */
	if (s->log_mode == SESSION_LOG_COPY)
		rvb_error("%s/uart.log holds only the first %llu of the %llu bytes of %s (%s): the results"
			  " are decoded from all of them and meta.json says so (\"uart_log\"); to decode them"
			  " again, decode %s itself", s->dir, l->bytes, (unsigned long long)s->c->bytes,
			  src->file, l->error, src->file);
	else if (files_ok)
		rvb_error("%s/uart.log is incomplete: it holds only the first %llu of the %llu bytes"
			  " received (%s); the results are decoded from all of them and meta.json says so"
			  " (\"uart_log\"), but decoding that uart.log again would give less", s->dir,
			  l->bytes, (unsigned long long)s->c->bytes, l->error);
	else
		rvb_error("%s/uart.log is incomplete: it holds only the first %llu of the %llu bytes"
			  " received (%s); the rest of the stream is lost", s->dir, l->bytes,
			  (unsigned long long)s->c->bytes, l->error);
}

/* The summary's line for results that were not written: what changed in
 * the directory, and how to decode the stream again, from where it is
 * whole (a replay's input, not its copy). */
static void print_not_written(FILE *out, const struct session *s, const struct meta_source *src,
			      const struct meta_log *l, size_t nreplaced)
{
	fprintf(out, "results NOT written in %s: ", s->dir);
	if (nreplaced)
		fputs("some of its files were replaced and its meta.json set aside (see above); ", out);
	else if (s->log_mode != SESSION_LOG_LIVE)
		fputs("nothing there was changed; ", out);
	if (s->log_mode == SESSION_LOG_COPY)
		fprintf(out, "%s, the input, is as it was: decode it again into a directory with room: "
			     "rvbench replay %s -o DIR\n", src->file, src->file);
	else if (s->log_mode == SESSION_LOG_INPUT)
		fprintf(out, "decode its uart.log again once there is room: rvbench replay %s/uart.log -o %s\n",
			s->dir, s->dir);
	else if (l->complete)
		fprintf(out, "its uart.log holds the whole stream; decode it again into a directory with room: "
			     "rvbench replay %s/uart.log -o DIR\n", s->dir);
	else
		fprintf(out, "its uart.log holds only the first %llu of the %llu bytes received, the rest is lost;"
			     " decode what it holds into a directory with room: rvbench replay %s/uart.log -o DIR\n",
			l->bytes, l->stream_bytes, s->dir);
}

int session_finish(struct session *s, const struct meta_source *src, FILE *out)
{
	char err[4400];
	int status = EXIT_COMPLETE, files_ok = 1;
	struct meta_log log;
	struct meta_log_ctx mc = { { s->c, src }, &log };
	const char *replaced[8];
	size_t nreplaced = 0;
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
		if (s->log_errno)
			status = EXIT_ERROR; /* a write failed: said below */
	}
	int stopped = src->end && !strcmp(src->end, "interrupted");
	if (s->log_mode != SESSION_LOG_LIVE && !s->c->nruns && !stopped)
		return no_run_in_input(s, src);
	describe_log(s, &log);
	if (write_results(s, &mc, replaced, &nreplaced, err, sizeof(err))) {
		rvb_error("%s", err);
		status = EXIT_ERROR;
		files_ok = 0;
		if (nreplaced || s->log_mode == SESSION_LOG_LIVE)
			set_stale_meta_aside(s, replaced, nreplaced);
		else if (s->made_dir)
			rmdir(s->dir); /* a replay's, left empty: as if never made */
	}
	say_short_log(s, src, &log, files_ok);
	/* Results from part of a stream are not the run that was asked for. */
	if (status == EXIT_COMPLETE && !log.complete)
		status = EXIT_INCOMPLETE;
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
		print_not_written(out, s, src, &log, nreplaced);
	else
		fprintf(out, "results in %s%s%s%s\n", s->dir,
			log.complete ? ""
			: s->log_errno ? " (its uart.log cut short: see meta.json's \"uart_log\")"
				       : " (of part of a stream: see meta.json's \"uart_log\")",
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

/* A replay's temporary copy of its input, if still there, removed. */
static void drop_log_copy(struct session *s)
{
	if (s->log_fd >= 0)
		close(s->log_fd);
	s->log_fd = -1;
	if (s->log_tmp[0])
		unlink(s->log_tmp);
	s->log_tmp[0] = '\0';
}

void session_free(struct session *s)
{
	if (s->log_mode == SESSION_LOG_COPY)
		drop_log_copy(s);
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

	if (s->log_mode == SESSION_LOG_COPY) {
		drop_log_copy(s);
	} else if (s->log_fd >= 0) {
		close(s->log_fd);
		s->log_fd = -1;
		snprintf(path, sizeof(path), "%s/uart.log", s->dir);
		unlink(path);
	}
	rmdir(s->dir); /* fails, harmlessly, when other files are there */
}
