/*
 * CSR and counter access for the firmware: the CSR names (boot/riscv.h)
 * and the counter reads the public API defines (include/rvbench_builtin.h),
 * under the names the harness uses.
 */
#ifndef RVBENCH_CSR_H
#define RVBENCH_CSR_H

#include <stdint.h>

#include "riscv.h"
#include "rvbench_builtin.h"

static inline uint64_t read_cycle(void)
{
	return bench_read_cycle();
}

static inline uint64_t read_instret(void)
{
	return bench_read_instret();
}

static inline uint64_t read_time(void)
{
	return bench_read_time();
}

#endif
