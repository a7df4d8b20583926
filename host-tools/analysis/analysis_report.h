/*
 * What `rvbench stats`, `compare` and `plot` report, on top of the pure
 * statistics of analysis.h: the text report of a result directory or of a
 * finished collection, and the options of the statistics.
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
	const char *bench;   /* text report: only benchmarks matching this glob */
};
#define AN_OPTS_DEFAULT { 0.95, 0.90, 0.02, 10, 1000.0, NULL }

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

#endif
