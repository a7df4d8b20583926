#include "barrier.h"

#include "alarm.h"
#include "csr.h"
#include "harts.h"

void barrier_init(struct barrier *b, uint32_t n)
{
	b->count = 0;
	b->sense = 0;
	b->n = n;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

uint64_t barrier_wait(struct barrier *b, uint32_t *local_sense)
{
	uint64_t t0 = read_cycle();

	*local_sense = !*local_sense;
	if (__atomic_fetch_add(&b->count, 1, __ATOMIC_ACQ_REL) == b->n - 1) {
		b->count = 0;
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		b->sense = *local_sense;
	} else {
		uint32_t spins = 0;
		while (b->sense != *local_sense && !harts_abort)
			spin_yield(&spins);
	}
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	return read_cycle() - t0;
}
