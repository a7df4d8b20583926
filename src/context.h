/*
 * The context of a run: the machine (core clock, caches, harts' ISA and
 * MMU), OpenSBI's version and how this image was built. Read once at boot
 * (context_init) and sent with each run (CTX and CPU records after RUN,
 * BUILD before TRAILER: emit.c),
 * so that a result can be compared only with results of the same kind of
 * machine built the same way.
 */
#ifndef RVBENCH_CONTEXT_H
#define RVBENCH_CONTEXT_H

#include "platform.h"
#include "records.h"

/* Reads the device tree's clock and cache nodes, their registers (each
 * read under the guard: a register that faults is "unknown") and the SBI
 * base extension. Call on the boot hart after platform_init(). */
void context_init(const struct platform *p);

/* The CTX record of the run (what is unknown is not present). */
const struct rec_ctx *context_machine(void);
/* The BUILD record: this image's commit, compiler and flags. */
const struct rec_build *context_build(void);

#endif
