/*
 * The floor of `make bench-boot`: a payload that prints one line through
 * the SBI console and resets the machine (SBI SRST cold reboot; QEMU run
 * with -no-reboot then exits). Booted by the same OpenSBI as rvbench, it
 * costs only what the SBI firmware and QEMU cost before any payload work.
 */
	.section .text.entry, "ax"
	.globl _start
_start:
	la	s0, line
1:	lbu	a0, 0(s0)
	beqz	a0, 2f
	li	a7, 0x01	/* legacy console_putchar */
	ecall
	addi	s0, s0, 1
	j	1b
2:	li	a7, 0x53525354	/* SRST */
	li	a6, 0		/* system_reset */
	li	a0, 1		/* cold reboot */
	li	a1, 0		/* no reason */
	ecall
3:	wfi
	j	3b

	.section .rodata
line:	.asciz "boot-floor: up\n"
