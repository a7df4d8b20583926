/*
 * Waiting on emulated time without starving the other harts. QEMU -icount
 * runs every hart on one host thread, each in turn, for a slice that ends
 * at the next timer deadline (shared among the harts); with no deadline a
 * slice lasts up to 100 ms of emulated time, and a hart that spins waiting
 * for another keeps the thread that whole time. A pending timer deadline
 * keeps the slices short. (Sleeping in wfi would hand the thread over too,
 * but once every hart is idle QEMU's main loop must advance the clock,
 * which costs host milliseconds each time.) On a board the alarm only
 * sets a timer that nobody listens to: sie.STIE stays off, no interrupt
 * is taken.
 */
#ifndef RVBENCH_ALARM_H
#define RVBENCH_ALARM_H

#include <stdint.h>

/* Arms the supervisor timer for time `at`; re-arm once it has passed. For
 * the boot hart outside measurements (the watchdog uses the same timer). */
void alarm_set(uint64_t at);
/* Disarms it and clears its pending bit. */
void alarm_clear(void);

/*
 * Hands the rest of this hart's QEMU time slice to the other harts now.
 * QEMU -icount plans a slice up to the timer deadline nearest when it
 * begins, and does not plan again when that deadline is cancelled or
 * moved later: the slice still ends there, and the other harts run then.
 * Under -icount the counters count every hart's instructions, and the
 * FU540's E51, parked in OpenSBI with an IPI pending, runs 14 of them in
 * each turn it gets: a turn inside a measurement adds them to a sample.
 * So before anything is measured (a block, once its watchdog is set; the
 * self-checks) the slice is given back, and the next one is planned from
 * the deadlines that are really there, whatever timer was cancelled
 * before (the start-up alarm, a watchdog, a benchmark's own). On a
 * board: a wfi that returns at once.
 */
void alarm_yield(void);

/*
 * For a hart spinning on another hart (barriers, job waits, the counter
 * offset exchange), once per spin: every SPIN_YIELD_EVERY spins it yields
 * (alarm_yield). Under QEMU -icount the harts run in turn, and a spinning
 * hart would keep the host thread for its whole slice (up to 100 ms of
 * emulated time, 10^8 instructions) before the hart it waits for could
 * move: a parallel run's barriers took longer than the block's budget.
 * On a board the others run at once and a wait ends long before that
 * many spins (a few microseconds), so the tight spin, and the start skew
 * it gives, are unchanged; a longer wait pays a wfi that returns at once.
 */
#define SPIN_YIELD_EVERY 4096u
static inline void spin_yield(uint32_t *spins)
{
	if (++*spins % SPIN_YIELD_EVERY == 0)
		alarm_yield();
}

#endif
