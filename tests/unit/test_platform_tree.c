/*
 * The RAM range and the cpu nodes platform_init() keeps
 * (platform/platform_tree.c), on trees built by hand: a memory node with
 * several ranges, several memory nodes, RAM only below the image, cell
 * counts of 0 to 3; cpus listed in descending hart-id order, more of them
 * than rvbench has slots, helper nodes and hart ids that do not fit.
 * Under ASan and UBSan, as the other FDT tests.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fdt.h"
#include "fdt_blob_builder.h"
#include "fdt_fixture.h"
#include "fdt_index.h"
#include "layout.h"
#include "platform_tree.h"
#include "test_main.h"

/* ---- trees made by fdt_blob_builder.h ------------------------------------ */

static void t_string(struct builder *b, const char *name, const char *s)
{
	b_prop(b, name, s, strlen(s) + 1);
}

/* A property of n cells. */
static void t_cells(struct builder *b, const char *name, int n, const uint32_t *cells)
{
	uint8_t v[64];
	assert_true(n * 4 <= (int)sizeof(v));
	for (int i = 0; i < n; i++)
		put32(v + 4 * i, cells[i]);
	b_prop(b, name, v, (size_t)n * 4);
}

static void t_cell(struct builder *b, const char *name, uint32_t c)
{
	t_cells(b, name, 1, &c);
}

/* The tree ended (END token), laid out, and checked as the firmware's
 * reader and its index see it. */
static struct blob t_finish(struct builder *b)
{
	b_u32(b, 9);
	struct blob o = b_finish(b);
	assert_int_equal(fdt_check(o.p, o.size), 0);
	agree_index(o.p, o.size);
	return o;
}

static void index_of(struct fdt_index *ix, const struct blob *b)
{
	assert_int_equal(index_tree(ix, b->p, b->size), 0);
}

/* The root with its cell counts (< 0: the property left out). */
static void t_root(struct builder *b, int ac, int sc)
{
	memset(b, 0, sizeof(*b));
	b_begin(b, "");
	if (ac >= 0)
		t_cell(b, "#address-cells", (uint32_t)ac);
	if (sc >= 0)
		t_cell(b, "#size-cells", (uint32_t)sc);
}

/* A memory node of n reg cells. */
static void t_memory(struct builder *b, const char *name, int n, const uint32_t *reg)
{
	b_begin(b, name);
	t_string(b, "device_type", "memory");
	t_cells(b, "reg", n, reg);
	b_end(b);
}

/* ---- the RAM range ------------------------------------------------------- */

static void memory_of(const struct blob *b, int want_rc, uint64_t want_base, uint64_t want_size)
{
	struct fdt_index ix;
	uint64_t base = 0x1234, size = 0x5678;
	index_of(&ix, b);
	assert_int_equal(platform_tree_memory(&ix, PAYLOAD_BASE, &base, &size), want_rc);
	if (want_rc == 0) {
		assert_int_equal(base, want_base);
		assert_int_equal(size, want_size);
	}
}

static void memory_ranges(void **state)
{
	(void)state;
	struct builder b;
	struct blob o;

	/* One range, as QEMU writes it: that range. */
	t_root(&b, 2, 2);
	t_memory(&b, "memory@80000000", 4, (const uint32_t[]){ 0, 0x80000000, 0, 0x8000000 });
	b_end(&b);
	o = t_finish(&b);
	memory_of(&o, 0, 0x80000000, 0x8000000);
	free(o.p);

	/* Two ranges, the first below the image: the image's range (the
	 * first gave the arena no RAM at all). */
	t_root(&b, 2, 2);
	t_memory(&b, "memory@80000000", 8,
		 (const uint32_t[]){ 0, 0x80000000, 0, 0x100000, 0, 0x80100000, 0, 0x7f00000 });
	b_end(&b);
	o = t_finish(&b);
	memory_of(&o, 0, 0x80100000, 0x7f00000);
	free(o.p);

	/* Two memory nodes, a bank at 0 first; the image's is the second,
	 * with a range of 64-bit size. */
	t_root(&b, 2, 2);
	t_memory(&b, "memory@0", 4, (const uint32_t[]){ 0, 0, 0, 0x10000000 });
	b_begin(&b, "soc");
	b_end(&b);
	t_memory(&b, "memory@80000000", 4, (const uint32_t[]){ 0, 0x80000000, 1, 0 });
	b_end(&b);
	o = t_finish(&b);
	memory_of(&o, 0, 0x80000000, 0x100000000ull);
	free(o.p);

	/* RAM only below the image: the first range, as before (the arena
	 * then finds none above the image, which is the truth). */
	t_root(&b, 2, 2);
	t_memory(&b, "memory@80000000", 8,
		 (const uint32_t[]){ 0, 0x80000000, 0, 0x100000, 0, 0x80100000, 0, 0x100000 });
	b_end(&b);
	o = t_finish(&b);
	memory_of(&o, 0, 0x80000000, 0x100000);
	free(o.p);

	/* One-cell addresses and sizes (a 32-bit tree); a range that ends
	 * exactly at the image does not hold it. */
	t_root(&b, 1, 1);
	t_memory(&b, "memory@0", 2, (const uint32_t[]){ 0x7f000000, PAYLOAD_BASE - 0x7f000000 });
	t_memory(&b, "memory@80200000", 2, (const uint32_t[]){ PAYLOAD_BASE, 0x1000000 });
	b_end(&b);
	o = t_finish(&b);
	memory_of(&o, 0, PAYLOAD_BASE, 0x1000000);
	free(o.p);

	/* No cell counts at all: the defaults, 2 and 1. */
	t_root(&b, -1, -1);
	t_memory(&b, "memory@80000000", 3, (const uint32_t[]){ 0, 0x80000000, 0x4000000 });
	b_end(&b);
	o = t_finish(&b);
	memory_of(&o, 0, 0x80000000, 0x4000000);
	free(o.p);

	/* #size-cells 0: addresses only, sizes 0, no range holds anything:
	 * the first. */
	t_root(&b, 2, 0);
	t_memory(&b, "memory@80000000", 2, (const uint32_t[]){ 0, 0x80000000 });
	b_end(&b);
	o = t_finish(&b);
	memory_of(&o, 0, 0x80000000, 0);
	free(o.p);

	/* #address-cells 0 or 3, #size-cells 3: no reg can be read (a u64
	 * holds two cells): no RAM, never a wrong one. */
	static const int bad[][2] = { { 0, 2 }, { 3, 2 }, { 2, 3 } };
	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		t_root(&b, bad[k][0], bad[k][1]);
		t_memory(&b, "memory@80000000", 6, (const uint32_t[]){ 0, 0, 0x80000000, 0, 0, 1 });
		b_end(&b);
		o = t_finish(&b);
		memory_of(&o, FDT_ERR_NOTFOUND, 0, 0);
		free(o.p);
	}

	/* A reg whose length is no whole number of entries; a memory node
	 * without device_type; none at all. */
	t_root(&b, 2, 2);
	t_memory(&b, "memory@80000000", 3, (const uint32_t[]){ 0, 0x80000000, 0 });
	b_begin(&b, "memory@90000000");
	t_cells(&b, "reg", 4, (const uint32_t[]){ 0, 0x80000000, 0, 0x8000000 });
	b_end(&b);
	b_end(&b);
	o = t_finish(&b);
	memory_of(&o, FDT_ERR_NOTFOUND, 0, 0);
	free(o.p);
}

/* ---- the cpu nodes ------------------------------------------------------- */

/* /cpus with cpu nodes of the hart ids given, in that order, and a
 * cpu-map helper node among them. */
static struct blob cpus_tree(const uint32_t *ids, int n)
{
	struct builder b;
	char name[32];
	t_root(&b, 2, 2);
	b_begin(&b, "cpus");
	t_cell(&b, "#address-cells", 1);
	t_cell(&b, "#size-cells", 0);
	t_cell(&b, "timebase-frequency", 1000000);
	for (int i = 0; i < n; i++) {
		if (i == n / 2) {
			b_begin(&b, "cpu-map");
			b_end(&b);
		}
		snprintf(name, sizeof(name), "cpu@%x", ids[i]);
		b_begin(&b, name);
		t_string(&b, "device_type", "cpu");
		t_cell(&b, "reg", ids[i]);
		t_string(&b, "mmu-type", "riscv,sv39");
		b_end(&b);
	}
	b_end(&b);
	b_end(&b);
	return t_finish(&b);
}

/* platform_tree_cpus() of the tree of ids[0..n): the hart ids kept, in
 * order, and how many left out. */
static void kept(const uint32_t *ids, int n, unsigned max, const uint32_t *want, unsigned nwant,
		 unsigned want_beyond)
{
	struct blob o = cpus_tree(ids, n);
	struct fdt_index ix;
	int keep[MAX_HARTS];
	uint32_t got[MAX_HARTS];
	unsigned beyond = 99;
	index_of(&ix, &o);
	int cpus = fdt_index_path(&ix, "/cpus");
	assert_true(cpus >= 0);
	assert_true(max <= MAX_HARTS);
	unsigned k = platform_tree_cpus(&ix, cpus, MAX_HARTS, keep, got, max, &beyond);
	assert_int_equal(k, nwant);
	assert_int_equal(beyond, want_beyond);
	for (unsigned i = 0; i < k; i++) {
		assert_int_equal(got[i], want[i]);
		const char *type = fdt_prop_string(o.p, fdt_index_off(&ix, keep[i]), "device_type");
		assert_non_null(type);
		assert_string_equal(type, "cpu");
		uint64_t reg;
		assert_int_equal(fdt_index_reg(&ix, keep[i], 0, &reg, NULL), 0);
		assert_int_equal(reg, want[i]);
	}
	free(o.p);
}

static void cpus_kept(void **state)
{
	(void)state;
	/* QEMU virt at -smp 12, ascending: 0..7 kept, 8..11 left out, as
	 * before. */
	kept((const uint32_t[]){ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 }, 12, MAX_HARTS,
	     (const uint32_t[]){ 0, 1, 2, 3, 4, 5, 6, 7 }, 8, 4);
	/* The same harts listed downwards: still 0..7 (in the tree's order),
	 * not 11..4, which left out the boot hart and half the others. */
	kept((const uint32_t[]){ 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0 }, 12, MAX_HARTS,
	     (const uint32_t[]){ 7, 6, 5, 4, 3, 2, 1, 0 }, 8, 4);
	/* Room to spare: every node, high ids too, in the tree's order. */
	kept((const uint32_t[]){ 9, 0, 1 }, 3, MAX_HARTS, (const uint32_t[]){ 9, 0, 1 }, 3, 0);
	/* Less room than low ids: the first low ones, no high one. */
	kept((const uint32_t[]){ 12, 3, 40, 2, 1, 0 }, 6, 3, (const uint32_t[]){ 3, 2, 1 }, 3, 3);
	/* Room for one high id beside the low ones. */
	kept((const uint32_t[]){ 12, 3, 40, 2 }, 4, 3, (const uint32_t[]){ 12, 3, 2 }, 3, 1);
	/* The FU540: the E51 and four U54s. */
	kept((const uint32_t[]){ 0, 1, 2, 3, 4 }, 5, MAX_HARTS, (const uint32_t[]){ 0, 1, 2, 3, 4 },
	     5, 0);
}

/* Nodes that are no cpu, or whose hart id cannot be read or does not fit
 * 32 bits, are neither kept nor counted. */
static void cpus_odd_nodes(void **state)
{
	(void)state;
	struct builder b;
	t_root(&b, 2, 2);
	b_begin(&b, "cpus");
	t_cell(&b, "#address-cells", 2);
	t_cell(&b, "#size-cells", 0);
	b_begin(&b, "cpu@100000000");
	t_string(&b, "device_type", "cpu");
	t_cells(&b, "reg", 2, (const uint32_t[]){ 1, 0 });
	b_end(&b);
	b_begin(&b, "cpu@5");
	t_string(&b, "device_type", "cpu");
	t_cells(&b, "reg", 2, (const uint32_t[]){ 0, 5 });
	b_end(&b);
	b_begin(&b, "cpu@6");
	t_string(&b, "device_type", "cpu");
	t_cells(&b, "reg", 1, (const uint32_t[]){ 6 }); /* one cell of two */
	b_end(&b);
	b_begin(&b, "cpu@7");
	t_string(&b, "device_type", "cpu"); /* no reg */
	b_end(&b);
	b_begin(&b, "cpu@2");
	b_prop(&b, "device_type", "cpu", 3); /* not terminated */
	t_cells(&b, "reg", 2, (const uint32_t[]){ 0, 2 });
	b_end(&b);
	b_begin(&b, "interrupt-controller");
	t_cells(&b, "reg", 2, (const uint32_t[]){ 0, 3 });
	b_end(&b);
	b_end(&b);
	b_end(&b);
	struct blob o = t_finish(&b);
	struct fdt_index ix;
	int keep[MAX_HARTS];
	uint32_t ids[MAX_HARTS], id;
	unsigned beyond = 99;
	index_of(&ix, &o);
	int cpus = fdt_index_path(&ix, "/cpus");
	assert_int_equal(platform_tree_cpus(&ix, cpus, MAX_HARTS, keep, ids, MAX_HARTS, &beyond), 1);
	assert_int_equal(ids[0], 5);
	assert_int_equal(beyond, 0);
	int i = platform_tree_next_cpu(&ix, cpus, -1, &id);
	assert_int_equal(i, keep[0]);
	assert_int_equal(id, 5);
	assert_int_equal(platform_tree_next_cpu(&ix, cpus, i, &id), -1);
	free(o.p);

	/* /cpus with no children at all. */
	kept(NULL, 0, MAX_HARTS, NULL, 0, 0);
}

/* ---- hostile layouts ------------------------------------------------------ */

/* Blocks that overlap (strings inside the structure block, the reserve
 * map on top of it), a version 16 header (no size_dt_struct: the block
 * runs to the end of the blob) and an unterminated stdout-path: legal or
 * refused, every read stays in the blob (ASan) and nothing is misread. */
static void hostile_layouts(void **state)
{
	(void)state;
	struct builder b;
	t_root(&b, 2, 2);
	b_begin(&b, "chosen");
	b_prop(&b, "stdout-path", "serial0:115200n8", 16); /* no NUL */
	b_end(&b);
	t_memory(&b, "memory@80000000", 4, (const uint32_t[]){ 0, 0x80000000, 0, 0x8000000 });
	b_end(&b);
	struct blob o = t_finish(&b);
	struct fdt_index ix;
	index_of(&ix, &o);
	int chosen = fdt_index_path(&ix, "/chosen");
	assert_true(chosen >= 0);
	assert_null(fdt_prop_string(o.p, fdt_index_off(&ix, chosen), "stdout-path"));

	/* The strings block laid over the structure block's start: names
	 * read from there are whatever bytes lie there, bounded. */
	uint8_t *p = dup_exact(o.p, o.size);
	put32(p + 12, 56);
	put32(p + 32, (uint32_t)o.size - 56);
	agree_index(p, o.size);
	exercise(p, fdt_check(p, o.size) == 0);
	free(p);

	/* The reserve map on top of the structure block: never read. */
	p = dup_exact(o.p, o.size);
	put32(p + 16, 56);
	assert_int_equal(fdt_check(p, o.size), 0);
	exercise(p, 1);
	free(p);

	/* Version 16: the structure block runs over the strings to the end
	 * of the blob, which the END token stops short of. */
	p = dup_exact(o.p, o.size);
	put32(p + 20, 16);
	assert_int_equal(fdt_check(p, o.size), 0);
	agree_index(p, o.size);
	exercise(p, 1);
	uint64_t base, size;
	index_of(&ix, &(struct blob){ p, o.size });
	assert_int_equal(platform_tree_memory(&ix, PAYLOAD_BASE, &base, &size), 0);
	assert_int_equal(base, 0x80000000);
	free(p);

	/* Strings block of size 0 with names pointing into it: refused. */
	p = dup_exact(o.p, o.size);
	put32(p + 32, 0);
	assert_int_equal(fdt_check(p, o.size), FDT_ERR_BADSTRUCTURE);
	agree_index(p, o.size);
	exercise(p, 0);
	free(p);
	free(o.p);
}

/* QEMU's own trees: sifive_u's one memory range and five harts. */
static void qemu_trees(void **state)
{
	(void)state;
	struct blob o = load_fixture("sifive_u.dtb");
	struct fdt_index ix;
	uint64_t base, size;
	int keep[MAX_HARTS];
	uint32_t ids[MAX_HARTS];
	unsigned beyond;
	index_of(&ix, &o);
	assert_int_equal(platform_tree_memory(&ix, PAYLOAD_BASE, &base, &size), 0);
	assert_int_equal(base, 0x80000000);
	assert_int_equal(size, 0x8000000);
	int cpus = fdt_index_path(&ix, "/cpus");
	assert_int_equal(platform_tree_cpus(&ix, cpus, MAX_HARTS, keep, ids, MAX_HARTS, &beyond), 5);
	for (unsigned k = 0; k < 5; k++)
		assert_int_equal(ids[k], k);
	assert_int_equal(beyond, 0);
	free(o.p);

	o = load_fixture("virt12.dtb");
	index_of(&ix, &o);
	cpus = fdt_index_path(&ix, "/cpus");
	assert_int_equal(platform_tree_cpus(&ix, cpus, MAX_HARTS, keep, ids, MAX_HARTS, &beyond), 8);
	for (unsigned k = 0; k < 8; k++)
		assert_int_equal(ids[k], k);
	assert_int_equal(beyond, 4);
	free(o.p);
}

TEST_MAIN(cmocka_unit_test(memory_ranges), cmocka_unit_test(cpus_kept),
	  cmocka_unit_test(cpus_odd_nodes), cmocka_unit_test(hostile_layouts),
	  cmocka_unit_test(qemu_trees))
