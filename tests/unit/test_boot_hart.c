/*
 * The hart that takes over the boot when the SBI firmware entered rvbench
 * on a hart with no stack slot (platform/boot_hart.c, boot/entry.S): on
 * QEMU's own sifive_u and 12-hart virt trees (RVBENCH_FIXTURES), on trees
 * with no candidate, and on broken trees.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "boot_hart.h"
#include "fdt_fixture.h"
#include "layout.h"

static void predicates(void **state)
{
	(void)state;
	assert_true(cpu_status_enabled(NULL));
	assert_true(cpu_status_enabled("okay"));
	assert_true(cpu_status_enabled("ok"));
	assert_false(cpu_status_enabled("disabled"));
	assert_false(cpu_status_enabled("fail"));
	assert_false(cpu_status_enabled(""));
	assert_true(cpu_mmu_has_s_mode("riscv,sv39"));
	assert_true(cpu_mmu_has_s_mode("riscv,sv57"));
	assert_false(cpu_mmu_has_s_mode("riscv,none"));
	assert_false(cpu_mmu_has_s_mode(""));
	assert_false(cpu_mmu_has_s_mode(NULL));
}

/* The FU540: hart 0 is the E51, with no mmu-type; the U54s are 1..4. */
static void sifive_u_picks_the_lowest_u54(void **state)
{
	(void)state;
	struct blob b = load_fixture("sifive_u.dtb");
	assert_int_equal(boot_hart_pick(b.p, b.size, 9, MAX_HARTS), 1);
	/* Never the hart asking. */
	assert_int_equal(boot_hart_pick(b.p, b.size, 1, MAX_HARTS), 2);
	/* Only ids below the limit. */
	assert_int_equal(boot_hart_pick(b.p, b.size, 9, 2), 1);
	assert_int_equal(boot_hart_pick(b.p, b.size, 1, 2), -1);
	assert_int_equal(boot_hart_pick(b.p, b.size, 9, 0), -1);
	free(b.p);
}

/* QEMU virt with 12 harts: OpenSBI may enter rvbench on any of them. */
static void virt12_picks_hart_0(void **state)
{
	(void)state;
	struct blob b = load_fixture("virt12.dtb");
	for (unsigned long self = MAX_HARTS; self < 12; self++)
		assert_int_equal(boot_hart_pick(b.p, b.size, self, MAX_HARTS), 0);
	assert_int_equal(boot_hart_pick(b.p, b.size, 0, MAX_HARTS), 1);
	free(b.p);
}

/* Every occurrence of from (with its NUL) replaced by to, same length. */
static unsigned patch_all(uint8_t *p, size_t n, const char *from, const char *to)
{
	size_t len = strlen(from) + 1;
	unsigned hits = 0;

	assert_int_equal(strlen(to) + 1, len);
	for (size_t i = 0; i + len <= n; i++)
		if (!memcmp(p + i, from, len)) {
			memcpy(p + i, to, len);
			hits++;
		}
	return hits;
}

/* Disabled harts, or harts with no S-mode, cannot take over. */
static void no_candidate(void **state)
{
	(void)state;
	struct blob b = load_fixture("virt12.dtb");
	/* QEMU writes status = "okay" on each cpu: make them all "fail". */
	assert_int_equal(patch_all(b.p, b.size, "okay", "fail") >= 12, 1);
	assert_int_equal(fdt_check(b.p, b.size), 0);
	assert_int_equal(boot_hart_pick(b.p, b.size, 9, MAX_HARTS), -1);
	free(b.p);

	b = load_fixture("virt12.dtb");
	unsigned mmus = patch_all(b.p, b.size, "riscv,sv57", "riscv,none");
	mmus += patch_all(b.p, b.size, "riscv,sv48", "riscv,none");
	mmus += patch_all(b.p, b.size, "riscv,sv39", "riscv,none");
	assert_true(mmus >= 12);
	assert_int_equal(boot_hart_pick(b.p, b.size, 9, MAX_HARTS), -1);
	free(b.p);
}

/* A tree that fails its check gives no hart, whatever it holds. */
static void broken_tree(void **state)
{
	(void)state;
	struct blob b = load_fixture("virt12.dtb");
	assert_int_equal(boot_hart_pick(b.p, b.size / 2, 9, MAX_HARTS), -1);
	assert_int_equal(boot_hart_pick(NULL, b.size, 9, MAX_HARTS), -1);
	b.p[0] ^= 0xff; /* magic */
	assert_int_equal(boot_hart_pick(b.p, b.size, 9, MAX_HARTS), -1);
	free(b.p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(predicates),
		cmocka_unit_test(sifive_u_picks_the_lowest_u54),
		cmocka_unit_test(virt12_picks_hart_0),
		cmocka_unit_test(no_candidate),
		cmocka_unit_test(broken_tree),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
