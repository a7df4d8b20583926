/* A sense-reversing barrier for harts that share memory. */
#ifndef RVBENCH_BARRIER_H
#define RVBENCH_BARRIER_H

#include <stdint.h>

struct barrier {
	uint32_t count;          /* arrivals in this round (atomic) */
	volatile uint32_t sense; /* flips when the last one arrives */
	uint32_t n;              /* harts that must arrive */
};

void barrier_init(struct barrier *b, uint32_t n);
/* Waits for all n, or until harts_abort is set; *local_sense is the
 * caller's own (start at 0). Returns the cycles spent waiting. */
uint64_t barrier_wait(struct barrier *b, uint32_t *local_sense);

#endif
