/*
 * Entry cost, seL4 style: an S-mode exception round trip. `ebreak` traps
 * to rvbench's own handler (boot/trap_vector.S saves all registers,
 * boot/trap.c steps over the instruction), which returns with sret. No
 * M-mode involved: OpenSBI delegates breakpoints to S-mode.
 */
#include "rvbench.h"

static int trap_ebreak_setup(struct bench_ctx *ctx)
{
	(void)ctx;
	bench_skip_breakpoints(1);
	return 0;
}

static uint64_t trap_ebreak_run(void *state, uint64_t input)
{
	(void)state;
	__asm__ volatile("ebreak" : : : "memory");
	return input + 1; /* reached only if the trap came back */
}

static int trap_ebreak_verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	uint64_t expect = 0;

	for (uint32_t i = 0; i < ctx->ninputs; i++)
		expect += (ctx->inputs[i] + 1) * ctx->batch;
	return checksum == expect ? 0 : -1;
}

static void trap_ebreak_teardown(struct bench_ctx *ctx)
{
	(void)ctx;
	bench_skip_breakpoints(0);
}

BENCH(trap_ebreak, .setup = trap_ebreak_setup, .run = trap_ebreak_run,
      .verify = trap_ebreak_verify, .teardown = trap_ebreak_teardown, .flags = BENCH_ONE_HART,
      .description = "S-mode exception round trip: ebreak caught and stepped over");
