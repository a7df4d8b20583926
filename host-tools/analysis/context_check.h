/* Are two results comparable? Their contexts (context_read.h) side by side. */
#ifndef RVBENCH_CONTEXT_CHECK_H
#define RVBENCH_CONTEXT_CHECK_H

#include <stdio.h>

#include "context_read.h"

/*
 * Prints to f one warning per value that differs between a (baseline) and
 * b, naming it and both values (a value on which one side's runs differ
 * lists each), one when a side has no context (an older result, or its
 * context lines were lost: nothing can be checked) and one when some of a
 * side's runs have none. Returns how many warnings.
 */
unsigned context_check(FILE *f, const char *who, const struct run_context *a,
		       const struct run_context *b);

#endif
