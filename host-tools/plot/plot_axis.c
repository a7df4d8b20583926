/* Axis ranges of the pictures (plot_axis.h). */
#include "plot_axis.h"

#include <math.h>

struct plot_axis plot_axis_linear(double min, double max, double frac)
{
	double pad = (max - min) * frac;
	if (!(pad > 0)) /* one value: a range around it */
		pad = max > 0 ? max * frac : 1;
	struct plot_axis a = { 0, min - pad, max + pad };
	if (a.lo < 0)
		a.lo = 0;
	return a;
}

struct plot_axis plot_axis_counts(uint64_t min, uint64_t max)
{
	/* One value (an exact count): its bar one tenth of the panel and its
	 * neighbours on the axis, whatever its size. */
	if (min == max)
		return plot_axis_linear((double)min - 5.5, (double)max + 5.5, 0);
	/* Each integer's bar is one wide, centred on it (plot_hist.c). */
	struct plot_axis a = plot_axis_linear((double)min, (double)max, 0.05);
	a.lo = a.lo > 0.5 ? a.lo - 0.5 : 0;
	a.hi += 0.5;
	/* Close to 0 anyway: from 0, the reference a count is read against. */
	if (a.lo < (a.hi - a.lo) / 4)
		a.lo = 0;
	return a;
}

struct plot_axis plot_axis_log(double min, double max, double frac)
{
	double decades = log10(max / min) * frac;
	if (decades < 0.02)
		decades = 0.02;
	double f = pow(10, decades);
	return (struct plot_axis){ 1, min / f, max * f };
}

struct plot_axis plot_axis_decades(double min, double max)
{
	/* The epsilon keeps a value of exactly 10^k (or what division left
	 * of it) in its own decade instead of pushing it to the next. */
	double lo = floor(log10(min) + 1e-9), hi = ceil(log10(max) - 1e-9);
	if (hi <= lo)
		hi = lo + 1;
	return (struct plot_axis){ 1, pow(10, lo), pow(10, hi) };
}

int plot_axis_squeezed(uint64_t min, uint64_t p90, uint64_t max)
{
	return (double)(p90 - min) * 10 < (double)(max - min);
}

void plot_axis_set(FILE *f, const char *name, const struct plot_axis *a)
{
	/* "1M" is shorter than "1e+06"; below 1 a prefix would read as a
	 * unit ("100m" cycles per byte), so plain numbers there. */
	if (a->log)
		fprintf(f, "set logscale %s 10\nset format %s '%s'\n", name, name,
			a->lo >= 1 ? "%.0s%c" : "%g");
	else
		fprintf(f, "unset logscale %s\nset format %s '%% h'\n", name, name);
	fprintf(f, "set %srange [%.10g:%.10g]\n", name, a->lo, a->hi);
}

uint64_t plot_rank(const uint64_t *sorted, size_t n, unsigned p)
{
	size_t k = (n * p + 99) / 100;
	return sorted[k ? k - 1 : 0];
}
