/*
 * --metric of stats, compare and plot: which samples.csv column the
 * analyses read where they read cycles. "cycles" (the default),
 * "instret", or a hardware event (its column ev.NAME, given as NAME or
 * ev.NAME: "--metric branch-misses"). Rows of blocks that did not count
 * the event (an empty field) are left out.
 */
#ifndef RVBENCH_RESULTS_METRIC_H
#define RVBENCH_RESULTS_METRIC_H

#include <stddef.h>

/* Chooses the metric; 0, or -1 with a message in err for a name that
 * cannot be a column. */
int results_metric_set(const char *name, char *err, size_t errlen);
/* The samples.csv column read as the metric ("cycles", "ev.branch-misses"). */
const char *results_metric_column(void);
/* Its name for people and axis labels ("cycles", "branch-misses"). */
const char *results_metric_label(void);
struct rcsv;
/* The metric's column in t (samples.csv), found by the event it counts
 * whatever its spelling there (ev.raw:0x01 for raw:0x1), or -1. */
int results_metric_col(const struct rcsv *t);
/* 1 when the metric is an event column, whose field may be empty. */
int results_metric_is_event(void);

#endif
