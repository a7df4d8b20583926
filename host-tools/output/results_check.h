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
 * summary.csv is what the CI gate reads a block's end from (its status):
 * cut or edited, a failed block would pass for whole, or not be there at
 * all. It is checked against the same blocks (results_summary_read,
 * results_csv.h, reads it so for every reader), refusing, naming the block:
 *
 *   - summary.csv missing when meta.json lists it among its files
 *   - a last line without its line end (the file cut short), no header
 *   - no run, bench, block or status column, a row of another field count
 *   - a row of a block meta.json does not list, or under another name, or
 *     twice
 *   - a status other than meta.json's (none: "" or "conflict")
 *   - a block meta.json lists with no row
 *
 * `--no-check` (every command that reads a result directory) skips both:
 * results_set_check(0).
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

/* Checks summary.csv (parsed into t, header in row 0; path for messages)
 * against DIR/meta.json: one row per block listed there, each of its
 * name and status. 0, or -1 with the reason in err. */
int results_check_summary(const char *dir, const char *path, const struct rcsv *t, char *err,
			  size_t errlen);
/* 1 when DIR/meta.json lists name among the files written with it
 * ("files"; every rvbench writer does), else 0. */
int results_meta_lists(const char *dir, const char *name);

#endif
