/*
 * The kernel command line, /chosen/bootargs, whole: any length, read where
 * it lies in the device tree. The tree is never overwritten (the arena
 * leaves it out: arena_init), so the string stays valid for the run, and
 * no copy into a fixed buffer can cut a word in two and have the cut word
 * read as another, valid one.
 */
#ifndef RVBENCH_BOOTARGS_H
#define RVBENCH_BOOTARGS_H

struct fdt_index;

/* /chosen/bootargs of the indexed tree, or "" when ix is NULL, there is
 * none or it is not a NUL-terminated string. */
const char *platform_bootargs(const struct fdt_index *ix);

#endif
