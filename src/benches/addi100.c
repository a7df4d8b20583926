/*
 * Exactly 100 dependent addi instructions, then `ret`: naked, so the body
 * is these instructions and nothing the compiler chose. The chain starts
 * from the input (a1) and leaves input + 100 in a0, the return value, which
 * verify() checks through the harness's checksum. Under QEMU -icount
 * shift=0 every sample measures 100 net cycles and 100 net instret.
 */
#include "rvbench.h"

__attribute__((naked)) static uint64_t addi100_run(void *state __attribute__((unused)),
						   uint64_t input __attribute__((unused)))
{
	__asm__ volatile("addi a0, a1, 1\n"
			 ".rept 99\n"
			 "addi a0, a0, 1\n"
			 ".endr\n"
			 "ret");
}

static int addi100_verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	uint64_t expect = 0;

	for (uint32_t i = 0; i < ctx->ninputs; i++)
		expect += (ctx->inputs[i] + 100) * ctx->batch;
	return checksum == expect ? 0 : -1;
}

BENCH(addi100, .run = addi100_run, .verify = addi100_verify,
      .description = "100 dependent addi: exactly 100 instructions");
