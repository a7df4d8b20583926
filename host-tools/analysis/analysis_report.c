/* The text report of `rvbench stats` and of every collection
 * (analysis_report.h). */
#include "analysis_report.h"

#include <fnmatch.h>

#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "csv_out.h"
#include "results_metric.h"
#include "stats.h"
#include "term_str.h"

/* Formatting into rotating buffers: enough for one printf's arguments. */
static char *next_buf(void)
{
	static char buf[16][96];
	static unsigned i;
	return buf[i++ % 16];
}
#define V(x, p) an_fmt(next_buf(), 96, (x), (p))
#define CI(x, p) an_fmt_interval(next_buf(), 96, &(x), (p))

size_t an_bench_end(const struct results *r, size_t first)
{
	size_t e = first + 1;
	const struct res_series *a = &r->s[first];
	while (e < r->ns && !strcmp(r->s[e].bench, a->bench) && !strcmp(r->s[e].run, a->run) &&
	       r->s[e].hart == a->hart && !strcmp(r->s[e].params ? r->s[e].params : "",
						     a->params ? a->params : ""))
		e++;
	return e;
}

int an_is_group_run(const struct results *r, size_t first, size_t end)
{
	return end - first > 1 || r->s[first].batch > 1;
}

/* an_print_hist() of values already sorted: a series' report sorts once
 * for the outliers and the histogram. */
static int print_hist_sorted(FILE *f, const uint64_t *s, size_t n, size_t maxbins,
			     const char *indent)
{
	enum { BAR = 40 };
	struct an_hist h;
	if (an_hist_make(s, n, maxbins, &h))
		return -1;
	size_t top = 0, cum = 0;
	for (size_t i = 0; i < h.nbins; i++)
		if (h.count[i] > top)
			top = h.count[i];
	fprintf(f, "%s%12s | %-*s | %8s %7s\n", indent, h.width > 1 ? "from" : "value", BAR,
		"histogram", "count", "CDF");
	for (size_t i = 0; i < h.nbins; i++) {
		char bar[BAR + 1];
		size_t len = (h.count[i] * BAR + top - 1) / top;
		cum += h.count[i];
		memset(bar, '#', len);
		bar[len] = 0;
		fprintf(f, "%s%12llu | %-*s | %8zu %6.1f%%\n", indent,
			(unsigned long long)(h.lo + i * h.width), BAR, bar, h.count[i],
			100.0 * (double)cum / (double)n);
	}
	an_hist_free(&h);
	return ferror(f) ? -1 : 0;
}

int an_print_hist(FILE *f, const uint64_t *v, size_t n, size_t maxbins, const char *indent)
{
	uint64_t *s = an_sorted_copy(v, n);
	if (!s)
		return -1;
	int rc = print_hist_sorted(f, s, n, maxbins, indent);
	free(s);
	return rc;
}

/* "s" unless n is 1: "1 sample", "2 samples". */
static const char *plural(size_t n)
{
	return n == 1 ? "" : "s";
}

/* Whether some block of r counts its own unit (results_csv.h's
 * sample_unit) where the run's is read. */
static int own_units(const struct results *r)
{
	for (size_t i = 0; i < r->ns; i++)
		if (strcmp(res_series_unit(r, &r->s[i]), res_unit(r)))
			return 1;
	return 0;
}

/*
 * What every value of the report counts, said once above it: the numbers
 * of a block are bare, since a run's are all of one unit (but a
 * self-timed block's, which its heading names: own_units). Under
 * QEMU -icount the cycles column holds emulated instructions (meta.json's
 * source, read into r->unit as summary_unit() decides it for the table);
 * results gathered from a collection (r->unit NULL) have no source here,
 * and the run's table printed above them names it.
 */
static int print_unit(FILE *f, const struct results *r)
{
	const char *u = res_unit(r), *what;
	if (strcmp(results_metric_column(), "cycles"))
		what = !strcmp(results_metric_column(), "instret")
			       ? "the instructions retired (rdinstret)"
			       : "the hardware event's count, net of its overhead";
	else if (!r->unit)
		return fputs("unit: as the run's table above says; per sample of `batch` calls, "
			     "variances in its square\n", f) < 0 ? -1 : 0;
	else if (!strcmp(r->unit, "instr"))
		what = "QEMU -icount's emulated instruction counts, not cycles of a machine";
	else if (!r->meta_found)
		what = "as samples.csv's cycles column has them (no meta.json to say whether they "
		       "are QEMU -icount's instructions)";
	else
		what = "as the cycle counter (rdcycle) read them";
	return fprintf(f, "unit: %s, %s; per sample of `batch` calls, variances in %s^2%s\n", u,
		       what, u, own_units(r) ? " (a block that counts another says so)" : "") < 0
		       ? -1
		       : 0;
}

/*
 * an_paths() when every sample took one path (the usual case): its one
 * entry from the sorted cycles, summed in the same (ascending) order, so
 * the same numbers without an_paths' sort of (instret, cycles) pairs,
 * which dominated the report of a long run. 0 when there are several.
 */
static size_t one_path(const uint64_t *instret, const uint64_t *sorted, size_t n,
		       struct an_path **out)
{
	for (size_t i = 1; i < n; i++)
		if (instret[i] != instret[0])
			return 0;
	struct an_path *p = malloc(sizeof(*p));
	if (!p)
		return (size_t)-1;
	long double sum = 0;
	for (size_t i = 0; i < n; i++)
		sum += sorted[i];
	*p = (struct an_path){
		.instret = instret[0], .count = n, .min = sorted[0],
		.median = sorted[(n * 50 + 99) / 100 - 1], .max = sorted[n - 1],
		.mean = (double)(sum / n),
	};
	*out = p;
	return 1;
}

static int report_series(FILE *f, const struct results *r, const struct res_series *s,
			 const struct an_opts *o)
{
	struct an_desc d;
	char label[512];

	/* A self-timed block that counts another unit than the run's
	 * (timer_irq_ticks: tick) says so where its numbers start. */
	char own[96] = "", su[64];
	if (strcmp(res_series_unit(r, s), res_unit(r)))
		snprintf(own, sizeof(own), ", in %s", term_str(res_series_unit(r, s), su, sizeof(su)));
	fprintf(f, "%s (run %s, hart %llu, group %llu, batch %llu): %zu sample%s%s\n",
		res_label(s, label, sizeof(label)), s->run,
		(unsigned long long)s->hart, (unsigned long long)s->group,
		(unsigned long long)s->batch, s->n, plural(s->n), own);
	/* What the number was built with, when the result directory says. */
	if (s->cflags) {
		char cf[1024];
		fprintf(f, "  built with: %s\n", term_str(s->cflags, cf, sizeof(cf)));
	}
	if (!s->n)
		return fputs("  no measured samples: no statistics\n", f) < 0 ? -1 : 0;
	if (an_describe(s->cycles, s->n, o->level, &d))
		return -1;
	fprintf(f, "  min %llu  max %llu  mean %s  median %llu  p90 %llu  p95 %llu  p99 %llu\n",
		(unsigned long long)d.min, (unsigned long long)d.max, V(d.mean, 3),
		(unsigned long long)d.median, (unsigned long long)d.p90, (unsigned long long)d.p95,
		(unsigned long long)d.p99);
	fprintf(f, "  variance %s  stddev %s  stddev %% %s  MAD %llu\n", V(d.variance, 3),
		V(d.stddev, 3), V(d.stddev_pct, 2), (unsigned long long)d.mad);
	fprintf(f, "  mode %llu: %zu of %zu sample%s (%.1f %%)\n", (unsigned long long)d.mode,
		d.mode_count, d.count, plural(d.count), 100 * d.mode_share.v);
	fprintf(f, "  %g %% CI of the mean %s (Student t); of the median %s (order statistics)\n",
		100 * o->level, CI(d.ci_mean, 3), CI(d.ci_median, 0));

	/* Kept for the paths and the histogram. */
	uint64_t *sorted = an_sorted_copy(s->cycles, s->n);
	if (!sorted)
		return -1;
	struct an_tukey t;
	an_tukey(sorted, s->n, &t);
	fprintf(f, "  outliers (Tukey, kept): mild %zu low %zu high, severe %zu low %zu high "
		   "(Q1 %llu, Q3 %llu, fences %.1f..%.1f, %.1f..%.1f)\n",
		t.mild_low, t.mild_high, t.severe_low, t.severe_high, (unsigned long long)t.q1,
		(unsigned long long)t.q3, t.lo_inner, t.hi_inner, t.lo_outer, t.hi_outer);

	struct an_steady st;
	size_t first;
	if (an_steady_series(s->cycles, s->n, o->windows, o->target_e, &st, &first)) {
		free(sorted);
		return -1;
	}
	if (st.na)
		fprintf(f, "  steady state: n/a (%s)\n", st.na);
	else
		fprintf(f, "  steady state: from sample %zu (window %zu, level %.3f)\n", first,
			st.first + 1, st.reference);

	struct an_path *p;
	size_t np = one_path(s->instret, sorted, s->n, &p);
	if (!np)
		np = an_paths(s->cycles, s->instret, s->n, &p);
	if (np == (size_t)-1) {
		free(sorted);
		return -1;
	}
	fprintf(f, "  code paths by instret: %zu\n", np);
	/* The values of a path are the metric's, in the unit above: no word
	 * of its own, which said "cycles" of -icount's instructions. */
	for (size_t i = 0; i < np && i < 8; i++)
		fprintf(f, "    instret %llu: %zu sample%s (%.1f %%), min %llu median %llu "
			   "max %llu mean %.3f\n",
			(unsigned long long)p[i].instret, p[i].count, plural(p[i].count),
			100.0 * (double)p[i].count / (double)s->n, (unsigned long long)p[i].min,
			(unsigned long long)p[i].median, (unsigned long long)p[i].max, p[i].mean);
	if (np > 8)
		fprintf(f, "    ... %zu more paths\n", np - 8);
	free(p);
	int rc = print_hist_sorted(f, sorted, s->n, 12, "  ");
	free(sorted);
	if (rc)
		return -1;
	return ferror(f) ? -1 : 0;
}

static int report_groups(FILE *f, const struct results *r, size_t first, size_t end,
			 const struct an_opts *o)
{
	size_t ng = end - first, total = 0;
	struct an_kanata k;
	char label[512];

	fprintf(f, "%s (run %s, hart %llu): group run, %zu group%s; Kanata (seed 002), %g %% level, "
		   "target half-width %g %%\n",
		res_label(&r->s[first], label, sizeof(label)), r->s[first].run,
		(unsigned long long)r->s[first].hart, ng, plural(ng), 100 * o->kanata_level,
		100 * o->target_e);
	fprintf(f, "  %5s %6s %5s %14s %16s %12s %12s %8s %25s %7s %6s %10s %9s\n", "group", "N", "S",
		"mean A", "variance A", "mean Y", "variance Y", "CoV Y %", "CI of mean Y", "half %",
		"met", "primary sd", "CoV P %");
	double *mean = malloc(2 * ng * sizeof(double)), *hw = mean + ng;
	const char *no_p = NULL; /* why the primary sd is n/a, said once below */
	if (!mean)
		return -1;
	for (size_t g = 0; g < ng; g++) {
		const struct res_series *s = &r->s[first + g];
		an_kanata_series(s, o->kanata_level, o->target_e, &k);
		total += s->n;
		fprintf(f, "  %5llu %6llu %5zu %14s %16s %12s %12s %8s %25s %7s %6s %10s %9s\n",
			(unsigned long long)s->group, (unsigned long long)s->batch, s->n, V(k.mean_a, 2),
			V(k.var_a, 2), V(k.mean_y, 2), V(k.var_y, 2), V(k.cov_y_pct, 2), CI(k.ci_y, 2),
			V(k.halfwidth_pct, 2), k.halfwidth_pct.na ? "-" : k.target_met ? "yes" : "no",
			k.sd_p.na ? "n/a" : V(k.sd_p, 2), k.cov_p_pct.na ? "n/a" : V(k.cov_p_pct, 2));
		if (k.sd_p.na && s->n >= 2)
			no_p = k.sd_p.na;
		if (!k.halfwidth_pct.na && !k.target_met && !k.required_s.na)
			fprintf(f, "        group %llu: half-width above %g %%: needs S' = %.0f samples "
				   "(equation 3.3)\n",
				(unsigned long long)s->group, 100 * o->target_e, k.required_s.v);
		mean[g] = k.mean_y.na ? 0 : k.mean_y.v;
		hw[g] = k.ci_y.na ? 0 : (k.ci_y.hi - k.ci_y.lo) / 2;
	}
	fprintf(f, "  z = %.3f; Y = A / N; primary (equation 3.2): mean = mean Y, variance = "
		   "variance Y * N\n", an_norm_quantile((1 + o->kanata_level) / 2));
	if (no_p)
		fprintf(f, "  primary sd n/a: %s (equation 3.2 holds for independent calls)\n", no_p);

	struct an_steady st;
	an_steady_state(mean, hw, ng, o->target_e, &st);
	if (st.na)
		fprintf(f, "  steady state across groups: n/a (%s)\n", st.na);
	else
		fprintf(f, "  steady state across groups: from group %llu (N = %llu; level %.2f per call)\n",
			(unsigned long long)r->s[first + st.first].group,
			(unsigned long long)r->s[first + st.first].batch, st.reference);
	free(mean);

	double *x = malloc(2 * (total ? total : 1) * sizeof(double)), *y = x + total;
	if (!x)
		return -1;
	size_t n = 0;
	for (size_t g = first; g < end; g++)
		for (size_t i = 0; i < r->s[g].n; i++, n++) {
			x[n] = (double)r->s[g].batch;
			y[n] = (double)r->s[g].cycles[i];
		}
	struct an_ols ols;
	an_ols(x, y, n, o->level, &ols);
	free(x);
	fprintf(f, "  slope (least squares of the samples on N, %zu sample%s): %s per call, "
		   "%g %% CI %s\n", n, plural(n), V(ols.slope, 3), 100 * o->level, CI(ols.ci_slope, 3));
	fprintf(f, "  intercept (fixed cost): %s, CI %s; R^2 %s\n", V(ols.intercept, 3),
		CI(ols.ci_intercept, 3), V(ols.r2, 4));
	return ferror(f) ? -1 : 0;
}

int an_report_results(FILE *f, const struct results *r, const struct an_opts *o)
{
	if (!r->ns)
		return fprintf(f, "%s: no samples\n", r->dir ? r->dir : "results") < 0 ? -1 : 0;
	size_t shown = 0;
	for (size_t i = 0; i < r->ns;) {
		size_t end = an_bench_end(r, i);
		if (o->bench && fnmatch(o->bench, r->s[i].bench, 0)) {
			i = end;
			continue;
		}
		if (!shown++ && print_unit(f, r))
			return -1;
		for (size_t g = i; g < end; g++)
			if (report_series(f, r, &r->s[g], o))
				return -1;
		if (an_is_group_run(r, i, end) && report_groups(f, r, i, end, o))
			return -1;
		i = end;
	}
	if (o->bench && !shown && fprintf(f, "no benchmark matches '%s'\n", o->bench) < 0)
		return -1;
	return fflush(f) ? -1 : 0;
}

int an_report_collector(FILE *f, const struct collector *c)
{
	struct results r = { 0 };
	struct an_opts o = AN_OPTS_DEFAULT;
	int rc = 0;

	for (size_t i = 0; i < c->nruns && !rc; i++) {
		const struct coll_run *run = &c->runs[i];
		char tag[16];
		snprintf(tag, sizeof(tag), "%08x", run->tag);
		for (size_t j = 0; j < run->nbench && !rc; j++) {
			const struct coll_bench *b = &run->bench[j];
			if (!b->have_header || !b->nreceived)
				continue;
			char *params = csv_bench_params(b);
			for (uint64_t x = 0; x <= b->max_index && !rc; x++) {
				if (x >= b->ncap || !b->present[x])
					continue;
				struct coll_derived d;
				coll_derive(run, b, x, &d);
				if (!d.warmup)
					rc = results_add(&r, tag, b->name, b->id, params, b->hart,
							 b->group, b->batch, d.cycles, d.instret);
			}
			free(params);
		}
	}
	if (!rc)
		rc = results_group(&r);
	if (!rc && r.ns) {
		fputs("\nstatistics (rvbench stats DIR prints them again; docs/statistics.md)\n", f);
		rc = an_report_results(f, &r, &o);
	}
	results_free(&r);
	return rc;
}
