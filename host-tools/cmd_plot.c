/*
 * `rvbench plot DIR`: pictures through gnuplot (Debian gnuplot-nox). Per
 * benchmark one image of four panels: histogram, CDF, the sorted-duration
 * percentile curve (seed 003), and either the Kanata group progression
 * (per-call mean per group with CI bars) or the samples in order.
 * Also the CDF overlay of `rvbench compare --plot`.
 *
 * Data and script go to a private temporary directory that is removed
 * afterwards; gnuplot's messages are shown only when it fails.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "analysis.h"
#include "analysis_report.h"
#include "session.h"
#include "stats.h"

extern char **environ;

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

struct tmpdir {
	char path[64];
	char file[8][160];
	int nfile;
};

static FILE *tmp_open(struct tmpdir *t, const char *name, char *path, size_t len)
{
	snprintf(path, len, "%s/%s", t->path, name);
	if (t->nfile < 8)
		snprintf(t->file[t->nfile++], sizeof(t->file[0]), "%s", path);
	return fopen(path, "w");
}

static void tmp_remove(struct tmpdir *t)
{
	for (int i = 0; i < t->nfile; i++)
		unlink(t->file[i]);
	rmdir(t->path);
}

/* A gnuplot single-quoted string ('' is a quote). */
static void gp_str(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++) {
		if (*s == '\'')
			fputc('\'', f);
		fputc(*s, f);
	}
	fputc('\'', f);
}

static int terminal(FILE *f, const char *file, int w, int h, char *err, size_t errlen)
{
	const char *ext = strrchr(file, '.');
	if (ext && !strcmp(ext, ".svg"))
		fprintf(f, "set terminal svg size %d,%d noenhanced font 'Sans,11' background '#ffffff'\n", w, h);
	else if (ext && !strcmp(ext, ".png"))
		fprintf(f, "set terminal pngcairo size %d,%d noenhanced font 'Sans,10' background '#ffffff'\n", w, h);
	else {
		snprintf(err, errlen, "%s: the output must end in .png or .svg", file);
		return -1;
	}
	fputs("set output ", f);
	gp_str(f, file);
	fputs("\nset grid\nset key top left\n", f);
	return 0;
}

/* Runs gnuplot on script; its output goes to log, shown on failure. */
static int run_gnuplot(struct tmpdir *t, const char *script, char *err, size_t errlen)
{
	char log[128];
	snprintf(log, sizeof(log), "%s/gnuplot.log", t->path);
	if (t->nfile < 8)
		snprintf(t->file[t->nfile++], sizeof(t->file[0]), "%s", log);
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	char *argv[] = { "gnuplot", (char *)script, NULL };
	pid_t pid;
	int rc = posix_spawnp(&pid, "gnuplot", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc) {
		snprintf(err, errlen, "cannot run gnuplot: %s (install gnuplot-nox: make deps)",
			 strerror(rc));
		return -1;
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			snprintf(err, errlen, "waiting for gnuplot: %s", strerror(errno));
			return -1;
		}
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return 0;
	char msg[512] = "";
	FILE *f = fopen(log, "r");
	if (f) {
		size_t n = fread(msg, 1, sizeof(msg) - 1, f);
		msg[n] = 0;
		fclose(f);
	}
	snprintf(err, errlen, "gnuplot failed (status %d): %s", WIFEXITED(st) ? WEXITSTATUS(st) : -1,
		 msg);
	return -1;
}

/* Closes the finished script *f and runs gnuplot on it: gnuplot's status,
 * or -1 with err set when the script could not be written. */
static int finish_script(struct tmpdir *t, FILE **f, const char *path, char *err, size_t errlen)
{
	int bad = fclose(*f);

	*f = NULL;
	if (bad) {
		snprintf(err, errlen, "cannot write plot data in %s: %s", t->path, strerror(errno));
		return -1;
	}
	return run_gnuplot(t, path, err, errlen);
}

static int tmp_make(struct tmpdir *t, char *err, size_t errlen)
{
	memset(t, 0, sizeof(*t));
	const char *base = getenv("TMPDIR");
	snprintf(t->path, sizeof(t->path), "%s/rvbench-plot.XXXXXX",
		 base && strlen(base) < 30 ? base : "/tmp");
	if (!mkdtemp(t->path)) {
		snprintf(err, errlen, "cannot create a temporary directory: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* fclose that forgets the stream either way. */
static int close_ok(FILE **f)
{
	int r = fclose(*f);
	*f = NULL;
	return r;
}

/* Sorted values, one "value percentile" pair a line. */
static int write_sorted(FILE *f, const uint64_t *v, size_t n)
{
	uint64_t *s = malloc(n * sizeof(*s));
	if (!s)
		return -1;
	memcpy(s, v, n * sizeof(*s));
	stats_sort_u64(s, n);
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
	struct tmpdir t;
	char path[160], hist[160], sorted[160], seq[160], groups[160], title_buf[600];
	int rc = -1;

	if (!s->n) {
		snprintf(err, errlen, "%s: no measured samples to plot",
			 res_label(s, title_buf, sizeof(title_buf)));
		return -1;
	}
	if (tmp_make(&t, err, errlen))
		return -1;
	FILE *f = tmp_open(&t, "hist.dat", hist, sizeof(hist));
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
	if (close_ok(&f) || !(f = tmp_open(&t, "sorted.dat", sorted, sizeof(sorted))) ||
	    write_sorted(f, s->cycles, s->n) || close_ok(&f))
		goto io;
	if (!(f = tmp_open(&t, grouped ? "groups.dat" : "seq.dat", grouped ? groups : seq,
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
	if (close_ok(&f) || !(f = tmp_open(&t, "plot.gp", path, sizeof(path))))
		goto io;

	if (terminal(f, file, 1400, 1000, err, errlen)) {
		close_ok(&f);
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
	rc = finish_script(&t, &f, path, err, errlen);
	goto out;
io:
	snprintf(err, errlen, "cannot write plot data in %s: %s", t.path, strerror(errno));
	if (f)
		fclose(f);
out:
	an_hist_free(&h);
	free(v);
	tmp_remove(&t);
	return rc;
}

int plot_cdf_overlay(const char *file, size_t npanels, char *const *title,
		     uint64_t *const *a, const size_t *na, uint64_t *const *b, const size_t *nb,
		     const char *label_a, const char *label_b, char *err, size_t errlen)
{
	struct tmpdir t;
	char path[160];
	int rc = -1;
	if (!npanels) {
		snprintf(err, errlen, "nothing to plot");
		return -1;
	}
	if (tmp_make(&t, err, errlen))
		return -1;
	/* One data file per side and panel, blocks separated for gnuplot's
	 * "index": two blank lines between panels. */
	char da[160], db[160];
	FILE *fa = tmp_open(&t, "a.dat", da, sizeof(da)), *fb = tmp_open(&t, "b.dat", db, sizeof(db));
	FILE *f = NULL;
	if (!fa || !fb)
		goto io;
	for (size_t i = 0; i < npanels; i++) {
		if (write_sorted(fa, a[i], na[i]) || write_sorted(fb, b[i], nb[i]))
			goto io;
		fputs("\n\n", fa);
		fputs("\n\n", fb);
	}
	if (close_ok(&fa) | close_ok(&fb))
		goto io;
	if (!(f = tmp_open(&t, "cmp.gp", path, sizeof(path))))
		goto io;
	size_t cols = npanels < 2 ? 1 : 2, rows = (npanels + cols - 1) / cols;
	if (terminal(f, file, cols == 1 ? 900 : 1400, (int)(rows * 450 + 60), err, errlen)) {
		close_ok(&f);
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
	rc = finish_script(&t, &f, path, err, errlen);
	goto out;
io:
	snprintf(err, errlen, "cannot write plot data in %s: %s", t.path, strerror(errno));
	if (fa)
		fclose(fa);
	if (fb)
		fclose(fb);
	if (f)
		fclose(f);
out:
	tmp_remove(&t);
	return rc;
}

/* ---- sweeps ----------------------------------------------------------------- */

/* One line of a sweep figure: the blocks that differ only in the swept
 * parameter (same hart, same other parameters). */
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

/*
 * The swept parameter of the series idx[0..n) (one benchmark of one run):
 * the first p.* key, in record order, whose value differs between them and
 * is a positive number in all of them. 0 and name in buf, or -1.
 */
static int swept_param(const struct results *r, const size_t *idx, size_t n, char *buf, size_t len)
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

/*
 * The sweep figure of benchmark idx[0..n) (its series, one run): per
 * line (hart, other parameters) and point (swept value) the median and
 * p10..p90 of cycles per call, divided by per_call when the block has one
 * (cycles per load, per byte); log2 x axis.
 */
static int plot_sweep(const struct results *r, const size_t *idx, size_t n, const char *param,
		      const char *file, char *err, size_t errlen)
{
	struct tmpdir t;
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
	if (tmp_make(&t, err, errlen))
		goto out_free;
	if (!(f = tmp_open(&t, "sweep.dat", data, sizeof(data))))
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
		close_ok(&f);
		goto out;
	}
	if (close_ok(&f) || !(f = tmp_open(&t, "sweep.gp", path, sizeof(path))))
		goto io;
	if (terminal(f, file, 1200, 700, err, errlen)) {
		close_ok(&f);
		goto out;
	}
	char ylabel[160], title[1024], tick[64];
	if (per_unit)
		snprintf(ylabel, sizeof(ylabel), "cycles per %s", unit);
	else
		snprintf(ylabel, sizeof(ylabel), "cycles per call");
	snprintf(title, sizeof(title), "%s (run %s): %s against %s; median, p10-p90 band",
		 r->s[idx[0]].bench, r->s[idx[0]].run, ylabel, param);
	fputs("set title ", f);
	gp_str(f, title);
	fputs("\nset xlabel ", f);
	snprintf(title, sizeof(title), "%s (log2 scale)", param);
	gp_str(f, title);
	fputs("\nset ylabel ", f);
	gp_str(f, ylabel);
	fputs("\nset logscale x 2\n", f);
	/* A wide range (a per-byte cost from 8 B to 1 MiB): log y as well. */
	if (ymin > 0 && ymax / ymin > 30)
		fputs("set logscale y 10\nset offsets graph 0.03, graph 0.03, graph 0.05, graph 0.05\n", f);
	else
		fputs("set yrange [0:*]\nset offsets graph 0.03, graph 0.03, graph 0.05, 0\n", f);
	/* A tick at every swept value, labelled as a size where it is one. */
	double *xs = malloc(n * sizeof(*xs));
	size_t nx = 0;
	if (!xs) {
		close_ok(&f);
		goto io;
	}
	for (size_t i = 0; i < n; i++) {
		char v[128];
		if (res_param(r->s[idx[i]].params, param, v, sizeof(v)))
			xs[nx++] = strtod(v, NULL);
	}
	qsort(xs, nx, sizeof(*xs), cmp_double);
	fputs("set xtics (", f);
	for (size_t i = 0, m = 0; i < nx; i++) {
		if (i && xs[i] == xs[i - 1])
			continue;
		fmt_tick(tick, sizeof(tick), param, xs[i]);
		fprintf(f, "%s'%s' %.17g", m++ ? ", " : "", tick, xs[i]);
	}
	fputs(")\n", f);
	if (nx > 10)
		fputs("set xtics rotate by 45 right\n", f);
	free(xs);
	static const char *const color[] = { "#4477aa", "#ee6677", "#228833", "#ccbb44",
					     "#66ccee", "#aa3377", "#bbbbbb" };
	fputs("set key top left\nplot ", f);
	for (size_t l = 0; l < nline; l++) {
		const char *c = color[l % 7];
		fprintf(f, "%s'%s' index %zu using 1:3:4 with filledcurves fs transparent solid 0.2 "
			   "noborder lc rgb '%s' notitle, '%s' index %zu using 1:2 with linespoints lw 2 "
			   "pt 7 lc rgb '%s' title ",
			l ? ", " : "", data, l, c, data, l, c);
		gp_str(f, nline > 1 ? line[l] : "median (band: p10-p90)");
	}
	fputs("\n", f);
	rc = finish_script(&t, &f, path, err, errlen);
	goto out;
io:
	snprintf(err, errlen, "cannot write plot data in %s: %s", t.path, strerror(errno));
	if (f)
		fclose(f);
out:
	tmp_remove(&t);
out_free:
	free(line);
	free(line_of);
	free(pt);
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
		if (ni == cap) {
			cap *= 2;
			struct image *nim = realloc(im, cap * sizeof(*im));
			if (!nim) {
				free(im);
				return NULL;
			}
			im = nim;
		}
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
		if (m < 2 || swept_param(r, idx, m, param, sizeof(param)))
			continue;
		if (ni == cap) {
			cap *= 2;
			struct image *nim = realloc(im, cap * sizeof(*im));
			if (!nim) {
				free(im);
				free(idx);
				return NULL;
			}
			im = nim;
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
