/* The summary printed at the end of a collection (one line per benchmark,
 * then one status line per run). */
#ifndef RVBENCH_SUMMARY_PRINT_H
#define RVBENCH_SUMMARY_PRINT_H

#include <stdio.h>

#include "collector.h"
#include "meta_json.h"

/* Returns 0, or -1 on a write error. src: how the stream was collected
 * (each run's context lines say how its cycles were counted). report (analysis_report.h's
 * an_report_collector for the CLI; NULL: none) prints the statistics of
 * every run after the runs' lines: a layer above output computes them. */
int summary_print(FILE *f, const struct collector *c, const struct meta_source *src,
		  int (*report)(FILE *f, const struct collector *c));

#endif
