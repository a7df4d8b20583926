/*
 * Unit tests for platform/fdt.c, run under ASan and UBSan so that any read
 * outside the blob is a failure, not luck.
 *
 * Fixtures: real DTBs dumped by QEMU into $RVBENCH_FIXTURES:
 *   qemu-system-riscv64 -M sifive_u,dumpdtb=DIR/sifive_u.dtb -smp 5 -display none
 *   qemu-system-riscv64 -M virt,dumpdtb=DIR/virt.dtb -display none
 * Every blob under test is copied into a malloc() block of exactly the size
 * fdt_check() is told, so ASan sees the first byte past it.
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

/* ---- helpers ------------------------------------------------------------ */

struct blob {
	uint8_t *p;
	size_t size;   /* = totalsize */
};

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

/* QEMU pads the dumped file to 1 MiB; keep only totalsize bytes. */
static struct blob load_fixture(const char *name)
{
	const char *dir = getenv("RVBENCH_FIXTURES");
	if (!dir || !*dir)
		fail_msg("RVBENCH_FIXTURES is not set: it must name a directory "
		         "holding sifive_u.dtb and virt.dtb dumped by QEMU "
		         "(-M sifive_u,dumpdtb=DIR/sifive_u.dtb -smp 5; "
		         "-M virt,dumpdtb=DIR/virt.dtb)");
	char path[4096];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	FILE *f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot open fixture %s", path);
	uint8_t hdr[8];
	assert_int_equal(fread(hdr, 1, 8, f), 8);
	size_t total = fdt_ld32(hdr + 4);
	assert_true(total >= 40 && total < (1u << 20));
	struct blob b = { malloc(total), total };
	assert_non_null(b.p);
	rewind(f);
	assert_int_equal(fread(b.p, 1, total, f), total);
	fclose(f);
	assert_int_equal(fdt_check(b.p, b.size), 0);
	return b;
}

static uint8_t *dup_exact(const uint8_t *src, size_t n)
{
	uint8_t *p = malloc(n ? n : 1);
	assert_non_null(p);
	memcpy(p, src, n);
	return p;
}

/* Walk every node and read every property; return the number of nodes.
 * On a corrupt blob any call may fail, but never read out of bounds. With
 * strict set (the blob passed fdt_check) no call may report corruption. */
static unsigned long sink;
static int walk(const void *fdt, int node, int depth, int strict)
{
	int count = 1, len, rc;
	const char *name = fdt_get_name(fdt, node, &len);
	if (name)
		sink += strlen(name) + (size_t)len;
	else if (strict)
		fail_msg("get_name: %s", fdt_strerror(len));

	int prop;
	for (prop = fdt_first_property(fdt, node); prop >= 0;
	     prop = fdt_next_property(fdt, prop)) {
		const char *pname;
		const uint8_t *v = fdt_getprop_by_offset(fdt, prop, &pname, &len);
		assert_non_null(v);
		assert_true(len >= 0);
		for (int i = 0; i < len; i++)
			sink += v[i];
		assert_non_null(pname);
		/* Look it up by name too: exercises the name comparison. */
		const void *again = fdt_getprop(fdt, node, pname, &rc);
		assert_non_null(again);
	}
	if (strict)
		assert_int_equal(prop, FDT_ERR_NOTFOUND);

	uint32_t u32;
	uint64_t u64;
	(void)fdt_prop_u32(fdt, node, "#address-cells", &u32);
	(void)fdt_prop_u64(fdt, node, "clock-frequency", &u64);
	(void)fdt_address_cells(fdt, node);
	(void)fdt_size_cells(fdt, node);
	(void)fdt_node_is_compatible(fdt, node, "sifive,uart0");
	if (fdt_prop_string(fdt, node, "compatible"))
		sink++;

	/* fdt_check() rejects deeper trees; a corrupt one we just stop at. */
	if (depth >= FDT_MAX_DEPTH) {
		if (strict)
			fail_msg("walk deeper than FDT_MAX_DEPTH");
		return count;
	}
	int child;
	for (child = fdt_first_subnode(fdt, node); child >= 0;
	     child = fdt_next_subnode(fdt, child)) {
		assert_true(child > node);
		count += walk(fdt, child, depth + 1, strict);
	}
	if (strict)
		assert_int_equal(child, FDT_ERR_NOTFOUND);
	return count;
}

/* A few whole-tree lookups on top of walk(), as the firmware does them. */
static void exercise(const void *fdt, int strict)
{
	int root = fdt_path_offset(fdt, "/");
	if (root < 0) {
		assert_false(strict);
		return;
	}
	walk(fdt, root, 0, strict);
	int chosen = fdt_path_offset(fdt, "/chosen");
	const char *out = chosen >= 0 ? fdt_prop_string(fdt, chosen, "stdout-path") : NULL;
	int node = out ? fdt_path_offset(fdt, out) : FDT_ERR_NOTFOUND;
	if (node >= 0) {
		uint64_t a, s;
		(void)fdt_get_reg(fdt, node, 0, &a, &s);
		(void)fdt_parent_offset(fdt, node);
	}
	(void)fdt_path_offset(fdt, "serial0:115200n8");
	(void)fdt_path_offset(fdt, "/cpus/cpu@1/interrupt-controller");
	int mem = fdt_path_offset(fdt, "/memory");
	if (mem >= 0) {
		uint64_t a, s;
		(void)fdt_get_reg(fdt, mem, 0, &a, &s);
	}
}

/* Fixed-seed xorshift, so a failure reproduces. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint32_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state >> 32);
}

/* ---- a tiny blob builder for hand-made corruptions ---------------------- */

struct builder {
	uint8_t st[512];
	size_t nst;
	char strs[128];
	size_t nstrs;
};

static void b_u32(struct builder *b, uint32_t v)
{
	put32(b->st + b->nst, v);
	b->nst += 4;
}

static void b_bytes(struct builder *b, const void *p, size_t n)
{
	memcpy(b->st + b->nst, p, n);
	b->nst = (b->nst + n + 3) & ~(size_t)3;
}

static void b_begin(struct builder *b, const char *name)
{
	b_u32(b, 1);
	b_bytes(b, name, strlen(name) + 1);
}

static uint32_t b_str(struct builder *b, const char *s)
{
	uint32_t off = (uint32_t)b->nstrs;
	memcpy(b->strs + b->nstrs, s, strlen(s) + 1);
	b->nstrs += strlen(s) + 1;
	return off;
}

static void b_prop(struct builder *b, const char *name, const void *v, size_t n)
{
	b_u32(b, 3);
	b_u32(b, (uint32_t)n);
	b_u32(b, b_str(b, name));
	b_bytes(b, v, n);
}

static void b_end(struct builder *b) { b_u32(b, 2); }

/* Lay out header, empty reserve map, structure and strings blocks. */
static struct blob b_finish(const struct builder *b)
{
	size_t total = 40 + 16 + b->nst + b->nstrs;
	struct blob o = { calloc(1, total), total };
	assert_non_null(o.p);
	put32(o.p + 0, FDT_MAGIC);
	put32(o.p + 4, (uint32_t)total);
	put32(o.p + 8, 56);
	put32(o.p + 12, (uint32_t)(56 + b->nst));
	put32(o.p + 16, 40);
	put32(o.p + 20, 17);
	put32(o.p + 24, 16);
	put32(o.p + 32, (uint32_t)b->nstrs);
	put32(o.p + 36, (uint32_t)b->nst);
	memcpy(o.p + 56, b->st, b->nst);
	memcpy(o.p + 56 + b->nst, b->strs, b->nstrs);
	return o;
}

/* A good little tree: root with cells 1/1, /aliases, /chosen, /uart@100. */
static void b_good(struct builder *b)
{
	uint8_t one[4] = { 0, 0, 0, 1 };
	uint8_t reg[8] = { 0, 0, 1, 0, 0, 0, 0, 0x20 };
	memset(b, 0, sizeof(*b));
	b_begin(b, "");
	b_prop(b, "#address-cells", one, 4);
	b_prop(b, "#size-cells", one, 4);
	b_begin(b, "aliases");
	b_prop(b, "serial0", "/uart@100", 10);
	b_end(b);
	b_begin(b, "chosen");
	b_prop(b, "stdout-path", "serial0:115200n8", 17);
	b_end(b);
	b_begin(b, "uart@100");
	b_prop(b, "compatible", "acme,uart\0ns16550a", 19);
	b_prop(b, "reg", reg, 8);
	b_end(b);
	b_end(b);
	b_u32(b, 9);
}

/* ---- real device trees --------------------------------------------------- */

/* Node count of QEMU 7.2's sifive_u tree with -smp 5 (`dtc -O dts | grep -c {`). */
#define NODES_SIFIVE_U 36

static void test_sifive_u(void **state)
{
	(void)state;
	struct blob b = load_fixture("sifive_u.dtb");
	const void *fdt = b.p;

	int chosen = fdt_path_offset(fdt, "/chosen");
	assert_true(chosen >= 0);
	const char *out = fdt_prop_string(fdt, chosen, "stdout-path");
	assert_non_null(out);
	assert_string_equal(out, "/soc/serial@10010000");

	int uart = fdt_path_offset(fdt, out);
	assert_true(uart >= 0);
	assert_true(fdt_node_is_compatible(fdt, uart, "sifive,uart0"));
	assert_false(fdt_node_is_compatible(fdt, uart, "ns16550a"));
	assert_int_equal(fdt_path_offset(fdt, "serial0"), uart);
	assert_int_equal(fdt_path_offset(fdt, "serial0:115200n8"), uart);
	uint64_t base = 0, size = 0;
	assert_int_equal(fdt_get_reg(fdt, uart, 0, &base, &size), 0);
	assert_int_equal(base, 0x10010000);
	assert_int_equal(size, 0x1000);
	assert_int_equal(fdt_get_reg(fdt, uart, 1, &base, &size), FDT_ERR_NOTFOUND);
	int len;
	assert_string_equal(fdt_get_name(fdt, uart, &len), "serial@10010000");
	assert_int_equal(len, 15);
	assert_int_equal(fdt_get_name(fdt, fdt_parent_offset(fdt, uart), NULL)[0], 's');

	uint64_t tb = 0;
	int cpus = fdt_path_offset(fdt, "/cpus");
	assert_true(cpus >= 0);
	assert_int_equal(fdt_prop_u64(fdt, cpus, "timebase-frequency", &tb), 0);
	assert_int_equal(tb, 1000000);

	int mem = fdt_path_offset(fdt, "/memory");
	assert_true(mem >= 0);
	assert_string_equal(fdt_prop_string(fdt, mem, "device_type"), "memory");
	assert_int_equal(fdt_get_reg(fdt, mem, 0, &base, &size), 0);
	assert_int_equal(base, 0x80000000);
	assert_int_equal(size, 0x8000000);

	int harts = 0;
	for (int cpu = fdt_first_subnode(fdt, cpus); cpu >= 0;
	     cpu = fdt_next_subnode(fdt, cpu)) {
		const char *dt = fdt_prop_string(fdt, cpu, "device_type");
		if (!dt || strcmp(dt, "cpu") != 0)
			continue;
		uint32_t id;
		assert_int_equal(fdt_prop_u32(fdt, cpu, "reg", &id), 0);
		assert_int_equal(id, (uint32_t)harts);
		const char *mmu = fdt_prop_string(fdt, cpu, "mmu-type");
		if (id == 0)
			assert_null(mmu);   /* the E51 monitor core */
		else
			assert_non_null(mmu);
		harts++;
	}
	assert_int_equal(harts, 5);
	assert_int_equal(fdt_address_cells(fdt, cpus), 1);
	assert_int_equal(fdt_size_cells(fdt, cpus), 0);

	assert_int_equal(fdt_path_offset(fdt, "/nonexistent"), FDT_ERR_NOTFOUND);
	assert_int_equal(fdt_path_offset(fdt, "nosuchalias"), FDT_ERR_NOTFOUND);
	assert_null(fdt_getprop(fdt, uart, "nosuchprop", &len));
	assert_int_equal(len, FDT_ERR_NOTFOUND);
	assert_int_equal(walk(fdt, fdt_path_offset(fdt, "/"), 0, 1), NODES_SIFIVE_U);
	free(b.p);
}

static void test_virt(void **state)
{
	(void)state;
	struct blob b = load_fixture("virt.dtb");
	const void *fdt = b.p;
	int chosen = fdt_path_offset(fdt, "/chosen");
	const char *out = fdt_prop_string(fdt, chosen, "stdout-path");
	assert_non_null(out);
	int uart = fdt_path_offset(fdt, out);
	assert_true(uart >= 0);
	assert_true(fdt_node_is_compatible(fdt, uart, "ns16550a"));
	uint64_t base = 0, tb = 0;
	assert_int_equal(fdt_get_reg(fdt, uart, 0, &base, NULL), 0);
	assert_int_equal(base, 0x10000000);
	assert_int_equal(fdt_prop_u64(fdt, fdt_path_offset(fdt, "/cpus"),
	                              "timebase-frequency", &tb), 0);
	assert_int_equal(tb, 10000000);
	free(b.p);
}

/* ---- corruption ---------------------------------------------------------- */

static void test_truncation(void **state)
{
	(void)state;
	struct blob b = load_fixture("sifive_u.dtb");
	for (size_t n = 0; n < b.size; n++) {
		/* The caller may read only n bytes: must fail, whatever n. */
		uint8_t *p = dup_exact(b.p, n);
		assert_true(fdt_check(p, n) < 0);
		assert_true(fdt_check_header(p, n) < 0);
		/* Same bytes, but the header claims exactly n: must fail or
		 * stay inside the n bytes (ASan watches). */
		if (n >= 8) {
			put32(p + 4, (uint32_t)n);
			if (fdt_check_header(p, n) == 0)
				exercise(p, fdt_check(p, n) == 0);
		}
		free(p);
	}
	free(b.p);
}

static void expect_bad(const struct blob *b, size_t field, uint32_t v, int err)
{
	uint8_t *p = dup_exact(b->p, b->size);
	put32(p + field, v);
	assert_int_equal(fdt_check(p, b->size), err);
	free(p);
}

static void test_bad_header(void **state)
{
	(void)state;
	struct blob b = load_fixture("sifive_u.dtb");
	uint32_t total = (uint32_t)b.size;
	assert_int_equal(fdt_check(NULL, 100), FDT_ERR_BADPTR);
	expect_bad(&b, 0, 0xd00dfeee, FDT_ERR_BADMAGIC);
	expect_bad(&b, 0, 0xedfe0dd0, FDT_ERR_BADMAGIC);
	expect_bad(&b, 20, 15, FDT_ERR_BADVERSION);
	expect_bad(&b, 24, 18, FDT_ERR_BADVERSION);
	expect_bad(&b, 4, total + 1, FDT_ERR_TRUNCATED);
	expect_bad(&b, 4, 0xffffffff, FDT_ERR_TRUNCATED);
	expect_bad(&b, 4, 20, FDT_ERR_BADLAYOUT);
	expect_bad(&b, 8, total + 4, FDT_ERR_BADLAYOUT);       /* off_dt_struct */
	expect_bad(&b, 8, 0x10, FDT_ERR_BADLAYOUT);            /* inside header */
	expect_bad(&b, 8, 0x3a, FDT_ERR_BADLAYOUT);            /* unaligned */
	expect_bad(&b, 36, total, FDT_ERR_BADLAYOUT);          /* size_dt_struct */
	expect_bad(&b, 36, 0xfffffff0, FDT_ERR_BADLAYOUT);     /* wraps */
	expect_bad(&b, 12, total, FDT_ERR_BADLAYOUT);          /* off_dt_strings */
	expect_bad(&b, 12, 0xfffffff0, FDT_ERR_BADLAYOUT);
	expect_bad(&b, 32, 0xffffffff, FDT_ERR_BADLAYOUT);     /* size_dt_strings */
	expect_bad(&b, 16, total, FDT_ERR_BADLAYOUT);          /* off_mem_rsvmap */
	expect_bad(&b, 16, 0, FDT_ERR_BADLAYOUT);
	/* No END token: the walk runs off the end of the struct block. */
	uint32_t ss = fdt_ld32(b.p + 36);
	expect_bad(&b, 36, ss - 4, FDT_ERR_BADSTRUCTURE);
	free(b.p);
}

static void test_builder_good(void **state)
{
	(void)state;
	struct builder bld;
	b_good(&bld);
	struct blob b = b_finish(&bld);
	assert_int_equal(fdt_check(b.p, b.size), 0);
	int uart = fdt_path_offset(b.p, "serial0:115200n8");
	assert_int_equal(uart, fdt_path_offset(b.p, "/uart@100"));
	assert_int_equal(uart, fdt_path_offset(b.p, "/uart"));  /* unit-address rule */
	assert_true(uart >= 0);
	assert_true(fdt_node_is_compatible(b.p, uart, "ns16550a"));
	assert_true(fdt_node_is_compatible(b.p, uart, "acme,uart"));
	assert_false(fdt_node_is_compatible(b.p, uart, "ns16550"));
	uint64_t a, s;
	assert_int_equal(fdt_get_reg(b.p, uart, 0, &a, &s), 0);
	assert_int_equal(a, 0x100);
	assert_int_equal(s, 0x20);
	assert_int_equal(fdt_parent_offset(b.p, uart), 0);
	assert_int_equal(fdt_parent_offset(b.p, 0), FDT_ERR_NOTFOUND);
	assert_int_equal(fdt_parent_offset(b.p, uart + 4), FDT_ERR_BADOFFSET);
	assert_int_equal(fdt_first_subnode(b.p, 3), FDT_ERR_BADOFFSET);
	assert_int_equal(fdt_first_subnode(b.p, -5), FDT_ERR_BADOFFSET);
	assert_int_equal(fdt_first_subnode(b.p, 1 << 20), FDT_ERR_BADOFFSET);
	uint32_t v;
	assert_int_equal(fdt_prop_u32(b.p, uart, "compatible", &v), FDT_ERR_BADVALUE);
	assert_true(fdt_stringlist_contains("a\0bc", 5, "bc"));
	assert_false(fdt_stringlist_contains("a\0bc", 4, "bc"));  /* unterminated */
	assert_false(fdt_stringlist_contains("a\0bc", 5, "b"));
	assert_string_equal(fdt_strerror(FDT_ERR_TOODEEP), "too deep");
	assert_string_equal(fdt_strerror(-1000), "unknown error");
	free(b.p);
}

static void test_builder_corrupt(void **state)
{
	(void)state;
	struct builder bld;
	struct blob b;
	uint8_t one[4] = { 0, 0, 0, 1 };

	/* Node name that runs to the end of the struct block with no NUL;
	 * the strings block after it has NULs that must not be used. */
	memset(&bld, 0, sizeof(bld));
	b_begin(&bld, "");
	b_prop(&bld, "x", one, 4);
	b_u32(&bld, 1);
	memcpy(bld.st + bld.nst, "abcdefgh", 8);
	bld.nst += 8;
	b = b_finish(&bld);
	assert_int_equal(fdt_check(b.p, b.size), FDT_ERR_BADSTRUCTURE);
	assert_true(fdt_first_subnode(b.p, 0) < 0);
	assert_true(fdt_path_offset(b.p, "/abcdefgh") < 0);
	free(b.p);

	/* Property length running past the struct block, and wrapping. */
	uint32_t lens[] = { 0x1000, 0x7ffffffc, 0xfffffffc, 0xffffffff };
	for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		b_good(&bld);
		b = b_finish(&bld);
		put32(b.p + 56 + 8 + 4, lens[i]);   /* first prop's len */
		assert_int_equal(fdt_check(b.p, b.size), FDT_ERR_BADSTRUCTURE);
		int len;
		assert_null(fdt_getprop(b.p, 0, "#address-cells", &len));
		assert_true(len < 0);
		exercise(b.p, 0);
		free(b.p);
	}

	/* nameoff past the strings block, and at its very end. */
	uint32_t offs[] = { 0xffffffff, 0x1000, 0 };
	for (size_t i = 0; i < sizeof(offs) / sizeof(offs[0]); i++) {
		b_good(&bld);
		b = b_finish(&bld);
		uint32_t nstr = fdt_ld32(b.p + 32);
		put32(b.p + 56 + 8 + 8, offs[i] ? offs[i] : nstr);
		assert_int_equal(fdt_check(b.p, b.size), FDT_ERR_BADSTRUCTURE);
		exercise(b.p, 0);
		free(b.p);
	}

	/* Strings block whose last name has no NUL: shrink size_dt_strings
	 * by one so the final terminator falls outside it. */
	b_good(&bld);
	b = b_finish(&bld);
	put32(b.p + 32, fdt_ld32(b.p + 32) - 1);
	assert_int_equal(fdt_check(b.p, b.size), FDT_ERR_BADSTRUCTURE);
	exercise(b.p, 0);
	free(b.p);

	/* Unknown token. */
	b_good(&bld);
	b = b_finish(&bld);
	put32(b.p + 56 + 8, 7);
	assert_int_equal(fdt_check(b.p, b.size), FDT_ERR_BADSTRUCTURE);
	exercise(b.p, 0);
	free(b.p);

	/* Unbalanced: an END_NODE too many, and one too few. */
	memset(&bld, 0, sizeof(bld));
	b_begin(&bld, "");
	b_end(&bld);
	b_end(&bld);
	b_u32(&bld, 9);
	b = b_finish(&bld);
	assert_int_equal(fdt_check(b.p, b.size), FDT_ERR_BADSTRUCTURE);
	free(b.p);
	memset(&bld, 0, sizeof(bld));
	b_begin(&bld, "");
	b_begin(&bld, "a");
	b_end(&bld);
	b_u32(&bld, 9);
	b = b_finish(&bld);
	assert_int_equal(fdt_check(b.p, b.size), FDT_ERR_BADSTRUCTURE);
	assert_true(fdt_next_subnode(b.p, 0) < 0);
	exercise(b.p, 0);
	free(b.p);

	/* Nesting deeper than FDT_MAX_DEPTH. */
	memset(&bld, 0, sizeof(bld));
	for (int i = 0; i < FDT_MAX_DEPTH + 8; i++)
		b_begin(&bld, "");
	for (int i = 0; i < FDT_MAX_DEPTH + 8; i++)
		b_end(&bld);
	b_u32(&bld, 9);
	b = b_finish(&bld);
	assert_int_equal(fdt_check(b.p, b.size), FDT_ERR_TOODEEP);
	assert_int_equal(fdt_next_subnode(b.p, 0), FDT_ERR_TOODEEP);
	assert_int_equal(fdt_parent_offset(b.p, 8 * (FDT_MAX_DEPTH + 3)), FDT_ERR_TOODEEP);
	free(b.p);

	/* Alias pointing at a relative path or not terminated. */
	b_good(&bld);
	b = b_finish(&bld);
	int aliases = fdt_path_offset(b.p, "/aliases");
	int prop = fdt_first_property(b.p, aliases);
	assert_true(prop >= 0);
	uint8_t *val = b.p + 56 + prop + 12;
	val[0] = 'u';
	assert_int_equal(fdt_path_offset(b.p, "serial0"), FDT_ERR_BADVALUE);
	val[0] = '/';
	val[9] = 'x';
	assert_int_equal(fdt_path_offset(b.p, "serial0"), FDT_ERR_BADVALUE);
	free(b.p);
}

static void test_random_flips(void **state)
{
	(void)state;
	struct blob b = load_fixture("sifive_u.dtb");
	unsigned passed_check = 0, passed_header = 0;
	for (int iter = 0; iter < 20000; iter++) {
		uint8_t *p = dup_exact(b.p, b.size);
		/* One to four random bytes replaced; now and then only in the
		 * header, where a single flip changes the whole layout. */
		int flips = 1 + (int)(rng() % 4);
		for (int k = 0; k < flips; k++) {
			size_t at = (iter % 16 == 0) ? rng() % 40 : rng() % b.size;
			p[at] = (uint8_t)rng();
		}
		if (fdt_check_header(p, b.size) == 0) {
			passed_header++;
			int ok = fdt_check(p, b.size) == 0;
			passed_check += ok;
			exercise(p, ok);
		}
		free(p);
	}
	print_message("random flips: %u/20000 headers ok, %u fully valid\n",
	              passed_header, passed_check);
	assert_true(passed_header > 10000);
	free(b.p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sifive_u),
		cmocka_unit_test(test_virt),
		cmocka_unit_test(test_bad_header),
		cmocka_unit_test(test_builder_good),
		cmocka_unit_test(test_builder_corrupt),
		cmocka_unit_test(test_truncation),
		cmocka_unit_test(test_random_flips),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
