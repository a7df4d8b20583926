/* Are two results comparable? Their contexts (context_read.h) side by side. */
#ifndef RVBENCH_CONTEXT_CHECK_H
#define RVBENCH_CONTEXT_CHECK_H

#include <stdio.h>

#include "context_read.h"

/*
 * Prints to f one warning per value that differs between a (baseline) and
 * b, naming it and both values, and one when a side has no context (an
 * older result: nothing can be checked). Returns how many warnings.
 */
unsigned context_check(FILE *f, const char *who, const struct run_context *a,
		       const struct run_context *b);

#endif
