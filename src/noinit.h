/*
 * NOINIT(rank): a buffer that every run writes before it reads it, left
 * out of BSS so that boot/entry.S does not clear it. The linker script
 * (linker/rvbench.ld.S) lays such buffers out in the order of their ranks
 * (two digits, compared as text): the ones the first blocks write first,
 * so that a short run touches as few 2 MiB regions of RAM as it can.
 */
#ifndef RVBENCH_NOINIT_H
#define RVBENCH_NOINIT_H

#define NOINIT(rank) __attribute__((section(".noinit." #rank)))

#endif
