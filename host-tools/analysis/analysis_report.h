/*
 * What `rvbench stats`, `compare` and `plot` print and write, on top of the
 * pure statistics of analysis.h, and the entry points cli.c dispatches to.
 */
#ifndef RVBENCH_ANALYSIS_REPORT_H
#define RVBENCH_ANALYSIS_REPORT_H

#include <stdio.h>

#include "collector.h"
#include "results_csv.h"

struct an_opts {
	double level;        /* CIs of mean, median, slope, compare (0.95) */
	double kanata_level; /* Kanata's CI of Y (0.90, z = 1.645) */
	double target_e;     /* Kanata's target half-width fraction (0.02) */
	size_t windows;      /* windows for the steady-state search (10) */
	double mhz;          /* gbench-json: cycles -> ns (1000: 1 cycle = 1 ns) */
};
#define AN_OPTS_DEFAULT { 0.95, 0.90, 0.02, 10, 1000.0 }

/* Series [first, *end) of r share run and bench: one benchmark, all its
 * groups. Returns *end. */
size_t an_bench_end(const struct results *r, size_t first);
/* 1 when the benchmark [first, end) is a group run (batch > 1 or several
 * groups): Kanata's analysis and the slope apply. */
int an_is_group_run(const struct results *r, size_t first, size_t end);

/* The text report of every series (analysis_report.c). */
int an_report_results(FILE *f, const struct results *r, const struct an_opts *o);
/* The same for a finished collection (printed after the summary). */
int an_report_collector(FILE *f, const struct collector *c);
/* Text histogram with the CDF column (seed 000), at most maxbins lines. */
int an_print_hist(FILE *f, const uint64_t *v, size_t n, size_t maxbins, const char *indent);

/* Exports (export_*.c). A JSON string, quoted and escaped. */
void an_json_str(FILE *f, const char *s);
int export_csv(FILE *f, const struct results *r, const struct an_opts *o);
int export_json(FILE *f, const struct results *r, const struct an_opts *o);
int export_gbench(FILE *f, const struct results *r, const struct an_opts *o);

/* Overlay of the CDFs of a[i] and b[i], one panel per i (cmd_plot.c);
 * file ends in .png or .svg. Returns 0, or -1 with a reason in err. */
int plot_cdf_overlay(const char *file, size_t npanels, char *const *title,
		     uint64_t *const *a, const size_t *na, uint64_t *const *b, const size_t *nb,
		     const char *label_a, const char *label_b, char *err, size_t errlen);

/* Subcommands (cmd_*.c): argv[0] is the command name. */
int cmd_stats(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_plot(int argc, char **argv);

#endif
