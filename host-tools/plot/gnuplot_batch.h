/*
 * One gnuplot process for many figures. Starting gnuplot (its fonts, its
 * terminal) costs about as much as drawing a figure, so a plot worker
 * (plot_jobs.c) collects the scripts of its figures and runs them in one
 * gnuplot, each after a `reset session`. Should that gnuplot fail, each
 * script runs again alone, so every figure gets its own status and
 * message.
 */
#ifndef RVBENCH_GNUPLOT_BATCH_H
#define RVBENCH_GNUPLOT_BATCH_H

#include <stddef.h>

#include "gnuplot_run.h"

/* From now on in this process, gp_finish_script queues its script. */
void gp_batch_begin(void);
/* Queues t's finished script at path when a batch is open (t then belongs
 * to the batch: gp_tmp_remove leaves it alone). 1 when queued. */
int gp_batch_take(struct gp_tmpdir *t, const char *path);
/* Scripts queued so far. */
size_t gp_batch_count(void);
/* Runs the queued scripts, ends the batch and removes their files. ok[k]
 * (k in queue order) is set to 1 for each drawn; the message of each
 * failure goes to err_of(k, ctx) (a buffer of errlen bytes). */
void gp_batch_run(unsigned char *ok, char *(*err_of)(size_t k, void *ctx), void *ctx,
		  size_t errlen);

#endif
