/*
 * What the FDT reader's tests share (test_fdt, test_fdt_corrupt,
 * test_fdt_builder): a blob in a malloc() block of exactly its size, so
 * that ASan sees the first byte past it; QEMU's trees from
 * $RVBENCH_FIXTURES (see tests/run-all.sh):
 *   qemu-system-riscv64 -M sifive_u,dumpdtb=DIR/sifive_u.dtb -smp 5 -display none
 *   qemu-system-riscv64 -M virt,dumpdtb=DIR/virt.dtb -display none
 *   qemu-system-riscv64 -M virt,dumpdtb=DIR/virt12.dtb -smp 12 -display none
 * a walk that reads every node and property, and the table of nodes
 * (fdt_index.h) held against the plain reader's answers.
 */
#ifndef RVBENCH_FDT_FIXTURE_H
#define RVBENCH_FDT_FIXTURE_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fdt.h"
#include "fdt_index.h"

struct blob {
	uint8_t *p;
	size_t size;   /* = totalsize */
};

static inline void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

/* The table of the tree at fdt, in a table of the firmware's size. */
static inline int index_tree(struct fdt_index *ix, const void *fdt, size_t size)
{
	static struct fdt_node nodes[FDT_INDEX_MAX_NODES];
	return fdt_index_build(ix, fdt, size, nodes, FDT_INDEX_MAX_NODES, NULL);
}

/* The plain reader's offset for a table answer: the node's, or the error. */
static inline int ix_off(const struct fdt_index *ix, int i)
{
	return i < 0 ? i : ix->node[i].off;
}

/* A node's phandle by the plain reader: "phandle", else "linux,phandle"
 * (one cell each), else 0. */
static inline uint32_t plain_phandle(const void *fdt, int node)
{
	uint32_t ph;
	if (fdt_prop_u32(fdt, node, "phandle", &ph) && fdt_prop_u32(fdt, node, "linux,phandle", &ph))
		return 0;
	return ph;
}

/*
 * The table of nodes says what the plain reader says: fdt_index_build()
 * fails exactly when fdt_check() does, with its error; on a good tree
 * every node, parent, sibling, compatible, phandle, reg and path agrees.
 */
static inline void agree_index(const void *fdt, size_t size)
{
	static struct fdt_node nodes[FDT_INDEX_MAX_NODES];
	struct fdt_index ix;
	int rc = fdt_check(fdt, size);
	/* As the firmware builds it: a bigger tree's table from the heap. */
	assert_int_equal(fdt_index_build(&ix, fdt, size, nodes, FDT_INDEX_MAX_NODES, malloc), rc);
	if (rc) {
		assert_int_equal(ix.count, 0);
		assert_int_equal(fdt_index_path(&ix, "/"), FDT_ERR_BADMAGIC);
		return;
	}
	assert_true(ix.node == nodes || ix.count > FDT_INDEX_MAX_NODES);
	int depth = 0, i = 0;
	for (int n = fdt_path_offset(fdt, "/"); n >= 0; n = fdt_next_node(fdt, n, &depth), i++) {
		assert_true(i < ix.count);
		assert_int_equal(ix.node[i].off, n);
		assert_int_equal(fdt_index_of(&ix, n), i);
		assert_int_equal(fdt_index_of(&ix, n + 4), FDT_ERR_BADOFFSET);
		assert_int_equal(ix.node[i].parent < 0, i == 0);
		assert_int_equal(fdt_parent_offset(fdt, n), i == 0 ? FDT_ERR_NOTFOUND :
				 ix.node[ix.node[i].parent].off);
		int c = fdt_index_first_child(&ix, i);
		int sub = fdt_first_subnode(fdt, n);
		for (; c >= 0; c = ix.node[c].next, sub = fdt_next_subnode(fdt, sub))
			assert_int_equal(ix.node[c].off, sub);
		assert_int_equal(sub, FDT_ERR_NOTFOUND);

		int len, ilen;
		const void *compat = fdt_getprop(fdt, n, "compatible", &len);
		assert_ptr_equal(fdt_index_compatible_of(&ix, i, &ilen), compat);
		assert_int_equal(ilen, len);
		assert_int_equal(ix.node[i].phandle, plain_phandle(fdt, n));
		/* The first node that has n's phandle, found by the plain reader. */
		uint32_t ph = plain_phandle(fdt, n);
		if (ph) {
			int first = fdt_index_phandle(&ix, ph);
			assert_true(first >= 0 && first <= i);
			assert_int_equal(plain_phandle(fdt, ix.node[first].off), ph);
			for (int k = 0; k < first; k++)
				assert_int_not_equal(plain_phandle(fdt, ix.node[k].off), ph);
		}
		uint64_t a1 = 0, s1 = 0, a2 = 0, s2 = 0;
		assert_int_equal(fdt_index_reg(&ix, i, 0, &a1, &s1), fdt_get_reg(fdt, n, 0, &a2, &s2));
		assert_int_equal(a1, a2);
		assert_int_equal(s1, s2);
	}
	assert_int_equal(i, ix.count);

	static const char *const paths[] = {
		"/", "/chosen", "/cpus", "/memory", "/aliases", "/soc", "serial0",
		"serial0:115200n8", "/soc/serial@10010000", "/cpus/cpu@1/interrupt-controller",
		"/nonexistent", "nosuchalias", "/uart", "/uart@100", "", ":",
		/* Names that several children match: the first one counts. */
		"/soc/serial", "/cpus/cpu", "/a", "/a@1", "/a/a", "/b/a@2", "/a/b/a", "s", "t",
		"s/a", "t/b",
	};
	for (size_t k = 0; k < sizeof(paths) / sizeof(paths[0]); k++)
		assert_int_equal(ix_off(&ix, fdt_index_path(&ix, paths[k])),
				 fdt_path_offset(fdt, paths[k]));
	int chosen = fdt_path_offset(fdt, "/chosen");
	const char *out = chosen >= 0 ? fdt_prop_string(fdt, chosen, "stdout-path") : NULL;
	if (out)
		assert_int_equal(ix_off(&ix, fdt_index_path(&ix, out)), fdt_path_offset(fdt, out));

	static const char *const compats[] = {
		"sifive,uart0", "ns16550a", "sifive,fu540-c000-prci", "sifive,fu540-c000-ccache",
		"riscv", "fixed-clock", "nosuch,device",
	};
	for (size_t k = 0; k < sizeof(compats) / sizeof(compats[0]); k++) {
		int first = FDT_ERR_NOTFOUND;
		depth = 0;
		for (int n = fdt_path_offset(fdt, "/"); n >= 0; n = fdt_next_node(fdt, n, &depth))
			if (fdt_node_is_compatible(fdt, n, compats[k])) {
				first = n;
				break;
			}
		assert_int_equal(ix_off(&ix, fdt_index_compatible(&ix, compats[k])), first);
	}
	if (ix.node != nodes)
		free(ix.node);
}

/* QEMU pads the dumped file to 1 MiB; keep only totalsize bytes. */
static inline struct blob load_fixture(const char *name)
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
	agree_index(b.p, b.size);
	return b;
}

static inline uint8_t *dup_exact(const uint8_t *src, size_t n)
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
static inline int walk(const void *fdt, int node, int depth, int strict)
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
static inline void exercise(const void *fdt, int strict)
{
	int root = fdt_path_offset(fdt, "/");
	if (root < 0) {
		assert_false(strict);
		return;
	}
	int nodes = walk(fdt, root, 0, strict);
	/* The same tree in document order (what the firmware's searches use):
	 * as many nodes as the walk when the tree checked out, and always an
	 * end, since every step moves forward. */
	int depth = 0, linear = 0;
	for (int n = root, next; n >= 0; n = next) {
		next = fdt_next_node(fdt, n, &depth);
		assert_true(next < 0 || next > n); /* forward: the walk ends */
		linear++;
		if (strict)
			assert_true(linear <= nodes);
	}
	if (strict)
		assert_int_equal(linear, nodes);
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

#endif
