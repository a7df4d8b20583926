/*
 * Synthetic wire-format runs, made with the firmware's own writer
 * (rec_write(), records.h): the unit tests decode them, corrupt them, split
 * them. Test-only code: linked into the unit tests and the bench tools.
 * Sample values are a fixed function of (bench id, index), so a test can
 * check every decoded value.
 */
#ifndef RVBENCH_SYNTH_H
#define RVBENCH_SYNTH_H

#include <stddef.h>
#include <stdint.h>

struct synth_bench {
	const char *name;
	uint32_t warmup, samples, input_range;
	uint64_t oh_cycles, oh_instret;
	const char *verify; /* "ok", "fail", "none" */
	/* Block fields (0/NULL: batch 1, input kind range, no parameter). */
	uint32_t batch;
	const char *input_kind;
	const char *param;   /* one p.NAME=value field, "NAME=value" */
	uint32_t fault_at;   /* > 0: a FAULT (id=) after this many samples,
			      * END count=fault_at status=fault */
	const char *status;  /* END status; NULL: from verify */
};

struct synth_run {
	uint32_t tag;
	uint64_t seed;
	const struct synth_bench *bench;
	size_t nbench;
	const char *status; /* trailer status, "ok" normally */
	int rice;           /* S records in encoding r (codec.h) instead of d */
	int overhead;       /* send the two OVERHEAD lines after RUN */
};

/*
 * What a multi-hart firmware adds (synth_run_lines_ex): RUN cross= and
 * parallel=, BENCH parallel=/skew_ticks=/offset_cycles=, TP records after
 * each block and HART records before the trailer. Values are fixed
 * functions (synth_tp_*, the table in synth.c) so tests can check them.
 */
struct synth_extra {
	int run_flags;       /* RUN gets cross=<cross> parallel=<parallel> */
	unsigned cross, parallel;
	unsigned npar;       /* > 0: BENCH parallel=npar skew_ticks= offset_cycles= */
	const int64_t *offset; /* per bench id: offset_cycles (may be negative) */
	unsigned tp_per_block; /* TP records after each block's END */
	int harts;           /* the four HART records of synth_harts[] */
};

uint64_t synth_skew(uint32_t id);
/* TP record k of block id: key k % 16, hart 1, these start/cycles/instret. */
uint64_t synth_tp_start(uint32_t id, uint32_t k);
uint64_t synth_tp_cycles(uint32_t id, uint32_t k);
uint64_t synth_tp_instret(uint32_t id, uint32_t k);

/* A run as its machine lines, each with its "\r\n". */
struct synth_lines {
	char **line;
	size_t n;
};

uint64_t synth_cycles(uint32_t id, uint64_t index);
uint64_t synth_instret(uint32_t id, uint64_t index);

/* Appends the lines of a complete run (RUN .. TRAILER) to out. */
void synth_run_lines(const struct synth_run *r, struct synth_lines *out);
void synth_run_lines_ex(const struct synth_run *r, const struct synth_extra *x,
			struct synth_lines *out);
/* Concatenates lines, skipping index skip (SIZE_MAX: none); malloc'd. */
char *synth_join(const struct synth_lines *l, size_t skip, size_t *len);
void synth_free(struct synth_lines *l);

#endif
