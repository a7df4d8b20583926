/*
 * Demo, off by default (runs only as rvbench.run=demo_hang): never returns
 * from its 3rd call. The watchdog (rvbench.budget_ms=, an SBI timer
 * interrupt) stops it, and the run goes on.
 */
#include "rvbench.h"

static uint32_t calls;

static uint64_t demo_hang_run(void *state, uint64_t input)
{
	(void)state;
	if (++calls == 3)
		for (;;)
			bench_clobber();
	return input;
}

BENCH(demo_hang, .run = demo_hang_run, .flags = BENCH_DEMO,
      .description = "demo: spins forever on the 3rd call");
