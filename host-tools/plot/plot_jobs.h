/*
 * Drawing many figures at once: gnuplot spends most of a figure starting
 * up and rendering on one core, so `rvbench plot` hands its figures to
 * worker processes, one per CPU, instead of running them in turn; each
 * worker draws all of its figures in one gnuplot process.
 */
#ifndef RVBENCH_PLOT_JOBS_H
#define RVBENCH_PLOT_JOBS_H

#include <stddef.h>

/* One job: 0, or -1 with a reason in err. Runs in a child process: it may
 * only write files, never change the caller's memory. Its gnuplot script
 * (gp_finish_script) is run after the worker's other jobs, in the same
 * gnuplot, and its status then replaces the job's 0. */
typedef int (*plot_job_fn)(size_t i, void *ctx, char *err, size_t errlen);

/* Runs job(i) for i in [0, n) in up to workers processes (fork; job i goes
 * to worker i mod workers). ok[i] is set to 1 for each job that succeeded;
 * the reason of the first failure (in job order) goes to err. workers 0:
 * the number of online CPUs. Returns the number of failed jobs, or -1 when
 * no worker could be started (err says why). */
long plot_jobs_run(size_t n, unsigned workers, plot_job_fn job, void *ctx, unsigned char *ok,
		   char *err, size_t errlen);

/* The CPUs online (at least 1): the default number of workers. */
unsigned plot_jobs_cpus(void);

#endif
