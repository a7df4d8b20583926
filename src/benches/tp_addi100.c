/*
 * Tracepoints inside a benchmark (seed 004): TP_START(2) / TP_STOP(2)
 * around the same 100 dependent addi as addi100. Each logged region reads
 * 100 plus the tracepoints' effective overhead (OVERHEAD kind=tp-effective),
 * exactly, under -icount; tests/system/test_harts.sh checks that.
 */
#include "rvbench.h"

static uint64_t tp_addi100_run(void *state, uint64_t input)
{
	(void)state;
	TP_START(2);
	/* volatile (never deleted), and "memory" as the tracepoints' counter
	 * reads have it: asm statements that both clobber memory stay in
	 * program order, so the chain cannot move out of the pair (of
	 * volatile asm alone the GCC manual says it may still be moved
	 * relative to other code). The code is the same as without "memory":
	 * tests/system/test_tp_addi100_chain.sh */
	__asm__ volatile(".rept 100\n\taddi %0, %0, 1\n\t.endr" : "+r"(input) : : "memory");
	TP_STOP(2);
	return input;
}

static int tp_addi100_verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	uint64_t expect = 0;

	for (uint32_t i = 0; i < ctx->ninputs; i++)
		expect += (ctx->inputs[i] + 100) * ctx->batch;
	return checksum == expect ? 0 : -1;
}

BENCH(tp_addi100, .run = tp_addi100_run, .verify = tp_addi100_verify, .samples = 100,
      .warmup = 10, .description = "addi100 with a tracepoint pair around the chain");
