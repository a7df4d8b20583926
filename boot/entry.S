/*
 * rvbench entry point. OpenSBI (fw_jump, fw_dynamic) or U-Boot's booti enters
 * here in S-mode with a0 = hart id and a1 = the device tree's address,
 * satp = 0 and interrupts off.
 *
 * The first 64 bytes are the RISC-V Linux Image header
 * (Documentation/riscv/boot-image-header.rst), so U-Boot's `booti` accepts
 * the raw build/rvbench.bin; loaded as an ELF through OpenSBI the header is
 * just a jump over itself.
 */
#include "layout.h"
#include "riscv.h"
#include "trap.h"

	.section .text.entry, "ax", %progbits
	.globl _start
_start:
	/* The header's offsets are fixed: no compressed instructions here. */
	.option push
	.option norvc
	j	boot_hart_entry		/* code0 */
	.word	0			/* code1 */
	.dword	IMAGE_TEXT_OFFSET	/* text_offset: image sits at RAM base + 2 MiB */
	.dword	__image_size		/* image_size, BSS, heap and stacks included */
	.dword	0			/* flags: little endian */
	.word	0x2			/* header version 0.2 */
	.word	0			/* res1 */
	.dword	0			/* res2 */
	.ascii	"RISCV\0\0\0"		/* magic (deprecated, still checked by some) */
	.ascii	"RSC\x05"		/* magic2 */
	.word	0			/* res3 */
	.option pop

/*
 * What every hart does first, boot hart or not (a0 = hart id; t0 is used,
 * and sp before it is set): no interrupts, sscratch = hart id, traps to
 * our vector, the FPU on, gp, and this hart's own stack. A hart id beyond
 * the stack table goes to `beyond` instead.
 */
.macro HART_SETUP beyond
	/* Interrupts stay off: nothing may preempt a measurement. Both
	 * switches: an earlier stage may hand over with sstatus.SIE set, and
	 * the sie bits rvbench enables only to wake wfi (src/harts.c) would
	 * then take traps. */
	csrw	sie, zero
	csrci	sstatus, SSTATUS_SIE
	/* sscratch holds the hart id: the trap handler and tracepoints tell
	 * the harts apart by it (a0 is the id; an earlier stage may have left
	 * anything in sscratch). */
	csrw	sscratch, a0
	/* The plain vector until the stack slot is known (a hart beyond
	 * the table keeps it: it has no slot to check sp against). */
	la	t0, trap_vector
	csrw	stvec, t0
	/* sstatus.FS = Initial: rv64gc code may use the FPU, and with
	 * FS = Off any FP instruction is an illegal instruction. */
	li	t0, SSTATUS_FS_INITIAL
	csrs	sstatus, t0
	.option push
	.option norelax
	la	gp, __global_pointer$
	.option pop
	li	t0, MAX_HARTS
	bgeu	a0, t0, \beyond
	/* This hart's own trap entry, which checks sp against this slot
	 * (boot/trap_vector.S). */
	la	t0, trap_entries
	slli	sp, a0, TRAP_ENTRY_SHIFT
	add	t0, t0, sp
	csrw	stvec, t0
	la	sp, __stacks_start
	addi	t0, a0, 1
	slli	t0, t0, HART_STACK_SHIFT
	add	sp, sp, t0
.endm

	.globl	boot_hart_entry
boot_hart_entry:
	HART_SETUP boot_hart_beyond

	/* Only the first hart here boots. OpenSBI 1.1's HSM start marks the
	 * hart start-pending before it stores the address to start at, so a
	 * hart that wakes in between leaves for the address of its previous
	 * start: this entry (seen twice under QEMU without -icount, a hart
	 * rvbench started banner-printing as a second boot hart and clearing
	 * the first one's BSS). A later hart here was sent to
	 * secondary_entry, and goes on as there. */
	la	t0, boot_claimed
	li	t1, 1
	amoswap.w.aq t1, t1, (t0)
	bnez	t1, secondary_started

	/* picolibc's TLS (errno): the boot hart uses the template in place. */
	la	tp, __tls_base

	/* Clear BSS (with .tbss) with the word memset (src/lib/string.c).
	 * The large buffers are not in it (.noinit, src/noinit.h). a0/a1 are
	 * kept for rvbench_main. */
	mv	s0, a0
	mv	s1, a1
	la	a0, __bss_start
	li	a1, 0
	la	a2, __bss_end
	sub	a2, a2, a0
	call	memset
	mv	a0, s0
	mv	a1, s1
	call	rvbench_main

	/* rvbench_main returns only where nothing can end the run (a board):
	 * park, leaving the UART readable. */
park:
	wfi
	j	park

/*
 * The SBI firmware entered rvbench on a hart with no stack slot (QEMU virt's
 * OpenSBI draws its boot hart among all harts): another hart takes over,
 * started at boot_hart_entry (platform/boot_handoff.c, on a stack of its
 * own; a0, a1 are still the hart id and the tree). Nothing was cleared or
 * set up yet; tp is a TLS block of its own too (the boot hart's is in BSS,
 * which the hart taking over clears).
 */
boot_hart_beyond:
	la	sp, boot_handoff_stack
	la	t0, boot_handoff_stack_size
	ld	t0, 0(t0)
	add	sp, sp, t0
	la	tp, boot_handoff_tls
	call	boot_hart_handoff
	j	park

/*
 * Where SBI HSM starts the other harts (src/harts.c): a0 = hart id,
 * a1 = opaque. The boot hart's set-up minus clearing BSS, which the boot
 * hart did and which now holds live data.
 */
	.globl	secondary_entry
secondary_entry:
	HART_SETUP park
secondary_started:
	/* tp: this hart's TLS block; harts_secondary_main fills it before
	 * anything can touch errno. */
	la	tp, __tls_blocks
	li	t0, TLS_BLOCK_SIZE
	mul	t0, t0, a0
	add	tp, tp, t0
	call	harts_secondary_main
	j	park

/* Set by the first hart at boot_hart_entry. In .data, not BSS: BSS is
 * cleared after the claim. Every boot loads the image anew (QEMU copies
 * it in again at each reset; a board's loader reads it from storage). */
	.section .data
	.balign	4
boot_claimed:
	.word	0
