/*
 * Stream decoder: two different lines with the same seq (a conflict).
 * Both passed their CRC, so one of them is wrong and nothing tells which:
 * neither is kept. The second copy was refused before it was read
 * (collector_line.c); the first copy's samples are taken out of the model
 * again here, listed in gaps.csv with the reason "conflict", and its
 * block's status becomes "conflict" (collector_check.c).
 *
 * To take a line out, the model remembers what each accepted line put in:
 * one word per seq (line_use), written when the record is read.
 */
#include "collector.h"

#include <string.h>

#include "crc.h"

/* line_use[seq]: bits 0-31 the first sample, 32-47 the count, 48-63 the
 * block id + 1 (0: a line of no block). The limits of the record readers
 * keep each field in range (ids < REC_BLOCKS_MAX, counts <=
 * CODEC_MAX_SAMPLES, indices < 2^26). */
#define USE_FIRST(u) ((u) & 0xffffffffull)
#define USE_COUNT(u) (((u) >> 32) & 0xffffull)
#define USE_BLOCK(u) ((u) >> 48) /* id + 1 */

void coll_note_use(struct coll_run *r, uint32_t seq, uint32_t block, uint64_t first, uint64_t n)
{
	if (seq < r->nline)
		r->line_use[seq] = ((uint64_t)(block + 1) << 48) | ((n & 0xffffu) << 32) |
				   (first & 0xffffffffull);
}

/* The highest index present below `below` (max_index after a removal). */
static void recompute_max_index(struct coll_bench *b, uint64_t below)
{
	for (uint64_t i = below; i-- > 0;)
		if (b->present[i]) {
			b->max_index = i;
			return;
		}
	b->max_index = 0;
}

void coll_drop_conflict(struct coll_run *r, uint32_t seq)
{
	uint64_t u = seq < r->nline ? r->line_use[seq] : 0;

	if (!USE_BLOCK(u) || USE_BLOCK(u) - 1 >= r->nbench)
		return; /* a line of no block, or already taken out */
	r->line_use[seq] = 0; /* a third copy finds nothing left to take */
	struct coll_bench *b = &r->bench[USE_BLOCK(u) - 1];
	uint64_t first = USE_FIRST(u), n = USE_COUNT(u);
	/* The BENCH line itself: its overhead, warmup and counts shape every
	 * value of the block, so none of its samples can be trusted either
	 * (collector_check.c takes them all out). */
	if (n == COLL_USE_HEADER) {
		b->conflict = COLL_CONFLICT_HEADER;
		return;
	}
	if (!b->conflict)
		b->conflict = COLL_CONFLICT_LINE;
	if (!n || first + n > b->ncap)
		return;
	memset(b->present + first, 0, n);
	b->nreceived -= n;
	if (b->nreceived && b->max_index < first + n)
		recompute_max_index(b, first);
	r->conflict = coll_xrealloc(r->conflict, (r->nconflict + 1) * sizeof(*r->conflict));
	r->conflict[r->nconflict++] =
		(struct coll_gap){ b->id, first, first + n - 1, "conflict", 0 };
	/* The run's CRC-32 cursor may have folded these samples in already:
	 * start it over (it catches up on the next line; only after a
	 * conflict does it re-read what it had). */
	r->crc_run = crc32_init();
	r->crc_bench = 0;
	r->crc_next = 0;
}
