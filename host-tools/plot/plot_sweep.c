/*
 * The sweep figure of `rvbench plot`: for a benchmark whose blocks differ
 * in one parameter (p.NAME), the median per call (per unit of work when
 * the block says) with its p10-p90 band against the parameter on a log2
 * axis, one line per hart and other parameters.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "gnuplot_run.h"
#include "plot_axis.h"
#include "plot_sweep.h"
#include "results_metric.h"

/* One point of a sweep figure: one block's swept value and its cycles
 * per call (median, p10, p90). A line is the blocks that differ only in
 * the swept parameter (same hart, same other parameters). */
struct sweep_pt {
	double x, median, p10, p90;
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static int cmp_pt(const void *a, const void *b)
{
	return cmp_double(&((const struct sweep_pt *)a)->x, &((const struct sweep_pt *)b)->x);
}

/* Nearest rank of p % in sorted v[0..n). */
static double rank(const double *v, size_t n, unsigned p)
{
	size_t k = (n * p + 99) / 100;
	return v[k ? k - 1 : 0];
}

/* params without NAME=...: what identifies a line of the sweep. */
static void params_without(const char *params, const char *name, char *buf, size_t len)
{
	size_t nl = strlen(name), n = 0;
	buf[0] = 0;
	for (const char *p = params; p && *p;) {
		size_t fl = strcspn(p, ";");
		if (!(fl > nl && !strncmp(p, name, nl) && p[nl] == '=') && n < len) {
			int w = snprintf(buf + n, len - n, "%s%.*s", n ? ";" : "", (int)fl, p);
			n += w > 0 ? (size_t)w : 0;
		}
		p += fl + (p[fl] == ';');
	}
}

int plot_swept_param(const struct results *r, const size_t *idx, size_t n, char *buf, size_t len)
{
	const char *p0 = r->s[idx[0]].params;
	for (const char *p = p0; p && *p;) {
		size_t fl = strcspn(p, ";"), kl = strcspn(p, "=");
		if (kl < fl && kl < len) {
			char name[128], v0[128], v[128];
			snprintf(name, sizeof(name), "%.*s", (int)kl, p);
			int differs = 0, numeric = 1;
			res_param(p0, name, v0, sizeof(v0));
			for (size_t i = 0; i < n && numeric; i++) {
				char *end;
				if (!res_param(r->s[idx[i]].params, name, v, sizeof(v)) ||
				    !(strtod(v, &end) > 0) || *end)
					numeric = 0;
				else
					differs |= strcmp(v, v0) != 0;
			}
			if (differs && numeric) {
				snprintf(buf, len, "%s", name);
				return 0;
			}
		}
		p += fl + (p[fl] == ';');
	}
	return -1;
}

/* A size in bytes as "512 B", "4 KiB", "2 MiB", "1 GiB". */
static void fmt_size(char *buf, size_t len, double bytes)
{
	static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	int u = 0;
	while (bytes >= 1024 && u < 4) {
		bytes /= 1024;
		u++;
	}
	snprintf(buf, len, "%g %s", bytes, unit[u]);
}

/* Tick labels: sizes for size (bytes) and size_kib, else the number. */
static void fmt_tick(char *buf, size_t len, const char *param, double x)
{
	size_t pl = strlen(param);
	if (!strcmp(param, "size") || (pl > 5 && !strcmp(param + pl - 5, "_size")) ||
	    (pl > 6 && !strcmp(param + pl - 6, "_bytes")))
		fmt_size(buf, len, x);
	else if (pl >= 4 && !strcmp(param + pl - 4, "_kib"))
		fmt_size(buf, len, x * 1024);
	else if (pl >= 4 && !strcmp(param + pl - 4, "_mib"))
		fmt_size(buf, len, x * 1024 * 1024);
	else
		snprintf(buf, len, "%g", x);
}

int plot_sweep(const struct results *r, const size_t *idx, size_t n, const char *param,
	       const char *file, char *err, size_t errlen)
{
	struct gp_tmpdir t;
	char path[160], data[160];
	int rc = -1;
	/* Lines in order of first appearance; a series of a group run counts
	 * with its last (largest N) group, as in the panels. */
	char (*line)[300] = calloc(n, sizeof(*line));
	size_t *line_of = calloc(n, sizeof(size_t)), nline = 0;
	struct sweep_pt *pt = calloc(n, sizeof(*pt));
	FILE *f = NULL;
	if (!line || !line_of || !pt) {
		snprintf(err, errlen, "out of memory");
		free(line);
		free(line_of);
		free(pt);
		return -1;
	}
	int per_unit = 1;
	const char *unit = NULL;
	for (size_t i = 0; i < n; i++) {
		const struct res_series *s = &r->s[idx[i]];
		if (!s->unit || !s->per_call)
			per_unit = 0;
		else if (!unit)
			unit = s->unit;
		else if (strcmp(unit, s->unit))
			per_unit = 0;
	}
	if (gp_tmp_make(&t, err, errlen))
		goto out_free;
	if (!(f = gp_tmp_open(&t, "sweep.dat", data, sizeof(data))))
		goto io;
	double ymin = 0, ymax = 0;
	int have_y = 0;
	for (size_t i = 0; i < n; i++) {
		const struct res_series *s = &r->s[idx[i]];
		char key[300], rest[256];
		params_without(s->params, param, rest, sizeof(rest));
		snprintf(key, sizeof(key), "hart %llu%s%s", (unsigned long long)s->hart,
			 *rest ? ", " : "", rest);
		size_t l;
		for (l = 0; l < nline && strcmp(line[l], key); l++)
			;
		if (l == nline)
			snprintf(line[nline++], sizeof(line[0]), "%s", key);
		line_of[i] = l;
	}
	for (size_t l = 0; l < nline; l++) {
		size_t np = 0;
		for (size_t i = 0; i < n; i++) {
			const struct res_series *s = &r->s[idx[i]];
			char v[128];
			if (line_of[i] != l || !s->n || !res_param(s->params, param, v, sizeof(v)))
				continue;
			/* A later series of the same point (a larger N) replaces it. */
			double x = strtod(v, NULL), div = (double)(s->batch ? s->batch : 1) *
							   (per_unit ? (double)s->per_call : 1);
			size_t k;
			for (k = 0; k < np && pt[k].x != x; k++)
				;
			double *y = malloc(s->n * sizeof(*y));
			if (!y)
				goto io;
			for (size_t j = 0; j < s->n; j++)
				y[j] = (double)s->cycles[j] / div;
			qsort(y, s->n, sizeof(*y), cmp_double);
			pt[k] = (struct sweep_pt){ x, rank(y, s->n, 50), rank(y, s->n, 10),
						   rank(y, s->n, 90) };
			free(y);
			if (k == np)
				np++;
		}
		qsort(pt, np, sizeof(*pt), cmp_pt);
		for (size_t k = 0; k < np; k++) {
			fprintf(f, "%.17g %.6f %.6f %.6f\n", pt[k].x, pt[k].median, pt[k].p10, pt[k].p90);
			if (!have_y || pt[k].p10 < ymin)
				ymin = pt[k].p10;
			if (!have_y || pt[k].p90 > ymax)
				ymax = pt[k].p90;
			have_y = 1;
		}
		fputs("\n\n", f); /* one gnuplot index per line */
	}
	if (!have_y) {
		snprintf(err, errlen, "%s: no measured samples to plot", r->s[idx[0]].bench);
		gp_close_ok(&f);
		goto out;
	}
	if (gp_close_ok(&f) || !(f = gp_tmp_open(&t, "sweep.gp", path, sizeof(path))))
		goto io;
	if (gp_output(&t, f, file, 1200, 700, err, errlen)) {
		gp_close_ok(&f);
		goto out;
	}
	char ylabel[160], title[1024], tick[64];
	if (per_unit)
		snprintf(ylabel, sizeof(ylabel), "%s per %s", res_unit(r), unit);
	else
		snprintf(ylabel, sizeof(ylabel), "%s per call", res_unit(r));
	snprintf(title, sizeof(title), "%s (run %s): %s against %s; median, p10-p90 band",
		 r->s[idx[0]].bench, r->s[idx[0]].run, ylabel, param);
	fputs("set title ", f);
	gp_title_machine(f, r->machine);
	gp_str(f, title);
	fputs("\nset xlabel ", f);
	snprintf(title, sizeof(title), "%s (log2 scale)", param);
	gp_str(f, title);
	fputs("\nset ylabel ", f);
	gp_str(f, ylabel);
	fputs("\nset logscale x 2\n", f);
	/* A wide range (a per-byte cost from 8 B to 1 MiB): log y as well,
	 * over the decades the band spans and no more (autoscale's offsets
	 * rounded out to a decade beyond the data at each end); else linear
	 * from 0, so that the heights compare. */
	struct plot_axis y = ymin > 0 && ymax / ymin > 30 ? plot_axis_decades(ymin, ymax)
							   : plot_axis_linear(0, ymax, 0.05);
	plot_axis_set(f, "y", &y);
	/* A tick at every swept value, labelled as a size where it is one. */
	double *xs = malloc(n * sizeof(*xs));
	size_t nx = 0;
	if (!xs) {
		gp_close_ok(&f);
		goto io;
	}
	for (size_t i = 0; i < n; i++) {
		char v[128];
		if (res_param(r->s[idx[i]].params, param, v, sizeof(v)))
			xs[nx++] = strtod(v, NULL);
	}
	qsort(xs, nx, sizeof(*xs), cmp_double);
	/* 3 % of the swept decades beside the first and last points. */
	struct plot_axis x = plot_axis_log(nx ? xs[0] : 1, nx ? xs[nx - 1] : 1, 0.03);
	fprintf(f, "set xrange [%.10g:%.10g]\nset xtics (", x.lo, x.hi);
	size_t nticks = 0; /* the values, each once (every hart has them) */
	for (size_t i = 0; i < nx; i++) {
		if (i && xs[i] == xs[i - 1])
			continue;
		fmt_tick(tick, sizeof(tick), param, xs[i]);
		fprintf(f, "%s'%s' %.17g", nticks++ ? ", " : "", tick, xs[i]);
	}
	fputs(")\n", f);
	if (nticks > 10)
		fputs("set xtics rotate by 45 right\n", f);
	free(xs);
	static const char *const color[] = { "#4477aa", "#ee6677", "#228833", "#ccbb44",
					     "#66ccee", "#aa3377", "#bbbbbb" };
	/* The key below the axes, not in them: a cost that falls with the
	 * size (per byte of a copy) starts in the top left corner, where the
	 * key stood over it. gnuplot's own bottom margin then lets the key
	 * touch the x label: room for both, about three entries a row, and
	 * for the tick labels turned by 45 degrees. */
	fprintf(f, "set key below\nset bmargin %zu\nplot ", 4 + (nline + 2) / 3 + (nticks > 10 ? 2 : 0));
	for (size_t l = 0; l < nline; l++) {
		const char *c = color[l % 7];
		fprintf(f, "%s'%s' index %zu using 1:3:4 with filledcurves fs transparent solid 0.2 "
			   "noborder lc rgb '%s' notitle, '%s' index %zu using 1:2 with linespoints lw 2 "
			   "pt 7 lc rgb '%s' title ",
			l ? ", " : "", data, l, c, data, l, c);
		gp_str(f, nline > 1 ? line[l] : "median (band: p10-p90)");
	}
	fputs("\n", f);
	rc = gp_finish_script(&t, &f, path, err, errlen);
	goto out;
io:
	gp_write_error(&t, &f, err, errlen);
out:
	gp_tmp_remove(&t);
out_free:
	free(line);
	free(line_of);
	free(pt);
	return rc;
}
