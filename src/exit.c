/*
 * How a run ends: the way rvbench.exit= says (SBI shutdown, reboot, or
 * parking), and the fatal path for a trap outside any benchmark, which
 * still closes the stream with a FAULT and a TRAILER so the collector
 * reports a failed run instead of waiting for one.
 */
#include "run.h"

#include "console.h"
#include "emit.h"
#include "report.h"
#include "sbi.h"
#include "stream.h"

static enum exit_mode exit_mode;

void run_set_exit_mode(enum exit_mode m)
{
	exit_mode = m;
}

void run_fault(uint64_t scause, uint64_t sepc, uint64_t stval)
{
	static int faulting;

	if (faulting++) /* a trap while reporting a trap: stop quietly */
		run_exit(RUN_FAULT);
	report_fatal_trap(scause, sepc, stval);
	emit_fatal_fault(scause, sepc, stval);
	emit_trailer(REC_RUN_FAULT);
	run_exit(RUN_FAULT);
}

void run_reboot(void)
{
	console_flush();
	sbi_system_reset(SBI_SRST_COLD_REBOOT, SBI_SRST_REASON_NONE);
	stream_say("rvbench: reboot is not supported here");
}

void run_exit(enum run_status status)
{
	/* The trailer carries the status; SBI reset has only a reason. */
	unsigned long reason = status == RUN_OK ? SBI_SRST_REASON_NONE : SBI_SRST_REASON_FAILURE;

	console_flush();
	switch (exit_mode) {
	case EXIT_REBOOT:
		sbi_system_reset(SBI_SRST_COLD_REBOOT, reason);
		stream_say("rvbench: reboot is not supported here (the SBI refused it)");
		break;
	case EXIT_AUTO: /* shutdown where the SBI can, else park: as asked */
		sbi_system_reset(SBI_SRST_SHUTDOWN, reason);
		break;
	case EXIT_SHUTDOWN: /* asked for by name: say when it cannot be */
		sbi_system_reset(SBI_SRST_SHUTDOWN, reason);
		stream_say("rvbench: shutdown is not supported here (the SBI refused it)");
		break;
	case EXIT_PARK:
		break;
	}
	stream_say("rvbench: finished; parked (reset the board to run again)");
	console_flush();
	for (;;)
		__asm__ volatile("wfi");
}
