/*
 * One collection: the output directory, uart.log (every byte received, as
 * received, written before it is decoded so a crash keeps it) and the
 * collector. Sources call session_feed(); session_finish() writes the CSV
 * and JSON files and prints the summary.
 */
#ifndef RVBENCH_HOST_SESSION_H
#define RVBENCH_HOST_SESSION_H

#include <signal.h>
#include <stddef.h>
#include <stdio.h>

#include "collector.h"
#include "fw_errors.h"
#include "meta_json.h"
#include "meta_keep.h"

/* Exit statuses of the CLI. */
#define EXIT_COMPLETE 0   /* every run complete and every block's status ok */
#define EXIT_INCOMPLETE 1 /* data kept, but a run is incomplete or failed */
#define EXIT_ERROR 2      /* usage, input or output error; an option the
			   * firmware rejected, a selection of no benchmark */

struct session {
	char dir[4096];
	int make_latest;  /* default -o: point results/latest at dir */
	int made_dir;     /* session_open created dir: removed again if left empty */
	/*
	 * Where the bytes are kept. LIVE (qemu, serial): written to uart.log
	 * at once, so that a crash keeps them. COPY (a replay): into a
	 * temporary file renamed to uart.log with the result files, all or
	 * none, since the input stays where it was. INPUT: uart.log is the
	 * replayed file itself (DIR/uart.log decoded again into DIR).
	 */
	enum { SESSION_LOG_LIVE, SESSION_LOG_COPY, SESSION_LOG_INPUT } log_mode;
	int log_fd;       /* -1 when uart.log is the replayed file itself */
	char log_tmp[4096]; /* COPY: the temporary file, "" once renamed or removed */
	int log_errno;    /* first write error on uart.log, 0 if none */
	unsigned long long log_bytes; /* written to uart.log (LIVE, COPY) */
	/* A replay: what the meta.json beside its input says of it (known
	 * 0: nothing); a uart.log cut short makes these results short too. */
	struct meta_log input_log;
	int allow_partial; /* --allow-partial: lost samples alone do not fail */
	unsigned long link_bytes_per_s; /* serial: baud / 10; 0 when unknown */
	/* Progress on stderr (progress.c): a status line on a terminal, a
	 * line per finished block elsewhere, nothing with -q. */
	enum { PROGRESS_OFF, PROGRESS_TTY, PROGRESS_LOG } progress;
	int verbose;       /* -v: every block's full statistics after the table */
	int quiet;         /* -q: no progress */
	int icount;        /* the counters count QEMU -icount's instructions */
	int no_run_asked;  /* console commands that start no run (list; show) */
	long long progress_start_ms, progress_last_ms;
	size_t progress_run, progress_logged; /* runs begun, blocks logged */
	/* --exec or --console: the console reports the firmware's answers
	 * itself, and an error answer does not change the exit status. */
	int console;
	struct fw_errors fw; /* the firmware's "rvbench: error:" lines */
	/* With a console: how many of them came before its first prompt
	 * (the command line's; the console reports the later ones itself),
	 * or -1 while no prompt has come. */
	long fw_errors_at_prompt;
	/* The errno of the read or write that ended the source (SRC_END_ERROR,
	 * SRC_END_GONE: source.h), 0 if none: the message names the cause. */
	int src_errno;
	struct collector *c;
};

/* 1 when dir exists and holds an entry other than . and ..: an output
 * directory that only --force may write into (session_open, and the
 * fan-out of `rvbench qemu -j`). */
int session_dir_has_entries(const char *dir);
/*
 * Creates the output directory (outdir, or results/<UTC time> when NULL)
 * and opens uart.log. same_as: the replayed file (NULL: a live source);
 * uart.log is then its copy, or the file itself when it is DIR/uart.log
 * (never truncated). An outdir that exists and holds anything is refused
 * unless force (--force) or it is same_as's own directory (a replay
 * decoding DIR/uart.log again into DIR). Returns 0, or -1 with a reason
 * in err.
 */
int session_open(struct session *s, const char *outdir, const char *same_as, int force,
		 char *err, size_t errlen);
void session_feed(struct session *s, const void *buf, size_t n);
/* Finishes decoding, writes the files, prints the summary to out; returns
 * the exit status. The result files (and a replay's uart.log) change all
 * or none: when one cannot be written, none replaces what was there. A
 * replay of a file without a run writes nothing and is an error. */
int session_finish(struct session *s, const struct meta_source *src, FILE *out);
void session_free(struct session *s);
/* Removes the (still empty) uart.log and, if now empty, the directory. */
void session_discard(struct session *s);

/* After session_open: -v, -q, and whether the counters count
 * instructions (QEMU -icount), for the progress lines' unit. */
void session_verbosity(struct session *s, int verbose, int quiet, int icount);
/* Progress after bytes were fed (progress.c; now_ms from a monotonic
 * clock); final: the collection is over (the status line is cleared). */
void session_progress(struct session *s, long long now_ms, int final);

/* SIGINT, SIGTERM, SIGHUP and SIGPIPE stop a collection, alike: they are
 * blocked outside session_wait_mask(), so a source can wait with ppoll()
 * without missing one. SIGXFSZ is ignored (writes fail with EFBIG). */
void session_signals_init(void);
const sigset_t *session_wait_mask(void);
int session_stop_requested(void);
/* The signal that stopped the collection, 0 if none. */
int session_stop_signal(void);

/* Writes a one-line error "rvbench: ..." to stderr. */
void rvb_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
