/*
 * One run of rvbench: from the boot hart's C entry (src/main.c) through the
 * benchmarks (src/run.c) to the end of the run (src/exit.c).
 */
#ifndef RVBENCH_RUN_H
#define RVBENCH_RUN_H

#include <stdint.h>

#include "config.h"
#include "platform.h"

#define RVBENCH_VERSION "0.1.0"

enum run_status { RUN_OK, RUN_VERIFY_FAILED, RUN_FAULT };

/* Called by boot/entry.S on the boot hart: a0 = hart id, a1 = FDT. */
void rvbench_main(unsigned long hartid, const void *fdt);

/* The platform the runs describe in their header (src/main.c). */
void run_init(const struct platform *p);
/* One whole run under configuration c: RUN header to TRAILER (src/run.c). */
void run_all(const struct config *c);
/* Whether a block of the last run failed. */
int run_failed(void);

/* How run_exit() leaves (rvbench.exit=); src/exit.c. */
void run_set_exit_mode(enum exit_mode m);

/* SBI cold reboot (returns only where that is not supported). */
void run_reboot(void);

/* A trap ended the run: report it and leave (never returns). */
void run_fault(uint64_t scause, uint64_t sepc, uint64_t stval) __attribute__((noreturn));

/* Ends the run the way rvbench.exit= says; parks if that fails. */
void run_exit(enum run_status status) __attribute__((noreturn));

#endif
