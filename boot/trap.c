/*
 * What a trap means, as far as boot/ can tell: on another hart, or a
 * breakpoint to step over, or a timer interrupt for the benchmark that
 * owns the timer. Everything else goes to the hooks src/ installs: the
 * guard (src/guard.c) takes a trap inside a benchmark, which then stops
 * while the run goes on; anything left is a bug in rvbench and ends the
 * run with a FAULT record, so the collector reports a failed run instead
 * of waiting for a trailer that never comes.
 */
#include "trap.h"

#include <stddef.h>

#include "riscv.h"

_Static_assert(sizeof(struct trap_frame) == TRAP_FRAME_SIZE,
	       "TRAP_FRAME_SIZE (boot/trap.h) is not the size of struct trap_frame");
_Static_assert(offsetof(struct trap_frame, sepc) == TRAP_FRAME_SEPC,
	       "TRAP_FRAME_SEPC (boot/trap.h) is not where struct trap_frame keeps sepc");
_Static_assert(offsetof(struct trap_frame, x[31]) == TRAP_FRAME_REG(31),
	       "TRAP_FRAME_REG (boot/trap.h) does not match struct trap_frame's x[]");
_Static_assert(TRAP_FRAME_SIZE % 16 == 0, "the trap frame must keep sp 16-byte aligned");

static volatile int skip_breakpoints;
static void (*volatile timer_hook)(void);

/* Until src/ installs its hooks a trap can only stop the hart. */
static void __attribute__((noreturn)) park(void)
{
	for (;;)
		__asm__ volatile("wfi");
}

static void park_other_hart(struct trap_frame *f, uint64_t scause, uint64_t stval)
{
	(void)f, (void)scause, (void)stval;
	park();
}

static int contain_nothing(struct trap_frame *f, uint64_t scause, uint64_t stval)
{
	(void)f, (void)scause, (void)stval;
	return 0;
}

static void __attribute__((noreturn)) park_fatal(uint64_t scause, uint64_t sepc, uint64_t stval)
{
	(void)scause, (void)sepc, (void)stval;
	park();
}

static void (*other_hart_hook)(struct trap_frame *, uint64_t, uint64_t) = park_other_hart;
static int (*contain_hook)(struct trap_frame *, uint64_t, uint64_t) = contain_nothing;
static void (*fatal_hook)(uint64_t, uint64_t, uint64_t) __attribute__((noreturn)) = park_fatal;
static uint32_t boot_hart;

void trap_set_hooks(const struct trap_hooks *h, uint32_t boot)
{
	boot_hart = boot;
	other_hart_hook = h->other_hart;
	contain_hook = h->contain;
	fatal_hook = h->fatal;
}

void trap_set_timer_hook(void (*hook)(void))
{
	timer_hook = hook;
}

void trap_set_skip_breakpoints(int on)
{
	skip_breakpoints = on;
}

/*
 * The hart ids compared on every trap. Out of line on purpose: the
 * entry-cost benchmarks (trap_ebreak, timer_irq, ipi_latency) measure this
 * path, and its length should not change with the compiler's inlining.
 */
static __attribute__((noinline)) uint32_t trap_hart_self(void)
{
	return (uint32_t)csr_read(sscratch); /* boot/entry.S put the hart id there */
}

static __attribute__((noinline)) uint32_t trap_boot_hart(void)
{
	return boot_hart;
}

/* For the exception round-trip benchmark: an `ebreak` is caught and
 * stepped over, as cheaply as a trap can be handled in C. */
static int trap_skip_breakpoint(struct trap_frame *f, uint64_t scause)
{
	if (!skip_breakpoints || scause != EXC_BREAKPOINT)
		return 0;
	uint16_t first = *(const volatile uint16_t *)(uintptr_t)f->sepc;
	f->sepc += (first & 3) == 3 ? 4 : 2; /* ebreak or c.ebreak */
	return 1;
}

void trap_handle(struct trap_frame *f)
{
	uint64_t scause = csr_read(scause);
	uint64_t stval = csr_read(stval);

	if (trap_hart_self() != trap_boot_hart()) {
		other_hart_hook(f, scause, stval);
		return;
	}
	if (trap_skip_breakpoint(f, scause))
		return;
	if (scause == (SCAUSE_INTERRUPT | IRQ_S_TIMER) && timer_hook) {
		timer_hook();
		return;
	}
	if (contain_hook(f, scause, stval))
		return;
	fatal_hook(scause, f->sepc, stval);
}
