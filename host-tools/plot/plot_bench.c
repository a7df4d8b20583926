/*
 * The image of one benchmark for `rvbench plot` (plot_bench.h): four
 * panels, histogram, CDF, the sorted-duration percentile curve (seed 003),
 * and either the Kanata group progression (per-call mean per group with CI
 * bars) or the samples in order, by their index, lost ones shaded. The
 * value axis is the same in every panel (plot_view_of): from 0 or just
 * below the smallest sample, logarithmic when a long tail would squeeze
 * the rest, or up to p99 when a log axis cannot help.
 */
#include "plot_bench.h"
#include "results_metric.h"

#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "analysis_report.h"
#include "gnuplot_run.h"
#include "plot_axis.h"
#include "plot_hist.h"

/* What the image of one benchmark is drawn from, and its data files. */
struct fig {
	const struct results *r;
	const struct res_series *s; /* the last (largest N) group's series */
	size_t first, end;
	int grouped;
	const struct plot_block *blk; /* s's sample indices; NULL: not known */
	struct plot_loss loss;
	uint64_t *sorted; /* s's values */
	struct plot_view view; /* their axis, in every panel */
	size_t peak;           /* the histogram's tallest bar */
	struct plot_axis grp_x, grp_y;
	long nholes; /* runs of lost samples drawn */
	char unit[128];
	char hist_dat[160], sorted_dat[160], lost_dat[160];
	char fourth_dat[160]; /* the fourth panel's: seq.dat, or groups.dat */
};

/* groups.dat: per group N, the per-call mean and its 90 % CI (the mean
 * alone when there is no CI), and the ranges of both axes. */
static void write_groups(FILE *f, struct fig *g)
{
	double xlo = 0, xhi = 0, ylo = 0, yhi = 0;
	int any = 0;
	for (size_t i = g->first; i < g->end; i++) {
		const struct res_series *s = &g->r->s[i];
		struct an_kanata k;
		an_kanata_group(s->cycles, s->n, s->batch, 0.90, 0.02, &k);
		if (k.mean_y.na)
			continue;
		double lo = k.ci_y.na ? k.mean_y.v : k.ci_y.lo, hi = k.ci_y.na ? k.mean_y.v : k.ci_y.hi;
		fprintf(f, "%llu %.6f %.6f %.6f\n", (unsigned long long)s->batch, k.mean_y.v, lo, hi);
		if (!any || (double)s->batch < xlo)
			xlo = (double)s->batch;
		if (!any || (double)s->batch > xhi)
			xhi = (double)s->batch;
		if (!any || lo < ylo)
			ylo = lo;
		if (!any || hi > yhi)
			yhi = hi;
		any = 1;
	}
	g->grp_x = plot_axis_integers(plot_axis_linear(xlo, xhi, 0.05));
	g->grp_y = plot_axis_linear(ylo, yhi, 0.1);
}

/* seq.dat: each sample by its index (samples.csv's), or by its place
 * among those that arrived when the indices are not known. */
static void write_seq(FILE *f, const struct fig *g)
{
	for (size_t i = 0; i < g->s->n; i++)
		fprintf(f, "%llu %llu\n", (unsigned long long)(g->blk ? g->blk->index[i] : i),
			(unsigned long long)g->s->cycles[i]);
}

/* The data files of g; 0, or -1 (errno) when one could not be written. */
static int write_data(struct gp_tmpdir *t, struct fig *g)
{
	FILE *f = gp_tmp_open(t, "hist.dat", g->hist_dat, sizeof(g->hist_dat));
	if (!f || plot_hist_write(f, g->sorted, g->s->n, &g->view, &g->peak) || gp_close_ok(&f) ||
	    !(f = gp_tmp_open(t, "sorted.dat", g->sorted_dat, sizeof(g->sorted_dat))) ||
	    gp_write_sorted(f, g->s->cycles, g->s->n) || gp_close_ok(&f) ||
	    !(f = gp_tmp_open(t, g->grouped ? "groups.dat" : "seq.dat", g->fourth_dat,
			      sizeof(g->fourth_dat))))
		goto fail;
	if (g->grouped)
		write_groups(f, g);
	else
		write_seq(f, g);
	if (gp_close_ok(&f))
		goto fail;
	if (g->grouped || !g->blk || !g->loss.lost)
		return 0;
	if (!(f = gp_tmp_open(t, "lost.dat", g->lost_dat, sizeof(g->lost_dat))) ||
	    (g->nholes = plot_block_write_holes(f, g->blk, &g->loss)) < 0 || gp_close_ok(&f))
		goto fail;
	return 0;
fail:
	if (f)
		gp_close_ok(&f);
	return -1;
}

/* The measured samples series s lost (0 when not known). */
static uint64_t lost_of(const struct plot_blocks *pb, const struct res_series *s)
{
	const struct plot_block *b = plot_blocks_of(pb, s);
	return b ? plot_block_loss(b).lost : 0;
}

/* The figure's title: which block, and how many of its samples came. */
static void fig_title(char *buf, size_t len, const struct fig *g, const struct plot_blocks *pb)
{
	char label[600], count[200], others[80] = "";
	const struct res_series *s = g->s;
	if (!g->loss.lost)
		snprintf(count, sizeof(count), "%zu sample%s", s->n, s->n == 1 ? "" : "s");
	else if (g->loss.due_known)
		snprintf(count, sizeof(count), "%zu of %llu samples, %llu lost", s->n,
			 (unsigned long long)g->loss.due, (unsigned long long)g->loss.lost);
	else
		snprintf(count, sizeof(count), "%zu samples, at least %llu lost", s->n,
			 (unsigned long long)g->loss.lost);
	uint64_t other = 0;
	for (size_t i = g->first; i + 1 < g->end; i++)
		other += lost_of(pb, &g->r->s[i]);
	if (other)
		snprintf(others, sizeof(others), "; the smaller groups lost %llu",
			 (unsigned long long)other);
	snprintf(buf, len, "%s (run %s, hart %llu, group %llu, N = %llu): %s%s",
		 res_label(s, label, sizeof(label)), s->run, (unsigned long long)s->hart,
		 (unsigned long long)s->group, (unsigned long long)s->batch, count, others);
}

static void panel_hist(FILE *f, const struct fig *g)
{
	char title[300];
	plot_hist_title(title, sizeof(title), &g->view);
	fputs("set title ", f);
	gp_str(f, title);
	fputs("\nset xlabel ", f);
	gp_str(f, g->unit);
	fputs("\nset ylabel 'samples'\n", f);
	/* Headroom above the tallest bar, which autoscale ends on; a few
	 * samples ticked one by one, not by 0.2 of a sample. */
	struct plot_axis y = plot_axis_integers((struct plot_axis){ .hi = (double)g->peak * 1.08 });
	plot_axis_set(f, "y", &y);
	plot_axis_set(f, "x", &g->view.axis);
	fprintf(f, "plot '%s' using (($1 + $2) / 2):3:1:2:(0):3 with boxxyerror lc rgb '#4477aa' "
		   "notitle\n", g->hist_dat);
}

static void panel_cdf(FILE *f, const struct fig *g)
{
	static const struct plot_axis fraction = { .hi = 1.05 };
	fprintf(f, "set title '%s'\nset ylabel 'fraction of samples'\n",
		g->view.ntail ? "CDF up to p99" : "CDF");
	/* Its own ticks too: the histogram's y axis may tick every sample. */
	plot_axis_set(f, "y", &fraction);
	plot_axis_set(f, "x", &g->view.axis);
	fprintf(f, "plot '%s' using 1:($2 / 100) with steps lw 2 lc rgb '#228833' notitle\n",
		g->sorted_dat);
}

static void panel_sorted(FILE *f, const struct fig *g)
{
	static const struct plot_axis percent = { .hi = 100 };
	fprintf(f, "set title 'Sorted durations (percentile curve%s)'\n"
		"set xlabel 'percentile of samples'\nset ylabel ",
		g->view.ntail ? "; above p99 off the axis" : "");
	gp_str(f, g->unit);
	fputc('\n', f);
	plot_axis_set(f, "x", &percent);
	plot_axis_set(f, "y", &g->view.axis);
	fprintf(f, "plot '%s' using 2:1 with lines lw 2 lc rgb '#cc6677' notitle\n", g->sorted_dat);
}

static void panel_groups(FILE *f, const struct fig *g)
{
	fputs("set title 'Group progression (Kanata): per-call mean per group, 90 % CI'\n"
	      "set xlabel 'calls per sample N'\nset ylabel ", f);
	char label[160];
	snprintf(label, sizeof(label), "%s per call", res_unit(g->r));
	gp_str(f, label);
	fputc('\n', f);
	plot_axis_set(f, "x", &g->grp_x);
	plot_axis_set(f, "y", &g->grp_y);
	fprintf(f, "plot '%s' using 1:2:3:4 with yerrorlines lw 2 pt 7 lc rgb '#aa3377' notitle\n",
		g->fourth_dat);
}

/* The samples in the order they were taken, against their index: the
 * runs of samples that never arrived stand out as shaded gaps, where a
 * count alone would close them up. Samples above an axis cut at p99 are
 * marked on its top edge, so that no outlier vanishes from every panel. */
static void panel_seq(FILE *f, const struct fig *g)
{
	char title[200], above[80] = "";
	struct plot_axis x;
	double top = g->view.axis.hi;
	if (g->view.ntail)
		snprintf(above, sizeof(above), "; %zu above p99: triangles on top", g->view.ntail);
	if (g->nholes > 0)
		snprintf(title, sizeof(title), "Samples in order (%llu lost: shaded%s)",
			 (unsigned long long)g->loss.lost, above);
	else
		snprintf(title, sizeof(title), "Samples in order%s%s%s", *above ? " (" : "",
			 *above ? above + 2 : "", *above ? ")" : "");
	fputs("set title ", f);
	gp_str(f, title);
	double first, end;
	if (g->blk) {
		fputs("\nset xlabel 'sample index (as in samples.csv and gaps.csv)'\n", f);
		first = (double)g->loss.first;
		end = (double)g->loss.end;
	} else {
		fputs("\nset xlabel 'sample (measured, in order)'\n", f);
		first = 0;
		end = (double)g->s->n;
	}
	/* Half an index and a little beyond each end, not plot_axis_linear's
	 * range, which stops at 0: a block without warmup starts at index 0,
	 * and its first sample lay on the border (a lone sample on the edge
	 * of [0, 0.51]). Ticks still start at 0 (plot_axis_set). */
	double pad = (end - first) * 0.01;
	x = plot_axis_integers((struct plot_axis){ .lo = first - 0.5 - pad, .hi = end - 0.5 + pad });
	fputs("set ylabel ", f);
	gp_str(f, g->unit);
	fputc('\n', f);
	plot_axis_set(f, "x", &x);
	plot_axis_set(f, "y", &g->view.axis);
	fputs("plot ", f);
	if (g->nholes > 0)
		fprintf(f, "'%s' using (($1 + $2) / 2):(%.10g):1:2:(%.10g):(%.10g) with boxxyerror "
			   "fs transparent solid 0.25 noborder lc rgb '#ee6677' notitle, ",
			g->lost_dat, g->view.axis.lo, g->view.axis.lo, top);
	if (g->view.ntail)
		fprintf(f, "'%s' using 1:($2 > %.10g ? %.10g : 1/0) with points pt 9 ps 1 "
			   "lc rgb '#cc3311' notitle, ",
			g->fourth_dat, top, top);
	/* Dots small enough that a thousand stay apart; a few samples (one,
	 * a short run) would be specks, so they are drawn larger. */
	fprintf(f, "'%s' using 1:2 with points pt 7 ps %s lc rgb '#4477aa' notitle\n",
		g->fourth_dat, g->s->n < 100 ? "1" : "0.3");
}

/* The script of g into f (open, its terminal lines not yet written). */
static int write_script(struct gp_tmpdir *t, FILE *f, const struct fig *g,
			const struct plot_blocks *pb, const char *file, char *err, size_t errlen)
{
	char title[1024];
	if (gp_output(t, f, file, 1400, 1000, err, errlen))
		return -1;
	fig_title(title, sizeof(title), g, pb);
	fputs("set multiplot layout 2,2 title ", f);
	gp_title_machine(f, g->r->machine);
	gp_str(f, title);
	/* Room at the right for half of the last tick label, centred on the
	 * border when the range ends on a tick ("1.2e+07"). */
	fputs("\nset rmargin 6\nset style fill solid 0.6 border -1\n", f);
	panel_hist(f, g);
	panel_cdf(f, g);
	panel_sorted(f, g);
	if (g->grouped)
		panel_groups(f, g);
	else
		panel_seq(f, g);
	fputs("unset multiplot\n", f);
	return 0;
}

int plot_bench(const struct results *r, const struct plot_blocks *pb, size_t first, size_t end,
	       const char *file, char *err, size_t errlen)
{
	struct fig g = { .r = r, .s = &r->s[end - 1], .first = first, .end = end };
	struct gp_tmpdir t;
	char path[160];
	FILE *f = NULL;
	int rc = -1;

	if (!g.s->n) {
		snprintf(err, errlen, "%s: no measured samples to plot",
			 res_label(g.s, path, sizeof(path)));
		return -1;
	}
	g.grouped = an_is_group_run(r, first, end);
	g.blk = plot_blocks_of(pb, g.s);
	if (g.blk)
		g.loss = plot_block_loss(g.blk);
	/* A self-timed block may count another unit (timer_irq_ticks: tick). */
	const char *unit = res_series_unit(r, g.s);
	if (g.s->batch > 1)
		snprintf(g.unit, sizeof(g.unit), "%.40s per sample of %llu calls", unit,
			 (unsigned long long)g.s->batch);
	else
		snprintf(g.unit, sizeof(g.unit), "%.40s", unit);
	if (gp_tmp_make(&t, err, errlen))
		return -1;
	if (!(g.sorted = an_sorted_copy(g.s->cycles, g.s->n)))
		goto io;
	g.view = plot_view_of(g.sorted, g.s->n);
	if (write_data(&t, &g) || !(f = gp_tmp_open(&t, "plot.gp", path, sizeof(path))))
		goto io;
	if (write_script(&t, f, &g, pb, file, err, errlen)) {
		gp_close_ok(&f);
		goto out;
	}
	rc = gp_finish_script(&t, &f, path, err, errlen);
	goto out;
io:
	gp_write_error(&t, &f, err, errlen);
out:
	free(g.sorted);
	gp_tmp_remove(&t);
	return rc;
}
