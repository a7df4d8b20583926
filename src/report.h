/*
 * What a person watching the UART reads: each block's kbench summary line,
 * its overhead/warmup/path line and text histogram with its CDF (seed 000),
 * the Kanata group table (seed 002) and the seL4-style overhead table
 * (seed 004). All of it after measuring; the records are src/emit.c's.
 */
#ifndef RVBENCH_REPORT_H
#define RVBENCH_REPORT_H

#include <stddef.h>
#include <stdint.h>

#include "block.h"
#include "moments.h"
#include "net.h"
#include "stats.h"

/*
 * A block's lines: why nothing was measured, or the kbench line, the
 * overhead line and, when asked, the histogram. table, when given, gets
 * the net cycles (for the group table).
 */
void report_block(const struct bench *b, const struct block *blk, const struct net_path *path,
		  uint64_t *table, int histogram);
/* A trap outside any block ended the run. */
void report_fatal_trap(uint64_t scause, uint64_t sepc, uint64_t stval);

/* "name: min= max= count= 99th= 95th= 90th= 50th= mad=" */
void report_kbench_line(const char *name, const struct order_stats *s);
/* Histogram + CDF of sorted values (n > 0), at most `rows` bins. */
void report_histogram(const uint64_t *sorted, size_t n, unsigned rows);

/* One row of the seL4 table: samples, min, max, mean, variance, stddev, stddev %. */
void report_moments_row(const char *label, const struct moments *m);
void report_moments_header(void);

/* The Kanata table: one column per group, one row per sample. */
void report_group_table(uint32_t initial, uint32_t delta, uint32_t size, uint32_t groups,
			const uint64_t *table /* [group * size + row] */);

#endif
