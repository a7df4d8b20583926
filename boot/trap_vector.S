/*
 * S-mode trap vector (direct mode). Saves every general register into a
 * struct trap_frame on the current stack, hands it to trap_handle() and, if
 * that returns, restores the (possibly edited) frame and resumes with sret.
 * Handlers that resume elsewhere (the guard, the breakpoint skip) edit
 * the frame's sepc.
 */
#include "trap.h"

	.section .text.trap, "ax", %progbits
	.align	2
	.globl	trap_vector
trap_vector:
	addi	sp, sp, -TRAP_FRAME_SIZE
	sd	x1, TRAP_FRAME_REG(1)(sp)
	sd	x3, TRAP_FRAME_REG(3)(sp)
	sd	x4, TRAP_FRAME_REG(4)(sp)
	sd	x5, TRAP_FRAME_REG(5)(sp)
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
	addi	t0, sp, TRAP_FRAME_SIZE	/* the interrupted sp */
	sd	t0, TRAP_FRAME_REG(2)(sp)
	csrr	t0, sepc
	sd	t0, TRAP_FRAME_SEPC(sp)

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
