/*
 * What a block's measured samples say once the overhead is taken off:
 * its usual code path (the modal net instret, sent in END) and the order
 * statistics of its net cycles (the summary lines). Warmup samples are
 * left out.
 */
#ifndef RVBENCH_NET_H
#define RVBENCH_NET_H

#include <stddef.h>
#include <stdint.h>

#include "block.h"
#include "stats.h"

struct net_path {
	uint32_t n;         /* measured samples */
	uint64_t modal;     /* the most common net instret (0 when n is 0) */
	size_t modal_count; /* samples on that path */
};

void net_path(const struct block *blk, struct net_path *p);
/*
 * The net cycles of the measured samples (n > 0), sorted, with their order
 * statistics in *st; table, when given, receives them in sample order.
 * The returned array is valid until the next call.
 */
const uint64_t *net_cycles(const struct block *blk, uint64_t *table, struct order_stats *st);

#endif
