/*
 * Progress while collecting (session.h): on a terminal one status line,
 * redrawn at most 4 times a second, with the block being measured, block
 * i of n, its samples, the bytes per second and an estimate of the time
 * left; elsewhere (a CI log) one line per finished block with its median
 * and status, so the log shows the run as it goes. -q: neither.
 */
#include "session.h"

#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "block_stats.h"
#include "csv_out.h"
#include "summary_table.h"
#include "term_str.h"

void session_verbosity(struct session *s, int verbose, int quiet, int icount)
{
	s->verbose = verbose;
	s->quiet = quiet;
	s->icount = icount;
	if (quiet)
		s->progress = PROGRESS_OFF;
}

/* "lpm_lookup prefixes=100000 group 2 hart 3": the block for people (its
 * group in a group sweep, its hart in a parallel run), without control
 * characters. */
static void block_label(char *buf, size_t len, const struct coll_bench *b)
{
	char nb[16], group[32] = "", hart[32] = "", *p = csv_bench_params(b);
	if (b->have_header && (b->group || b->batch > 1))
		snprintf(group, sizeof(group), " group %llu", (unsigned long long)b->group);
	if (b->have_parallel)
		snprintf(hart, sizeof(hart), " hart %llu", (unsigned long long)b->hart);
	snprintf(buf, len, "%s%s%s%s%s", csv_bench_name(b, nb, sizeof(nb)), *p ? " " : "", p, group,
		 hart);
	free(p);
	for (char *q = buf; *q; q++)
		if (*q == ';')
			*q = ' ';
		else if ((unsigned char)*q < 0x20 || *q == 0x7f)
			*q = '?';
}

/* The log lines of the blocks that finished since the last call: those
 * whose END arrived, and those a later block (or the end of the run, all)
 * shows will get none, their END lost: logged "incomplete", never left out
 * with every block after them. */
static struct bstats_scratch log_scratch;

static void log_finished(struct session *s, const struct coll_run *r, int all)
{
	char label[160], med[48];

	while (s->progress_logged < r->nbench &&
	       (r->bench[s->progress_logged].have_end || s->progress_logged + 1 < r->nbench || all)) {
		const struct coll_bench *b = &r->bench[s->progress_logged++];
		struct coll_bench_stats st;
		/* Computed here, not cached: the block's stats are the
		 * collector's to cache once the stream is over. */
		bstats_compute(b, &st, NULL, NULL, &log_scratch);
		block_label(label, sizeof(label), b);
		if (st.count)
			coll_fmt_per_call(med, sizeof(med), st.median, st.batch);
		/* A self-timed block may count another unit (timer_irq_ticks: tick). */
		char unit[40];
		term_str(b->sample_unit ? b->sample_unit : summary_unit(s->icount), unit, sizeof(unit));
		fprintf(stderr, "block %zu/%llu  %s  %s%s%s%s%s  %s\n", s->progress_logged,
			(unsigned long long)(r->benches_declared_ok ? r->benches_declared : r->nbench),
			label, st.count ? "median " : "no samples", st.count ? med : "",
			st.count ? " " : "", st.count ? unit : "", st.count ? "/call" : "", summary_status(b));
	}
}

static int term_width(void)
{
	struct winsize ws;
	if (!ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) && ws.ws_col >= 20)
		return ws.ws_col;
	return 80;
}

/* The status line: the block being measured (the last announced one),
 * which of how many, its samples, and the time left from the fraction of
 * blocks done so far. */
static void status_line(struct session *s, const struct coll_run *r, long long now_ms)
{
	char line[512], label[160] = "starting";
	size_t n = 0, done = 0;
	uint64_t got = 0, want = 0;
	unsigned long long total = r && r->benches_declared_ok ? r->benches_declared : 0;

	double secs = (double)(now_ms - s->progress_start_ms) / 1000.0;
	double rate = secs > 0 ? (double)s->c->bytes / secs : 0;
	if (r && r->nbench) {
		const struct coll_bench *b = &r->bench[r->nbench - 1];
		for (size_t i = 0; i < r->nbench; i++)
			done += r->bench[i].have_end;
		block_label(label, sizeof(label), b);
		got = b->nreceived;
		want = b->have_header ? b->warmup + b->samples : 0;
	}
	if (!r || !r->nbench)
		n = (size_t)snprintf(line, sizeof(line), "%s, %.0f B/s",
				     r ? "the run began, waiting for its first block" : "waiting for the run",
				     rate);
	else
		n = (size_t)snprintf(line, sizeof(line),
				     "block %zu/%llu %s: %llu/%llu samples, %.0f B/s", r->nbench,
				     total, label, (unsigned long long)got, (unsigned long long)want,
				     rate);
	if (r && total && done && done < total && n < sizeof(line)) {
		double f = ((double)done + (want ? (double)got / (double)want : 0)) / (double)total;
		if (f > 0 && f < 1)
			snprintf(line + n, sizeof(line) - n, ", ETA %.0f s", secs * (1 - f) / f);
	}
	/* One line, never wrapped: cut at the terminal's width. */
	int w = term_width() - 1;
	if ((int)strlen(line) > w)
		line[w] = 0;
	fprintf(stderr, "\r%s\x1b[K", line);
}

void session_progress(struct session *s, long long now_ms, int final)
{
	const struct coll_run *r = s->c->nruns ? &s->c->runs[s->c->nruns - 1] : NULL;

	if (s->progress == PROGRESS_OFF)
		return;
	if (!s->progress_start_ms)
		s->progress_start_ms = now_ms;
	if (s->progress == PROGRESS_LOG) {
		/* Runs the console started one after the other: what is left
		 * of the previous run first, then the new one from its start. */
		while (s->progress_run < s->c->nruns) {
			if (s->progress_run)
				log_finished(s, &s->c->runs[s->progress_run - 1], 1);
			s->progress_run++;
			s->progress_logged = 0;
		}
		if (r)
			log_finished(s, r, final);
		if (final)
			bstats_scratch_free(&log_scratch);
		return;
	}
	if (final) {
		fputs("\r\x1b[K", stderr); /* the table follows on a clean line */
		return;
	}
	if (now_ms - s->progress_last_ms < 250)
		return;
	s->progress_last_ms = now_ms;
	status_line(s, r, now_ms);
}
