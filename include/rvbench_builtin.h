/*
 * The public API's low-level part, for rvbench's own entry-cost and
 * cross-hart benchmarks (src/benches/sbi_call.c, timer_irq.c,
 * ipi_latency.c): the counters read directly, raw SBI calls, interrupt
 * enables and the partner hart's IPI hook. An ordinary benchmark needs
 * none of it (the harness reads the counters around run()); using it ties
 * a benchmark to RISC-V S-mode under an SBI firmware.
 */
#ifndef RVBENCH_BUILTIN_H
#define RVBENCH_BUILTIN_H

#include <stdint.h>

#include "rvbench.h"

/*
 * The cycle counter. volatile keeps the reads in program order; the memory
 * clobber keeps loads of the input and stores of the result outside the
 * measured interval.
 */
static inline uint64_t bench_read_cycle(void)
{
	uint64_t v;
	__asm__ volatile("rdcycle %0" : "=r"(v) : : "memory");
	return v;
}

static inline uint64_t bench_read_instret(void)
{
	uint64_t v;
	__asm__ volatile("rdinstret %0" : "=r"(v) : : "memory");
	return v;
}

/* The time counter (timebase ticks). On the U54 `time` is not a CSR: this
 * traps to OpenSBI, which emulates it at a cost of hundreds of cycles.
 * Never call it inside a measurement. */
static inline uint64_t bench_read_time(void)
{
	uint64_t v;
	__asm__ volatile("rdtime %0" : "=r"(v));
	return v;
}

/* An SBI call (SBI specification: a7 = extension, a6 = function); the
 * very code rvbench itself calls, so a benchmark of it measures that. */
struct bench_sbiret {
	long error;
	long value;
};
struct bench_sbiret bench_sbi_ecall(long eid, long fid, long a0, long a1, long a2, long a3,
				    long a4, long a5);
/* SBI IPI send_ipi and TIME set_timer. */
long bench_sbi_send_ipi(unsigned long hart_mask, unsigned long hart_mask_base);
long bench_sbi_set_timer(uint64_t stime_value);

/*
 * This hart's supervisor interrupts, all (sstatus.SIE) or the timer's
 * (sie.STIE): on (1) or off (0). Inline, as a benchmark may enable them
 * just before what it measures. The bits are the privileged
 * specification's, written here as a benchmark does not see boot/riscv.h
 * (SSTATUS_SIE, SIE_STIE there).
 */
#define BENCH_SSTATUS_SIE 0x2ul   /* sstatus bit 1 */
#define BENCH_SIE_STIE (1ul << 5) /* sie bit 5: the timer's */

static inline void bench_interrupts(int on)
{
	if (on)
		__asm__ volatile("csrs sstatus, %0" : : "r"(BENCH_SSTATUS_SIE) : "memory");
	else
		__asm__ volatile("csrc sstatus, %0" : : "r"(BENCH_SSTATUS_SIE) : "memory");
}

static inline void bench_timer_interrupt(int on)
{
	if (on)
		__asm__ volatile("csrs sie, %0" : : "r"(BENCH_SIE_STIE) : "memory");
	else
		__asm__ volatile("csrc sie, %0" : : "r"(BENCH_SIE_STIE) : "memory");
}

/* On a partner hart (from the job bench_partner_start() runs): hook runs
 * in the trap handler for each IPI while interrupts are on; NULL removes it. */
void bench_set_ipi_hook(void (*hook)(void));

#endif
