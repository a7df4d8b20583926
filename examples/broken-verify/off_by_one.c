/*
 * What a failing check looks like (docs/writing-benchmarks.md, "When
 * verify fails"): run() computes x + 1 but verify() expects x + 2. The
 * block ends with verify=fail status=verify-failed, the samples are still
 * sent, the run goes on with the next benchmark, and the collector exits 1.
 * Off by default (BENCH_DEMO): runs only when rvbench.run= names it.
 */
#include "rvbench.h"

static uint64_t run(void *state, uint64_t input)
{
	(void)state;
	return input + 1;
}

static int verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	uint64_t expect = 0;

	for (uint32_t i = 0; i < ctx->ninputs; i++)
		expect += (ctx->inputs[i] + 2) * ctx->batch; /* the deliberate bug */
	return checksum == expect ? 0 : -1;
}

BENCH(off_by_one, .run = run, .verify = verify, .input_range = 1000, .flags = BENCH_DEMO,
      .description = "example: a benchmark whose verify() fails");
