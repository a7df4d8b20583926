/*
 * The benchmarks' memory: one bump allocator over the largest stretch of RAM
 * that nothing else uses (not the image, not the device tree). Reset after
 * every benchmark, so a working set is as large as RAM allows and nothing
 * leaks from one benchmark into the next.
 */
#ifndef RVBENCH_ARENA_H
#define RVBENCH_ARENA_H

#include <stddef.h>
#include <stdint.h>

/* Picks the region from the memory node, avoiding the image and the FDT. */
void arena_init(uint64_t mem_base, uint64_t mem_size, uint64_t fdt, uint64_t fdt_size);
void *arena_alloc(size_t size, size_t align);
size_t arena_free_bytes(void);
uint64_t arena_base(void);
uint64_t arena_size(void);
/* Everything allocated since arena_mark() is released by arena_release(). */
size_t arena_mark(void);
void arena_release(size_t mark);

#endif
