/*
 * A fleet: result directories of many devices (boards, LAVA jobs, QEMU
 * instances) read as one. fleet_merge.c loads the members and writes the
 * merged result directory; fleet_report.c builds one row per benchmark with
 * the statistics between devices (fleet_stats.h); fleet_print.c prints and
 * writes the report.
 */
#ifndef RVBENCH_FLEET_H
#define RVBENCH_FLEET_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "compare_gate.h"
#include "context_read.h"
#include "fleet_stats.h"
#include "results_csv.h"

/* One result directory of the fleet. */
struct fleet_member {
	char *dir;
	char *label;  /* unique among the members: the prefix of its runs, "label/tag" */
	size_t device; /* index into fleet.device */
	char model[256]; /* the machine model of its first run, "" unknown */
	struct run_context ctx; /* its first run's context (ctx.found 0: none) */
	char result[32]; /* meta.json's "result" ("ok", "failed"...), "" unknown */
	/* Its blocks that are not whole (a status other than ok in
	 * summary.csv, samples lost in gaps.csv; compare_gate.h): left out of
	 * the statistics and listed in the report. */
	struct cmp_problems bad;
	struct results r;
};

struct fleet {
	struct fleet_member *m;
	size_t nm;
	char **device; /* the devices, in order of first appearance */
	size_t ndev;
};

/*
 * Loads every directory (results_load) with its result and the blocks
 * that are not whole (cmp_problems_load). A member's device is meta.json's
 * device_name, else the LAVA device name it records, else the directory's
 * own name; members with the same device are one device (its samples
 * pooled). 0, or -1 with the reason in err; f is to be freed either way.
 */
int fleet_load(struct fleet *f, char *const *dirs, size_t n, char *err, size_t errlen);
void fleet_free(struct fleet *f);
/* 1 when every member's meta.json says complete. */
int fleet_complete(const struct fleet *f);
/* 1 when every member's run ended ok (meta.json "result") and every block
 * of every member is whole: what the exit status 0 of `rvbench fleet`
 * promises. */
int fleet_all_ok(const struct fleet *f);
/* 1 when member m's run did not end ok (its "result" is not "ok"). */
int fleet_member_failed(const struct fleet_member *m);

/* One benchmark (bench, params, group, batch; hart when it ran on several). */
struct fleet_row {
	char *bench, *params;
	uint64_t group, batch, hart;
	int by_hart;
	int by_batch;         /* the benchmark has rows of other batch sizes too */
	size_t k;             /* devices with samples of it */
	size_t *dev;          /* their indices into fleet.device */
	uint64_t **x;         /* each device's measured cycles (its members pooled) */
	size_t *n;
	uint64_t *median;     /* each device's median (nearest rank) */
	double *z;            /* modified z-score of that median: NAN not judged
			       * (k < 3), +-INFINITY off a MAD of 0 (fleet_outliers) */
	int *outlier;
	struct fleet_spread spread;
	struct fleet_anova anova;
};

struct fleet_report {
	struct fleet_row *row;
	size_t nrows;
};

/* 0, or -1 out of memory (err says so); rep is to be freed either way. */
int fleet_report_build(const struct fleet *f, struct fleet_report *rep, char *err, size_t errlen);
void fleet_report_free(struct fleet_report *rep);
/* "bench [params]", " gG N=B" for group runs and for a benchmark that ran
 * with several batch sizes, " hart H" when told apart. */
const char *fleet_row_label(const struct fleet_row *w, char *buf, size_t len);

/*
 * The merged result directory: samples.csv, summary.csv, gaps.csv and
 * tracepoints.csv of every member with a device column first and each run
 * renamed "label/tag"; meta.json with the members and their runs; the
 * report as fleet.csv and fleet_devices.csv. outdir must not hold a
 * result already unless force. 0, or -1 with the reason in err.
 */
int fleet_write_dir(const struct fleet *f, const struct fleet_report *rep, const char *outdir,
		    int force, char *err, size_t errlen);

/* The report on the screen (fleet_print.c). */
int fleet_print(FILE *out, const struct fleet *f, const struct fleet_report *rep);
/* fleet.csv and fleet_devices.csv as afile writers (ctx: fleet_csv_ctx). */
struct fleet_csv_ctx {
	const struct fleet *f;
	const struct fleet_report *rep;
};
int fleet_csv_writer(FILE *out, void *ctx);
int fleet_devices_csv_writer(FILE *out, void *ctx);

#endif
