/*
 * The kernel command line, /chosen/bootargs, whole: any length, read where
 * it lies in the device tree. The tree is never overwritten (the arena
 * leaves it out: arena_init), so the string stays valid for the run, and
 * no copy into a fixed buffer can cut a word in two and have the cut word
 * read as another, valid one.
 */
#ifndef RVBENCH_BOOTARGS_H
#define RVBENCH_BOOTARGS_H

#include <stddef.h>

struct fdt_index;

/*
 * /chosen/bootargs of the indexed tree, or "" when ix is NULL, there is
 * none or it holds no NUL-terminated string. *unread counts the bytes of
 * the property that are not in the returned string: those after its first
 * string (a hand-written tree's `bootargs = "a", "b";` is a list of
 * strings, and a kernel reads only the first) or the whole of a value
 * with no NUL. The caller says so: words dropped without a word would run
 * another experiment than the one asked for.
 */
const char *platform_bootargs(const struct fdt_index *ix, size_t *unread);

#endif
