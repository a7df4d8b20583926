/*
 * Demo, off by default (runs only as rvbench.run=demo_fault): loads from
 * an address with no memory behind it on its 5th call. The trap handler
 * stops this benchmark, reports scause/sepc/stval, and the run goes on.
 */
#include "rvbench.h"

static uint32_t calls;

static uint64_t demo_fault_run(void *state, uint64_t input)
{
	(void)state;
	if (++calls == 5) {
		/* Address 0: no RAM, no device; the PMP gives S-mode no access. */
		volatile uint64_t *nowhere = (volatile uint64_t *)(uintptr_t)input;
		return *nowhere;
	}
	return input;
}

BENCH(demo_fault, .run = demo_fault_run, .flags = BENCH_DEMO,
      .description = "demo: a load fault on the 5th call");
