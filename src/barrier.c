#include "barrier.h"

#include "alarm.h"
#include "csr.h"
#include "harts.h"

#define BARRIER_N(s) ((uint32_t)((s) >> 32))
#define BARRIER_ARRIVED(s) ((uint32_t)(s))

void barrier_init(struct barrier *b, uint32_t n)
{
	b->state = (uint64_t)n << 32;
	b->sense = 0;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

/* Ends the round: the releaser's stores (and, through the acquire-release
 * compare-and-swaps, every arrival's) are visible before the sense flips. */
static void release(struct barrier *b, uint32_t sense)
{
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	b->sense = sense;
}

uint64_t barrier_wait(struct barrier *b, uint32_t *local_sense)
{
	return barrier_wait_until(b, local_sense, UINT64_MAX, NULL, NULL);
}

uint64_t barrier_wait_until(struct barrier *b, uint32_t *local_sense, uint64_t deadline,
			    void (*give_up)(void *arg), void *arg)
{
	uint64_t t0 = read_cycle();
	uint64_t s = __atomic_load_n(&b->state, __ATOMIC_ACQUIRE), next;
	int last;

	*local_sense = !*local_sense;
	do {
		last = BARRIER_ARRIVED(s) + 1 >= BARRIER_N(s);
		/* the last arrival starts the next round at 0 arrivals */
		next = last ? s & ~0xffffffffull : s + 1;
	} while (!__atomic_compare_exchange_n(&b->state, &s, next, 0, __ATOMIC_ACQ_REL,
					      __ATOMIC_ACQUIRE));
	if (last) {
		release(b, *local_sense);
	} else {
		uint32_t spins = 0;
		while (b->sense != *local_sense && !harts_abort) {
			spin_yield(&spins);
			if (give_up && (spins & 63) == 0 && read_time() >= deadline) {
				give_up(arg);
				give_up = NULL;
			}
		}
	}
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	return read_cycle() - t0;
}

void barrier_leave(struct barrier *b)
{
	uint64_t s = __atomic_load_n(&b->state, __ATOMIC_ACQUIRE), next;
	int last;

	do {
		uint32_t n = BARRIER_N(s) ? BARRIER_N(s) - 1 : 0;
		/* The others of this round are all there: they waited for
		 * this hart only, and nobody else will release them. */
		last = BARRIER_ARRIVED(s) && BARRIER_ARRIVED(s) >= n;
		next = (uint64_t)n << 32 | (last ? 0 : BARRIER_ARRIVED(s));
	} while (!__atomic_compare_exchange_n(&b->state, &s, next, 0, __ATOMIC_ACQ_REL,
					      __ATOMIC_ACQUIRE));
	/* Waiters of this round hold the sense it will flip to; the round
	 * cannot end twice (one compare-and-swap decided it). */
	if (last)
		release(b, !b->sense);
}
