/*
 * The choice of a hart to take over the boot (boot_hart.h). It reads the
 * tree with the plain reader, not the node table: it runs before BSS is
 * cleared, on a stack of its own, and must not rely on any static state.
 */
#include "boot_hart.h"

#include <stdint.h>
#include <string.h>

#include "fdt.h"

int cpu_status_enabled(const char *status)
{
	return !status || !strcmp(status, "okay") || !strcmp(status, "ok");
}

int cpu_mmu_has_s_mode(const char *mmu)
{
	return mmu && mmu[0] && strcmp(mmu, "riscv,none") != 0;
}

long boot_hart_pick(const void *fdt, size_t max_size, unsigned long self,
		    unsigned long max_harts)
{
	long best = -1;

	if (fdt_check(fdt, max_size))
		return -1;
	int cpus = fdt_path_offset(fdt, "/cpus");
	if (cpus < 0)
		return -1;
	for (int n = fdt_first_subnode(fdt, cpus); n >= 0; n = fdt_next_subnode(fdt, n)) {
		const char *type = fdt_prop_string(fdt, n, "device_type");
		uint64_t id;
		/* A cpu's reg is its hart id (#address-cells of /cpus, 1). */
		if (!type || strcmp(type, "cpu") || fdt_get_reg_in(fdt, cpus, n, 0, &id, NULL))
			continue;
		if (id >= max_harts || id == self || (best >= 0 && id >= (uint64_t)best))
			continue;
		if (cpu_status_enabled(fdt_prop_string(fdt, n, "status")) &&
		    cpu_mmu_has_s_mode(fdt_prop_string(fdt, n, "mmu-type")))
			best = (long)id;
	}
	return best;
}
