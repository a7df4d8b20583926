/*
 * Containment for the code under test: a trap inside a benchmark (an
 * exception, or the watchdog's timer interrupt when it runs past its
 * budget) ends that benchmark, not the run. guard_call() sets the jump
 * point and arms the guard; the trap handler, seeing the guard armed,
 * records the trap and resumes at a trampoline that longjmps back there.
 */
#ifndef RVBENCH_GUARD_H
#define RVBENCH_GUARD_H

#include <stdint.h>

#include "trap.h"

enum guard_kind { GUARD_NONE, GUARD_EXCEPTION, GUARD_TIMEOUT };

struct guard_report {
	enum guard_kind kind;
	uint64_t scause, sepc, stval;
};

/*
 * fn(arg) under the guard: 0 when it returned, -1 when a trap or the
 * watchdog ended it. budget_ticks > 0 also starts the watchdog (timebase
 * ticks). What fn leaves for its caller must outlive a longjmp out of it:
 * static storage, not fn's locals.
 */
int guard_call(void (*fn)(void *), void *arg, uint64_t budget_ticks);
/* What ended the last guarded region (GUARD_NONE if nothing did). */
const struct guard_report *guard_report(void);

/* From the trap handler: 1 if the trap was the guard's to handle (the frame
 * now resumes at the trampoline, or a stray timer was silenced). */
int guard_handle_trap(struct trap_frame *f, uint64_t scause, uint64_t stval);

#endif
