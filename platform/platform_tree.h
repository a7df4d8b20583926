/*
 * Which of the device tree's RAM ranges and cpu nodes platform_init()
 * keeps (platform.c). Plain C on the table of nodes: the host unit tests
 * build it too (tests/unit/test_platform_tree.c).
 */
#ifndef RVBENCH_PLATFORM_TREE_H
#define RVBENCH_PLATFORM_TREE_H

#include <stdint.h>

struct fdt_index;

/*
 * The RAM range that holds addr (the image's start), among every reg entry
 * of every memory node under the root (device_type "memory"); when none
 * holds it, the first range of the first memory node that has one, as
 * before. 0, or FDT_ERR_NOTFOUND when the tree names no RAM.
 */
int platform_tree_memory(const struct fdt_index *ix, uint64_t addr, uint64_t *base,
			 uint64_t *size);

/* The next cpu node after table place i (-1: the first) among the
 * children of /cpus (place cpus): device_type "cpu" and a reg, its hart
 * id, that fits 32 bits; its place, or -1 after the last. */
int platform_tree_next_cpu(const struct fdt_index *ix, int cpus, int i, uint32_t *hartid);

/*
 * The cpu nodes to keep, at most max, in document order: every one whose
 * hart id is below low first (rvbench runs only on those: boot/layout.h's
 * MAX_HARTS), then the others while room is left. keep[] and ids[] get
 * their places and hart ids; the count kept is returned, and the cpu
 * nodes left out are counted in *beyond.
 */
unsigned platform_tree_cpus(const struct fdt_index *ix, int cpus, uint32_t low, int *keep,
			    uint32_t *ids, unsigned max, unsigned *beyond);

#endif
