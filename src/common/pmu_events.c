/* Event names to SBI events (pmu_events.h). */
#include "pmu_events.h"

#include <string.h>

/* Type 0, codes 1..10 in this order (SBI_PMU_HW_*). */
static const char *const hw_names[] = {
	"cycles", "instructions", "cache-references", "cache-misses", "branches",
	"branch-misses", "bus-cycles", "stalled-cycles-frontend", "stalled-cycles-backend",
	"ref-cycles",
};
/* Type 1: code = cache << 3 | op << 1 | result (SBI_PMU_HW_CACHE_*). */
static const char *const cache_names[] = { "l1d", "l1i", "ll", "dtlb", "itlb", "bpu", "node" };
static const char *const op_names[] = { "read", "write", "prefetch" };
static const char *const result_names[] = { "access", "miss" };

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* The index in names of the word s starts with (up to the next '-' or
 * the end), and *rest: what follows it (its '-' or the end); -1: none. */
static int word(const char *s, const char *const *names, unsigned n, const char **rest)
{
	size_t len = strcspn(s, "-");

	for (unsigned i = 0; i < n; i++)
		if (strlen(names[i]) == len && !strncmp(s, names[i], len)) {
			*rest = s + len;
			return (int)i;
		}
	return -1;
}

int pmu_event_lookup(const char *name, struct pmu_event *out)
{
	const char *rest;

	for (unsigned i = 0; i < COUNT(hw_names); i++)
		if (!strcmp(name, hw_names[i])) {
			*out = (struct pmu_event){ .idx = i + 1, .data = 0 };
			return 0;
		}
	if (!strncmp(name, "raw:", 4)) {
		/* SBI_PMU_EVENT_TYPE_RAW, code 0: the selector is event_data */
		*out = (struct pmu_event){ .idx = PMU_EVENT_RAW_IDX, .data = 0 };
		return pmu_raw_parse(name + 4, &out->data);
	}
	/* CACHE-OP-RESULT, each word from its table */
	int cache = word(name, cache_names, COUNT(cache_names), &rest);
	if (cache < 0 || *rest != '-')
		return -1;
	int op = word(rest + 1, op_names, COUNT(op_names), &rest);
	if (op < 0 || *rest != '-')
		return -1;
	int result = word(rest + 1, result_names, COUNT(result_names), &rest);
	if (result < 0 || *rest)
		return -1;
	*out = (struct pmu_event){
		.idx = 1u << 16 | (uint32_t)cache << 3 | (uint32_t)op << 1 | (uint32_t)result,
		.data = 0,
	};
	return 0;
}

int pmu_event_canonical(const char *name, char out[PMU_EVENT_NAME_MAX])
{
	struct pmu_event e;
	size_t len = strlen(name);

	if (len >= PMU_EVENT_NAME_MAX || pmu_event_lookup(name, &e))
		return -1;
	if (e.idx == PMU_EVENT_RAW_IDX)
		pmu_raw_name(e.data, out);
	else
		memcpy(out, name, len + 1); /* the tables' names have one spelling */
	return 0;
}

int pmu_events_parse(const char *list, char names[][PMU_EVENT_NAME_MAX], unsigned *n,
		     const char **why)
{
	*n = 0;
	while (*list) {
		size_t len = strcspn(list, ",");

		if (!len || len >= PMU_EVENT_NAME_MAX) {
			*why = "expected comma-separated event names";
			return -1;
		}
		if (*n == PMU_EVENTS_MAX) {
			*why = "at most 4 events";
			return -1;
		}
		char given[PMU_EVENT_NAME_MAX];
		memcpy(given, list, len);
		given[len] = '\0';
		/* Kept in its one spelling (raw:0x01 as raw:0x1), so that one
		 * event is one name everywhere after (BENCH, the CSV columns)
		 * and two spellings of it are an event named twice. */
		if (pmu_event_canonical(given, names[*n])) {
			*why = "unknown event (cycles, instructions, cache-misses, branch-misses, "
			       "l1d-read-miss, dtlb-read-miss, ..., raw:0xNNNN)";
			return -1;
		}
		for (unsigned i = 0; i < *n; i++)
			if (!strcmp(names[i], names[*n])) {
				*why = "an event named twice";
				return -1;
			}
		(*n)++;
		list += len;
		if (*list == ',' && !*++list) {
			*why = "expected comma-separated event names";
			return -1;
		}
	}
	return 0;
}
