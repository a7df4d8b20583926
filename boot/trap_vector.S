/*
 * S-mode trap vector (direct mode). Saves every general register into a
 * struct trap_frame on the current stack, hands it to trap_handle() and, if
 * that returns, restores the (possibly edited) frame and resumes with sret.
 * Handlers that resume elsewhere (the guard, the breakpoint skip) edit
 * the frame's sepc.
 *
 * A hart with a stack slot (hart id < MAX_HARTS) enters at its own entry
 * first (trap_entries, stvec set by boot/entry.S): a trap taken with sp
 * outside that slot (a benchmark broke sp, or ran its stack into memory
 * it may not write) would fault on its first save, and fault again at
 * each retry, forever. Such a trap saves its frame on the hart's
 * emergency stack instead, and is handled as any other: the guard ends
 * the benchmark with a FAULT record and the run goes on.
 */
#include "layout.h"
#include "trap.h"

#if MAX_HARTS > 32
#error "csrrwi below takes the hart id as a 5-bit immediate"
#endif

/*
 * Hart k's entry. The hart id is the only free 64 bits (sscratch), so
 * each hart has its own entry, which knows k and its slot's bounds as
 * constants. sp is the interrupted one: in the slot if it lies in
 * [bottom + TRAP_FRAME_SIZE, top], so that the frame fits; then the
 * state is as the trap left it and the plain vector goes on. If not, the
 * frame goes at the top of hart k's emergency stack, with the
 * interrupted sp in it (restored by sret, as on any trap).
 */
.macro TRAP_ENTRY k
	csrrw	t0, sscratch, t0	/* t0 free; sscratch keeps the interrupted t0 */
	la	t0, __stacks_start + (\k + 1) * HART_STACK_SIZE
	bltu	t0, sp, 1f		/* above the slot's top */
	la	t0, __stacks_start + \k * HART_STACK_SIZE + TRAP_FRAME_SIZE
	bltu	sp, t0, 1f		/* below it, or no room for a frame */
	csrrwi	t0, sscratch, \k	/* t0 back; sscratch the hart id again */
	j	trap_vector
1:	la	t0, __trap_stacks_start + (\k + 1) * TRAP_STACK_SIZE - TRAP_FRAME_SIZE
	sd	sp, TRAP_FRAME_REG(2)(t0)
	mv	sp, t0
	csrrwi	t0, sscratch, \k
	sd	t0, TRAP_FRAME_REG(5)(sp)
	j	trap_save
	/* the next entry's start; an entry grown past it fails to assemble
	 * ("attempt to move .org backwards"): TRAP_ENTRY_SIZE, boot/trap.h */
	.org	trap_entries + (\k + 1) * TRAP_ENTRY_SIZE
.endm

.macro TRAP_ENTRIES k
	TRAP_ENTRY \k
	.if	\k + 1 < MAX_HARTS
	TRAP_ENTRIES %(\k + 1)
	.endif
.endm

	.section .text.trap, "ax", %progbits
	.balign	TRAP_ENTRY_SIZE
	.globl	trap_entries
trap_entries:
	.option push
	.option norvc		/* every entry the same size: stvec = base + k * size */
	.option norelax		/* a `la` made gp-relative would trust the benchmark's gp */
	.altmacro
	TRAP_ENTRIES 0
	.noaltmacro
	.option pop

/* Harts without a slot (boot/entry.S's handoff) enter here directly. */
	.balign	4
	.globl	trap_vector
trap_vector:
	addi	sp, sp, -TRAP_FRAME_SIZE
	sd	x5, TRAP_FRAME_REG(5)(sp)
	addi	t0, sp, TRAP_FRAME_SIZE	/* the interrupted sp */
	sd	t0, TRAP_FRAME_REG(2)(sp)
trap_save:	/* the emergency path joins here: x2 and x5 saved */
	sd	x1, TRAP_FRAME_REG(1)(sp)
	sd	x3, TRAP_FRAME_REG(3)(sp)
	sd	x4, TRAP_FRAME_REG(4)(sp)
	sd	x6, TRAP_FRAME_REG(6)(sp)
	sd	x7, TRAP_FRAME_REG(7)(sp)
	sd	x8, TRAP_FRAME_REG(8)(sp)
	sd	x9, TRAP_FRAME_REG(9)(sp)
	sd	x10, TRAP_FRAME_REG(10)(sp)
	sd	x11, TRAP_FRAME_REG(11)(sp)
	sd	x12, TRAP_FRAME_REG(12)(sp)
	sd	x13, TRAP_FRAME_REG(13)(sp)
	sd	x14, TRAP_FRAME_REG(14)(sp)
	sd	x15, TRAP_FRAME_REG(15)(sp)
	sd	x16, TRAP_FRAME_REG(16)(sp)
	sd	x17, TRAP_FRAME_REG(17)(sp)
	sd	x18, TRAP_FRAME_REG(18)(sp)
	sd	x19, TRAP_FRAME_REG(19)(sp)
	sd	x20, TRAP_FRAME_REG(20)(sp)
	sd	x21, TRAP_FRAME_REG(21)(sp)
	sd	x22, TRAP_FRAME_REG(22)(sp)
	sd	x23, TRAP_FRAME_REG(23)(sp)
	sd	x24, TRAP_FRAME_REG(24)(sp)
	sd	x25, TRAP_FRAME_REG(25)(sp)
	sd	x26, TRAP_FRAME_REG(26)(sp)
	sd	x27, TRAP_FRAME_REG(27)(sp)
	sd	x28, TRAP_FRAME_REG(28)(sp)
	sd	x29, TRAP_FRAME_REG(29)(sp)
	sd	x30, TRAP_FRAME_REG(30)(sp)
	sd	x31, TRAP_FRAME_REG(31)(sp)
	csrr	t0, sepc
	sd	t0, TRAP_FRAME_SEPC(sp)

	/* The handler is the image's C, which the linker may have made
	 * address globals gp-relative: it gets the image's gp, whatever the
	 * interrupted code left there (the frame keeps that, for sret). */
	.option push
	.option norelax
	la	gp, __global_pointer$
	.option pop
	mv	a0, sp
	call	trap_handle

	ld	t0, TRAP_FRAME_SEPC(sp)
	csrw	sepc, t0
	ld	x1, TRAP_FRAME_REG(1)(sp)
	ld	x3, TRAP_FRAME_REG(3)(sp)
	ld	x4, TRAP_FRAME_REG(4)(sp)
	ld	x5, TRAP_FRAME_REG(5)(sp)
	ld	x6, TRAP_FRAME_REG(6)(sp)
	ld	x7, TRAP_FRAME_REG(7)(sp)
	ld	x8, TRAP_FRAME_REG(8)(sp)
	ld	x9, TRAP_FRAME_REG(9)(sp)
	ld	x10, TRAP_FRAME_REG(10)(sp)
	ld	x11, TRAP_FRAME_REG(11)(sp)
	ld	x12, TRAP_FRAME_REG(12)(sp)
	ld	x13, TRAP_FRAME_REG(13)(sp)
	ld	x14, TRAP_FRAME_REG(14)(sp)
	ld	x15, TRAP_FRAME_REG(15)(sp)
	ld	x16, TRAP_FRAME_REG(16)(sp)
	ld	x17, TRAP_FRAME_REG(17)(sp)
	ld	x18, TRAP_FRAME_REG(18)(sp)
	ld	x19, TRAP_FRAME_REG(19)(sp)
	ld	x20, TRAP_FRAME_REG(20)(sp)
	ld	x21, TRAP_FRAME_REG(21)(sp)
	ld	x22, TRAP_FRAME_REG(22)(sp)
	ld	x23, TRAP_FRAME_REG(23)(sp)
	ld	x24, TRAP_FRAME_REG(24)(sp)
	ld	x25, TRAP_FRAME_REG(25)(sp)
	ld	x26, TRAP_FRAME_REG(26)(sp)
	ld	x27, TRAP_FRAME_REG(27)(sp)
	ld	x28, TRAP_FRAME_REG(28)(sp)
	ld	x29, TRAP_FRAME_REG(29)(sp)
	ld	x30, TRAP_FRAME_REG(30)(sp)
	ld	x31, TRAP_FRAME_REG(31)(sp)
	ld	x2, TRAP_FRAME_REG(2)(sp)
	sret
