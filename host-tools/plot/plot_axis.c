/* Axis ranges of the pictures (plot_axis.h). */
#include "plot_axis.h"

#include <math.h>

struct plot_axis plot_axis_linear(double min, double max, double frac)
{
	double pad = (max - min) * frac;
	if (!(pad > 0)) /* one value: a range around it */
		pad = max > 0 ? max * frac : 1;
	struct plot_axis a = { .lo = min - pad, .hi = max + pad };
	if (a.lo < 0)
		a.lo = 0;
	return a;
}

struct plot_axis plot_axis_counts(uint64_t min, uint64_t max)
{
	struct plot_axis a;
	if (min == max) {
		/* One value (an exact count): its bar one tenth of the panel
		 * and its neighbours on the axis, whatever its size. */
		a = plot_axis_linear((double)min - 5.5, (double)max + 5.5, 0);
	} else {
		/* Each integer's bar is one wide, centred on it (plot_hist.c). */
		a = plot_axis_linear((double)min, (double)max, 0.05);
		a.lo = a.lo > 0.5 ? a.lo - 0.5 : 0;
		a.hi += 0.5;
		/* Close to 0 anyway: from 0, the reference a count is read against. */
		if (a.lo < (a.hi - a.lo) / 4)
			a.lo = 0;
	}
	a = plot_axis_integers(a);
	/* Counts of 0 (timer_irq_ticks: 0 or 1; empty: all 0; without
	 * -icount 0, 26, 52): cut at 0, the bar of 0 was half a bar and its
	 * CDF step and its samples lay on the border, unseen. So on a wide
	 * axis too: gnuplot's own ticks there are 0 and multiples of at
	 * least 1, none in [-0.5, 0). Ticks of a narrow one start at 0. */
	if (min == 0)
		a.lo = -0.5;
	return a;
}

struct plot_axis plot_axis_integers(struct plot_axis a)
{
	if (!a.log && a.hi - a.lo <= PLOT_AXIS_UNIT_TICKS)
		a.step = 1;
	return a;
}

struct plot_axis plot_axis_log(double min, double max, double frac)
{
	double decades = log10(max / min) * frac;
	if (decades < 0.02)
		decades = 0.02;
	double f = pow(10, decades);
	return (struct plot_axis){ .log = 1, .lo = min / f, .hi = max * f };
}

struct plot_axis plot_axis_decades(double min, double max)
{
	/* The epsilon keeps a value of exactly 10^k (or what division left
	 * of it) in its own decade instead of pushing it to the next. */
	double lo = floor(log10(min) + 1e-9), hi = ceil(log10(max) - 1e-9);
	if (hi <= lo)
		hi = lo + 1;
	return (struct plot_axis){ .log = 1, .lo = pow(10, lo), .hi = pow(10, hi) };
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
	/* From the first integer of the range, not below 0: gnuplot counts
	 * a series of ticks up from its start. */
	if (a->step > 0)
		fprintf(f, "set %stics %.10g, %.10g\n", name, a->lo > 0 ? ceil(a->lo) : 0, a->step);
	else
		fprintf(f, "set %stics autofreq\n", name);
}

uint64_t plot_rank(const uint64_t *sorted, size_t n, unsigned p)
{
	size_t k = (n * p + 99) / 100;
	return sorted[k ? k - 1 : 0];
}
