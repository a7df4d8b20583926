/*
 * The RAM range and the cpu nodes platform_init() keeps (platform_tree.h).
 */
#include "platform_tree.h"

#include <string.h>

#include "fdt_index.h"

static int is_type(const struct fdt_index *ix, int i, const char *type)
{
	const char *s = fdt_prop_string(ix->fdt, fdt_index_off(ix, i), "device_type");
	return s && strcmp(s, type) == 0;
}

/*
 * A memory node may list several ranges, and a tree may have several
 * memory nodes: the first range is not always the one the image runs in
 * (a bank below it, RAM split around a hole). The arena (src/arena.c)
 * takes the RAM above the image in the range given, so the range must be
 * the image's: with the first one it found no RAM at all.
 */
int platform_tree_memory(const struct fdt_index *ix, uint64_t addr, uint64_t *base,
			 uint64_t *size)
{
	int found = 0;
	for (int n = fdt_index_first_child(ix, 0); n >= 0; n = ix->node[n].next) {
		if (!is_type(ix, n, "memory"))
			continue;
		uint64_t b, s;
		for (int k = 0; fdt_index_reg(ix, n, k, &b, &s) == 0; k++) {
			if (!found) {
				*base = b;
				*size = s;
				found = 1;
			}
			if (addr >= b && addr - b < s) {
				*base = b;
				*size = s;
				return 0;
			}
		}
	}
	return found ? 0 : FDT_ERR_NOTFOUND;
}

int platform_tree_next_cpu(const struct fdt_index *ix, int cpus, int i, uint32_t *hartid)
{
	for (i = i < 0 ? fdt_index_first_child(ix, cpus) : ix->node[i].next; i >= 0;
	     i = ix->node[i].next) {
		uint64_t id;
		/* Skips cpu-map and other helper nodes. A cpu's reg is its
		 * hart id (#address-cells of /cpus, 1). */
		if (!is_type(ix, i, "cpu") || fdt_index_reg(ix, i, 0, &id, NULL) || id > UINT32_MAX)
			continue;
		*hartid = (uint32_t)id;
		return i;
	}
	return -1;
}

/*
 * Low hart ids first: a tree may list its cpus in any order (descending
 * ids, or sockets interleaved), and slots spent on harts rvbench has no
 * stack for left out the ones it can run on, the boot hart among them.
 */
unsigned platform_tree_cpus(const struct fdt_index *ix, int cpus, uint32_t low, int *keep,
			    uint32_t *ids, unsigned max, unsigned *beyond)
{
	unsigned nlow = 0, n = 0;
	uint32_t id;
	*beyond = 0;
	for (int i = platform_tree_next_cpu(ix, cpus, -1, &id); i >= 0;
	     i = platform_tree_next_cpu(ix, cpus, i, &id))
		nlow += id < low;
	if (nlow > max)
		nlow = max;
	unsigned room_high = max - nlow, kept_low = 0, kept_high = 0;
	for (int i = platform_tree_next_cpu(ix, cpus, -1, &id); i >= 0;
	     i = platform_tree_next_cpu(ix, cpus, i, &id)) {
		int take = id < low ? kept_low < nlow : kept_high < room_high;
		if (!take) {
			(*beyond)++;
			continue;
		}
		if (id < low)
			kept_low++;
		else
			kept_high++;
		keep[n] = i;
		ids[n++] = id;
	}
	return n;
}
