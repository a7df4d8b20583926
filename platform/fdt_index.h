/*
 * The device tree read once: a table of its nodes (fdt_check_nodes()),
 * each with its parent, its next sibling and the properties the whole
 * tree is searched by, so that start-up finds a path, a parent, a
 * compatible node or a phandle without walking the tree again. Linux does
 * the same at boot (it "unflattens" the tree). On QEMU's sifive_u tree,
 * reading it walk by walk took 464,000 emulated instructions, more than
 * half of what rvbench ran before its first sample; the table cut that
 * to 169,000 (docs/performance.md).
 *
 * Nodes are named by their place in the table (0 is the root); the
 * reader's calls (fdt.h) take fdt_index_off(ix, i). Errors are FDT_ERR_*.
 */
#ifndef RVBENCH_FDT_INDEX_H
#define RVBENCH_FDT_INDEX_H

#include <stddef.h>
#include <stdint.h>

#include "fdt.h"

/* The table start-up keeps for the tree, with room for this many nodes.
 * QEMU's sifive_u tree has 36 nodes at -smp 5, its virt tree 27 plus
 * three per hart (the cpu, its interrupt controller, its place in
 * cpu-map), 129 at 34 harts; the HiFive Unleashed's, with U-Boot's
 * additions, about 60. 2 KiB: it sits in the first 2 MiB with the image
 * and everything written before the first sample, where every byte is
 * spoken for (linker/rvbench.ld.S). A bigger tree gets a table of its
 * size from the caller's allocator. */
#define FDT_INDEX_MAX_NODES 128

struct fdt_index {
	const void *fdt;
	struct fdt_node *node;  /* node[0..count) */
	int count;
};

/*
 * fdt_check() of the max_size bytes at fdt, and its table of nodes in
 * nodes[0..cap), or, for a tree of more nodes, in alloc(bytes) when alloc
 * is not NULL. Returns 0, or the check's error, or FDT_ERR_NOSPACE when
 * the tree has more nodes than the caller gave room for.
 */
int fdt_index_build(struct fdt_index *ix, const void *fdt, size_t max_size,
		    struct fdt_node *nodes, int cap, void *(*alloc)(size_t bytes));

/* The offset of node i, for the reader's calls (fdt.h). */
static inline int fdt_index_off(const struct fdt_index *ix, int i)
{
	return ix->node[i].off;
}

/* The node at path, as fdt_path_offset() reads it, or an error. */
int fdt_index_path(const struct fdt_index *ix, const char *path);
/* The node whose BEGIN_NODE token is at offset off, or FDT_ERR_BADOFFSET. */
int fdt_index_of(const struct fdt_index *ix, int off);
/* Its first child, or -1. The next is ix->node[child].next. */
int fdt_index_first_child(const struct fdt_index *ix, int i);
/* The first node in document order compatible with compat, or
 * FDT_ERR_NOTFOUND. */
int fdt_index_compatible(const struct fdt_index *ix, const char *compat);
/* Node i's compatible list (*lenp bytes), or NULL with *lenp an error. */
const char *fdt_index_compatible_of(const struct fdt_index *ix, int i, int *lenp);
/* Is node i compatible with compat? */
int fdt_index_is_compatible(const struct fdt_index *ix, int i, const char *compat);
/* The first node whose phandle (else linux,phandle) is ph, or
 * FDT_ERR_NOTFOUND; 0, not a phandle, finds none. */
int fdt_index_phandle(const struct fdt_index *ix, uint32_t ph);
/* fdt_get_reg() of node i: its parent is in the table. */
int fdt_index_reg(const struct fdt_index *ix, int i, int index, uint64_t *addr, uint64_t *size);

#endif
