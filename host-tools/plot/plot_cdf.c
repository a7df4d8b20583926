/* The CDF overlay of `rvbench compare --plot` (plot_cdf.h). */
#include "plot_cdf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gnuplot_run.h"
#include "plot_hist.h"
#include "stats.h"

/* The value axis of one panel: as a benchmark's image has it
 * (plot_view_of), over both sides' samples pooled. 0, or -1 out of
 * memory. */
static int panel_view(const uint64_t *a, size_t na, const uint64_t *b, size_t nb,
		      struct plot_view *v)
{
	uint64_t *all = malloc((na + nb ? na + nb : 1) * sizeof(*all));
	if (!all)
		return -1;
	if (na)
		memcpy(all, a, na * sizeof(*all));
	if (nb)
		memcpy(all + na, b, nb * sizeof(*all));
	stats_sort_u64(all, na + nb);
	if (na + nb)
		*v = plot_view_of(all, na + nb);
	else
		*v = (struct plot_view){ .axis = plot_axis_linear(0, 1, 0) };
	free(all);
	return 0;
}

int plot_cdf_overlay_unit(const char *file, size_t npanels, char *const *title,
			  uint64_t *const *a, const size_t *na, uint64_t *const *b, const size_t *nb,
			  const char *label_a, const char *label_b, const char *unit, char *err,
			  size_t errlen)
{
	struct gp_tmpdir t;
	char path[160];
	int rc = -1;
	if (!npanels) {
		snprintf(err, errlen, "nothing to plot");
		return -1;
	}
	struct plot_view *view = calloc(npanels, sizeof(*view));
	if (!view) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (gp_tmp_make(&t, err, errlen)) {
		free(view);
		return -1;
	}
	/* One data file per side and panel, blocks separated for gnuplot's
	 * "index": two blank lines between panels. */
	char da[160], db[160];
	FILE *fa = gp_tmp_open(&t, "a.dat", da, sizeof(da));
	FILE *fb = gp_tmp_open(&t, "b.dat", db, sizeof(db));
	FILE *f = NULL;
	if (!fa || !fb)
		goto io;
	for (size_t i = 0; i < npanels; i++) {
		if (gp_write_sorted(fa, a[i], na[i]) || gp_write_sorted(fb, b[i], nb[i]) ||
		    panel_view(a[i], na[i], b[i], nb[i], &view[i]))
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
	/* A side a line: each label says what the side is and what measured
	 * it, too long for both on one. */
	fprintf(f, "set multiplot layout %zu,%zu title 'CDF overlay' . \"\\n\" . 'A = ' . ", rows,
		cols);
	gp_str(f, label_a);
	fputs(" . \"\\n\" . 'B = ' . ", f);
	gp_str(f, label_b);
	/* The key beside each panel, not in it: top left stood over the
	 * curves' rise and the tick label 1 ("1 -A"). The margin it takes
	 * also holds half of a tick label centred on the right border. */
	fputs("\nset key outside right top vertical\nset ylabel 'fraction of samples'\nset xlabel ", f);
	gp_str(f, unit);
	fputs("\nset yrange [0:1.05]\n", f);
	for (size_t i = 0; i < npanels; i++) {
		char t_cut[1024];
		snprintf(t_cut, sizeof(t_cut), "%s%s", title[i],
			 view[i].ntail ? " (up to p99 of A and B)" : "");
		fputs("set title ", f);
		gp_str(f, t_cut);
		fputc('\n', f);
		plot_axis_set(f, "x", &view[i].axis);
		fprintf(f, "plot '%s' index %zu using 1:($2 / 100) with steps lw 2 lc rgb '#4477aa' "
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
	free(view);
	gp_tmp_remove(&t);
	return rc;
}
