/* CSR and counter access for S-mode, as small inline functions. */
#ifndef RVBENCH_CSR_H
#define RVBENCH_CSR_H

#include <stdint.h>

#define csr_read(csr)                                           \
	({                                                      \
		unsigned long v_;                               \
		__asm__ volatile("csrr %0, " #csr : "=r"(v_)); \
		v_;                                             \
	})

/*
 * volatile keeps the reads in program order; the memory clobber keeps loads
 * of the input and stores of the result outside the measured interval.
 */
static inline uint64_t read_cycle(void)
{
	uint64_t v;
	__asm__ volatile("rdcycle %0" : "=r"(v) : : "memory");
	return v;
}

static inline uint64_t read_instret(void)
{
	uint64_t v;
	__asm__ volatile("rdinstret %0" : "=r"(v) : : "memory");
	return v;
}

/* On the U54 `time` is not a CSR: this traps to OpenSBI, which emulates
 * it at a cost of hundreds of cycles. Never call it inside a measurement. */
static inline uint64_t read_time(void)
{
	uint64_t v;
	__asm__ volatile("rdtime %0" : "=r"(v));
	return v;
}

#endif
