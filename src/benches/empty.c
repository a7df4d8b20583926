/*
 * Nothing under test. Its body is the harness's own calibration body, so
 * every net sample must be exactly 0: any other value means the overhead
 * subtraction is wrong.
 */
#include "rvbench.h"

static void empty_run(void *state, uint64_t input)
{
	(void)state;
	(void)input;
}

BENCH(empty, .run = empty_run);
