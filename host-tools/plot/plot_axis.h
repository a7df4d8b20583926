/*
 * The ranges of the axes of `rvbench plot` and `rvbench compare --plot`,
 * set explicitly instead of left to gnuplot's autoscale: autoscale with
 * `set offsets` rounds its padded ends out to the next tick, which put
 * the axis of a count of cycles at -500 or -2e+06, and a log axis one
 * decade beyond its data at either end. A count is never negative (no
 * tick below 0; an axis of a few integers from 0 starts half a unit
 * below it, so that the bar of 0 stands whole and a line at 0 clears the
 * border); a log axis spans the decades its data does.
 */
#ifndef RVBENCH_PLOT_AXIS_H
#define RVBENCH_PLOT_AXIS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct plot_axis {
	int log;       /* 1: logarithmic, base 10 */
	double lo, hi; /* its range, lo < hi (lo > 0 when log) */
	/* > 0: a tick every step from 0 up (a few integers: one each, no
	 * 0.2 of a cycle or of a sample); 0: gnuplot's own ticks. */
	double step;
};

/* A linear axis holding [min, max] with frac of its span beyond each end
 * (of the value, or 1, when min = max), never below 0: every axis drawn
 * here counts something (cycles, samples, calls, bytes). */
struct plot_axis plot_axis_linear(double min, double max, double frac);
/* The linear axis of integer counts from min to max: plot_axis_linear
 * with 5 %, and the half unit beside min and max that their histogram
 * bars take; from 0 when it would start within a quarter of its span
 * from it; min = max gets 5 units each side. An axis of at most
 * PLOT_AXIS_UNIT_TICKS units ticks every integer (step 1) and keeps the
 * half unit below a min of 0. */
struct plot_axis plot_axis_counts(uint64_t min, uint64_t max);
/* The most units an axis of integers ticks one by one. */
#define PLOT_AXIS_UNIT_TICKS 12
/* a, ticking every integer when it spans at most PLOT_AXIS_UNIT_TICKS
 * (samples in order by their index, a histogram's few samples). */
struct plot_axis plot_axis_integers(struct plot_axis a);
/* A log axis holding [min, max] (0 < min <= max) with frac of the
 * decades spanned (at least 0.02 of one) beyond each end. */
struct plot_axis plot_axis_log(double min, double max, double frac);
/* A log axis from the decade at or below min to the one at or above max
 * (0 < min <= max); one decade at least. */
struct plot_axis plot_axis_decades(double min, double max);

/* 1 when 90 % of the samples lie in the lowest tenth of [min, max]: the
 * body of the distribution would be a bar or two of a linear histogram. */
int plot_axis_squeezed(uint64_t min, uint64_t p90, uint64_t max);

/* Writes the script lines that give gnuplot's axis name ("x", "y") a:
 * its scale, its range, its ticks (always: the panels of one picture
 * share gnuplot's settings) and, on a log axis from 1 up, tick labels
 * with SI prefixes (100k, 1M), which stay short. */
void plot_axis_set(FILE *f, const char *name, const struct plot_axis *a);

/* The p % nearest-rank percentile of sorted v[0..n), n > 0. */
uint64_t plot_rank(const uint64_t *sorted, size_t n, unsigned p);

#endif
