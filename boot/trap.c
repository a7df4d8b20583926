/*
 * What a trap means to rvbench. Inside a benchmark, the guard (src/guard.c)
 * takes it: that benchmark is stopped and reported, and the run goes on.
 * Anywhere else it is a bug in rvbench: the run is ended with a FAULT
 * record so the collector reports a failed run instead of waiting for a
 * trailer that never comes.
 */
#include "trap.h"

#include "csr.h"
#include "guard.h"
#include "harts.h"
#include "run.h"

static volatile int skip_breakpoints;
static void (*volatile timer_hook)(void);

void trap_set_timer_hook(void (*hook)(void))
{
	timer_hook = hook;
}

void trap_set_skip_breakpoints(int on)
{
	skip_breakpoints = on;
}

/* For the exception round-trip benchmark: an `ebreak` is caught and
 * stepped over, as cheaply as a trap can be handled in C. */
static int trap_skip_breakpoint(struct trap_frame *f, uint64_t scause)
{
	if (!skip_breakpoints || scause != 3)
		return 0;
	uint16_t first = *(const volatile uint16_t *)(uintptr_t)f->sepc;
	f->sepc += (first & 3) == 3 ? 4 : 2; /* ebreak or c.ebreak */
	return 1;
}

void trap_handle(struct trap_frame *f)
{
	uint64_t scause = csr_read(scause);
	uint64_t stval = csr_read(stval);

	/* Another hart's traps are its own business (src/harts.c). */
	if (harts_self() != harts_boot()) {
		harts_secondary_trap(f, scause, stval);
		return;
	}
	if (trap_skip_breakpoint(f, scause))
		return;
	if (scause == ((1ull << 63) | 5) && timer_hook) { /* supervisor timer */
		timer_hook();
		return;
	}
	if (guard_handle_trap(f, scause, stval))
		return;
	run_fault(scause, f->sepc, stval);
}
