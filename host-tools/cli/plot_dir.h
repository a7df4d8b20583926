/* The figures of a result directory, as `rvbench plot` and
 * `rvbench report` draw them (cmd_plot.c). */
#ifndef RVBENCH_PLOT_DIR_H
#define RVBENCH_PLOT_DIR_H

#include <stdio.h>

/* Draws the images of DIR (out: FILE.png|.svg, NULL: DIR/plot-*.png; only:
 * one benchmark or NULL) with jobs gnuplot processes at once (0: one per
 * CPU); names the files drawn on names (NULL: silent), and then on
 * stderr the blocks without a sample, which no image shows. Errors go to
 * stderr, after who (the command: "plot", "report"). The exit status: 0,
 * or 2. */
int plot_dir(const char *who, const char *dir, const char *out, const char *only, unsigned jobs,
	     FILE *names);
/* --jobs N: 0, or -1 with the error said. */
int plot_jobs_arg(const char *arg, unsigned *jobs);

#endif
