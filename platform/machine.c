/*
 * The clock controller and the L2 cache of the device tree (machine.h).
 * Only the tree is read here: the registers are read by src/context.c.
 */
#include "machine.h"

#include <string.h>

#include "fdt.h"

/* Does node have phandle *(uint32_t *)ph? */
static int has_phandle(const void *fdt, int node, const void *ph)
{
	uint32_t v;
	return (!fdt_prop_u32(fdt, node, "phandle", &v) ||
		!fdt_prop_u32(fdt, node, "linux,phandle", &v)) &&
	       v == *(const uint32_t *)ph;
}

/* Is node compatible with the string compat? */
static int is_compatible(const void *fdt, int node, const void *compat)
{
	return fdt_node_is_compatible(fdt, node, compat) > 0;
}

/* The first node of the tree, in document order (depth first), that
 * match() accepts, or -1: one pass over the tokens, where walking each
 * node's children would step over every subtree once per level. */
static int find_node(const void *fdt, int (*match)(const void *fdt, int node, const void *arg),
		     const void *arg)
{
	int depth = 0;
	for (int n = fdt_path_offset(fdt, "/"); n >= 0; n = fdt_next_node(fdt, n, &depth))
		if (match(fdt, n, arg))
			return n;
	return -1;
}

/* The rate of the PRCI's reference: its first `clocks` entry (hfclk on the
 * FU540), a fixed clock whose clock-frequency the tree gives. */
static uint64_t ref_clock(const void *fdt, int prci)
{
	int len;
	const void *clocks = fdt_getprop(fdt, prci, "clocks", &len);
	uint64_t hz;

	if (!clocks || len < 4)
		return 0;
	uint32_t ph = fdt_ld32(clocks);
	int clk = find_node(fdt, has_phandle, &ph);
	if (clk < 0 || fdt_prop_u64(fdt, clk, "clock-frequency", &hz))
		return 0;
	return hz;
}

static void u32_or_0(const void *fdt, int node, const char *name, uint32_t *out)
{
	if (fdt_prop_u32(fdt, node, name, out))
		*out = 0;
}

void machine_read(struct machine *m, const void *fdt)
{
	memset(m, 0, sizeof(*m));
	int root = fdt ? fdt_path_offset(fdt, "/") : -1;
	if (root < 0)
		return;
	int prci = find_node(fdt, is_compatible, "sifive,fu540-c000-prci");
	if (prci >= 0 && fdt_get_reg(fdt, prci, 0, &m->prci_base, NULL) == 0 && m->prci_base) {
		m->has_prci = 1;
		m->ref_hz = ref_clock(fdt, prci);
	}
	int l2 = find_node(fdt, is_compatible, "sifive,fu540-c000-ccache");
	if (l2 >= 0) {
		m->has_l2 = 1;
		if (fdt_get_reg(fdt, l2, 0, &m->l2_base, NULL))
			m->l2_base = 0;
		u32_or_0(fdt, l2, "cache-size", &m->l2_size);
		u32_or_0(fdt, l2, "cache-sets", &m->l2_sets);
		u32_or_0(fdt, l2, "cache-block-size", &m->l2_block);
		u32_or_0(fdt, l2, "cache-level", &m->l2_level);
	}
}

uint64_t machine_pll_hz(uint32_t cfg, uint64_t ref_hz)
{
	uint32_t divr = cfg & 0x3f, divf = (cfg >> 6) & 0x1ff, divq = (cfg >> 15) & 0x7;

	if (cfg & (1u << 24)) /* bypass: the reference passes through */
		return ref_hz;
	return ref_hz * 2 * (divf + 1) / (divr + 1) >> divq;
}
