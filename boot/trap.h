/*
 * The register frame boot/trap_vector.S saves, and the C trap entry. The
 * frame's size and offsets are defined here once, for the assembly and
 * the C struct alike (boot/trap.c checks that they agree).
 *
 * boot/ knows nothing above it: what a trap means to the rest of rvbench
 * (a benchmark's fault, another hart's IPI, a fatal error) is decided by
 * hooks that src/ registers with trap_set_hooks().
 */
#ifndef RVBENCH_TRAP_H
#define RVBENCH_TRAP_H

#define TRAP_FRAME_REG(n) ((n) * 8) /* x0..x31; x0's slot is unused */
#define TRAP_FRAME_SEPC (32 * 8)
#define TRAP_FRAME_SIZE (32 * 8 + 16) /* sepc and a pad keep sp 16-aligned */
/* Hart k's stvec: trap_entries + k * TRAP_ENTRY_SIZE (boot/trap_vector.S). */
#define TRAP_ENTRY_SHIFT 6
#define TRAP_ENTRY_SIZE (1 << TRAP_ENTRY_SHIFT)

#ifndef __ASSEMBLER__
#include <stdint.h>

struct trap_frame {
	uint64_t x[32]; /* x[0] unused; x[2] is the interrupted sp */
	uint64_t sepc;
	uint64_t pad;
};

struct trap_hooks {
	/* Any trap on a hart other than the boot hart. */
	void (*other_hart)(struct trap_frame *f, uint64_t scause, uint64_t stval);
	/* A trap on the boot hart that no hook below took: 1 if it was
	 * handled (the frame may now resume elsewhere). */
	int (*contain)(struct trap_frame *f, uint64_t scause, uint64_t stval);
	/* What nothing took: ends the run, never returns. */
	void (*fatal)(uint64_t scause, uint64_t sepc, uint64_t stval) __attribute__((noreturn));
};

/* Installs the hooks and names the boot hart (its hart id, as in sscratch). */
void trap_set_hooks(const struct trap_hooks *h, uint32_t boot_hart);

void trap_handle(struct trap_frame *f);
/* While on, a breakpoint trap on the boot hart is stepped over, not a fault. */
void trap_set_skip_breakpoints(int on);
/* While set, supervisor timer interrupts on the boot hart go to hook. */
void trap_set_timer_hook(void (*hook)(void));
#endif

#endif
