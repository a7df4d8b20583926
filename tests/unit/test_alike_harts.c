/*
 * Which harts one CPU record describes (platform_alike_harts(),
 * platform/platform.h; wire format 3's last=): a run of consecutive hart
 * ids whose cpus the tree describes alike, every field counted; a gap in
 * the ids, any one field that differs or an id that would wrap past
 * 2^32-1 ends it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "platform.h"
#include "test_main.h"

#define N 6

/* Harts ids[0..n), each a U54 as QEMU's sifive_u describes it, with the
 * L1 geometry of the HiFive Unleashed's tree. */
static void u54s(struct platform_hart *h, const uint32_t *ids, unsigned n)
{
	memset(h, 0, n * sizeof(*h));
	for (unsigned i = 0; i < n; i++) {
		h[i].hartid = ids[i];
		strncpy(h[i].cpu.isa, "rv64imafdc_zicsr_zifencei", sizeof(h[i].cpu.isa) - 1);
		strncpy(h[i].cpu.mmu, "riscv,sv39", sizeof(h[i].cpu.mmu) - 1);
		h[i].cpu.icache_size = 32768;
		h[i].cpu.icache_sets = 64;
		h[i].cpu.icache_block = 64;
		h[i].cpu.dcache_size = 32768;
		h[i].cpu.dcache_sets = 64;
		h[i].cpu.dcache_block = 64;
	}
}

/* The runs platform_alike_harts() cuts h[0..n) into, as "first-last,...". */
static void assert_runs(const struct platform_hart *h, unsigned n, const char *want)
{
	char got[128] = "";

	for (unsigned i = 0, j; i < n; i = j) {
		j = platform_alike_harts(h, n, i);
		assert_true(j > i && j <= n);
		snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s%u-%u", i ? "," : "",
			 (unsigned)h[i].hartid, (unsigned)h[j - 1].hartid);
	}
	assert_string_equal(got, want);
}

static void test_all_alike(void **state)
{
	static const uint32_t ids[] = { 1, 2, 3, 4 };
	struct platform_hart h[N];

	(void)state;
	u54s(h, ids, 4);
	assert_runs(h, 4, "1-4");
	assert_runs(h, 1, "1-1");
}

static void test_gap_in_ids(void **state)
{
	static const uint32_t ids[] = { 1, 2, 4, 5, 7 };
	struct platform_hart h[N];

	(void)state;
	u54s(h, ids, 5);
	assert_runs(h, 5, "1-2,4-5,7-7");
}

/* Descending ids are not a run either: last= counts up. */
static void test_descending(void **state)
{
	static const uint32_t ids[] = { 4, 3, 2 };
	struct platform_hart h[N];

	(void)state;
	u54s(h, ids, 3);
	assert_runs(h, 3, "4-4,3-3,2-2");
}

/* Each field of struct platform_cpu in turn differs on hart 3. */
static void test_any_field_ends_a_run(void **state)
{
	static const uint32_t ids[] = { 1, 2, 3, 4 };
	struct platform_hart h[N];

	(void)state;
	for (int field = 0; field < 9; field++) {
		u54s(h, ids, 4);
		struct platform_cpu *c = &h[2].cpu;
		switch (field) {
		case 0: c->isa[sizeof("rv64imafdc_zicsr_zifencei") - 2] = 'j'; break;
		case 1: strcpy(c->mmu, "riscv,sv48"); break;
		case 2: c->clock_hz = 1000000000; break;
		case 3: c->icache_size = 16384; break;
		case 4: c->icache_sets = 32; break;
		case 5: c->icache_block = 32; break;
		case 6: c->dcache_size = 8192; break;
		case 7: c->dcache_sets = 128; break;
		case 8: c->dcache_block = 128; break;
		}
		assert_runs(h, 4, "1-2,3-3,4-4");
	}
}

/* 2^32-1 then 0: not consecutive (the id does not wrap). */
static void test_no_wrap(void **state)
{
	static const uint32_t ids[] = { UINT32_MAX - 1, UINT32_MAX, 0 };
	struct platform_hart h[N];

	(void)state;
	u54s(h, ids, 3);
	assert_runs(h, 3, "4294967294-4294967295,0-0");
}

TEST_MAIN(cmocka_unit_test(test_all_alike), cmocka_unit_test(test_gap_in_ids),
	  cmocka_unit_test(test_descending), cmocka_unit_test(test_any_field_ends_a_run),
	  cmocka_unit_test(test_no_wrap))
