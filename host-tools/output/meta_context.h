/*
 * A run's context in meta.json: the machine (clock, L2, each hart's ISA,
 * MMU and L1), the SBI implementation and the firmware's build, from the
 * CTX, CPU and BUILD lines. What the firmware did not send is "unknown";
 * a run none of whose lines arrived has "context": null (older firmware,
 * or, in wire format 2 and later, all three kinds lost: the header's fmt
 * tells which), one whose record a conflict took out has its values as
 * "unknown".
 * docs/methodology.md lists every field and where it comes from.
 */
#ifndef RVBENCH_META_CONTEXT_H
#define RVBENCH_META_CONTEXT_H

#include <jansson.h>

#include "collector.h"

/* 1 when r's firmware sends CTX, CPU and BUILD (wire format 2 and later:
 * they came before it), so that their absence is a loss, not older
 * firmware. */
int meta_context_expected(const struct coll_run *r);

/* The value of the run's "context" (an object, or null); NULL when out of
 * memory. */
json_t *meta_context(const struct coll_run *r);

#endif
