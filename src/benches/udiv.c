/*
 * One 64-bit unsigned division and remainder with an LCG-random divisor (the U54's
 * divider takes a time that depends on its operands, so a fixed divisor
 * would show one point of a distribution). verify() checks the last
 * quotient and remainder by multiplication.
 */
#include "rvbench.h"

#define DIVIDEND 0xFEDCBA9876543210ull

static uint64_t last_divisor, last_quotient, last_remainder;

static void udiv_run(void *state, uint64_t input)
{
	uint64_t d = input + 1; /* input is in [0, range): never divide by 0 */

	(void)state;
	last_divisor = d;
	last_quotient = DIVIDEND / d;
	last_remainder = DIVIDEND % d; /* its own instruction, checked against q */
}

static int udiv_verify(void *state)
{
	(void)state;
	if (last_remainder >= last_divisor)
		return -1;
	return last_quotient * last_divisor + last_remainder == DIVIDEND ? 0 : -1;
}

BENCH(udiv, .run = udiv_run, .verify = udiv_verify, .input_range = 0xFFFFFFFFu);
