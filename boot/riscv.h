/*
 * The supervisor CSRs rvbench touches, their bits, and trap causes (RISC-V
 * privileged specification). Shared by the assembly in boot/ and by C.
 */
#ifndef RVBENCH_RISCV_H
#define RVBENCH_RISCV_H

#ifdef __ASSEMBLER__
#define RISCV_UL(x) x
#else
#define RISCV_UL(x) x##ul
#endif

/* sstatus */
#define SSTATUS_SIE RISCV_UL(0x2)           /* supervisor interrupts enabled */
#define SSTATUS_FS_INITIAL RISCV_UL(0x2000) /* FPU on, state clean */

/* sie / sip: one bit per supervisor interrupt, at its cause number */
#define IRQ_S_SOFT 1  /* software interrupt: an IPI */
#define IRQ_S_TIMER 5 /* timer interrupt: SBI TIME's deadline */
#define SIE_SSIE (RISCV_UL(1) << IRQ_S_SOFT)
#define SIE_STIE (RISCV_UL(1) << IRQ_S_TIMER)
#define SIP_SSIP (RISCV_UL(1) << IRQ_S_SOFT)

/* scause: the top bit says interrupt; the rest is the cause number */
#define SCAUSE_INTERRUPT (RISCV_UL(1) << 63)
#define EXC_BREAKPOINT 3

#ifndef __ASSEMBLER__
#define csr_read(csr)                                           \
	({                                                      \
		unsigned long v_;                               \
		__asm__ volatile("csrr %0, " #csr : "=r"(v_)); \
		v_;                                             \
	})
#define csr_write(csr, v) __asm__ volatile("csrw " #csr ", %0" : : "r"(v))
#define csr_set(csr, bits) __asm__ volatile("csrs " #csr ", %0" : : "r"(bits))
#define csr_clear(csr, bits) __asm__ volatile("csrc " #csr ", %0" : : "r"(bits))
#endif

#endif
