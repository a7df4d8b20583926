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
	"or the samples in order. Needs gnuplot (Debian gnuplot-nox).\n"
	"\n"
	"  -o, --output FILE    FILE.png or FILE.svg (default DIR/plot-BENCH.png);\n"
	"                       with several benchmarks FILE-BENCH.png, ...\n"
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
	char path[160], hist[160], sorted[160], seq[160], groups[160];
	int rc = -1;

	if (!s->n) {
		snprintf(err, errlen, "%s: no measured samples to plot", s->bench);
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
	char title[512];
	snprintf(title, sizeof(title), "%s (run %s, hart %llu, group %llu, N = %llu): %zu samples",
		 s->bench, s->run, (unsigned long long)s->hart, (unsigned long long)s->group,
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
	int bad = fclose(f);
	f = NULL;
	if (bad)
		goto io;
	rc = run_gnuplot(&t, path, err, errlen);
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
	int bad = fclose(f);
	f = NULL;
	if (bad)
		goto io;
	rc = run_gnuplot(&t, path, err, errlen);
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

/* FILE, or FILE's stem + "-" + bench + extension when there are several. */
static void out_name(char *buf, size_t len, const char *dir, const char *out, const char *bench,
		     int several)
{
	if (!out) {
		snprintf(buf, len, "%s/plot-%s.png", dir, bench);
		return;
	}
	const char *ext = strrchr(out, '.');
	if (!several || !ext) {
		snprintf(buf, len, "%s", out);
		return;
	}
	snprintf(buf, len, "%.*s-%s%s", (int)(ext - out), out, bench, ext);
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
	size_t nbench = 0;
	for (size_t i = 0; i < r.ns; i = an_bench_end(&r, i))
		nbench += !only || !strcmp(r.s[i].bench, only);
	int status = 0;
	if (!nbench) {
		rvb_error(only ? "plot: no benchmark '%s' in %s/samples.csv"
			       : "plot: %s%s/samples.csv has no samples", only ? only : "", dir);
		status = EXIT_ERROR;
	}
	for (size_t i = 0; i < r.ns && !status; i = an_bench_end(&r, i)) {
		if (only && strcmp(r.s[i].bench, only))
			continue;
		out_name(file, sizeof(file), dir, out, r.s[i].bench, nbench > 1);
		if (plot_bench(&r, i, an_bench_end(&r, i), file, err, sizeof(err))) {
			rvb_error("plot: %s", err);
			status = EXIT_ERROR;
		} else {
			printf("%s\n", file);
		}
	}
	results_free(&r);
	return status;
}
