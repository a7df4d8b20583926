/*
 * Synthetic wire-format runs, made with the firmware's own writer
 * (src/common/wire.c): the unit tests decode them, corrupt them, split them.
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

/* A run as its machine lines, each with its "\r\n". */
struct synth_lines {
	char **line;
	size_t n;
};

uint64_t synth_cycles(uint32_t id, uint64_t index);
uint64_t synth_instret(uint32_t id, uint64_t index);

/* Appends the lines of a complete run (RUN .. TRAILER) to out. */
void synth_run_lines(const struct synth_run *r, struct synth_lines *out);
/* Concatenates lines, skipping index skip (SIZE_MAX: none); malloc'd. */
char *synth_join(const struct synth_lines *l, size_t skip, size_t *len);
void synth_free(struct synth_lines *l);

#endif
