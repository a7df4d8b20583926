/*
 * `rvbench plot DIR`: pictures through gnuplot (Debian gnuplot-nox). Per
 * benchmark one image of four panels: histogram, CDF, the sorted-duration
 * percentile curve (seed 003), and either the Kanata group progression
 * (per-call mean per group with CI bars) or the samples in order; per
 * swept benchmark the sweep figure (plot_sweep.c). This file chooses the
 * images and their file names; plot_bench.c and plot_sweep.c draw them.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_report.h"
#include "commands.h"
#include "unmeasured.h"
#include "metric_option.h"
#include "plot_bench.h"
#include "plot_dir.h"
#include "plot_file_name.h"
#include "plot_jobs.h"
#include "plot_sweep.h"
#include "session.h"

/* One image to draw: a benchmark's series [first, end) (plot_bench), or
 * the sweep of a benchmark (plot_sweep, sweep set). */
struct image {
	size_t first, end;
	int sweep;
	char param[128];
	char stem[PLOT_STEM_MAX];
};

/* DIR/plot-STEM.png without -o FILE; FILE, or FILE's stem + "-" + stem +
 * extension when there are several. */
static void out_name(char *buf, size_t len, const char *dir, const char *out, const char *stem,
		     int several)
{
	if (!out) {
		char name[PLOT_FILE_MAX];
		plot_stem_file(name, sizeof(name), stem);
		snprintf(buf, len, "%s/%s", dir, name);
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
		struct plot_clash c = { 0 };
		for (size_t k = 0; k < ni; k++) {
			const struct res_series *o = &r->s[im[k].first];
			if (k != i)
				plot_clash_note(&c, s->bench, s->params, s->hart, o->bench, o->params,
						o->hart);
		}
		plot_series_stem(im[i].stem, sizeof(im[i].stem), &c, s->bench, s->params, s->hart,
				 s->run);
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
		plot_stem_append(im[ni].stem, sizeof(im[ni].stem), "", s->bench);
		if (runs)
			plot_stem_append(im[ni].stem, sizeof(im[ni].stem), "-", s->run);
		plot_stem_append(im[ni].stem, sizeof(im[ni].stem), "-", "sweep");
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

/* What each plot job needs: the images of r, the sample indices of its
 * blocks, and where the images go. */
struct plot_ctx {
	const struct results *r;
	const struct plot_blocks *pb;
	const struct image *im;
	size_t nim;
	const char *dir, *out;
};

/* Draws image i (in a worker process, plot_jobs.h). */
static int draw_one(size_t i, void *p, char *err, size_t errlen)
{
	const struct plot_ctx *c = p;
	char file[4400];
	out_name(file, sizeof(file), c->dir, c->out, c->im[i].stem, c->nim > 1);
	return c->im[i].sweep ? draw_sweep(c->r, &c->im[i], file, err, errlen)
			      : plot_bench(c->r, c->pb, c->im[i].first, c->im[i].end, file, err, errlen);
}

/* Says why there is no image: a benchmark (only) whose blocks all ended
 * without a measured sample (a fault before the first) is named with how
 * they ended, not as one that is not there. */
static void no_image(const char *who, const char *dir, const char *only)
{
	char why[1200];
	if (!only)
		rvb_error("%s: %s/samples.csv has no samples", who, dir);
	else if (unmeasured_why(dir, only, why, sizeof(why)))
		rvb_error("%s: '%s' has no measured sample to plot: %s", who, only, why);
	else
		rvb_error("%s: no benchmark '%s' in %s/samples.csv", who, only, dir);
}

int plot_dir(const char *who, const char *dir, const char *out, const char *only, unsigned jobs,
	     FILE *names)
{
	char err[4400], file[4400];
	struct results r;
	if (results_load(dir, &r, err, sizeof(err))) {
		rvb_error("%s: %s", who, err);
		return EXIT_ERROR;
	}
	size_t nim;
	struct image *im = plan(&r, only, &nim);
	int status = 0;
	if (!im) {
		rvb_error("%s: out of memory", who);
		results_free(&r);
		return EXIT_ERROR;
	}
	if (!nim) {
		no_image(who, dir, only);
		status = EXIT_ERROR;
	}
	/* Read once, before the workers fork: each image looks up its own. */
	struct plot_blocks pb = { 0 };
	if (!status && plot_blocks_load(dir, &pb, err, sizeof(err))) {
		rvb_error("%s: %s", who, err);
		status = EXIT_ERROR;
	}
	unsigned char *ok = malloc(nim ? nim : 1);
	struct plot_ctx ctx = { &r, &pb, im, nim, dir, out };
	if (!status && !ok) {
		rvb_error("%s: out of memory", who);
		status = EXIT_ERROR;
	}
	/* One image, or --jobs 1: drawn here, in turn. */
	if (!status && (nim == 1 || jobs == 1)) {
		memset(ok, 0, nim);
		for (size_t i = 0; i < nim && !status; i++) {
			ok[i] = draw_one(i, &ctx, err, sizeof(err)) == 0;
			status = ok[i] ? 0 : EXIT_ERROR;
		}
	} else if (!status && plot_jobs_run(nim, jobs, draw_one, &ctx, ok, err, sizeof(err))) {
		status = EXIT_ERROR;
	}
	if (status && nim && ok)
		rvb_error("%s: %s", who, err);
	/* The images leave out blocks without a sample (skipped, or ended
	 * before their first): named, so that none goes missing unsaid. */
	if (!status && nim && names)
		unmeasured_say(dir, only, who, "image", stderr);
	for (size_t i = 0; i < nim && ok && names; i++)
		if (ok[i]) {
			out_name(file, sizeof(file), dir, out, im[i].stem, nim > 1);
			fprintf(names, "%s\n", file);
		}
	free(ok);
	free(im);
	plot_blocks_free(&pb);
	results_free(&r);
	return status;
}

int cmd_plot(const struct command *cmd, int argc, char **argv)
{
	static const struct option lo[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "bench", required_argument, NULL, 'b' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "metric", required_argument, NULL, 'M' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 },
	};
	const char *out = NULL, *only = NULL;
	unsigned jobs = 0;
	int opt;

	optind = 0;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":o:b:j:h", lo, NULL)) != -1) {
		switch (opt) {
		case 'o':
			out = optarg;
			break;
		case 'b':
			only = optarg;
			break;
		case 'j':
			if (plot_jobs_arg(optarg, &jobs))
				return EXIT_ERROR;
			break;
		case 'M':
			if (metric_option("plot", optarg))
				return EXIT_ERROR;
			break;
		default:
			return opt_end(cmd, opt, argv);
		}
	}
	if (optind < argc - 1) {
		rvb_error("plot: one DIR only (see rvbench plot --help)");
		return EXIT_ERROR;
	}
	/* Without DIR, the latest collection's. */
	return plot_dir("plot", optind < argc ? argv[optind] : "results/latest", out, only, jobs,
			stdout);
}

int plot_jobs_arg(const char *arg, unsigned *jobs)
{
	char *end;
	errno = 0;
	unsigned long v = strtoul(arg, &end, 10);
	if (!*arg || *end || errno || *arg == '-' || v < 1 || v > 64) {
		rvb_error("--jobs takes a number of processes, 1 .. 64, not '%s'", arg);
		return -1;
	}
	*jobs = (unsigned)v;
	return 0;
}
