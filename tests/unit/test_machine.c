/*
 * The clock controller and L2 of the device tree (platform/machine.c):
 * the core PLL's formula against known settings, and what QEMU's own
 * sifive_u and virt trees declare (RVBENCH_FIXTURES, as in test_fdt.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "fdt.h"
#include "fdt_index.h"
#include "machine.h"

/* COREPLLCFG0 from its fields. */
static uint32_t pll(uint32_t divr, uint32_t divf, uint32_t divq, uint32_t bypass)
{
	return divr | divf << 6 | divq << 15 | bypass << 24;
}

static void pll_formula(void **state)
{
	(void)state;
	/* The HiFive Unleashed's boot setting: 1 GHz from 33.33 MHz. */
	assert_int_equal(machine_pll_hz(pll(0, 59, 2, 0), 33333333), 999999990);
	/* QEMU's reset value, 0x820187c1 (divr 1, divf 31, divq 3, locked). */
	assert_int_equal(pll(1, 31, 3, 0) | 1u << 25 | 1u << 31, 0x820187c1);
	assert_int_equal(machine_pll_hz(0x820187c1, 33333333), 133333332);
	/* Bypassed: the reference passes through. */
	assert_int_equal(machine_pll_hz(pll(0, 59, 2, 1), 33333333), 33333333);
}

/* QEMU pads the dumped tree to 1 MiB: totalsize bytes are the tree. */
static void *load(const char *name)
{
	const char *dir = getenv("RVBENCH_FIXTURES");
	char path[4096];
	uint8_t hdr[8];

	if (!dir)
		fail_msg("RVBENCH_FIXTURES is not set (tests/run-all.sh sets it)");
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	FILE *f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot open %s", path);
	assert_int_equal(fread(hdr, 1, 8, f), 8);
	size_t total = fdt_ld32(hdr + 4);
	assert_true(total >= 40 && total < (1u << 20));
	void *p = malloc(total);
	assert_non_null(p);
	rewind(f);
	assert_int_equal(fread(p, 1, total, f), total);
	fclose(f);
	assert_int_equal(fdt_check(p, total), 0);
	return p;
}

/* machine_read() of the tree at fdt, through its table of nodes. */
static void read_tree(struct machine *m, const void *fdt)
{
	static struct fdt_node nodes[FDT_INDEX_MAX_NODES];
	struct fdt_index ix;
	assert_int_equal(fdt_index_build(&ix, fdt, fdt_totalsize(fdt), nodes, FDT_INDEX_MAX_NODES,
					 NULL), 0);
	machine_read(m, &ix);
}

static void sifive_u_tree(void **state)
{
	struct machine m;
	void *fdt = load("sifive_u.dtb");
	(void)state;
	read_tree(&m, fdt);
	assert_true(m.has_prci);
	assert_int_equal(m.prci_base, 0x10000000);
	assert_int_equal(m.ref_hz, 33333333); /* hfclk, found by its phandle */
	assert_true(m.has_l2);
	assert_int_equal(m.l2_base, 0x2010000);
	assert_int_equal(m.l2_size, 2097152);
	assert_int_equal(m.l2_sets, 1024);
	assert_int_equal(m.l2_block, 64);
	assert_int_equal(m.l2_level, 2);
	free(fdt);
}

static void virt_tree(void **state)
{
	struct machine m;
	void *fdt = load("virt.dtb");
	(void)state;
	read_tree(&m, fdt);
	assert_false(m.has_prci);
	assert_false(m.has_l2);
	free(fdt);
	machine_read(&m, NULL);
	assert_false(m.has_prci);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pll_formula),
		cmocka_unit_test(sifive_u_tree),
		cmocka_unit_test(virt_tree),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
