/* A sense-reversing barrier for harts that share memory. */
#ifndef RVBENCH_BARRIER_H
#define RVBENCH_BARRIER_H

#include <stdint.h>

struct barrier {
	/* n << 32 | arrivals in this round, changed only by compare-and-swap:
	 * an arrival and a hart leaving (barrier_leave) decide in one step
	 * which of them completes the round, so exactly one releases it. */
	uint64_t state;
	volatile uint32_t sense; /* flips when the round completes */
};

void barrier_init(struct barrier *b, uint32_t n);
/* Waits for all n, or until harts_abort is set; *local_sense is the
 * caller's own (start at 0). Returns the cycles spent waiting. */
uint64_t barrier_wait(struct barrier *b, uint32_t *local_sense);
/*
 * The same, and if the time counter reaches `deadline` before the round
 * is complete, give_up(arg) runs once, there: it makes each hart that has
 * not arrived leave (barrier_leave()), and the wait goes on, now for the
 * harts that did arrive.
 */
uint64_t barrier_wait_until(struct barrier *b, uint32_t *local_sense, uint64_t deadline,
			    void (*give_up)(void *arg), void *arg);
/*
 * A hart that will never arrive again (it trapped in a job, or was never
 * started) leaves: n drops by one for this round and every later one,
 * and if the others are all there already, they are released. Safe from
 * a trap handler (no lock, no wait).
 */
void barrier_leave(struct barrier *b);

#endif
