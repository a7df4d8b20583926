/*
 * The image of one benchmark for `rvbench plot` (plot_bench.h): four
 * panels, histogram, CDF, the sorted-duration percentile curve (seed 003),
 * and either the Kanata group progression (per-call mean per group with CI
 * bars) or the samples in order.
 */
#include "plot_bench.h"
#include "results_metric.h"

#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "analysis_report.h"
#include "gnuplot_run.h"
#include "stats.h"

int plot_bench(const struct results *r, size_t first, size_t end, const char *file, char *err,
	       size_t errlen)
{
	const struct res_series *s = &r->s[end - 1]; /* the last (largest N) group */
	int grouped = an_is_group_run(r, first, end);
	struct gp_tmpdir t;
	char path[160], hist[160], sorted[160], seq[160], groups[160], title_buf[600];
	int rc = -1;

	if (!s->n) {
		snprintf(err, errlen, "%s: no measured samples to plot",
			 res_label(s, title_buf, sizeof(title_buf)));
		return -1;
	}
	if (gp_tmp_make(&t, err, errlen))
		return -1;
	FILE *f = gp_tmp_open(&t, "hist.dat", hist, sizeof(hist));
	uint64_t *v = malloc(s->n * sizeof(*v));
	struct an_hist h = { 0 };
	if (!f || !v)
		goto io;
	memcpy(v, s->cycles, s->n * sizeof(*v));
	stats_sort_u64(v, s->n);
	if (an_hist_make(v, s->n, 60, &h))
		goto io;
	for (size_t i = 0; i < h.nbins; i++)
		fprintf(f, "%llu %zu\n", (unsigned long long)(h.lo + i * h.width), h.count[i]);
	if (gp_close_ok(&f) || !(f = gp_tmp_open(&t, "sorted.dat", sorted, sizeof(sorted))) ||
	    gp_write_sorted(f, s->cycles, s->n) || gp_close_ok(&f))
		goto io;
	if (!(f = gp_tmp_open(&t, grouped ? "groups.dat" : "seq.dat", grouped ? groups : seq,
			      sizeof(seq))))
		goto io;
	if (grouped) {
		for (size_t g = first; g < end; g++) {
			struct an_kanata k;
			an_kanata_group(r->s[g].cycles, r->s[g].n, r->s[g].batch, 0.90, 0.02, &k);
			if (!k.ci_y.na)
				fprintf(f, "%llu %.6f %.6f %.6f\n", (unsigned long long)r->s[g].batch,
					k.mean_y.v, k.ci_y.lo, k.ci_y.hi);
			else if (!k.mean_y.na)
				fprintf(f, "%llu %.6f %.6f %.6f\n", (unsigned long long)r->s[g].batch,
					k.mean_y.v, k.mean_y.v, k.mean_y.v);
		}
	} else {
		for (size_t i = 0; i < s->n; i++)
			fprintf(f, "%zu %llu\n", i, (unsigned long long)s->cycles[i]);
	}
	if (gp_close_ok(&f) || !(f = gp_tmp_open(&t, "plot.gp", path, sizeof(path))))
		goto io;

	if (gp_output(&t, f, file, 1400, 1000, err, errlen)) {
		gp_close_ok(&f);
		goto out;
	}
	char unit[128];
	if (s->batch > 1)
		snprintf(unit, sizeof(unit), "%s per sample of %llu calls", res_unit(r), (unsigned long long)s->batch);
	else
		snprintf(unit, sizeof(unit), "%s", res_unit(r));
	char title[1024], label[600];
	snprintf(title, sizeof(title), "%s (run %s, hart %llu, group %llu, N = %llu): %zu samples",
		 res_label(s, label, sizeof(label)), s->run, (unsigned long long)s->hart, (unsigned long long)s->group,
		 (unsigned long long)s->batch, s->n);
	fputs("set multiplot layout 2,2 title ", f);
	gp_str(f, title);
	fputs("\nset style fill solid 0.6 border -1\n", f);
	fprintf(f, "set title 'Histogram'\nset xlabel ");
	gp_str(f, unit);
	fprintf(f, "\nset ylabel 'samples'\nset boxwidth %llu\nset yrange [0:*]\n"
		   "set offsets graph 0.05, graph 0.05, graph 0.05, 0\n"
		   "plot '%s' using ($1 + %.1f):2 with boxes lc rgb '#4477aa' notitle\n",
		(unsigned long long)h.width, hist, (double)(h.width - 1) / 2);
	fputs("set title 'CDF'\nset ylabel 'fraction of samples'\nset yrange [0:1.05]\n"
	      "set offsets graph 0.05, graph 0.05, 0, 0\n", f);
	fprintf(f, "plot '%s' using 1:($2 / 100) with steps lw 2 lc rgb '#228833' notitle\n", sorted);
	fputs("set title 'Sorted durations (percentile curve)'\nset xlabel 'percentile of samples'\n"
	      "set ylabel ", f);
	gp_str(f, unit);
	fprintf(f, "\nset xrange [0:100]\nset yrange [*:*]\nset offsets 0, 0, graph 0.05, graph 0.05\n"
		   "plot '%s' using 2:1 with lines lw 2 lc rgb '#cc6677' notitle\nset xrange [*:*]\n",
		sorted);
	if (grouped) {
		fputs("set title 'Group progression (Kanata): per-call mean per group, 90 % CI'\n"
		      "set xlabel 'calls per sample N'\nset ylabel '", f);
		fprintf(f, "%s per call'\nset offsets graph 0.05, graph 0.05, graph 0.1, graph 0.1\n",
			res_unit(r));
		fprintf(f, "plot '%s' using 1:2:3:4 with yerrorlines lw 2 pt 7 lc rgb '#aa3377' notitle\n",
			groups);
	} else {
		fputs("set title 'Samples in order'\nset xlabel 'sample (measured, in order)'\nset ylabel ",
		      f);
		gp_str(f, unit);
		fprintf(f, "\nset offsets 0, 0, graph 0.05, graph 0.05\n"
			   "plot '%s' using 1:2 with points pt 7 ps 0.3 lc rgb '#4477aa' notitle\n",
			seq);
	}
	fputs("unset multiplot\n", f);
	rc = gp_finish_script(&t, &f, path, err, errlen);
	goto out;
io:
	gp_write_error(&t, &f, err, errlen);
out:
	an_hist_free(&h);
	free(v);
	gp_tmp_remove(&t);
	return rc;
}
