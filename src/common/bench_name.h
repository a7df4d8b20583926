/*
 * The names a benchmark may have: 1 to BENCH_NAME_MAX bytes of
 * [A-Za-z0-9_.:+-]. The firmware refuses any other name at boot (BENCH()
 * refuses a longer one at compile time) and the host collector refuses a
 * BENCH line that carries one, so a name never holds a space, a quote, a
 * newline or a shell or gnuplot metacharacter, whatever file, script or
 * terminal it later lands in (docs/writing-benchmarks.md).
 */
#ifndef RVBENCH_BENCH_NAME_H
#define RVBENCH_BENCH_NAME_H

#define BENCH_NAME_MAX 64

/* 1 when name is in the safe set, 0 otherwise (NULL and "" too). */
int bench_name_ok(const char *name);

#endif
