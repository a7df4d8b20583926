#include "net.h"

#include "harness.h"
#include "noinit.h"
#include "scratch.h"

#include <string.h>

static uint64_t work[HARNESS_MAX_SAMPLES] NOINIT(03);

/* Net values of the measured samples into work[]; returns how many. */
static uint32_t net_measured(const struct block *blk, int instret)
{
	uint32_t n = blk->count - blk->warmup;
	int clamped;

	for (uint32_t i = 0; i < n; i++) {
		const struct wire_sample *s = &blk->samples[blk->warmup + i];
		work[i] = instret ? stats_net(s->instret, blk->oh.instret, &clamped)
				  : stats_net(s->cycles, blk->oh.cycles, &clamped);
	}
	return n;
}

void net_path(const struct block *blk, struct net_path *p)
{
	p->n = net_measured(blk, 1);
	p->modal_count = 0;
	p->modal = 0;
	if (p->n) {
		stats_sort_u64(work, p->n);
		p->modal = stats_mode(work, p->n, &p->modal_count);
	}
}

const uint64_t *net_cycles(const struct block *blk, uint64_t *table, struct order_stats *st)
{
	uint32_t n = net_measured(blk, 0);

	if (table)
		memcpy(table, work, n * sizeof(work[0]));
	stats_order(work, scratch_words(), n, st);
	return work;
}
