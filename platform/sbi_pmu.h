/*
 * The SBI PMU extension (EID 0x504D55, SBI v0.3+): how an S-mode program
 * asks the M-mode firmware to program mhpmevent/mhpmcounter for it. The
 * counters are then read in S-mode with csrr on the CSR counter_get_info
 * names (OpenSBI enables them in mcounteren).
 */
#ifndef RVBENCH_SBI_PMU_H
#define RVBENCH_SBI_PMU_H

#include <stdint.h>

#define SBI_EXT_PMU 0x504D55

/* counter_config_matching flags (SBI spec, PMU chapter) */
#define SBI_PMU_CFG_SKIP_MATCH  (1ul << 0)
#define SBI_PMU_CFG_CLEAR_VALUE (1ul << 1)
#define SBI_PMU_CFG_AUTO_START  (1ul << 2)
/* counter_start flags */
#define SBI_PMU_START_SET_INIT_VALUE (1ul << 0)
/* counter_stop flags */
#define SBI_PMU_STOP_RESET (1ul << 0)

/* What counter_get_info says about one counter. */
struct sbi_pmu_counter {
	int firmware;    /* 1: a firmware counter (read through SBI, not a CSR) */
	unsigned csr;    /* hardware: the CSR number (0xC00 + n for hpmcounterN) */
	unsigned width;  /* hardware: bits the counter holds */
};

/* 1 when the SBI implements the PMU extension. */
int sbi_pmu_present(void);
/* Counters the SBI offers (hardware and firmware), or a negative SBI error. */
long sbi_pmu_num_counters(void);
/* Describes counter idx; 0, or a negative SBI error. */
long sbi_pmu_counter_info(unsigned long idx, struct sbi_pmu_counter *out);
/*
 * Finds a counter among base + bits of mask that can count event_idx
 * (with event_data for raw events) and configures it. Returns its index
 * (>= 0) or a negative SBI error (SBI_ERR_NOT_SUPPORTED: no counter can).
 */
long sbi_pmu_config_matching(unsigned long base, unsigned long mask, unsigned long flags,
			     unsigned long event_idx, uint64_t event_data);
long sbi_pmu_start(unsigned long base, unsigned long mask, unsigned long flags, uint64_t value);
long sbi_pmu_stop(unsigned long base, unsigned long mask, unsigned long flags);

#endif
