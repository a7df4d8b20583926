/*
 * The one-screen table of a run: one row per block with the benchmark,
 * its parameters, the statistics of its samples, the value per call with
 * its unit, the block's status and, where the benchmark names a unit of
 * work, how many it does per cycle.
 *
 * The columns are one table (summary_table.c): a column is one entry with
 * its heading, its alignment, the text of its cell and whether the run
 * needs it (hart and group only when the run has several, calls only
 * when a sample holds more than one call).
 */
#ifndef RVBENCH_SUMMARY_TABLE_H
#define RVBENCH_SUMMARY_TABLE_H

#include <stdio.h>

#include "collector.h"

/* What a per-call value counts: "instr" under QEMU -icount (emulated
 * instructions), "cycles" otherwise. */
const char *summary_unit(int icount);

/* Prints r's table (heading, a legend line, one row per block). 0, or -1
 * on a write error. */
int summary_table_print(FILE *f, const struct coll_run *r, int icount);

/* The word of a block's status for people: END's status ("ok",
 * "verify-failed", "fault", "timeout", "skipped", ...), or "incomplete"
 * when its END never came. */
const char *summary_status(const struct coll_bench *b);

#endif
