/*
 * What a trap means to rvbench: for now, that something went wrong. The
 * run is ended with a FAULT record (scause, sepc, stval) so the collector
 * reports a failed run instead of waiting for a trailer that never comes.
 */
#include "trap.h"

#include "csr.h"
#include "run.h"

void trap_handle(struct trap_frame *f)
{
	run_fault(csr_read(scause), f->sepc, csr_read(stval));
}
