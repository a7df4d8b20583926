/*
 * Whether a result directory's samples.csv is the one its meta.json
 * describes, before any reader (stats and its exports, compare, plot)
 * believes it. samples.csv is a plain file: truncated, doubled, edited or
 * left from another run, it still parses. meta.json is written last, and
 * says per block (runs[].benches[]) how many samples arrived ("received")
 * and how many were due (warmup + samples), and per run whether it is
 * complete. The check refuses, naming the block:
 *
 *   - a directory without meta.json, or one listing no runs
 *   - samples.csv without the run, block and index columns, or with no row
 *   - a row of a block meta.json does not list, or under another name,
 *     or under a name outside the safe set (bench_name.h)
 *   - a sample index twice in one block, or beyond warmup + samples
 *   - a block whose row count is not meta.json's "received"
 *   - a block of a complete run, ended ok, with fewer rows than were due
 *
 * `--no-check` (stats, compare, plot) skips it: results_set_check(0).
 */
#ifndef RVBENCH_RESULTS_CHECK_H
#define RVBENCH_RESULTS_CHECK_H

#include <stddef.h>

#include "rcsv.h"

/* On by default; off for the rest of the process (--no-check). */
void results_set_check(int on);
int results_check_on(void);

/* Checks samples.csv (parsed into t, header in row 0; path for messages)
 * against DIR/meta.json. 0, or -1 with the reason in err. */
int results_check(const char *dir, const char *path, const struct rcsv *t, char *err,
		  size_t errlen);

#endif
