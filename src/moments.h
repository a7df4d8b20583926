/*
 * Moments of a sample, exact: mean and variance from integer sums. The
 * instrumentation's self-checks keep them (OVERHEAD records, and the
 * seL4-style table of src/report.c).
 */
#ifndef RVBENCH_MOMENTS_H
#define RVBENCH_MOMENTS_H

#include <stdint.h>

struct moments {
	uint64_t n, min, max;
	uint64_t sum;
	unsigned __int128 sumsq;
};

static inline void moments_add(struct moments *m, uint64_t v)
{
	if (!m->n || v < m->min)
		m->min = v;
	if (!m->n || v > m->max)
		m->max = v;
	m->n++;
	m->sum += v;
	m->sumsq += (unsigned __int128)v * v;
}

#endif
