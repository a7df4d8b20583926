#include "guard.h"

#include "csr.h"
#include "sbi.h"

#include <setjmp.h>

static jmp_buf guard_jmp;
/* guard_call's sp and tp: what the trampoline runs with. It needs a stack
 * before its longjmp restores sp, and longjmp restores neither tp nor gp. */
static uint64_t guard_sp, guard_tp;

static volatile int armed;
static struct guard_report last;

static void watchdog_off(void)
{
	csr_clear(sstatus, SSTATUS_SIE);
	csr_clear(sie, SIE_STIE);
	sbi_set_timer(UINT64_MAX); /* also clears a pending timer interrupt */
}

static void guard_arm(uint64_t budget_ticks)
{
	last = (struct guard_report){ .kind = GUARD_NONE };
	armed = 1;
	if (budget_ticks) {
		/* Only the timer is enabled, with a deadline far beyond the
		 * benchmark's expected time: it fires only for a runaway. */
		sbi_set_timer(read_time() + budget_ticks);
		csr_set(sie, SIE_STIE);
		csr_set(sstatus, SSTATUS_SIE);
	}
}

static void guard_disarm(void)
{
	armed = 0;
	watchdog_off();
}

/*
 * Nothing but the return value is used after the jump, so no local can be
 * stale; noinline keeps setjmp() in a frame of its own, so the caller's
 * locals are never among those a longjmp leaves indeterminate.
 */
__attribute__((noinline)) int guard_call(void (*fn)(void *), void *arg, uint64_t budget_ticks)
{
	if (setjmp(guard_jmp))
		return -1;
	__asm__ volatile("mv %0, sp\n\tmv %1, tp" : "=r"(guard_sp), "=r"(guard_tp));
	guard_arm(budget_ticks);
	fn(arg);
	guard_disarm();
	return 0;
}

const struct guard_report *guard_report(void)
{
	return &last;
}

/* Where a trapped benchmark resumes after sret: back to the harness. */
static void __attribute__((noreturn)) guard_trampoline(void)
{
	watchdog_off();
	longjmp(guard_jmp, 1);
}

/* The image's gp, as boot/entry.S sets it: norelax, or the linker could
 * make this very `la` gp-relative. */
static uint64_t image_gp(void)
{
	uint64_t gp;

	__asm__(".option push\n\t.option norelax\n\tla %0, __global_pointer$\n\t.option pop"
		: "=r"(gp));
	return gp;
}

int guard_handle_trap(struct trap_frame *f, uint64_t scause, uint64_t stval)
{
	int is_timer = scause == (SCAUSE_INTERRUPT | IRQ_S_TIMER);

	if (!armed) {
		if (is_timer) { /* a late watchdog: nothing to stop */
			watchdog_off();
			return 1;
		}
		return 0;
	}
	armed = 0;
	last.kind = is_timer ? GUARD_TIMEOUT : GUARD_EXCEPTION;
	last.scause = scause;
	last.sepc = f->sepc;
	last.stval = stval;
	sbi_set_timer(UINT64_MAX);
	f->sepc = (uint64_t)(uintptr_t)guard_trampoline;
	/* sret restores the frame's sp, gp and tp, and the benchmark may have
	 * left anything there: the trampoline and the harness after it get
	 * guard_call's stack and tp and the image's gp back. */
	f->x[2] = guard_sp;
	f->x[3] = image_gp();
	f->x[4] = guard_tp;
	return 1;
}
