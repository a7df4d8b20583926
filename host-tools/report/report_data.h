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
 * (a fault, a timeout) leaves its statistics empty, shown as "-". The
 * text is the cell as summary.csv writes it: per call, so fractional
 * ("100.000") for a block of batch > 1. */
struct report_num {
	char text[32];
	unsigned long long v; /* its value, for a whole-number column (count) */
	int present;
};

/* The text of n: as written in summary.csv, or "-" when absent. */
const char *report_num_text(const struct report_num *n);

/* How a row's status reads: ok; skipped (not a failure: compare's gate
 * accepts it too); bad (did not end ok, lost samples, or has none). */
enum report_mark { REPORT_OK, REPORT_SKIPPED, REPORT_BAD };

/* One row of summary.csv, per call, and the file of its figure (a name
 * in the directory, "" when there is none). */
struct report_row {
	char *device, *run; /* "" when summary.csv has no such column */
	char *bench, *params, *status, *unit_rate; /* unit_rate: "0.5000 byte/cycle" or "" */
	char *reason; /* why it was skipped or failed, as the firmware said; "" */
	/* What its values count: summary.csv's sample_unit (a self-timed
	 * block's own, "tick"), else the run's (report_data.unit). */
	char *unit;
	/* What the status cell says: the status, and what did not arrive when
	 * the block ended ok all the same ("ok, 12 samples lost", "ok, no
	 * samples"). */
	char *state;
	enum report_mark mark;
	unsigned long long hart, group, batch;
	struct report_num count, min, median, p99, mad;
	char plot[PLOT_FILE_MAX];
};

/* One row of gaps.csv: samples that did not arrive, as written there
 * (last and count empty when the block's size is unknown). */
struct report_gap {
	char *run, *block, *bench, *first, *last, *count, *reason;
};

/* One of the runs' problems. The collector names a block by its id alone
 * ("bench 2: status=fault"); the report names its benchmark and
 * parameters beside the id, from meta.json, so that the list reads
 * without the table: lead "bench 2", bench "demo_fault", rest ": status=
 * fault". A problem of no known block is its lead alone. */
struct report_problem {
	char *lead;          /* "run TAG: " first when there are several runs */
	char *bench, *params; /* the block's ("" without parameters); NULL: none */
	char *rest;          /* what follows the block's id; "" */
};

/* The summary's columns that are there only when they tell rows apart. */
struct report_cols {
	int device; /* summary.csv names devices (a fleet's merged directory) */
	int run;    /* two rows of one device (or of none) are of two runs */
	int hart, group;
	int calls;  /* some block calls its benchmark more than once a sample */
	int rates;  /* some block has a unit of work */
};

struct report_data {
	char *dir;
	char unit[16]; /* "instr" under -icount, else "cycles" */
	struct report_fact fact[24];
	size_t nfact;
	struct report_row *row;
	size_t nrow;
	size_t nmeasured;  /* rows with at least one sample: those with a figure */
	int none_selected; /* every run said it selected no benchmark */
	struct report_cols cols;
	/* What went wrong: each run's problems and failures from meta.json
	 * ("run TAG: " first when there are several runs), and gaps.csv. */
	struct report_problem *problem;
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
 * results_summary_read: without --no-check, meta.json is not optional)
 * and DIR/gaps.csv (absent: older results). 0, or -1 with a reason in
 * err. The figures are found apart (report_find_plots): the caller may
 * draw them in between, once it knows there is something to draw. */
int report_load(const char *dir, struct report_data *d, char *err, size_t errlen);
/* Links each row to its figure of DIR/plot-*.png, and lists the sweeps and
 * the figures no row claims. 0, or -1 with a reason in err. */
int report_find_plots(struct report_data *d, char *err, size_t errlen);
/* The file name as a relative URL, for a link in HTML or Markdown: every
 * byte outside [A-Za-z0-9._~=+-] percent-encoded. */
void report_url(FILE *f, const char *name);
void report_free(struct report_data *d);

/* Why d has no figure, in plain words ("no benchmark was selected
 * (rvbench.run= matched nothing?)", "no block measured a sample"); NULL
 * when some block measured a sample. */
const char *report_why_empty(const struct report_data *d);

/* Writers for afile_write (atomic_file.h): ctx is a struct report_data. */
int report_write_html(FILE *f, void *ctx);
int report_write_md(FILE *f, void *ctx);

#endif
