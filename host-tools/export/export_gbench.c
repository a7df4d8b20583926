/*
 * `rvbench stats --format gbench-json`: Google Benchmark's JSON output
 * (a "context" object and a "benchmarks" array), so its tools/compare.py
 * and continuous-benchmarking dashboards that read that format take rvbench
 * results.
 *
 * Google Benchmark measures time; rvbench counts cycles. real_time and
 * cpu_time are the median of the metric (--metric: cycles by default)
 * per call turned into ns at --mhz (default 1000 MHz: 1 cycle = 1 ns, so
 * ratios are ratios of cycles), with time_unit "ns"; the exact medians
 * ride along as user counters named by what they count, the metric's
 * ("cycles", "branch-misses") and "instret", as Google Benchmark prints
 * counters. The context says which metric it is ("rvbench_metric").
 * Each series is one "iteration" entry plus "_mean", "_median" and
 * "_stddev" aggregates, as a run with repetitions would give.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "analysis.h"
#include "export.h"
#include "json_string.h"
#include "results_metric.h"
#include "stats.h"

/* What the entries share, worked out once: the metric's counter name, and
 * whether instret goes beside it (not when it is the metric: one key, one
 * value). */
struct gb_out {
	FILE *f;
	double mhz;
	const char *metric;
	int show_instret;
	int first; /* no entry written yet */
};

/* One entry; `unit`, when not NULL, names a series whose values count
 * another unit than the metric's (timer_irq_ticks: tick): its counter is
 * named after it, and its label says real_time is not time. */
static void entry(struct gb_out *g, const char *name, const char *run_name, size_t family,
		  size_t iters, const char *aggregate, double value, double instret, const char *unit)
{
	FILE *f = g->f;
	double ns = value * 1000.0 / g->mhz;
	fputs(g->first ? "    {\n" : ",\n    {\n", f);
	g->first = 0;
	fputs("      \"name\": ", f);
	json_write_str(f, name);
	fprintf(f, ",\n      \"family_index\": %zu,\n      \"per_family_instance_index\": 0,\n",
		family);
	fputs("      \"run_name\": ", f);
	json_write_str(f, run_name);
	if (aggregate)
		fprintf(f, ",\n      \"run_type\": \"aggregate\",\n      \"repetitions\": 1,\n"
			   "      \"threads\": 1,\n      \"aggregate_name\": \"%s\",\n"
			   "      \"aggregate_unit\": \"time\",\n",
			aggregate);
	else
		fputs(",\n      \"run_type\": \"iteration\",\n      \"repetitions\": 1,\n"
		      "      \"repetition_index\": 0,\n      \"threads\": 1,\n",
		      f);
	fprintf(f, "      \"iterations\": %zu,\n      \"real_time\": %.6f,\n      \"cpu_time\": %.6f,\n"
		   "      \"time_unit\": \"ns\",\n      ",
		iters, ns, ns);
	if (unit) {
		char label[160];
		snprintf(label, sizeof(label), "in %.40s: real_time and cpu_time are %.40s at mhz_per_cpu, "
			 "not time", unit, unit);
		fputs("\"label\": ", f);
		json_write_str(f, label);
		fputs(",\n      ", f);
	}
	json_write_str(f, unit ? unit : g->metric);
	fprintf(f, ": %.6f", value);
	if (g->show_instret)
		fprintf(f, ",\n      \"instret\": %.6f", instret);
	fputs("\n    }", f);
}

/* The same benchmark and parameters measured on another hart too (a
 * parallel run): the hart goes into the name. */
static int several_harts(const struct results *r, const struct res_series *s)
{
	for (size_t k = 0; k < r->ns; k++)
		if (r->s[k].hart != s->hart && !strcmp(r->s[k].bench, s->bench) &&
		    !strcmp(r->s[k].run, s->run) && !strcmp(r->s[k].params, s->params))
			return 1;
	return 0;
}

/* The same benchmark, parameters and hart in another run of the directory
 * (a console session's several runs, collected into one): the run's tag
 * goes into the name, or compare.py would take the runs for repetitions
 * of one benchmark and their aggregates would share a name. */
static int several_runs(const struct results *r, const struct res_series *s)
{
	for (size_t k = 0; k < r->ns; k++)
		if (strcmp(r->s[k].run, s->run) && r->s[k].hart == s->hart &&
		    !strcmp(r->s[k].bench, s->bench) && !strcmp(r->s[k].params, s->params))
			return 1;
	return 0;
}

int export_gbench(FILE *f, const struct results *r, const struct an_opts *o)
{
	char date[64] = "", host[256] = "";
	time_t now = time(NULL);
	struct tm tm;
	if (localtime_r(&now, &tm))
		strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%S%z", &tm);
	if (gethostname(host, sizeof(host) - 1))
		host[0] = 0;

	fputs("{\n  \"context\": {\n    \"date\": ", f);
	json_write_str(f, date);
	fputs(",\n    \"host_name\": ", f);
	json_write_str(f, host);
	fputs(",\n    \"executable\": \"rvbench\",\n    \"num_cpus\": 1,\n", f);
	fprintf(f, "    \"mhz_per_cpu\": %.0f,\n    \"cpu_scaling_enabled\": false,\n"
		   "    \"caches\": [],\n    \"load_avg\": [],\n"
		   "    \"library_build_type\": \"release\",\n    \"rvbench_dir\": ",
		o->mhz);
	json_write_str(f, r->dir ? r->dir : "");
	struct gb_out g = { .f = f, .mhz = o->mhz, .metric = results_metric_label(), .first = 1 };
	g.show_instret = strcmp(g.metric, "instret") != 0;
	char note[256];
	snprintf(note, sizeof(note),
		 "real_time = cpu_time = median %s per call at mhz_per_cpu; %s: %s%s (%s per call)",
		 g.metric, g.show_instret ? "counters" : "counter", g.metric,
		 g.show_instret ? ", instret" : "", g.show_instret ? "medians" : "median");
	fputs(",\n    \"rvbench_metric\": ", f);
	json_write_str(f, g.metric);
	/* What the metric counted: "instr" for the cycles of a QEMU -icount
	 * run, whose counter keeps the column's name for dashboards. */
	fputs(",\n    \"rvbench_unit\": ", f);
	json_write_str(f, strcmp(results_metric_column(), "cycles") ? g.metric : res_unit(r));
	fputs(",\n    \"rvbench_note\": ", f);
	json_write_str(f, note);
	fputs("\n  },\n  \"benchmarks\": [\n", f);
	for (size_t i = 0, end = 0, grouped = 0; i < r->ns; i++) {
		const struct res_series *s = &r->s[i];
		if (i == end) { /* a new benchmark: one or several groups */
			end = an_bench_end(r, i);
			grouped = (size_t)an_is_group_run(r, i, end);
		}
		struct an_desc d, di;
		char name[512], agg[600];
		if (!s->n) /* nothing measured: no entry rather than a made-up time */
			continue;
		if (an_describe(s->cycles, s->n, o->level, &d) ||
		    an_describe(s->instret, s->n, o->level, &di))
			return -1;
		/* bench[/NAME=value...][/hart:H][/run:TAG][/N]: one name per series. */
		int len = snprintf(name, sizeof(name), "%s", s->bench);
		for (const char *p = s->params; p && *p && len > 0 && (size_t)len < sizeof(name);) {
			size_t fl = strcspn(p, ";");
			len += snprintf(name + len, sizeof(name) - (size_t)len, "/%.*s", (int)fl, p);
			p += fl + (p[fl] == ';');
		}
		if (several_harts(r, s) && len > 0 && (size_t)len < sizeof(name))
			len += snprintf(name + len, sizeof(name) - (size_t)len, "/hart:%llu",
					(unsigned long long)s->hart);
		if (several_runs(r, s) && len > 0 && (size_t)len < sizeof(name))
			len += snprintf(name + len, sizeof(name) - (size_t)len, "/run:%s", s->run);
		if (grouped && len > 0 && (size_t)len < sizeof(name))
			snprintf(name + len, sizeof(name) - (size_t)len, "/%llu",
				 (unsigned long long)s->batch);
		double n = (double)s->batch ? (double)s->batch : 1;
		/* A self-timed block's own unit, when the metric is its values. */
		const char *own = strcmp(res_series_unit(r, s), res_unit(r)) ? res_series_unit(r, s) : NULL;
		entry(&g, name, name, i, s->n, NULL, (double)d.median / n, (double)di.median / n, own);
		snprintf(agg, sizeof(agg), "%s_mean", name);
		entry(&g, agg, name, i, s->n, "mean", d.mean.v / n, di.mean.v / n, own);
		snprintf(agg, sizeof(agg), "%s_median", name);
		entry(&g, agg, name, i, s->n, "median", (double)d.median / n, (double)di.median / n, own);
		if (!d.stddev.na) { /* one sample has no stddev: no entry */
			snprintf(agg, sizeof(agg), "%s_stddev", name);
			entry(&g, agg, name, i, s->n, "stddev", d.stddev.v / n, di.stddev.v / n, own);
		}
	}
	fputs(g.first ? "  ]\n}\n" : "\n  ]\n}\n", f);
	return ferror(f) ? -1 : 0;
}
