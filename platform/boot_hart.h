/*
 * Which harts of the device tree rvbench can run on, and which one takes
 * over the boot when the SBI firmware chose a hart rvbench has no stack
 * for (boot/entry.S: hart ids from MAX_HARTS up). QEMU virt's OpenSBI
 * picks its boot hart by lottery among all harts, so with more than
 * MAX_HARTS harts the boot hart's id is often beyond the stack table.
 * Plain C on the tree: the host unit tests build it too.
 */
#ifndef RVBENCH_BOOT_HART_H
#define RVBENCH_BOOT_HART_H

#include <stddef.h>

/* A cpu node's status enables it: "okay", "ok" or no status at all. */
int cpu_status_enabled(const char *status);
/* A cpu node's mmu-type says the hart has S-mode with paging: present and
 * not "riscv,none" (the FU540's E51 monitor core has none). */
int cpu_mmu_has_s_mode(const char *mmu);

/*
 * The lowest hart id below max_harts, other than self, of an enabled cpu
 * node of /cpus with S-mode: the hart to hand the boot to. -1 when there
 * is none or the tree (max_size bytes readable) is unusable.
 */
long boot_hart_pick(const void *fdt, size_t max_size, unsigned long self,
		    unsigned long max_harts);

#endif
