/* The register frame boot/trap_vector.S saves, and the C trap entry. */
#ifndef RVBENCH_TRAP_H
#define RVBENCH_TRAP_H

#include <stdint.h>

struct trap_frame {
	uint64_t x[32]; /* x[0] unused; x[2] is the interrupted sp */
	uint64_t sepc;
	uint64_t pad;
};

void trap_handle(struct trap_frame *f);
/* While on, a breakpoint trap on the boot hart is stepped over, not a fault. */
void trap_set_skip_breakpoints(int on);
/* While set, supervisor timer interrupts on the boot hart go to hook. */
void trap_set_timer_hook(void (*hook)(void));

#endif
