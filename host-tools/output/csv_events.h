/*
 * The hardware-event columns of samples.csv and summary.csv: one column
 * per event of any run in the files, named ev.NAME (samples.csv: the
 * sample's net value) and ev.NAME.median, ev.NAME.per_call (summary.csv:
 * the median net value of the measured samples, and their mean per call).
 * A block that did not count an event leaves its field empty.
 */
#ifndef RVBENCH_CSV_EVENTS_H
#define RVBENCH_CSV_EVENTS_H

#include <stdio.h>

#include "collector.h"

#define CSV_EVENT_COLS_MAX 8u
/* The prefix of an event's columns: ev.branch-misses */
#define CSV_EVENT_PREFIX "ev."

struct csv_event_cols {
	const char *name[CSV_EVENT_COLS_MAX]; /* point into the collector's blocks */
	unsigned n;
};

/* Every event name of c's blocks, in order of first appearance (at most
 * CSV_EVENT_COLS_MAX). */
void csv_event_cols(const struct collector *c, struct csv_event_cols *cols);
/* base followed by ",ev.NAME<suffix>" for each column and suffix
 * (malloc'd). */
char *csv_event_header(const char *base, const struct csv_event_cols *cols,
		       const char *const *suffix, unsigned nsuffix);
/* ",value" of sample i for each column, at p (at most 21 bytes a column);
 * returns the end. */
char *csv_event_row(char *p, const struct coll_bench *b, uint64_t i,
		    const struct csv_event_cols *cols);
/* ",median,per_call" for each column; 0, or -1 on a write error. */
int csv_event_summary(FILE *f, const struct coll_bench *b, const struct csv_event_cols *cols);

/* The measured samples' net values of event k: how many, their median
 * and their mean per call (batch calls a sample). 0 when none arrived. */
uint64_t csv_event_stat(const struct coll_bench *b, unsigned k, uint64_t *median,
			long double *per_call);

#endif
