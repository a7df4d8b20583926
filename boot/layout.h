/*
 * Memory layout constants shared by the entry code and C. The linker script
 * (linker/rvbench.ld) repeats HART_STACK_SIZE and MAX_HARTS and asserts
 * they agree with the symbols it places.
 */
#ifndef RVBENCH_LAYOUT_H
#define RVBENCH_LAYOUT_H

#define IMAGE_TEXT_OFFSET 0x200000 /* RAM base + 2 MiB, where OpenSBI jumps */
#define HART_STACK_SHIFT 14        /* 16 KiB of stack per hart */
#define HART_STACK_SIZE (1 << HART_STACK_SHIFT)
#define MAX_HARTS 8
#define TLS_BLOCK_SIZE 256 /* per-hart copy of picolibc's TLS */
#define SSTATUS_FS_INITIAL (1 << 13)

#endif
