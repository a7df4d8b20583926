/* `rvbench replay FILE`: decode a saved UART log (source_file.c), or the
 * UART lines of a LAVA job log (source_lava.c), told apart by their first
 * line. */
#include "commands.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "collect_cli.h"
#include "lava_show.h"
#include "meta_keep.h"
#include "replay_run.h"
#include "source.h"
#include "source_lava.h"
#include "term_str.h"

static int replay_input(const struct replay_req *r, const char *input);

/* 1 when the record l, from the meta.json beside the uart.log path, says
 * that path was cut short (a full disk while it was collected) and still
 * is: of the size it gives. A log made whole since is decoded as it is. */
static int log_known_short(const char *path, const struct meta_log *l)
{
	struct stat st;

	return l->known && !l->complete && !stat(path, &st) &&
	       (unsigned long long)st.st_size == l->bytes;
}

/* The warning for results decoded from a uart.log known to be cut short. */
static void warn_short(const struct session *s, const char *file, const char *dir,
		       const struct meta_log *l)
{
	rvb_error("replay: %s holds only the first %llu of the %llu bytes of its stream (%s, says %s/meta.json):"
		  " results decoded from it into %s hold that part only, and their meta.json says so", file,
		  l->bytes, l->stream_bytes, l->error[0] ? l->error : "cut short", dir, s->dir);
}

/*
 * Decoding in place a uart.log known to be cut short. When the results
 * beside it were decoded from the whole stream as it arrived, this would
 * replace them with those of the part kept: refused (1), nothing changed;
 * the part can still be decoded into another directory. When they were
 * decoded from that part already, it is done, with the warning (0).
 */
static int refuse_short_log(const struct session *s, const char *file, const struct meta_keep *k)
{
	if (!log_known_short(file, &k->log))
		return 0;
	if (k->log.decoded <= k->log.bytes) {
		warn_short(s, file, s->dir, &k->log);
		return 0;
	}
	rvb_error("replay: %s holds only the first %llu of the %llu bytes of its stream (%s, says %s/meta.json),"
		  " and the results in %s were decoded from all of them: decoding it again there would"
		  " replace them with less. Nothing was changed; to decode the part it holds, give"
		  " another directory: rvbench replay %s -o OTHER", file, k->log.bytes,
		  k->log.stream_bytes, k->log.error[0] ? k->log.error : "cut short", s->dir, s->dir, file);
	return 1;
}

/* A replay of DIR/uart.log into another directory: when DIR/meta.json
 * says that log was cut short, the new results are short too. Said, and
 * kept in the session for their meta.json ("uart_log"). */
static void note_short_input(struct session *s, const char *input, const char *file)
{
	const char *slash = strrchr(file, '/');
	char dir[4096];
	struct meta_log l;

	if (strcmp(slash ? slash + 1 : file, "uart.log"))
		return;
	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else if (snprintf(dir, sizeof(dir), "%.*s", (int)(slash - file) + (slash == file), file) >=
		 (int)sizeof(dir))
		return;
	if (meta_log_load(dir, &l) || !log_known_short(input, &l))
		return;
	s->input_log = l;
	warn_short(s, file, dir, &l);
}

/*
 * A directory's uart.log decoded again into it: its meta.json is the
 * only record of how the stream was collected (QEMU's command line and
 * -icount, or the port) and of the device's name; the new meta.json keeps
 * them, marked "decoded_again", instead of calling the run a replay whose
 * counters are of unknown meaning. --device-name still wins.
 */
static void keep_provenance(struct session *s, struct meta_source *m, struct meta_keep *k)
{
	char err[4400];
	int rc = meta_keep_load(s->dir, k, err, sizeof(err));

	if (rc < 0)
		rvb_error("replay: %s: how the stream was collected is not known, and the new "
			  "meta.json says replay", err);
	if (rc)
		return;
	m->kind = k->kind;
	m->icount = k->icount;
	m->kept_json = k->source_json;
	if (!m->device_name)
		m->device_name = k->device_name;
}

int cmd_replay(const struct command *cmd, int argc, char **argv)
{
	static const struct option lo[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "allow-partial", no_argument, NULL, 'P' },
		{ "force", no_argument, NULL, 'F' },
		{ "device-name", required_argument, NULL, 'D' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "lava-job", required_argument, NULL, 'J' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 },
	};
	struct collect_cli c = { { CONSOLE_OFF, NULL, 0 }, NULL, 0, 0, NULL, 0, 0, 0, 0 };
	int opt, status;
	const char *lava_job = NULL;

	reset_getopt();
	/* Its options are shared ones but --lava-job: anything else is an error. */
	while ((opt = next_own_opt("replay", cmd->help, &c, argc, argv, ":o:hvq", lo, &status)) != -1) {
		if (opt != 'J')
			return opt == OPT_RETURN ? status : EXIT_ERROR;
		if (!lava_job_id_ok(optarg)) {
			rvb_error("replay: --lava-job '%s': expected a LAVA job id (digits, e.g. 1234)",
				  optarg);
			return EXIT_ERROR;
		}
		lava_job = optarg;
	}
	if (optind != argc - 1) {
		rvb_error(optind >= argc ? "replay: no FILE given (see rvbench replay --help)"
					 : "replay: one FILE only (see rvbench replay --help)");
		return EXIT_ERROR;
	}
	struct replay_req r = { .file = argv[optind], .outdir = c.outdir,
				.device_name = c.device_name, .lava_job = lava_job,
				.allow_partial = c.allow_partial, .verbose = c.verbose,
				.force = c.force };
	return replay_run(&r);
}

/*
 * A pipe, a FIFO or a terminal can be read once only, and the input is
 * read more than once: the first lines tell a LAVA job log from a UART
 * log, then the whole is decoded. Such an input is first copied whole
 * into a temporary file (path, unlinked by the caller), read from then
 * on. 0: file is a regular file, nothing copied; 1: copied; -1: error,
 * said.
 */
static int spool_if_stream(const char *file, char *path, size_t cap)
{
	struct stat st;
	int in = open(file, O_RDONLY | O_CLOEXEC);

	if (in < 0) {
		rvb_error("replay: cannot open %s: %s", file, strerror(errno));
		return -1;
	}
	if (fstat(in, &st) == 0 && S_ISREG(st.st_mode)) {
		close(in);
		return 0;
	}
	if (S_ISDIR(st.st_mode)) {
		rvb_error("replay: %s is a directory: give its uart.log", file);
		close(in);
		return -1;
	}
	const char *tmp = getenv("TMPDIR");
	snprintf(path, cap, "%s/rvbench-replay-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	int out = mkstemp(path);
	if (out < 0) {
		rvb_error("replay: cannot make a temporary copy of %s in %s: %s", file, path,
			  strerror(errno));
		close(in);
		return -1;
	}
	char buf[65536];
	ssize_t n;
	int err = 0;
	while (!err && (n = read(in, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			err = errno == EINTR ? 0 : errno;
			continue;
		}
		for (ssize_t done = 0, w; !err && done < n; done += w > 0 ? w : 0)
			if ((w = write(out, buf + done, (size_t)(n - done))) < 0 && errno != EINTR)
				err = errno;
	}
	if (close(out) && !err)
		err = errno;
	close(in);
	if (err) {
		rvb_error("replay: cannot copy %s to %s: %s", file, path, strerror(err));
		unlink(path);
		return -1;
	}
	return 1;
}

int replay_run(const struct replay_req *r)
{
	char spool[4200];
	int spooled = spool_if_stream(r->file, spool, sizeof(spool));

	if (spooled < 0)
		return EXIT_ERROR;
	int status = replay_input(r, spooled ? spool : r->file);
	if (spooled)
		unlink(spool);
	return status;
}

/* replay_run() once the input can be read twice: read from `input`, named
 * r->file everywhere the user sees it. */
static int replay_input(const struct replay_req *r, const char *input)
{
	const char *file = r->file;
	int status;

	int lava = lava_log_detect(input);
	if (lava < 0) {
		rvb_error("replay: cannot read %s: %s", file, strerror(errno));
		return EXIT_ERROR;
	}
	if (r->lava_job && !lava) {
		rvb_error("replay: --lava-job: %s is not a LAVA job log", file);
		return EXIT_ERROR;
	}

	char err[4400];
	struct session s;
	if (session_open(&s, r->outdir, file, r->force, err, sizeof(err))) {
		rvb_error("%s", err);
		return EXIT_ERROR;
	}
	s.allow_partial = r->allow_partial;
	/* A saved log decodes at once: no progress (-q is taken as for
	 * qemu and serial). */
	session_verbosity(&s, r->verbose, 1, 0);
	struct meta_source m = { .kind = "replay", .file = file, .device_name = r->device_name };
	struct meta_keep kept = { 0 };
	if (s.log_mode == SESSION_LOG_INPUT) {
		/* decoding DIR/uart.log into DIR: keep what meta.json knows */
		keep_provenance(&s, &m, &kept);
		if (refuse_short_log(&s, file, &kept)) {
			session_free(&s);
			meta_keep_free(&kept);
			return EXIT_ERROR;
		}
		if (log_known_short(file, &kept.log))
			s.input_log = kept.log; /* and the new meta.json says so again */
	} else if (!lava) {
		note_short_input(&s, input, file);
	}
	enum src_end end;
	struct lava_log_stats ls;
	int rc;
	if (lava) {
		m.lava = 1;
		m.lava_job = r->lava_job;
		rc = source_lava(&s, input, &ls, &end, err, sizeof(err));
		m.lava_records = ls.records;
		m.lava_target = ls.target;
		m.lava_damaged = ls.damaged;
		if (ls.damaged)
			fprintf(stderr, "rvbench: replay: %lu line%s of %s %s not a LAVA record (cut or garbled), skipped\n",
				ls.damaged, ls.damaged == 1 ? "" : "s", file, ls.damaged == 1 ? "is" : "are");
		/* LAVA's own verdict, its log's last record: a job it failed
		 * (an infrastructure error, a timeout) is said even when the run
		 * looks whole; a log without it was cut before the job ended. */
		if (ls.job.result == LAVA_JOB_FAIL) {
			char t[4 * sizeof(ls.job.error_type)], em[4 * sizeof(ls.job.error_msg)];
			fprintf(stderr, "rvbench: replay: LAVA failed the job (%s: %s)\n",
				ls.job.error_type[0] ? term_str(ls.job.error_type, t, sizeof(t))
						     : "no error type",
				term_str(ls.job.error_msg, em, sizeof(em)));
		} else if (ls.job.result == LAVA_JOB_NONE) {
			fprintf(stderr, "rvbench: replay: %s has no job result from LAVA: cut before the job ended\n",
				file);
		}
	} else {
		rc = source_file(&s, input, &end, err, sizeof(err));
	}
	if (rc) {
		rvb_error("replay: %s", err);
		m.end = "error";
		session_finish(&s, &m, stdout);
		status = EXIT_ERROR;
	} else {
		m.end = src_end_name(end);
		status = session_finish(&s, &m, stdout);
		if (lava && ls.job.result == LAVA_JOB_FAIL && status == 0)
			status = EXIT_INCOMPLETE;
	}
	session_free(&s);
	meta_keep_free(&kept);
	return status;
}
