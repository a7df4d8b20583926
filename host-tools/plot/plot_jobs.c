/* Figures drawn by worker processes (plot_jobs.h), each running the
 * scripts of its figures in one gnuplot (gnuplot_batch.h). Each worker
 * reports a job in one write() of at most PIPE_BUF bytes to a pipe all of
 * them share, so reports never interleave. */
#include "plot_jobs.h"

#include "gnuplot_batch.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* One report: job index, result, the reason of a failure. */
struct report {
	size_t i;
	int rc;
	char err[PIPE_BUF - sizeof(size_t) - sizeof(int) - 8];
};

unsigned plot_jobs_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > 64 ? 64 : (unsigned)n;
}

/* A worker's jobs: their scripts run in one gnuplot (gnuplot_batch.h),
 * then one report each. */
struct queued {
	size_t i, k; /* job, and its script's place in the batch */
	int rc, in_batch;
	char err[sizeof(((struct report *)0)->err)];
};

static char *queued_err(size_t k, void *ctx)
{
	struct queued *q = ctx;
	for (;; q++)
		if (q->in_batch && q->k == k)
			return q->err;
}

static void worker(size_t first, size_t step, size_t n, plot_job_fn job, void *ctx, int fd)
{
	size_t nq = (n - first + step - 1) / step, m = 0;
	struct queued *q = calloc(nq ? nq : 1, sizeof(*q));
	unsigned char *ok = calloc(nq ? nq : 1, 1);
	if (!q || !ok)
		_exit(2);
	gp_batch_begin();
	for (size_t i = first; i < n; i += step, m++) {
		size_t before = gp_batch_count();
		q[m].i = i;
		q[m].rc = job(i, ctx, q[m].err, sizeof(q[m].err));
		q[m].in_batch = gp_batch_count() > before;
		q[m].k = before;
	}
	gp_batch_run(ok, queued_err, q, sizeof(q[0].err));
	for (size_t j = 0; j < m; j++) {
		struct report rep;
		memset(&rep, 0, sizeof(rep));
		rep.i = q[j].i;
		rep.rc = q[j].rc ? q[j].rc : q[j].in_batch && !ok[q[j].k] ? -1 : 0;
		memcpy(rep.err, q[j].err, sizeof(rep.err));
		ssize_t w;
		while ((w = write(fd, &rep, sizeof(rep))) < 0 && errno == EINTR)
			;
		if (w != (ssize_t)sizeof(rep))
			_exit(2);
	}
	_exit(0);
}

long plot_jobs_run(size_t n, unsigned workers, plot_job_fn job, void *ctx, unsigned char *ok,
		   char *err, size_t errlen)
{
	int fd[2];
	if (!workers)
		workers = plot_jobs_cpus();
	if (workers > n)
		workers = n ? (unsigned)n : 1;
	memset(ok, 0, n);
	if (pipe(fd)) {
		snprintf(err, errlen, "cannot start the plot workers: %s", strerror(errno));
		return -1;
	}
	fflush(NULL); /* the children must not write the parent's buffers again */
	pid_t *pid = calloc(workers, sizeof(*pid));
	unsigned started = 0;
	for (unsigned w = 0; pid && w < workers; w++) {
		pid[w] = fork();
		if (pid[w] == 0) {
			close(fd[0]);
			worker(w, workers, n, job, ctx, fd[1]);
		}
		if (pid[w] < 0)
			break;
		started++;
	}
	close(fd[1]);
	/* A worker that did not start: its jobs are done by the next round. */
	struct report rep;
	size_t first_fail = n;
	ssize_t r;
	char why[sizeof(rep.err)] = "";
	for (;;) {
		r = read(fd[0], &rep, sizeof(rep));
		if (r < 0 && errno == EINTR)
			continue;
		if (r != (ssize_t)sizeof(rep))
			break;
		if (rep.i >= n)
			continue;
		ok[rep.i] = rep.rc == 0;
		if (rep.rc && rep.i < first_fail) {
			first_fail = rep.i;
			snprintf(why, sizeof(why), "%s", rep.err);
		}
	}
	close(fd[0]);
	for (unsigned w = 0; w < started; w++)
		while (waitpid(pid[w], NULL, 0) < 0 && errno == EINTR)
			;
	free(pid);
	if (!started) {
		snprintf(err, errlen, "cannot start the plot workers: %s", strerror(errno));
		return -1;
	}
	/* Jobs of workers that never started (fork failed part way) or died
	 * run here, one after another. */
	long failed = 0;
	for (size_t i = 0; i < n; i++) {
		if (!ok[i] && i % workers >= started) {
			ok[i] = job(i, ctx, why, sizeof(why)) == 0;
			if (!ok[i] && i < first_fail)
				first_fail = i;
		}
		failed += !ok[i];
	}
	if (failed)
		snprintf(err, errlen, "%s", why[0] ? why : "a plot worker died");
	return failed;
}
