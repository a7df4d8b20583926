/*
 * A small read-only flattened device tree (FDT, "DTB") reader.
 *
 * Why not libfdt: Debian ships libfdt only built for the host, not for a
 * freestanding riscv64-unknown-elf target, and we need perhaps a tenth of
 * it. This file is compiled twice: into the firmware and into the host unit
 * tests (tests/unit/test_fdt.c) under ASan and UBSan.
 *
 * Safety contract: the blob is untrusted. Call fdt_check() (or at least
 * fdt_check_header()) with the number of bytes the caller may read; after it
 * succeeded, no function here reads outside [fdt, fdt + totalsize), and a
 * corrupt blob gives a negative FDT_ERR_* code, never a crash or an endless
 * loop (every walk moves strictly forward through a bounded block).
 *
 * Nodes and properties are named by their byte offset in the structure
 * block, like libfdt: a node offset is >= 0, an error is < 0.
 */
#ifndef RVBENCH_FDT_H
#define RVBENCH_FDT_H

#include <stddef.h>
#include <stdint.h>

#define FDT_MAGIC        0xd00dfeedu
#define FDT_MAX_DEPTH    32   /* deeper nesting is treated as corrupt */

/* Errors: all negative so "rc < 0" means failure. */
#define FDT_ERR_NOTFOUND     (-1)  /* node or property does not exist */
#define FDT_ERR_BADPTR       (-2)  /* NULL blob */
#define FDT_ERR_TRUNCATED    (-3)  /* blob larger than the caller may read */
#define FDT_ERR_BADMAGIC     (-4)
#define FDT_ERR_BADVERSION   (-5)  /* version < 16 or last_comp_version > 17 */
#define FDT_ERR_BADLAYOUT    (-6)  /* header sizes/offsets out of range */
#define FDT_ERR_BADSTRUCTURE (-7)  /* bad token, unterminated name, overrun */
#define FDT_ERR_BADOFFSET    (-8)  /* offset is not a node/property */
#define FDT_ERR_TOODEEP      (-9)  /* nesting deeper than FDT_MAX_DEPTH */
#define FDT_ERR_BADVALUE     (-10) /* property has the wrong length/format */
#define FDT_ERR_NOSPACE      (-11) /* more nodes than the caller's table holds */

const char *fdt_strerror(int err);

/* Big-endian loads that need no alignment: the blob may sit anywhere. */
uint32_t fdt_ld32(const void *p);
/* Read a 1- or 2-cell number (e.g. one "reg" address). */
uint64_t fdt_read_cells(const void *p, int cells);

/* Header only: magic, version, totalsize <= max_size, blocks in range. */
int fdt_check_header(const void *fdt, size_t max_size);
/* Header plus one walk over every token of the structure block. */
int fdt_check(const void *fdt, size_t max_size);

/*
 * One node of the table fdt_check_nodes() fills: what a search of the
 * whole tree needs without walking it again (fdt_index.h). 16 bytes: the
 * table sits with the buffers start-up writes (linker/rvbench.ld.S).
 */
struct fdt_node {
	int32_t off;        /* its BEGIN_NODE token: the offset the calls here take */
	int16_t parent;     /* the parent's place in the table, -1 for the root */
	int16_t next;       /* the next sibling's place, -1 for the last child */
	int32_t compatible; /* its compatible PROP token's offset, -1 if none */
	uint32_t phandle;   /* "phandle", else "linux,phandle" (one cell); 0 if none */
};
/* The most nodes a table can name (its places are int16_t). */
#define FDT_NODES_MAX 32767
_Static_assert(sizeof(struct fdt_node) == 16, "fdt_index.h sizes its table at 16 bytes a node");

/* fdt_check() that also records every node in document order (parents
 * before children) in nodes[0..cap) and counts them in *count (when not
 * NULL): the table is whole when it returns 0; a tree that passes the
 * check with more than cap nodes gives FDT_ERR_NOSPACE. With nodes NULL
 * it only checks and counts. */
int fdt_check_nodes(const void *fdt, size_t max_size, struct fdt_node *nodes, int cap,
		    int *count);
uint32_t fdt_totalsize(const void *fdt);

/* "/soc/serial@10010000", "/cpus/cpu@1", "/memory" (matches "memory@..."),
 * or an alias such as "serial0" resolved through /aliases. The path ends at
 * the first ':' so a stdout-path like "serial0:115200n8" works as is. */
int fdt_path_offset(const void *fdt, const char *path);
int fdt_first_subnode(const void *fdt, int node);
int fdt_next_subnode(const void *fdt, int node);
/* The node after node in document order (its first child, else the next
 * node after its subtree), as libfdt's: *depth goes up one for a child and
 * down for each node closed; below 0 (the walk left the subtree of the
 * node it began at) or at the end of the tree, FDT_ERR_NOTFOUND. depth may
 * be NULL: the walk then goes on to the end of the tree. */
int fdt_next_node(const void *fdt, int node, int *depth);
int fdt_parent_offset(const void *fdt, int node);
const char *fdt_get_name(const void *fdt, int node, int *lenp);

/* Property value (and its length in *lenp), or NULL with *lenp = error. */
const void *fdt_getprop(const void *fdt, int node, const char *name, int *lenp);
/* Iterate over all properties of a node. */
int fdt_first_property(const void *fdt, int node);
int fdt_next_property(const void *fdt, int prop);
const void *fdt_getprop_by_offset(const void *fdt, int prop,
                                  const char **namep, int *lenp);

/* A property that is a NUL-terminated string, or NULL. */
const char *fdt_prop_string(const void *fdt, int node, const char *name);
/* Exactly one cell. */
int fdt_prop_u32(const void *fdt, int node, const char *name, uint32_t *out);
/* One or two cells (timebase-frequency may be either). */
int fdt_prop_u64(const void *fdt, int node, const char *name, uint64_t *out);

/* Is str one of the NUL-separated strings in list[0..len)? */
int fdt_stringlist_contains(const char *list, int len, const char *str);
int fdt_node_is_compatible(const void *fdt, int node, const char *compat);

/* The cell counts a node sets for its children (defaults 2 and 1). */
int fdt_address_cells(const void *fdt, int node);
int fdt_size_cells(const void *fdt, int node);
/* Entry `index` of node's "reg", decoded with its parent's cell counts. */
int fdt_get_reg(const void *fdt, int node, int index,
                uint64_t *addr, uint64_t *size);
/* The same for a caller that knows the parent: no walk to find it. */
int fdt_get_reg_in(const void *fdt, int parent, int node, int index,
		   uint64_t *addr, uint64_t *size);

/* fdt_path_offset() with another way to find a node's child by name: a
 * table of nodes (fdt_index.h) looks it up where the plain reader walks
 * the tokens. child(ctx, node, p, n) gives the offset of the child of node
 * that p[0..n) names (fdt_name_matches()), or an error. */
typedef int (*fdt_child_fn)(const void *ctx, int node, const char *p, size_t n);
int fdt_path_offset_with(const void *fdt, const char *path, fdt_child_fn child,
			 const void *ctx);
/* Does the path component p[0..n) name the node called name? "memory"
 * also matches "memory@80000000", as in the DT spec's unit-address rule. */
int fdt_name_matches(const char *name, const char *p, size_t n);

#endif
