/*
 * Reading a result directory back: samples.csv and summary.csv (RFC 4180)
 * and the completeness recorded in meta.json. Columns are found by header name, so
 * columns added later are ignored. Errors name the file and line.
 */
#ifndef RVBENCH_RESULTS_CSV_H
#define RVBENCH_RESULTS_CSV_H

#include <stddef.h>
#include <stdint.h>

#include <string.h>

#include "rcsv.h"
#include "results_metric.h"

/*
 * The measured (warmup = 0) samples of one block: (run, bench, block) when
 * samples.csv has a block column, else (run, bench, group) (files of
 * before the column, where the blocks of a sweep or of several harts
 * merge).
 */
struct res_series {
	char *run, *bench;
	int64_t block;      /* the BENCH id; -1 without a block column */
	char *params;       /* "NAME=value;..." of the block, "" without */
	uint64_t hart, group, batch;
	char *unit;         /* from summary.csv (unit, per_call); NULL: unknown */
	uint64_t per_call;  /* units of work per call; 0: unknown */
	char *cflags;       /* from summary.csv: the compiler flags; NULL: unknown */
	char *sample_unit;  /* from summary.csv: what a self-timed block's samples
			     * count ("tick"); NULL: the run's unit (res_unit) */
	size_t n, cap;
	uint64_t *cycles, *instret; /* in file order */
	/* samples.csv's input column: whether its measured samples ran on
	 * more than one input (0 too without the column). The calls of one
	 * sample share its input, so with batch N > 1 they are not N
	 * independent calls (an_kanata_shared_input). */
	char *input0;
	int inputs_vary;
};

/* "bench" or "bench [params]", in buf, escaped for a terminal (term_str.h). */
const char *res_label(const struct res_series *s, char *buf, size_t len);
/* The value of parameter name in a params string ("a=1;b=2"), in buf;
 * NULL when absent. */
const char *res_param(const char *params, const char *name, char *buf, size_t len);

struct results {
	char *dir;
	struct res_series *s; /* in order of first appearance */
	size_t ns;
	int meta_found;    /* meta.json was read */
	int complete;      /* meta.json says "status": "complete" */
	char status[32];   /* that status, "" if unknown */
	/* What the counters counted, for axis labels: "instr" when meta.json's
	 * source ran QEMU with -icount, else "cycles". */
	const char *unit;
	/* What measured, for the titles of figures: the model and QEMU or
	 * the clock ("SiFive HiFive Unleashed A00, QEMU 7.2.22 -icount:
	 * instructions, not cycles"); "" when meta.json does not say. */
	char machine[320];
};

/* What the analysed values count, for axis labels: the metric's name when
 * --metric chose another column than cycles (results_metric.h), else r's
 * unit word ("cycles" for results not loaded from a directory). */
static inline const char *res_unit(const struct results *r)
{
	if (strcmp(results_metric_column(), "cycles"))
		return results_metric_label();
	return r->unit ? r->unit : "cycles";
}

/* What series s's analysed values count: res_unit(r), but a self-timed
 * block's own unit (its sample_unit: timer_irq_ticks's "tick") where the
 * cycles column is read; with --metric, the metric's values are its. */
static inline const char *res_series_unit(const struct results *r, const struct res_series *s)
{
	if (s->sample_unit && !strcmp(results_metric_column(), "cycles"))
		return s->sample_unit;
	return res_unit(r);
}

/* Loads DIR/samples.csv, DIR/meta.json and the unit, per_call and cflags
 * of each block from DIR/summary.csv. Returns 0, or -1 with a message naming the
 * file (and line) in err. samples.csv must end with a line end (one
 * without was cut short, maybe inside its last value) and agree with
 * meta.json (results_check.h; a missing meta.json is an error then), then
 * summary.csv is checked (results_summary_read), unless the check is off
 * (--no-check): then neither is, and a missing or unreadable summary.csv
 * is not an error. A control byte in run, bench or params is refused
 * either way. The series of one (run, bench, params, hart) are made
 * adjacent, in order of first appearance (an_bench_end). */
int results_load(const char *dir, struct results *r, char *err, size_t errlen);
void results_free(struct results *r);

/* DIR/summary.csv parsed into t (row 0 its header), as every reader of it
 * reads it (results, compare's gate, report): with the check on
 * (results_check.h) it must be there when meta.json lists it, end with a
 * line end and agree with meta.json (results_check_summary). Returns 0
 * (rcsv_free t), 1 when there is none and none is due (meta.json does not
 * list it, or --no-check), or -1 with the file (and line) in err. */
int results_summary_read(const char *dir, struct rcsv *t, char *err, size_t errlen);
/* DIR/NAME parsed into t (row 0 its header), as every result CSV is read
 * (samples.csv, summary.csv, gaps.csv): with the check on it must be there
 * when meta.json lists it and end with a line end (a file cut short would
 * read 45 as 4). Returns 0 (rcsv_free t), 1 when there is none and none is
 * due (meta.json does not list it, or --no-check), or -1 with the file
 * (and line) in err. */
int results_csv_read(const char *dir, const char *name, struct rcsv *t, char *err, size_t errlen);
/* Makes the series of one (run, bench, params, hart) adjacent, stably;
 * results_load does it. Returns 0, or -1 out of memory. */
int results_group(struct results *r);

/* Appends one sample to the series (run, bench, block), or (run, bench,
 * group) when block is -1, created if new; params NULL is "". */
int results_add(struct results *r, const char *run, const char *bench, int64_t block,
		const char *params, uint64_t hart, uint64_t group, uint64_t batch, uint64_t cycles,
		uint64_t instret);

#endif
