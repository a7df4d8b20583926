/* Helpers of the kernel's own: a cycle counter, a report and a check. */
#ifndef UTIL_H
#define UTIL_H

#include <stdint.h>
#include <stdio.h>

#define ABS(v) ({ typeof(v) v_ = (v); v_ < 0 ? -v_ : v_; })

static inline uint64_t read_cycles(void)
{
	uint64_t c;
	asm volatile("rdcycle %0" : "=r"(c));
	return c;
}

#ifdef QUIET
#define report(name, cycles) ((void)(name), (void)(cycles))
#else
#define report(name, cycles) printf("%s: %llu cycles\n", name, (unsigned long long)(cycles))
#endif

/* How many of n results differ from the reference by more than 1e-9. */
static inline int verify_double(int n, const double *test, const double *ref)
{
	int bad = 0;
	for (int i = 0; i < n; i++)
		bad += ABS(test[i] - ref[i]) > 1e-9;
	return bad;
}

#endif
