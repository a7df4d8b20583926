/*
 * What the device tree says about the machine's clock and shared cache,
 * beyond struct platform: where the FU540's clock controller (PRCI) and L2
 * cache controller are and what their nodes declare. Reading their
 * registers is the harness's job (src/context.c), under its guard.
 */
#ifndef RVBENCH_MACHINE_H
#define RVBENCH_MACHINE_H

#include <stdint.h>

/* FU540 PRCI registers (FU540-C000 manual, chapter "Clocking and Reset"). */
#define PRCI_COREPLLCFG0 0x04u /* divr 5:0, divf 14:6, divq 17:15, bypass 24 */
#define PRCI_CORECLKSEL  0x24u /* bit 0: 1 = core on hfclk, 0 = on the core PLL */
/* FU540 L2 cache controller registers (chapter "Level 2 Cache Controller"). */
#define CCACHE_CONFIG    0x00u /* banks 7:0, ways 15:8, lgSets 23:16, lgBlock 31:24 */
#define CCACHE_WAYENABLE 0x08u /* index of the largest way enabled */

struct machine {
	int has_prci;           /* a sifive,fu540-c000-prci node with a reg */
	uint64_t prci_base;
	uint64_t ref_hz;        /* its first clock's clock-frequency (hfclk), 0 if unknown */
	int has_l2;             /* a sifive,fu540-c000-ccache node */
	uint64_t l2_base;       /* 0 when the node has no reg */
	uint32_t l2_size, l2_sets, l2_block, l2_level; /* 0 where absent */
};

struct fdt_index;

/* Fills *m from the indexed tree; zeros when ix is NULL. */
void machine_read(struct machine *m, const struct fdt_index *ix);

/* The core PLL's output for COREPLLCFG0 value cfg and reference ref_hz:
 * ref * 2 * (divf + 1) / (divr + 1) / 2^divq (the PLL's internal feedback
 * divides by 2; the HiFive Unleashed's 1 GHz is divr 0, divf 59, divq 2
 * on 33.33 MHz), or ref_hz itself when the PLL is bypassed. */
uint64_t machine_pll_hz(uint32_t cfg, uint64_t ref_hz);

#endif
