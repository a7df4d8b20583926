/*
 * How a distribution of counts (cycles, instructions) is drawn: its
 * value axis, the same in every panel of a benchmark's image (plot_bench.c)
 * and of a CDF overlay (plot_cdf.c), and the histogram's bins on it, equal
 * in width on a linear axis, equal in ratio on a log one, written as
 * gnuplot data rows "left right count" (each bar's edges and height, for
 * boxxyerror).
 */
#ifndef RVBENCH_PLOT_HIST_H
#define RVBENCH_PLOT_HIST_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "plot_axis.h"

struct plot_view {
	struct plot_axis axis; /* the value axis */
	size_t ntail;          /* samples above the axis (0: it holds all) */
	uint64_t cut, max;     /* p99, where the axis ends when ntail; the largest */
};

/*
 * The view of sorted[0..n) (n > 0). Linear from 0 or just below the
 * smallest sample (plot_axis_counts), unless a long tail squeezes the
 * body into a bar or two (plot_axis_squeezed): then logarithmic when the
 * samples span a decade or more from 1 up, else (a sample of 0, or less
 * than a decade) linear up to p99 with the samples above it counted in
 * ntail, each panel saying so.
 */
struct plot_view plot_view_of(const uint64_t *sorted, size_t n);

/* The histogram of sorted[0..n) on v's axis (those above a cut left
 * out), its rows to f; *peak the tallest bar. 0, or -1 out of memory. */
int plot_hist_write(FILE *f, const uint64_t *sorted, size_t n, const struct plot_view *v,
		    size_t *peak);

/* The histogram panel's title: "Histogram", and how v was chosen. */
void plot_hist_title(char *buf, size_t len, const struct plot_view *v);

#endif
