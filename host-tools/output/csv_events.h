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

/* The prefix of an event's columns: ev.branch-misses */
#define CSV_EVENT_PREFIX "ev."

/* A value's room in a row: a comma and up to 20 digits. */
#define CSV_EVENT_COL_BYTES 22u

struct csv_event_cols {
	const char **name; /* malloc'd; the names point into the collector's blocks */
	unsigned n;
};

/* Every event name of c's blocks, in order of first appearance: as many
 * as there are (each block counts a few, blocks may count different
 * ones), none dropped. csv_event_cols_free() releases the list. */
void csv_event_cols(const struct collector *c, struct csv_event_cols *cols);
void csv_event_cols_free(struct csv_event_cols *cols);
/* base followed by ",ev.NAME<suffix>" for each column and suffix
 * (malloc'd). */
char *csv_event_header(const char *base, const struct csv_event_cols *cols,
		       const char *const *suffix, unsigned nsuffix);
/* Which of b's events each of the columns is: its index (k of
 * coll_event_net), or -1 when b did not count it. Built once per block;
 * cols->n of them, malloc'd. */
int *csv_event_map(const struct coll_bench *b, const struct csv_event_cols *cols);
/* The SAMPLE_FLAG_CLAMPED_EVENT bits of sample i: the columns of map whose
 * value arrived below the event's overhead (written as 0). */
unsigned csv_event_flags(const struct coll_bench *b, uint64_t i, const int *map, unsigned n);
/* ",value" of sample i for each of the n columns of map (csv_event_map of
 * b), at p (at most CSV_EVENT_COL_BYTES a column); returns the end. */
char *csv_event_row(char *p, const struct coll_bench *b, uint64_t i, const int *map, unsigned n);
/* ",median,per_call" for each column; 0, or -1 on a write error. */
int csv_event_summary(FILE *f, const struct coll_bench *b, const struct csv_event_cols *cols);

/* The measured samples' net values of event k: how many, their median
 * and their mean per call (batch calls a sample). 0 when none arrived. */
uint64_t csv_event_stat(const struct coll_bench *b, unsigned k, uint64_t *median,
			long double *per_call);

#endif
