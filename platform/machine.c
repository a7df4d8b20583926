/*
 * The clock controller and the L2 cache of the device tree (machine.h).
 * Only the tree is read here: the registers are read by src/context.c.
 */
#include "machine.h"

#include <string.h>

#include "fdt_index.h"

/* The rate of the PRCI's reference: its first `clocks` entry (hfclk on the
 * FU540), a fixed clock whose clock-frequency the tree gives. */
static uint64_t ref_clock(const struct fdt_index *ix, int prci)
{
	int len;
	const void *clocks = fdt_getprop(ix->fdt, fdt_index_off(ix, prci), "clocks", &len);
	uint64_t hz;

	if (!clocks || len < 4)
		return 0;
	int clk = fdt_index_phandle(ix, fdt_ld32(clocks));
	if (clk < 0 || fdt_prop_u64(ix->fdt, fdt_index_off(ix, clk), "clock-frequency", &hz))
		return 0;
	return hz;
}

static void u32_or_0(const struct fdt_index *ix, int node, const char *name, uint32_t *out)
{
	if (fdt_prop_u32(ix->fdt, fdt_index_off(ix, node), name, out))
		*out = 0;
}

void machine_read(struct machine *m, const struct fdt_index *ix)
{
	memset(m, 0, sizeof(*m));
	if (!ix || !ix->count)
		return;
	int prci = fdt_index_compatible(ix, "sifive,fu540-c000-prci");
	if (prci >= 0 && fdt_index_reg(ix, prci, 0, &m->prci_base, NULL) == 0 && m->prci_base) {
		m->has_prci = 1;
		m->ref_hz = ref_clock(ix, prci);
	}
	int l2 = fdt_index_compatible(ix, "sifive,fu540-c000-ccache");
	if (l2 >= 0) {
		m->has_l2 = 1;
		if (fdt_index_reg(ix, l2, 0, &m->l2_base, NULL))
			m->l2_base = 0;
		u32_or_0(ix, l2, "cache-size", &m->l2_size);
		u32_or_0(ix, l2, "cache-sets", &m->l2_sets);
		u32_or_0(ix, l2, "cache-block-size", &m->l2_block);
		u32_or_0(ix, l2, "cache-level", &m->l2_level);
	}
}

uint64_t machine_pll_hz(uint32_t cfg, uint64_t ref_hz)
{
	uint32_t divr = cfg & 0x3f, divf = (cfg >> 6) & 0x1ff, divq = (cfg >> 15) & 0x7;

	if (cfg & (1u << 24)) /* bypass: the reference passes through */
		return ref_hz;
	return ref_hz * 2 * (divf + 1) / (divr + 1) >> divq;
}
