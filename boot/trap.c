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
#include "run.h"

void trap_handle(struct trap_frame *f)
{
	uint64_t scause = csr_read(scause);
	uint64_t stval = csr_read(stval);

	if (guard_handle_trap(f, scause, stval))
		return;
	run_fault(scause, f->sepc, stval);
}
