/* A distribution's value axis and histogram bins (plot_hist.h). */
#include "plot_hist.h"

#include <math.h>

#include "analysis.h"

/* Bars of a log axis: this many, about, between the smallest and the
 * largest sample; fewer where integers cannot fill them. */
#define LOG_BINS 40
/* Bars of a linear axis at most (an_hist_make). */
#define LINEAR_BINS 60

/*
 * Why a log axis first, and a cut at p99 only where log cannot be: a tail
 * of interrupts or of host scheduling (QEMU without -icount) spans
 * decades, and a linear axis crushes the body into a bar or two. A cut
 * at p99 hides the very outliers a benchmark is run to find, and a tail
 * of more than 1 % (timer_irq: 8 %) squeezes the body all the same. On a
 * log axis the body is binned finely and every outlier is still drawn,
 * as latency distributions are usually shown. It needs min >= 1 (log 0)
 * and a decade of spread to gain anything over a linear axis; below
 * that, the body up to p99 is what can be shown, and the tail is counted.
 */
struct plot_view plot_view_of(const uint64_t *sorted, size_t n)
{
	uint64_t min = sorted[0], p90 = plot_rank(sorted, n, 90);
	struct plot_view v = { .cut = plot_rank(sorted, n, 99), .max = sorted[n - 1] };
	if (!plot_axis_squeezed(min, p90, v.max)) {
		v.axis = plot_axis_counts(min, v.max);
	} else if (min >= 1 && v.max >= 10 * min) {
		v.axis = plot_axis_log((double)min, (double)v.max, 0.04);
	} else {
		v.axis = plot_axis_counts(min, v.cut);
		while (v.ntail < n && sorted[n - 1 - v.ntail] > v.cut)
			v.ntail++;
	}
	return v;
}

/* One bar: integers [a, b) drawn from a - 0.5 to b - 0.5, so that a bar
 * of width one stands centred on its value. Empty bins draw nothing. */
static void bar(FILE *f, uint64_t a, uint64_t b, size_t count, size_t *peak)
{
	if (count)
		fprintf(f, "%.1f %.1f %zu\n", (double)a - 0.5, (double)b - 0.5, count);
	if (count > *peak)
		*peak = count;
}

/* Bins of equal ratio from sorted[0] >= 1 to sorted[n - 1]: equal widths
 * on the log axis. Their edges are whole numbers, each above the last,
 * so that no bin falls between two integers and stands empty. */
static void log_bins(FILE *f, const uint64_t *sorted, size_t n, size_t *peak)
{
	double min = (double)sorted[0], r = pow(((double)sorted[n - 1] + 1) / min, 1.0 / LOG_BINS);
	uint64_t a = sorted[0];
	size_t i = 0;
	for (int k = 1; i < n; k++) {
		uint64_t b = (uint64_t)ceil(min * pow(r, k));
		if (b <= a)
			b = a + 1;
		if (b > sorted[n - 1])
			b = sorted[n - 1] + 1;
		size_t count = 0;
		for (; i < n && sorted[i] < b; i++)
			count++;
		bar(f, a, b, count, peak);
		a = b;
	}
}

int plot_hist_write(FILE *f, const uint64_t *sorted, size_t n, const struct plot_view *v,
		    size_t *peak)
{
	*peak = 0;
	if (v->axis.log) {
		log_bins(f, sorted, n, peak);
		return 0;
	}
	struct an_hist h = { 0 };
	if (an_hist_make(sorted, n - v->ntail, LINEAR_BINS, &h))
		return -1;
	for (size_t i = 0; i < h.nbins; i++)
		bar(f, h.lo + i * h.width, h.lo + (i + 1) * h.width, h.count[i], peak);
	an_hist_free(&h);
	return 0;
}

void plot_hist_title(char *buf, size_t len, const struct plot_view *v)
{
	if (v->axis.log)
		snprintf(buf, len, "Histogram (log scale: a long tail; bars of equal ratio)");
	else if (v->ntail)
		snprintf(buf, len, "Histogram up to p99 = %llu (%zu samples above, up to %llu)",
			 (unsigned long long)v->cut, v->ntail, (unsigned long long)v->max);
	else
		snprintf(buf, len, "Histogram");
}
