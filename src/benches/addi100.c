/*
 * Exactly 100 dependent addi instructions. The chain works on the input
 * register itself, so the compiler adds no instruction around it (the body
 * is the chain and the `ret` the empty body has too). Under QEMU
 * -icount shift=0 every sample must measure 100 net cycles and 100 net
 * instructions. It has no verify(): storing the result would add
 * instructions to the body, and the asm is volatile, so it cannot be
 * deleted; the exact instret count is its check (tests/system).
 */
#include "rvbench.h"

static void addi100_run(void *state, uint64_t input)
{
	(void)state;
	__asm__ volatile(".rept 100\n\taddi %0, %0, 1\n\t.endr" : "+r"(input));
}

BENCH(addi100, .run = addi100_run);
