/*
 * One block: one benchmark measured at one batch size (a whole benchmark,
 * or one group of a Kanata sweep). Setup, inputs, calibration, warmup,
 * measurement and verification happen under the guard with nothing
 * printed; then the block is streamed and summarized.
 */
#ifndef RVBENCH_BLOCK_H
#define RVBENCH_BLOCK_H

#include <stdint.h>

#include "config.h"
#include "platform.h"
#include "rvbench.h"

struct block_totals {
	uint32_t blocks;
	uint64_t samples;
	uint32_t crc; /* running CRC-32 of every sample sent */
	int failed;   /* a block's status was not ok */
	uint64_t measure_cycles; /* boot hart: cycles spent in measuring loops */
};

void block_init(const struct platform *p);
void block_totals_reset(void);
const struct block_totals *block_totals(void);

/*
 * Runs block `id` of benchmark b. table, when given, receives the net
 * cycles of the measured samples (for the group table); histogram asks for
 * the text histogram on the UART. Returns how many block ids it used.
 */
unsigned block_run(const struct config *c, const struct bench *b, uint32_t id, uint32_t group,
		   uint32_t batch, uint32_t samples, uint64_t *table, int histogram);
/* How many blocks block_run() sends for b: one, or one per hart in a
 * parallel run (rvbench.parallel=1). */
unsigned block_count(const struct config *c, const struct bench *b);

#endif
