/*
 * Entry cost, seL4 style: one SBI call round trip to OpenSBI in M-mode
 * (BASE get_spec_version: the cheapest function there is), from `ecall`
 * to the return. verify() checks that every call answered the version
 * setup saw.
 */
#include "rvbench.h"
#include "rvbench_builtin.h"

#define SBI_EXT_BASE 0x10              /* SBI specification: the Base extension */
#define SBI_BASE_GET_SPEC_VERSION 0

static long version;

static int sbi_call_setup(struct bench_ctx *ctx)
{
	(void)ctx;
	struct bench_sbiret r = bench_sbi_ecall(SBI_EXT_BASE, SBI_BASE_GET_SPEC_VERSION, 0, 0, 0, 0, 0, 0);
	version = r.error ? -1 : r.value;
	return r.error ? -1 : 0;
}

static uint64_t sbi_call_run(void *state, uint64_t input)
{
	(void)state;
	(void)input;
	return (uint64_t)bench_sbi_ecall(SBI_EXT_BASE, SBI_BASE_GET_SPEC_VERSION, 0, 0, 0, 0, 0, 0).value;
}

static int sbi_call_verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	return checksum == (uint64_t)version * ctx->ninputs * ctx->batch ? 0 : -1;
}

BENCH(sbi_call, .setup = sbi_call_setup, .run = sbi_call_run, .verify = sbi_call_verify,
      .description = "SBI round trip: ecall to OpenSBI (get_spec_version) and back");
