/* The blocks of a result directory that have no sample (skipped, or ended
 * before their first), which no statistics or image show: said, so that
 * none goes missing unsaid (`rvbench stats`, `rvbench plot`). */
#ifndef RVBENCH_UNMEASURED_H
#define RVBENCH_UNMEASURED_H

#include <stddef.h>
#include <stdio.h>

/*
 * Why benchmarks matching glob pattern bench (fnmatch) of DIR have no
 * sample though summary.csv lists them: their blocks and how each ended
 * ("block 1 of run 82dfdcf9 ended with status fault"), in buf, three at
 * most and the rest counted. The number of such blocks; 0 when
 * summary.csv has none (or is not there, or not readable).
 */
size_t unmeasured_why(const char *dir, const char *bench, char *buf, size_t len);

/*
 * Says on to, a line each, the blocks of DIR's summary.csv (of benchmarks
 * matching glob pattern bench, NULL: all) with no sample: "rvbench: WHO:
 * no WHAT of BENCH PARAMS: block 1 of run R ended with status skipped
 * (REASON)"; to NULL: nothing said. The number of such blocks.
 */
size_t unmeasured_say(const char *dir, const char *bench, const char *who, const char *what,
		      FILE *to);

#endif
