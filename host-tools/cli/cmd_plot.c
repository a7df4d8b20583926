/*
 * `rvbench plot DIR`: pictures through gnuplot (Debian gnuplot-nox). Per
 * benchmark one image of four panels: histogram, CDF, the sorted-duration
 * percentile curve (seed 003), and either the Kanata group progression
 * (per-call mean per group with CI bars) or the samples in order; per
 * swept benchmark the sweep figure (plot_sweep.c).
 * Also the CDF overlay of `rvbench compare --plot`.
 *
 * Running gnuplot, and its temporary files, is gnuplot_run.c's job.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "analysis_report.h"
#include "gnuplot_run.h"
#include "plot_sweep.h"
#include "session.h"
#include "stats.h"

static const char usage_plot[] =
	"usage: rvbench plot [OPTIONS] DIR\n"
	"\n"
	"Draw each benchmark of DIR/samples.csv with gnuplot: histogram, CDF, the\n"
	"sorted-duration percentile curve, and the group progression (group runs)\n"
	"or the samples in order. A swept benchmark (blocks that differ in one\n"
	"parameter, p.NAME) also gets DIR/plot-BENCH-sweep.png: the median per call\n"
	"(per unit of work, e.g. per load, when the block says) with its p10-p90\n"
	"band against the parameter on a log2 axis. Needs gnuplot (Debian gnuplot-nox).\n"
	"\n"
	"  -o, --output FILE    FILE.png or FILE.svg (default DIR/plot-BENCH.png);\n"
	"                       with several images FILE-BENCH.png, ...; the blocks\n"
	"                       of a sweep are told apart by their parameters\n"
	"                       (FILE-BENCH-size_kib=64.png)\n"
	"  -b, --bench NAME     only this benchmark\n"
	"  -h, --help           this help\n";

/* Sorted values, one "value percentile" pair a line. */
static int write_sorted(FILE *f, const uint64_t *v, size_t n)
{
	uint64_t *s = an_sorted_copy(v, n);
	if (!s)
		return -1;
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%llu %.6f\n", (unsigned long long)s[i], 100.0 * (double)(i + 1) / (double)n);
	free(s);
	return 0;
}

static int plot_bench(const struct results *r, size_t first, size_t end, const char *file,
		      char *err, size_t errlen)
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
	    write_sorted(f, s->cycles, s->n) || gp_close_ok(&f))
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

	if (gp_terminal(f, file, 1400, 1000, err, errlen)) {
		gp_close_ok(&f);
		goto out;
	}
	char unit[128];
	if (s->batch > 1)
		snprintf(unit, sizeof(unit), "cycles per sample of %llu calls", (unsigned long long)s->batch);
	else
		snprintf(unit, sizeof(unit), "cycles");
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
		      "set xlabel 'calls per sample N'\nset ylabel 'cycles per call'\n"
		      "set offsets graph 0.05, graph 0.05, graph 0.1, graph 0.1\n", f);
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
		if (write_sorted(fa, a[i], na[i]) || write_sorted(fb, b[i], nb[i]))
			goto io;
		fputs("\n\n", fa);
		fputs("\n\n", fb);
	}
	if (gp_close_ok(&fa) | gp_close_ok(&fb))
		goto io;
	if (!(f = gp_tmp_open(&t, "cmp.gp", path, sizeof(path))))
		goto io;
	size_t cols = npanels < 2 ? 1 : 2, rows = (npanels + cols - 1) / cols;
	if (gp_terminal(f, file, cols == 1 ? 900 : 1400, (int)(rows * 450 + 60), err, errlen)) {
		gp_close_ok(&f);
		goto out;
	}
	fprintf(f, "set multiplot layout %zu,%zu title 'CDF overlay: A = ' . ", rows, cols);
	gp_str(f, label_a);
	fputs(" . '   B = ' . ", f);
	gp_str(f, label_b);
	fputs("\nset ylabel 'fraction of samples'\nset xlabel 'cycles'\nset yrange [0:1.05]\n"
	      "set offsets graph 0.05, graph 0.05, 0, 0\n", f);
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

/* One image to draw: a benchmark's series [first, end) (plot_bench), or
 * the sweep of a benchmark (plot_sweep, sweep set). */
struct image {
	size_t first, end;
	int sweep;
	char param[128];
	char stem[600];
};

/* A file name part: characters other than [A-Za-z0-9._=+-] become '_'. */
static void stem_append(char *stem, size_t len, const char *sep, const char *part)
{
	size_t n = strlen(stem);
	if (n + strlen(sep) < len)
		n += (size_t)snprintf(stem + n, len - n, "%s", sep);
	for (; *part && n + 1 < len; part++) {
		char c = *part;
		int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
			 strchr("._=+-", c);
		stem[n++] = c == ';' ? '-' : ok ? c : '_';
	}
	stem[n] = 0;
}

/* FILE, or FILE's stem + "-" + stem + extension when there are several. */
static void out_name(char *buf, size_t len, const char *dir, const char *out, const char *stem,
		     int several)
{
	if (!out) {
		snprintf(buf, len, "%s/plot-%s.png", dir, stem);
		return;
	}
	const char *ext = strrchr(out, '.');
	if (!several || !ext) {
		snprintf(buf, len, "%s", out);
		return;
	}
	snprintf(buf, len, "%.*s-%s%s", (int)(ext - out), out, stem, ext);
}

/* Room for one more image in *im (cap doubled when full): the next slot,
 * or NULL when out of memory (*im freed then). */
static struct image *image_slot(struct image **im, size_t ni, size_t *cap)
{
	if (ni == *cap) {
		*cap *= 2;
		struct image *nim = realloc(*im, *cap * sizeof(**im));
		if (!nim) {
			free(*im);
			*im = NULL;
			return NULL;
		}
		*im = nim;
	}
	return *im + ni;
}

/*
 * The images of r: one per (run, bench, params, hart), named by the bench
 * alone when that is unique, else with the parameters, the hart, the run;
 * then one sweep figure per swept benchmark of a run. *n images, malloc'd.
 */
static struct image *plan(const struct results *r, const char *only, size_t *n)
{
	size_t ni = 0, cap = 16;
	struct image *im = malloc(cap * sizeof(*im));
	*n = 0;
	if (!im)
		return NULL;
	for (size_t i = 0; i < r->ns; i = an_bench_end(r, i)) {
		if (only && strcmp(r->s[i].bench, only))
			continue;
		if (!image_slot(&im, ni, &cap))
			return NULL;
		im[ni] = (struct image){ .first = i, .end = an_bench_end(r, i) };
		ni++;
	}
	/* Unique names: bench, + params, + hart, + run as far as needed. */
	for (size_t i = 0; i < ni; i++) {
		const struct res_series *s = &r->s[im[i].first];
		int same_bench = 0, same_params = 0, same_hart = 0;
		for (size_t k = 0; k < ni; k++) {
			const struct res_series *o = &r->s[im[k].first];
			if (k == i || strcmp(o->bench, s->bench))
				continue;
			same_bench = 1;
			if (strcmp(o->params, s->params))
				continue;
			same_params = 1;
			same_hart |= o->hart == s->hart;
		}
		im[i].stem[0] = 0;
		stem_append(im[i].stem, sizeof(im[i].stem), "", s->bench);
		if (same_bench && *s->params)
			stem_append(im[i].stem, sizeof(im[i].stem), "-", s->params);
		if (same_params) {
			char h[32];
			snprintf(h, sizeof(h), "hart%llu", (unsigned long long)s->hart);
			stem_append(im[i].stem, sizeof(im[i].stem), "-", h);
		}
		if (same_hart)
			stem_append(im[i].stem, sizeof(im[i].stem), "-", s->run);
	}
	/* Sweeps: per (run, bench) the series with a swept parameter. */
	size_t nfam = ni;
	size_t *idx = malloc((r->ns ? r->ns : 1) * sizeof(*idx));
	if (!idx) {
		free(im);
		return NULL;
	}
	for (size_t f = 0; f < nfam; f++) {
		const struct res_series *s = &r->s[im[f].first];
		int first = 1, runs = 0;
		for (size_t k = 0; k < f && first; k++)
			first = strcmp(r->s[im[k].first].bench, s->bench) ||
				strcmp(r->s[im[k].first].run, s->run);
		if (!first)
			continue;
		size_t m = 0;
		for (size_t k = 0; k < r->ns; k++)
			if (!strcmp(r->s[k].bench, s->bench) && !strcmp(r->s[k].run, s->run))
				idx[m++] = k;
		for (size_t k = 0; k < nfam; k++)
			runs += !strcmp(r->s[im[k].first].bench, s->bench) &&
				strcmp(r->s[im[k].first].run, s->run);
		char param[128];
		if (m < 2 || plot_swept_param(r, idx, m, param, sizeof(param)))
			continue;
		if (!image_slot(&im, ni, &cap)) {
			free(idx);
			return NULL;
		}
		im[ni] = (struct image){ .first = im[f].first, .end = im[f].first + 1, .sweep = 1 };
		snprintf(im[ni].param, sizeof(im[ni].param), "%s", param);
		stem_append(im[ni].stem, sizeof(im[ni].stem), "", s->bench);
		if (runs)
			stem_append(im[ni].stem, sizeof(im[ni].stem), "-", s->run);
		stem_append(im[ni].stem, sizeof(im[ni].stem), "-", "sweep");
		ni++;
	}
	free(idx);
	*n = ni;
	return im;
}

/* The series of the sweep figure im: its benchmark's in its run. */
static int draw_sweep(const struct results *r, const struct image *im, const char *file, char *err,
		      size_t errlen)
{
	const struct res_series *s = &r->s[im->first];
	size_t *idx = malloc(r->ns * sizeof(*idx)), m = 0;
	if (!idx) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t k = 0; k < r->ns; k++)
		if (!strcmp(r->s[k].bench, s->bench) && !strcmp(r->s[k].run, s->run))
			idx[m++] = k;
	int rc = plot_sweep(r, idx, m, im->param, file, err, errlen);
	free(idx);
	return rc;
}

int cmd_plot(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "bench", required_argument, NULL, 'b' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 },
	};
	const char *out = NULL, *only = NULL;
	int opt;

	optind = 0;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":o:b:h", lo, NULL)) != -1) {
		switch (opt) {
		case 'o':
			out = optarg;
			break;
		case 'b':
			only = optarg;
			break;
		case 'h':
			fputs(usage_plot, stdout);
			return 0;
		case ':':
			rvb_error("plot: option %s needs a value", argv[optind - 1]);
			return EXIT_ERROR;
		default:
			rvb_error("plot: unknown option %s (see rvbench plot --help)", argv[optind - 1]);
			return EXIT_ERROR;
		}
	}
	if (optind != argc - 1) {
		rvb_error(optind >= argc ? "plot: no DIR given (see rvbench plot --help)"
					 : "plot: one DIR only (see rvbench plot --help)");
		return EXIT_ERROR;
	}
	const char *dir = argv[optind];
	char err[4400], file[4400];
	struct results r;
	if (results_load(dir, &r, err, sizeof(err))) {
		rvb_error("plot: %s", err);
		return EXIT_ERROR;
	}
	size_t nim;
	struct image *im = plan(&r, only, &nim);
	int status = 0;
	if (!im) {
		rvb_error("plot: out of memory");
		results_free(&r);
		return EXIT_ERROR;
	}
	if (!nim) {
		rvb_error(only ? "plot: no benchmark '%s' in %s/samples.csv"
			       : "plot: %s%s/samples.csv has no samples", only ? only : "", dir);
		status = EXIT_ERROR;
	}
	for (size_t i = 0; i < nim && !status; i++) {
		out_name(file, sizeof(file), dir, out, im[i].stem, nim > 1);
		if (im[i].sweep ? draw_sweep(&r, &im[i], file, err, sizeof(err))
				: plot_bench(&r, im[i].first, im[i].end, file, err, sizeof(err))) {
			rvb_error("plot: %s", err);
			status = EXIT_ERROR;
		} else {
			printf("%s\n", file);
		}
	}
	free(im);
	results_free(&r);
	return status;
}
