/*
 * Event names of rvbench.events=NAME[,NAME] and the SBI event each one
 * asks for (SBI spec, PMU chapter): the generic hardware events (type 0:
 * cycles, instructions, cache-misses, branch-misses, ...), the generic
 * cache events (type 1: CACHE-OP-RESULT, e.g. l1d-read-miss,
 * dtlb-read-miss) and raw:0xNNNN (type 2, the platform's mhpmevent
 * selector, passed as event_data). Shared by the firmware, which asks
 * for the events, and the option parser (config.c, both sides).
 */
#ifndef RVBENCH_PMU_EVENTS_H
#define RVBENCH_PMU_EVENTS_H

#include <stddef.h>
#include <stdint.h>

/* Events one run can select (and BENCH carries): a few, as on real
 * cores (the FU540's U54 has two programmable counters). */
#define PMU_EVENTS_MAX 4u
/* The longest event name ("stalled-cycles-frontend", "raw:0x...") */
#define PMU_EVENT_NAME_MAX 32u

/* event_idx of a raw event (type 2, code 0): its selector is event_data,
 * at most 48 bits on RV64 (SBI spec, PMU, "Hardware raw events"). */
#define PMU_EVENT_RAW_IDX (2u << 16)
#define PMU_EVENT_RAW_BITS 48u

struct pmu_event {
	uint32_t idx;  /* SBI event_idx: type << 16 | code */
	uint64_t data; /* event_data: the raw selector for type 2, else 0 */
};

/* The event called name; 0, or -1 for a name no table knows. */
int pmu_event_lookup(const char *name, struct pmu_event *out);

/*
 * Splits a comma-separated list into names[0..*n) (each at most
 * PMU_EVENT_NAME_MAX - 1 bytes, at most PMU_EVENTS_MAX of them, each
 * known to pmu_event_lookup, no name twice). 0, or -1 with *why.
 */
int pmu_events_parse(const char *list, char names[][PMU_EVENT_NAME_MAX], unsigned *n,
		     const char **why);

#endif
