/*
 * Every machine record the firmware sends, each written in one place from
 * its struct through rec_write() (src/common/records.h). Callers hand over
 * what was measured or decided; this file knows which fields a record
 * carries and when its optional ones are sent. It also keeps the run's
 * running totals of what was sent (blocks, samples and their CRC-32), which
 * the TRAILER carries.
 */
#ifndef RVBENCH_EMIT_H
#define RVBENCH_EMIT_H

#include <stdint.h>

#include "block.h"
#include "config.h"
#include "moments.h"
#include "net.h"
#include "platform.h"
#include "records.h"
#include "rvbench.h"

/* Counts what the records of a run carried, from the RUN record on. */
struct emit_totals {
	uint32_t blocks;
	uint64_t samples;
	uint32_t crc; /* running CRC-32 of every sample sent */
};

/* RUN: the run header; nblocks is how many blocks will follow. Starts
 * the totals. */
void emit_run(const struct config *c, const struct platform *p, uint32_t nblocks);
/* OVERHEAD of one self-check. */
void emit_overhead(enum rec_overhead_kind kind, const char *counter, const struct moments *m);
/* One block: BENCH, FAULT when it trapped, its S records and END. */
void emit_block(const struct bench *b, const struct block *blk, const struct net_path *path);
/* TP: one tracepoint log entry; *id is the entry's block and part its part of it
 * (enum rec_tp_phase), both left out when id is NULL. */
void emit_tp(const struct tp_entry *e, const uint32_t *id, int part);
/* HART of every hart: run_cycles and measuring are the boot hart's. */
void emit_harts(uint64_t run_cycles, uint64_t measuring);
/* FAULT of a trap outside any block (no id). */
void emit_fatal_fault(uint64_t scause, uint64_t sepc, uint64_t stval);
/* TRAILER: the totals and the run's status. */
void emit_trailer(enum rec_run_status status);
const struct emit_totals *emit_totals(void);

/* Units of work one call of b does (BENCH's per_call / per_call_param). */
uint64_t emit_work_per_call(const struct bench *b, const struct bench_ctx *ctx);

#endif
