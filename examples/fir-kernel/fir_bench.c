/*
 * kernel/, a FIR filter, measured by rvbench as it is: this file is the
 * whole wrapper. run() calls the kernel's fir() on its dataset; verify()
 * calls the kernel's own main(), which filters once more and checks the
 * result against verify_data. Build and run (docs/writing-benchmarks.md):
 *
 *   make BENCH_DIR=examples/fir-kernel
 *   build/host/rvbench qemu --icount 0 --bootargs 'rvbench.run=fir' build/rvbench.elf
 */
#include "rvbench.h"

#include "fir.h"

/* kernel/main.c's data (from dataset.h) and its driver. The alignment is
 * repeated: a declaration without it tells the compiler nothing of it. */
extern double input_data[FIR_N + FIR_TAPS - 1] __attribute__((aligned(64)));
extern double coeffs[FIR_TAPS] __attribute__((aligned(64)));
extern double output_data[FIR_N] __attribute__((aligned(64)));
int main(void);

static uint64_t run(void *state, uint64_t input)
{
	(void)state, (void)input;
	fir(FIR_N, FIR_TAPS, input_data, coeffs, output_data);
	bench_clobber(); /* output_data is read later, by verify() */
	return 0;
}

static int verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	(void)ctx, (void)checksum;
	return main() == 0 ? 0 : -1;
}

BENCH(fir, .run = run, .verify = verify, .samples = 200, .warmup = 5,
      .unit = "tap", .per_call = FIR_N * FIR_TAPS,
      .description = "example: a FIR filter kernel, built with its own flags");
