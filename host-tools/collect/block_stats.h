/*
 * The statistics of one block (summary.csv, meta.json, the printed
 * summary): exact nearest-rank percentiles, MAD, mean and standard
 * deviation of the net cycles, and the median and mode of the net
 * instret, over the measured samples present.
 */
#ifndef RVBENCH_BLOCK_STATS_H
#define RVBENCH_BLOCK_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "collector.h"

/* Work arrays, kept from one block to the next (they only grow). */
struct bstats_scratch {
	uint64_t *cyc, *ins, *tmp; /* the block's values, and sort room */
	uint64_t *value, *count;   /* the sorted values as runs of equal ones */
	size_t cap;                /* room in each of the five, in values */
	uint32_t *hist;            /* counting-sort table */
	size_t hcap;
};

/*
 * Fills st; when asked, the modal net instret and how many measured
 * samples have another one. sc may be a zeroed struct the first time.
 */
void bstats_compute(const struct coll_bench *b, struct coll_bench_stats *st, uint64_t *mode,
		    uint64_t *mode_differs, struct bstats_scratch *sc);

void bstats_scratch_free(struct bstats_scratch *sc);

#endif
