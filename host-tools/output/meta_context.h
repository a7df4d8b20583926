/*
 * A run's context in meta.json: the machine (clock, L2, each hart's ISA,
 * MMU and L1), the SBI implementation and the firmware's build, from the
 * CTX, CPU and BUILD lines. What the firmware did not send is "unknown";
 * a run without those lines (older firmware) has "context": null.
 * docs/methodology.md lists every field and where it comes from.
 */
#ifndef RVBENCH_META_CONTEXT_H
#define RVBENCH_META_CONTEXT_H

#include <stdio.h>

#include "collector.h"

/* Writes `      "context": ...,\n`; 0, or -1 on a write error. */
int meta_context_write(FILE *f, const struct coll_run *r);

#endif
