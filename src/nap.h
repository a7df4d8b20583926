/*
 * Waiting on emulated time without holding the emulator: QEMU -icount runs
 * all harts on one host thread, each in turn, and a hart that spins keeps
 * that thread until its time slice ends (up to 100 ms of emulated time), so
 * the harts it waits for make no progress meanwhile. A hart in `wfi` hands
 * the thread over at once, and with every hart asleep the emulated clock
 * jumps to the next timer deadline. On a board a nap is simply a short
 * sleep.
 */
#ifndef RVBENCH_NAP_H
#define RVBENCH_NAP_H

#include <stdint.h>

/* Sleeps in wfi until the time CSR reaches `until` or an interrupt enabled
 * in sie (an IPI...) is pending, whichever comes first; returns at once if
 * `until` has passed. For the boot hart outside measurements, with
 * sstatus.SIE off: the supervisor timer is borrowed and left off. */
void nap_until(uint64_t until);

#endif
