/* The run's context (context.h). */
#include "context.h"

#include "build_id.h"
#include "guard.h"
#include "machine.h"
#include "sbi.h"

static struct rec_ctx ctx;

/* Static: it is read after guard_call(), which may have longjmp'd. */
static volatile uint32_t reg_value;

static void load_reg(void *addr)
{
	reg_value = *(volatile uint32_t *)addr;
}

/*
 * One 32-bit MMIO read under the guard: a register the machine does not
 * have may fault (an access fault on real hardware, or in a model without
 * the device), and that must not end the boot. 0 on success.
 */
static int read_reg(uint64_t addr, uint32_t *out)
{
	if (guard_call(load_reg, (void *)(uintptr_t)addr, 0))
		return -1;
	*out = reg_value;
	return 0;
}

/* The core clock: the PRCI's choice of PLL or hfclk on the FU540, else a
 * cpu node's clock-frequency (the boot hart's first); else unknown. */
static void read_clock(const struct platform *p, const struct machine *m)
{
	uint32_t cfg, sel;

	if (m->has_prci && m->ref_hz && !read_reg(m->prci_base + PRCI_COREPLLCFG0, &cfg) &&
	    !read_reg(m->prci_base + PRCI_CORECLKSEL, &sel)) {
		REC_SET(&ctx, CTX, ref_hz, m->ref_hz);
		REC_SET(&ctx, CTX, pll, cfg);
		int on_hfclk = sel & 1;
		REC_SET(&ctx, CTX, clock_hz, on_hfclk ? m->ref_hz : machine_pll_hz(cfg, m->ref_hz));
		REC_SET(&ctx, CTX, clock_src,
			rec_clock_src_name[on_hfclk ? REC_CLOCK_PRCI_HFCLK : REC_CLOCK_PRCI_PLL]);
		return;
	}
	for (unsigned i = 0; i < p->nharts; i++) {
		if (p->harts[i].hartid == p->boot_hart && p->harts[i].cpu.clock_hz) {
			REC_SET(&ctx, CTX, clock_hz, p->harts[i].cpu.clock_hz);
			REC_SET(&ctx, CTX, clock_src, rec_clock_src_name[REC_CLOCK_DT]);
			return;
		}
	}
}

/* The L2 geometry from the tree; the ways enabled from WayEnable, only
 * when the controller answers: its Config register is never 0 on a real
 * one (banks, ways, sets and block size are all at least 1), while a model
 * without the controller reads 0 there, and a WayEnable of 0 then would
 * be a guess. */
static void read_l2(const struct machine *m)
{
	uint32_t config, way_enable;

	if (!m->has_l2)
		return;
	if (m->l2_size)
		REC_SET(&ctx, CTX, l2_size, m->l2_size);
	if (m->l2_sets)
		REC_SET(&ctx, CTX, l2_sets, m->l2_sets);
	if (m->l2_block)
		REC_SET(&ctx, CTX, l2_block, m->l2_block);
	if (m->l2_level)
		REC_SET(&ctx, CTX, l2_level, m->l2_level);
	if (m->l2_base && !read_reg(m->l2_base + CCACHE_CONFIG, &config) && config &&
	    !read_reg(m->l2_base + CCACHE_WAYENABLE, &way_enable))
		REC_SET(&ctx, CTX, l2_ways, (uint64_t)(way_enable & 0xff) + 1);
}

static void read_sbi(void)
{
	unsigned long v;

	if (!sbi_base_info(SBI_BASE_SPEC_VERSION, &v))
		REC_SET(&ctx, CTX, sbi_spec, v);
	if (!sbi_base_info(SBI_BASE_IMPL_ID, &v))
		REC_SET(&ctx, CTX, sbi_impl, v);
	if (!sbi_base_info(SBI_BASE_IMPL_VERSION, &v))
		REC_SET(&ctx, CTX, sbi_impl_ver, v);
}

void context_init(const struct platform *p)
{
	struct machine m;

	ctx = (struct rec_ctx){ 0 };
	machine_read(&m, p->fdt_ix);
	read_clock(p, &m);
	read_l2(&m);
	read_sbi();
}

const struct rec_ctx *context_machine(void)
{
	return &ctx;
}

const struct rec_build *context_build(void)
{
	static const struct rec_build build = {
		.commit = RVBENCH_COMMIT,
		.dirty = RVBENCH_DIRTY,
		.cc = RVBENCH_CC,
		.cflags = RVBENCH_CFLAGS,
	};
	return &build;
}
