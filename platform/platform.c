/*
 * Read the machine description from the FDT: model, timebase, memory,
 * harts and bootargs. Everything but the bootargs is copied out, so the
 * rest of the firmware never parses the tree; the bootargs are read where
 * they lie, whole, whatever their length (bootargs.h).
 */
#include "platform.h"

#include <stdlib.h>
#include <string.h>

#include "boot_hart.h"
#include "bootargs.h"
#include "console.h"
#include "fdt_index.h"
#include "platform_tree.h"

/* Filled once by platform_init(), read for the whole run. */
static struct fdt_node tree_nodes[FDT_INDEX_MAX_NODES];
static struct fdt_index tree;

/* Copy a string property into dst[n], truncated; "" if absent/invalid. */
static void copy_prop(char *dst, size_t n, const void *fdt, int node,
                      const char *name)
{
	const char *s = node >= 0 ? fdt_prop_string(fdt, node, name) : NULL;
	dst[0] = '\0';
	if (s) {
		strncpy(dst, s, n - 1);
		dst[n - 1] = '\0';
	}
}

/* A one-cell property, 0 when absent or malformed (0 reads "unknown"). */
static void prop_u32_or_0(const void *fdt, int node, const char *name, uint32_t *out)
{
	if (fdt_prop_u32(fdt, node, name, out))
		*out = 0;
}

static void read_model(struct platform *p)
{
	int root = fdt_index_off(&tree, 0);
	copy_prop(p->model, sizeof(p->model), tree.fdt, root, "model");
	if (!p->model[0])  /* the first compatible string is the most specific */
		copy_prop(p->model, sizeof(p->model), tree.fdt, root, "compatible");
	if (!p->model[0])
		strcpy(p->model, "unknown");
}

/* The RAM the image runs in: not always a tree's first range. */
static void read_memory(struct platform *p)
{
	if (platform_tree_memory(&tree, PAYLOAD_BASE, &p->mem_base, &p->mem_size))
		p->mem_base = p->mem_size = 0;
}

/*
 * S-mode capability: riscv,isa does not say it (QEMU writes
 * "rv64imafdc_zicsr_zifencei" for the U54s, with no 's'), but mmu-type is
 * present exactly on harts that have S-mode with paging; the FU540's E51
 * monitor core has none. "riscv,none" (S-mode without an MMU) is treated
 * as not usable: our payload expects the same environment on every hart.
 */
static void read_hart(struct platform *p, int cpu, uint32_t hartid)
{
	struct platform_hart *h = &p->harts[p->nharts++];
	const char *status = fdt_prop_string(tree.fdt, cpu, "status");
	h->hartid = hartid;
	h->enabled = cpu_status_enabled(status);
	struct platform_cpu *c = &h->cpu;
	copy_prop(c->isa, sizeof(c->isa), tree.fdt, cpu, "riscv,isa");
	copy_prop(c->mmu, sizeof(c->mmu), tree.fdt, cpu, "mmu-type");
	h->s_mode = cpu_mmu_has_s_mode(c->mmu);
	if (fdt_prop_u64(tree.fdt, cpu, "clock-frequency", &c->clock_hz))
		c->clock_hz = 0;
	prop_u32_or_0(tree.fdt, cpu, "i-cache-size", &c->icache_size);
	prop_u32_or_0(tree.fdt, cpu, "i-cache-sets", &c->icache_sets);
	prop_u32_or_0(tree.fdt, cpu, "i-cache-block-size", &c->icache_block);
	prop_u32_or_0(tree.fdt, cpu, "d-cache-size", &c->dcache_size);
	prop_u32_or_0(tree.fdt, cpu, "d-cache-sets", &c->dcache_sets);
	prop_u32_or_0(tree.fdt, cpu, "d-cache-block-size", &c->dcache_block);
}

static void read_cpus(struct platform *p)
{
	int keep[PLATFORM_MAX_HARTS];
	uint32_t ids[PLATFORM_MAX_HARTS], id;
	int cpus = fdt_index_path(&tree, "/cpus");
	if (cpus < 0)
		return;
	if (fdt_prop_u64(tree.fdt, fdt_index_off(&tree, cpus), "timebase-frequency", &p->timebase_hz))
		p->timebase_hz = 0;
	/* Some trees put the timebase on each cpu instead. */
	for (int i = platform_tree_next_cpu(&tree, cpus, -1, &id); i >= 0 && !p->timebase_hz;
	     i = platform_tree_next_cpu(&tree, cpus, i, &id))
		if (fdt_prop_u64(tree.fdt, fdt_index_off(&tree, i), "timebase-frequency",
				 &p->timebase_hz))
			p->timebase_hz = 0;
	unsigned n = platform_tree_cpus(&tree, cpus, MAX_HARTS, keep, ids, PLATFORM_MAX_HARTS,
					&p->harts_beyond);
	for (unsigned k = 0; k < n; k++)
		read_hart(p, fdt_index_off(&tree, keep[k]), ids[k]);
}

int platform_init(struct platform *p, const void *fdt, unsigned long boot_hart)
{
	memset(p, 0, sizeof(*p));
	p->boot_hart = boot_hart;
	p->bootargs = "";
	strcpy(p->model, "unknown");

	/* One walk checks the tree and indexes its nodes. A tree that fails
	 * leaves the console on the SBI. One too big for tree_nodes (QEMU
	 * virt's from 34 harts) gets its table from the heap, where it stays:
	 * the alloc benchmark then finds that block in use. */
	int rc = fdt_index_build(&tree, fdt, PLATFORM_FDT_MAX, tree_nodes, FDT_INDEX_MAX_NODES,
				 malloc);
	console_init(rc ? NULL : &tree);
	if (rc)
		return rc;
	p->fdt_ix = &tree;
	read_model(p);
	read_memory(p);
	read_cpus(p);
	p->bootargs = platform_bootargs(&tree, &p->bootargs_unread);
	return 0;
}
