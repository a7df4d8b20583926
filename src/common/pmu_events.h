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

/* The selector of a raw event's name after "raw:": 0xHEX, either case,
 * leading zeros allowed ("0x1", "0x01" and "0X1" are one selector), at
 * most 16 significant digits (the firmware refuses more than
 * PMU_EVENT_RAW_BITS itself). 0, or -1. Inline, as pmu_raw_name(), so
 * that the host's decoder, which is also built without this header's
 * .c file (the fuzzers), spells raw events as the firmware does. */
static inline int pmu_raw_parse(const char *s, uint64_t *out)
{
	uint64_t v = 0;
	unsigned digits = 0;

	if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || !s[2])
		return -1;
	for (s += 2; *s; s++) {
		unsigned d;
		if (*s >= '0' && *s <= '9')
			d = (unsigned)(*s - '0');
		else if (*s >= 'a' && *s <= 'f')
			d = (unsigned)(*s - 'a' + 10);
		else if (*s >= 'A' && *s <= 'F')
			d = (unsigned)(*s - 'A' + 10);
		else
			return -1;
		if ((v || d) && ++digits > 16)
			return -1;
		v = v << 4 | d;
	}
	*out = v;
	return 0;
}

/* The one name of the raw event of selector v: raw:0x and lower-case hex
 * without leading zeros (raw:0x0 for 0); at most 23 bytes. By hand: the
 * firmware has no snprintf of 64-bit hex to rely on here. */
static inline void pmu_raw_name(uint64_t v, char out[PMU_EVENT_NAME_MAX])
{
	char hex[16];
	unsigned n = 0;

	do {
		hex[n++] = "0123456789abcdef"[v & 0xf];
		v >>= 4;
	} while (v);
	const char *p = "raw:0x";
	unsigned k = 0;
	while (*p)
		out[k++] = *p++;
	while (n)
		out[k++] = hex[--n];
	out[k] = '\0';
}

/* The event called name; 0, or -1 for a name no table knows. */
int pmu_event_lookup(const char *name, struct pmu_event *out);

/*
 * The one spelling of the event called name into out: a raw event as
 * raw:0x and its selector in lower-case hex without leading zeros
 * (raw:0x01, raw:0X1 and raw:0x0001 are all raw:0x1), any other name as
 * it is (each has one spelling). 0, or -1 for a name pmu_event_lookup
 * does not know or one of PMU_EVENT_NAME_MAX bytes or more.
 */
int pmu_event_canonical(const char *name, char out[PMU_EVENT_NAME_MAX]);

/*
 * Splits a comma-separated list into names[0..*n) (each at most
 * PMU_EVENT_NAME_MAX - 1 bytes, at most PMU_EVENTS_MAX of them, each
 * known to pmu_event_lookup and kept as pmu_event_canonical spells it,
 * no event twice however spelt). 0, or -1 with *why.
 */
int pmu_events_parse(const char *list, char names[][PMU_EVENT_NAME_MAX], unsigned *n,
		     const char **why);

#endif
