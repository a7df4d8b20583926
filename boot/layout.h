/*
 * The memory layout, defined once: the entry code, C and the linker script
 * (linker/rvbench.ld.S, run through the C preprocessor into
 * $(BUILD)/rvbench.ld) all take it from here. Plain integer expressions
 * only: the linker reads them too.
 *
 * OpenSBI's fw_jump enters the payload in S-mode at RAM base + 2 MiB and
 * places the device tree 32 MiB above that, so everything rvbench owns
 * (image, BSS, heap, TLS blocks, stacks) lives in between.
 */
#ifndef RVBENCH_LAYOUT_H
#define RVBENCH_LAYOUT_H

#define RAM_BASE 0x80000000
#define IMAGE_TEXT_OFFSET 0x200000 /* where OpenSBI jumps, from RAM base */
#define PAYLOAD_BASE (RAM_BASE + IMAGE_TEXT_OFFSET) /* fw_jump's FW_JUMP_ADDR */
#define FDT_FLOOR 0x82200000       /* fw_jump's FW_JUMP_FDT_ADDR */

#define HEAP_SIZE 0x800000         /* 8 MiB for picolibc's malloc */
#define MAX_HARTS 8                /* hart ids 0..7 get a stack and a TLS block */
#define HART_STACK_SHIFT 14        /* 16 KiB of stack per hart */
#define HART_STACK_SIZE (1 << HART_STACK_SHIFT)
#define TRAP_STACK_SIZE 4096       /* per hart: traps taken with sp outside its stack */
#define TLS_BLOCK_SIZE 256         /* per-hart copy of picolibc's TLS */
#define TLS_BLOCK_ALIGN 64         /* each block's alignment */

#endif
