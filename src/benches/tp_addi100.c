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
	__asm__ volatile(".rept 100\n\taddi %0, %0, 1\n\t.endr" : "+r"(input));
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
