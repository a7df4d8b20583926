/*
 * Lookups in the table of nodes (fdt_index.h). The table comes from the
 * one walk of fdt_check_nodes(); everything here reads the blob through
 * the bounded calls of fdt.c.
 */
#include "fdt_index.h"

#include <string.h>

int fdt_index_build(struct fdt_index *ix, const void *fdt, size_t max_size,
		    struct fdt_node *nodes, int cap, void *(*alloc)(size_t bytes))
{
	int count = 0;
	ix->fdt = fdt;
	ix->node = nodes;
	ix->count = 0;
	int rc = fdt_check_nodes(fdt, max_size, nodes, cap, &count);
	if (rc == FDT_ERR_NOSPACE && alloc && count <= FDT_NODES_MAX) {
		/* A second walk, for big trees only (QEMU virt's from 34
		 * harts), rather than a table sized for them in every image. */
		struct fdt_node *big = alloc((size_t)count * sizeof(*big));
		if (big) {
			ix->node = big;
			rc = fdt_check_nodes(fdt, max_size, big, count, &count);
		}
	}
	if (rc == 0)
		ix->count = count;
	return rc;
}

int fdt_index_of(const struct fdt_index *ix, int off)
{
	/* Document order: the offsets ascend. */
	int lo = 0, hi = ix->count;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (ix->node[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < ix->count && ix->node[lo].off == off ? lo : FDT_ERR_BADOFFSET;
}

int fdt_index_first_child(const struct fdt_index *ix, int i)
{
	/* A node's first child, if any, comes right after it. */
	return i + 1 < ix->count && ix->node[i + 1].parent == i ? i + 1 : -1;
}

/* fdt_child_fn over the table: offsets in, offsets out. */
static int child_named(const void *ctx, int node, const char *p, size_t n)
{
	const struct fdt_index *ix = ctx;
	int i = fdt_index_of(ix, node);
	if (i < 0)
		return i;
	for (int c = fdt_index_first_child(ix, i); c >= 0; c = ix->node[c].next) {
		const char *name = fdt_get_name(ix->fdt, fdt_index_off(ix, c), NULL);
		if (name && fdt_name_matches(name, p, n))
			return fdt_index_off(ix, c);
	}
	return FDT_ERR_NOTFOUND;
}

int fdt_index_path(const struct fdt_index *ix, const char *path)
{
	if (!ix->count)
		return FDT_ERR_BADMAGIC;
	int off = fdt_path_offset_with(ix->fdt, path, child_named, ix);
	return off < 0 ? off : fdt_index_of(ix, off);
}

const char *fdt_index_compatible_of(const struct fdt_index *ix, int i, int *lenp)
{
	if (ix->node[i].compatible < 0) {
		*lenp = FDT_ERR_NOTFOUND;
		return NULL;
	}
	return fdt_getprop_by_offset(ix->fdt, ix->node[i].compatible, NULL, lenp);
}

int fdt_index_is_compatible(const struct fdt_index *ix, int i, const char *compat)
{
	int len;
	const char *list = fdt_index_compatible_of(ix, i, &len);
	return list && fdt_stringlist_contains(list, len, compat);
}

int fdt_index_compatible(const struct fdt_index *ix, const char *compat)
{
	for (int i = 0; i < ix->count; i++)
		if (fdt_index_is_compatible(ix, i, compat))
			return i;
	return FDT_ERR_NOTFOUND;
}

int fdt_index_phandle(const struct fdt_index *ix, uint32_t ph)
{
	for (int i = 0; ph && i < ix->count; i++)
		if (ix->node[i].phandle == ph)
			return i;
	return FDT_ERR_NOTFOUND;
}

int fdt_index_reg(const struct fdt_index *ix, int i, int index, uint64_t *addr, uint64_t *size)
{
	int parent = ix->node[i].parent;
	if (parent < 0)
		return FDT_ERR_NOTFOUND;  /* the root has no parent to give cells */
	return fdt_get_reg_in(ix->fdt, fdt_index_off(ix, parent), fdt_index_off(ix, i), index,
			      addr, size);
}
