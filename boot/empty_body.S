/*
 * The calibration body: nothing but the return. Written in assembly so no
 * compiler can give it a different shape from the `empty` benchmark's or
 * add a register move that a real body would not pay.
 */
	.section .text.harness_empty_body, "ax", %progbits
	.globl	harness_empty_body
	.type	harness_empty_body, %function
harness_empty_body:
	ret
	.size	harness_empty_body, . - harness_empty_body
