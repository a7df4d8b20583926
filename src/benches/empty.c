/*
 * Nothing under test: a lone `ret`, the same body the harness calibrates
 * with (boot/empty_body.S), so every net sample must be exactly 0 under
 * -icount, and on hardware its spread is the instrumentation's own noise.
 */
#include "rvbench.h"

__attribute__((naked)) static uint64_t empty_run(void *state __attribute__((unused)),
						 uint64_t input __attribute__((unused)))
{
	__asm__ volatile("ret");
}

BENCH(empty, .run = empty_run,
      .description = "nothing: the calibration body; net 0 by construction");
