/*
 * What `rvbench report` shows of a result directory, read once
 * (report_data.c) and written twice: as HTML (report_html.c) and as
 * Markdown (report_md.c).
 */
#ifndef RVBENCH_REPORT_DATA_H
#define RVBENCH_REPORT_DATA_H

#include <stddef.h>
#include <stdio.h>

#include "plot_file_name.h"

/* One fact of meta.json: "machine" = "sifive_u (QEMU 7.2.22)". */
struct report_fact {
	char key[48];
	char value[512];
};

/* A figure of summary.csv that a block may lack: a block with no sample
 * (a fault, a timeout) leaves its statistics empty, shown as "-". */
struct report_num {
	unsigned long long v;
	int present;
};

/* The text of n: its decimal value, or "-" when absent. */
const char *report_num_text(const struct report_num *n, char buf[24]);

/* One row of summary.csv, per call, and the file of its figure (a name
 * in the directory, "" when there is none). */
struct report_row {
	char *bench, *params, *status, *unit_rate; /* unit_rate: "0.5000 byte/cycle" or "" */
	/* What the status cell says: the status, and what did not arrive when
	 * the block ended ok all the same ("ok, 12 samples lost", "ok, no
	 * samples"); bad when that is not all ok. */
	char *state;
	int bad;
	unsigned long long hart, group;
	struct report_num count, min, median, p99, mad;
	char plot[PLOT_FILE_MAX];
};

/* One row of gaps.csv: samples that did not arrive, as written there
 * (last and count empty when the block's size is unknown). */
struct report_gap {
	char *run, *block, *bench, *first, *last, *count, *reason;
};

struct report_data {
	char *dir;
	char unit[16]; /* "instr" under -icount, else "cycles" */
	struct report_fact fact[24];
	size_t nfact;
	struct report_row *row;
	size_t nrow;
	/* What went wrong: each run's problems and failures from meta.json
	 * ("run TAG: " first when there are several runs), and gaps.csv. */
	char **problem;
	size_t nproblem;
	struct report_gap *gap;
	size_t ngap;
	int gap_runs; /* the gaps are of several runs: their run shown */
	char **sweep; /* plot-*-sweep.png */
	size_t nsweep;
	char **other; /* plot-*.png no row claimed */
	size_t nother;
};

/* Reads DIR/meta.json, DIR/summary.csv (checked against meta.json,
 * results_summary_read: without --no-check, meta.json is not optional),
 * DIR/gaps.csv (absent: older results) and the names of DIR/plot-*.png.
 * 0, or -1 with a reason in err. */
int report_load(const char *dir, struct report_data *d, char *err, size_t errlen);
void report_free(struct report_data *d);

/* Writers for afile_write (atomic_file.h): ctx is a struct report_data. */
int report_write_html(FILE *f, void *ctx);
int report_write_md(FILE *f, void *ctx);

#endif
