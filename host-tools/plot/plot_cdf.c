/* The CDF overlay of `rvbench compare --plot` (plot_cdf.h). */
#include "plot_cdf.h"
#include "results_metric.h"

#include <stdio.h>

#include "gnuplot_run.h"

int plot_cdf_overlay(const char *file, size_t npanels, char *const *title,
		     uint64_t *const *a, const size_t *na, uint64_t *const *b, const size_t *nb,
		     const char *label_a, const char *label_b, char *err, size_t errlen)
{
	struct gp_tmpdir t;
	char path[160];
	int rc = -1;
	if (!npanels) {
		snprintf(err, errlen, "nothing to plot");
		return -1;
	}
	if (gp_tmp_make(&t, err, errlen))
		return -1;
	/* One data file per side and panel, blocks separated for gnuplot's
	 * "index": two blank lines between panels. */
	char da[160], db[160];
	FILE *fa = gp_tmp_open(&t, "a.dat", da, sizeof(da));
	FILE *fb = gp_tmp_open(&t, "b.dat", db, sizeof(db));
	FILE *f = NULL;
	if (!fa || !fb)
		goto io;
	for (size_t i = 0; i < npanels; i++) {
		if (gp_write_sorted(fa, a[i], na[i]) || gp_write_sorted(fb, b[i], nb[i]))
			goto io;
		fputs("\n\n", fa);
		fputs("\n\n", fb);
	}
	if (gp_close_ok(&fa) | gp_close_ok(&fb))
		goto io;
	if (!(f = gp_tmp_open(&t, "cmp.gp", path, sizeof(path))))
		goto io;
	size_t cols = npanels < 2 ? 1 : 2, rows = (npanels + cols - 1) / cols;
	if (gp_output(&t, f, file, cols == 1 ? 900 : 1400, (int)(rows * 450 + 60), err, errlen)) {
		gp_close_ok(&f);
		goto out;
	}
	fprintf(f, "set multiplot layout %zu,%zu title 'CDF overlay: A = ' . ", rows, cols);
	gp_str(f, label_a);
	fputs(" . '   B = ' . ", f);
	gp_str(f, label_b);
	fprintf(f, "\nset ylabel 'fraction of samples'\nset xlabel '%s'\nset yrange [0:1.05]\n"
		   "set offsets graph 0.05, graph 0.05, 0, 0\n", results_metric_label());
	for (size_t i = 0; i < npanels; i++) {
		fputs("set title ", f);
		gp_str(f, title[i]);
		fprintf(f, "\nplot '%s' index %zu using 1:($2 / 100) with steps lw 2 lc rgb '#4477aa' "
			   "title 'A', '%s' index %zu using 1:($2 / 100) with steps lw 2 dt 2 "
			   "lc rgb '#ee6677' title 'B'\n",
			da, i, db, i);
	}
	fputs("unset multiplot\n", f);
	rc = gp_finish_script(&t, &f, path, err, errlen);
	goto out;
io:
	gp_write_error(&t, &f, err, errlen);
	if (fa)
		fclose(fa);
	if (fb)
		fclose(fb);
out:
	gp_tmp_remove(&t);
	return rc;
}
