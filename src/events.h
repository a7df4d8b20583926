/*
 * Hardware events beside cycles and instret, through the SBI PMU
 * extension (platform/sbi_pmu.h): discovery at boot, the run's selection
 * (rvbench.events=NAME[,NAME], names in src/common/pmu_events.h)
 * configured and started before the run's first measurement and stopped
 * after its last, and the counter reads the harness makes in the same
 * sequence as rdcycle/rdinstret, so the calibrated overhead covers them.
 */
#ifndef RVBENCH_EVENTS_H
#define RVBENCH_EVENTS_H

#include <stdint.h>

#include "config.h"
#include "pmu_events.h"

/* Events travel as pairs of columns in struct wire_sample (cycles: event
 * 2p, instret: event 2p + 1), one E record per pair. */
#define EVENTS_PAIRS ((PMU_EVENTS_MAX + 1) / 2)

/* The run's counting events: how many, the CSR each is read from, and the
 * mask of its width (a delta is taken modulo it). */
extern unsigned events_n;
extern unsigned events_csr[PMU_EVENTS_MAX];
extern uint64_t events_mask[PMU_EVENTS_MAX];

/* At boot: probes the PMU extension and its counters; says once, on the
 * console, when the platform has none. */
void events_probe(void);
/* Before the run's RUN record: configures and starts c->events; an event
 * the SBI refuses is said by name and left out, the run goes on. */
void events_begin(const struct config *c);
/* After the run's last block: stops and releases the counters. */
void events_end(void);
/* The PMU record (after the run's context). */
void events_emit(void);
/* Name of counting event k (< events_n). */
const char *events_name(unsigned k);

/* csrr of a counter CSR chosen at run time: csrr takes the CSR number as
 * an immediate, so one case per user-readable counter (cycle..hpmcounter31).
 * Inside a measuring interval only from src/harness.c, which the Makefile
 * builds with -fno-jump-tables: a jump table would put a load and an
 * indirect jump between a body and its counter reads. */
#define EVENTS_CASE(n) \
	case 0xC00 + (n): __asm__ volatile("csrr %0, %1" : "=r"(v) : "i"(0xC00 + (n))); break;
static inline __attribute__((always_inline)) uint64_t events_read_csr(unsigned csr)
{
	uint64_t v = 0;

	switch (csr) {
	EVENTS_CASE(0) EVENTS_CASE(1) EVENTS_CASE(2) EVENTS_CASE(3) EVENTS_CASE(4)
	EVENTS_CASE(5) EVENTS_CASE(6) EVENTS_CASE(7) EVENTS_CASE(8) EVENTS_CASE(9)
	EVENTS_CASE(10) EVENTS_CASE(11) EVENTS_CASE(12) EVENTS_CASE(13) EVENTS_CASE(14)
	EVENTS_CASE(15) EVENTS_CASE(16) EVENTS_CASE(17) EVENTS_CASE(18) EVENTS_CASE(19)
	EVENTS_CASE(20) EVENTS_CASE(21) EVENTS_CASE(22) EVENTS_CASE(23) EVENTS_CASE(24)
	EVENTS_CASE(25) EVENTS_CASE(26) EVENTS_CASE(27) EVENTS_CASE(28) EVENTS_CASE(29)
	EVENTS_CASE(30) EVENTS_CASE(31)
	default:
		break;
	}
	return v;
}
#undef EVENTS_CASE

#endif
