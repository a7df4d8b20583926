/*
 * A short nap after a read that got little, for the readers of QEMU's
 * pipe (source_pump.c, and tests/bench/boot_time.c, which reads as the
 * collector does). QEMU hands the guest's UART to the pipe a byte per
 * write(), and a reader asleep in poll() or read() is woken by each one:
 * on QEMU's side that cost about 2.4 us a byte, against about 1 us with a
 * reader that naps (docs/performance.md, "The reader's wakeups"). While
 * the reader naps, the bytes gather in the pipe (or a tty's buffer) and
 * wake no one; the next read takes them all. None is lost; a byte is seen
 * READ_NAP_US later at most, plus the timer's slack and the scheduler's
 * delay (200 to 300 us in all). A read of READ_NAP_BELOW bytes or more
 * says the reader is behind already: no nap. The stop signals are blocked
 * outside ppoll() (session.h), so they do not cut a nap short: they wait
 * for it, a fraction of a millisecond.
 */
#ifndef RVBENCH_READ_NAP_H
#define RVBENCH_READ_NAP_H

#include <stddef.h>
#include <time.h>

#define READ_NAP_US 200
#define READ_NAP_BELOW 1024 /* bytes: a read of this many or more, no nap */

static inline void read_nap(size_t got)
{
	if (got < READ_NAP_BELOW) {
		struct timespec ts = { 0, READ_NAP_US * 1000L };
		nanosleep(&ts, NULL); /* a signal may end it early: harmless */
	}
}

#endif
