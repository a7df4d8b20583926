/*
 * The FDT reader (platform/fdt.c) on little trees built by hand: a good
 * one read back exactly, then one corruption at a time (lengths, string
 * offsets, a block's size, a bad token, nesting) that fdt_check() must
 * refuse and no call may read past; the table of nodes on the same trees.
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
#include "test_main.h"

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

/* Allocators for the table of a tree bigger than the caller's. */
static void *allocated;
static size_t allocated_bytes;
static void *recorded_alloc(size_t bytes)
{
	allocated_bytes = bytes;
	return allocated = malloc(bytes);
}

static void *no_memory(size_t bytes)
{
	(void)bytes;
	return NULL;
}

/* The table of nodes (fdt_index.h) on the good tree and on trees with the
 * oddities it must read as the plain reader does: a property after a
 * child (fdt_getprop() does not look there), a name given twice (the first
 * counts), a phandle of the wrong size next to a linux,phandle. */
static void test_builder_index(void **state)
{
	(void)state;
	struct fdt_index ix;
	struct builder bld;
	b_good(&bld);
	struct blob b = b_finish(&bld);
	agree_index(b.p, b.size);
	assert_int_equal(index_tree(&ix, b.p, b.size), 0);
	assert_int_equal(ix.count, 4);
	int uart = fdt_index_path(&ix, "serial0:115200n8");
	assert_int_equal(uart, 3);
	assert_int_equal(fdt_index_path(&ix, "/uart"), uart);
	assert_int_equal(fdt_index_compatible(&ix, "ns16550a"), uart);
	assert_true(fdt_index_is_compatible(&ix, uart, "acme,uart"));
	assert_false(fdt_index_is_compatible(&ix, 0, "acme,uart"));
	uint64_t a, sz;
	assert_int_equal(fdt_index_reg(&ix, uart, 0, &a, &sz), 0);
	assert_int_equal(a, 0x100);
	assert_int_equal(sz, 0x20);
	assert_int_equal(fdt_index_reg(&ix, 0, 0, &a, &sz), FDT_ERR_NOTFOUND);
	assert_int_equal(fdt_index_first_child(&ix, 0), 1);
	assert_int_equal(ix.node[1].next, 2);
	assert_int_equal(ix.node[3].next, -1);
	assert_int_equal(fdt_index_first_child(&ix, 1), -1);

	/* More nodes than the table holds: refused, never written past, and
	 * the count says how many there are. Exactly as many fit. */
	struct fdt_node small[4];
	int count = -1;
	assert_int_equal(fdt_check_nodes(b.p, b.size, small, 3, &count), FDT_ERR_NOSPACE);
	assert_int_equal(count, 4);
	assert_int_equal(fdt_check_nodes(b.p, b.size, small, 3, NULL), FDT_ERR_NOSPACE);
	assert_int_equal(fdt_check_nodes(b.p, b.size, small, 4, &count), 0);
	assert_int_equal(count, 4);
	assert_int_equal(small[3].off, ix.node[3].off);
	assert_int_equal(fdt_check_nodes(b.p, b.size, NULL, 0, &count), 0);
	assert_int_equal(count, 4);
	assert_string_equal(fdt_strerror(FDT_ERR_NOSPACE), "too many nodes");
	/* A tree bigger than the caller's table gets one of its size from the
	 * allocator, when there is one that gives it. */
	struct fdt_index big;
	assert_int_equal(fdt_index_build(&big, b.p, b.size, small, 3, NULL), FDT_ERR_NOSPACE);
	assert_int_equal(big.count, 0);
	assert_int_equal(fdt_index_build(&big, b.p, b.size, small, 3, no_memory), FDT_ERR_NOSPACE);
	assert_int_equal(fdt_index_build(&big, b.p, b.size, small, 3, recorded_alloc), 0);
	assert_ptr_equal(big.node, allocated);
	assert_int_equal(allocated_bytes, 4 * sizeof(struct fdt_node));
	assert_int_equal(big.count, 4);
	assert_int_equal(fdt_index_path(&big, "serial0"), 3);
	assert_memory_equal(big.node, ix.node, 4 * sizeof(struct fdt_node));
	free(allocated);

	/* A broken tree too big for the table gets the check's error. */
	put32(b.p + 56 + b.size - 56 - fdt_ld32(b.p + 32) - 4, 2);  /* END -> END_NODE */
	assert_int_equal(fdt_check(b.p, b.size), FDT_ERR_BADSTRUCTURE);
	assert_int_equal(fdt_check_nodes(b.p, b.size, small, 3, &count), FDT_ERR_BADSTRUCTURE);
	free(b.p);

	uint8_t one[4] = { 0, 0, 0, 1 }, five[4] = { 0, 0, 0, 5 }, seven[4] = { 0, 0, 0, 7 };
	uint8_t two_cells[8] = { 0, 0, 0, 9, 0, 0, 0, 9 };
	memset(&bld, 0, sizeof(bld));
	b_begin(&bld, "");
	b_begin(&bld, "a");
	b_prop(&bld, "compatible", "first", 6);
	b_prop(&bld, "compatible", "second", 7);
	b_prop(&bld, "phandle", two_cells, 8);      /* wrong size: linux,phandle counts */
	b_prop(&bld, "linux,phandle", seven, 4);
	b_end(&bld);
	b_begin(&bld, "b");
	b_prop(&bld, "linux,phandle", one, 4);
	b_prop(&bld, "phandle", five, 4);           /* phandle wins, whatever the order */
	b_prop(&bld, "linux,phandle", seven, 4);
	b_begin(&bld, "c");
	b_end(&bld);
	b_prop(&bld, "compatible", "late", 5);      /* after a child: not the node's */
	b_end(&bld);
	b_begin(&bld, "d");
	b_prop(&bld, "phandle", five, 4);           /* a phandle twice: the first node's */
	b_end(&bld);
	b_end(&bld);
	b_u32(&bld, 9);
	b = b_finish(&bld);
	assert_int_equal(fdt_check(b.p, b.size), 0);
	agree_index(b.p, b.size);
	assert_int_equal(index_tree(&ix, b.p, b.size), 0);
	assert_int_equal(fdt_index_compatible(&ix, "first"), 1);
	assert_int_equal(fdt_index_compatible(&ix, "second"), FDT_ERR_NOTFOUND);
	assert_int_equal(fdt_index_compatible(&ix, "late"), FDT_ERR_NOTFOUND);
	assert_int_equal(fdt_index_phandle(&ix, 7), 1);
	assert_int_equal(fdt_index_phandle(&ix, 9), FDT_ERR_NOTFOUND);
	assert_int_equal(fdt_index_phandle(&ix, 5), 2);
	assert_int_equal(ix.node[4].phandle, 5);
	assert_int_equal(fdt_index_phandle(&ix, 1), FDT_ERR_NOTFOUND);
	assert_int_equal(fdt_index_phandle(&ix, 0), FDT_ERR_NOTFOUND);
	assert_int_equal(fdt_index_path(&ix, "/b/c"), 3);
	assert_int_equal(ix.node[3].parent, 2);
	free(b.p);

	/* As deep as the check allows: the table follows it to the bottom. */
	memset(&bld, 0, sizeof(bld));
	for (int i = 0; i < FDT_MAX_DEPTH; i++) {
		b_begin(&bld, "n");
		b_prop(&bld, "phandle", one, 4);
	}
	for (int i = 0; i < FDT_MAX_DEPTH; i++)
		b_end(&bld);
	b_u32(&bld, 9);
	b = b_finish(&bld);
	agree_index(b.p, b.size);
	assert_int_equal(index_tree(&ix, b.p, b.size), 0);
	assert_int_equal(ix.count, FDT_MAX_DEPTH);
	assert_int_equal(ix.node[FDT_MAX_DEPTH - 1].parent, FDT_MAX_DEPTH - 2);
	free(b.p);
}

/* ---- random odd trees --------------------------------------------------- */

static uint32_t lcg = 1;
static unsigned pick(unsigned n)
{
	lcg = lcg * 1103515245u + 12345u;
	return (lcg >> 16) % n;
}

/* A few properties, now and then a NOP among them: names start-up looks
 * for, given once, twice or not at all, one cell or not. */
static void random_props(struct builder *b)
{
	static const char *const names[] = { "compatible", "phandle", "linux,phandle", "reg",
					     "#address-cells", "#size-cells", "x", "s", "t" };
	static const char *const paths[] = { "/a", "/a@1", "/b/a", "/", "a" };
	for (unsigned k = pick(4); k > 0; k--) {
		if (pick(4) == 0)
			b_u32(b, 4); /* NOP */
		const char *name = names[pick(9)];
		uint8_t v[12] = { 0, 0, 0, (uint8_t)pick(4), 0, 0, 0, (uint8_t)pick(4), 0, 0, 0, 1 };
		if (!strcmp(name, "compatible")) {
			unsigned j = pick(3);
			b_prop(b, name, j == 0 ? "a\0b" : j == 1 ? "b" : "a", j == 0 ? 4 : 2);
		} else if (name[0] == 's' || name[0] == 't') {
			const char *p = paths[pick(5)];
			b_prop(b, name, p, strlen(p) + 1);
		} else {
			b_prop(b, name, v, 4 * pick(4));
		}
	}
}

/* Children per node: up to 3, or up to 8 in the wide trees that outgrow
 * the firmware's table. */
static unsigned fanout = 4;

static void random_node(struct builder *b, int depth, const char *name, int *nodes)
{
	static const char *const names[] = { "a", "a@1", "a@2", "b", "memory@0", "memory",
					     "aliases", "chosen", "cpus" };
	++*nodes;
	b_begin(b, name);
	random_props(b);
	for (unsigned k = depth < 4 ? pick(fanout) : 0; k > 0 && *nodes < 200; k--) {
		random_node(b, depth + 1, names[pick(9)], nodes);
		if (pick(3) == 0)
			random_props(b); /* after a child */
	}
	b_end(b);
}

/* 20,000 well-formed trees with every oddity the reader must take as it
 * comes (repeated names and phandles, NOPs, properties after children,
 * aliases, unit addresses): the table answers as the plain reader does,
 * from the firmware's own table or, past 128 nodes, from the heap. */
static void test_builder_random_trees(void **state)
{
	(void)state;
	static struct builder bld;
	int big = 0;
	for (int iter = 0; iter < 20000; iter++) {
		int nodes = 0;
		fanout = iter % 8 ? 4 : 9;
		memset(&bld, 0, sizeof(bld));
		if (pick(3) == 0)
			b_u32(&bld, 4);
		random_node(&bld, 0, "", &nodes);
		b_u32(&bld, 9);
		struct blob b = b_finish(&bld);
		assert_int_equal(fdt_check(b.p, b.size), 0);
		agree_index(b.p, b.size);
		big += nodes > FDT_INDEX_MAX_NODES;
		free(b.p);
	}
	print_message("random trees: %d of 20000 bigger than the firmware's table\n", big);
	assert_true(big > 100);
}

TEST_MAIN(cmocka_unit_test(test_builder_good),
	  cmocka_unit_test(test_builder_corrupt),
	  cmocka_unit_test(test_builder_index),
	  cmocka_unit_test(test_builder_random_trees))
