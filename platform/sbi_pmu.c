/* SBI PMU calls (sbi_pmu.h): function ids 0..4 of EID 0x504D55. */
#include "sbi_pmu.h"

#include "sbi.h"

enum {
	PMU_NUM_COUNTERS = 0,
	PMU_COUNTER_GET_INFO = 1,
	PMU_COUNTER_CONFIG_MATCHING = 2,
	PMU_COUNTER_START = 3,
	PMU_COUNTER_STOP = 4,
};

int sbi_pmu_present(void)
{
	return sbi_probe_extension(SBI_EXT_PMU) != 0;
}

long sbi_pmu_num_counters(void)
{
	struct sbiret r = sbi_ecall(SBI_EXT_PMU, PMU_NUM_COUNTERS, 0, 0, 0, 0, 0, 0);
	return r.error ? r.error : r.value;
}

long sbi_pmu_counter_info(unsigned long idx, struct sbi_pmu_counter *out)
{
	struct sbiret r = sbi_ecall(SBI_EXT_PMU, PMU_COUNTER_GET_INFO, (long)idx, 0, 0, 0, 0, 0);
	unsigned long v = (unsigned long)r.value;

	if (r.error)
		return r.error;
	/* bit XLEN-1: type (1 firmware); bits 17:12 width - 1; bits 11:0 CSR */
	out->firmware = (int)(v >> (sizeof(long) * 8 - 1));
	out->csr = (unsigned)(v & 0xfff);
	out->width = out->firmware ? 0 : (unsigned)((v >> 12) & 0x3f) + 1;
	return 0;
}

long sbi_pmu_config_matching(unsigned long base, unsigned long mask, unsigned long flags,
			     unsigned long event_idx, uint64_t event_data)
{
	struct sbiret r = sbi_ecall(SBI_EXT_PMU, PMU_COUNTER_CONFIG_MATCHING, (long)base,
				    (long)mask, (long)flags, (long)event_idx, (long)event_data, 0);
	return r.error ? r.error : r.value;
}

long sbi_pmu_start(unsigned long base, unsigned long mask, unsigned long flags, uint64_t value)
{
	return sbi_ecall(SBI_EXT_PMU, PMU_COUNTER_START, (long)base, (long)mask, (long)flags,
			 (long)value, 0, 0).error;
}

long sbi_pmu_stop(unsigned long base, unsigned long mask, unsigned long flags)
{
	return sbi_ecall(SBI_EXT_PMU, PMU_COUNTER_STOP, (long)base, (long)mask, (long)flags, 0, 0,
			 0).error;
}
