#include "registry.h"

#include "stream.h"

#include <string.h>

/* Bounds of the .rvbench_benches output section (linker/rvbench.ld.S). */
extern const struct bench __bench_start[];
extern const struct bench __bench_end[];

_Static_assert(sizeof(struct bench) % 8 == 0,
	       "the registry is an array: each descriptor must fill its 8-byte alignment");

/* Descriptors whose name an earlier one already has: never selected. */
#define REGISTRY_MAX_DUPLICATES 16
static const struct bench *duplicate[REGISTRY_MAX_DUPLICATES];
static unsigned nduplicates;

size_t registry_count(void)
{
	return (size_t)(__bench_end - __bench_start);
}

const struct bench *registry_get(size_t i)
{
	return i < registry_count() ? &__bench_start[i] : NULL;
}

unsigned registry_check(void)
{
	nduplicates = 0;
	for (size_t i = 1; i < registry_count(); i++)
		for (size_t j = 0; j < i; j++)
			if (!strcmp(__bench_start[i].name, __bench_start[j].name)) {
				stream_say("rvbench: error: two benchmarks are named %s",
					   __bench_start[i].name);
				if (nduplicates < REGISTRY_MAX_DUPLICATES)
					duplicate[nduplicates++] = &__bench_start[i];
				break;
			}
	return nduplicates;
}

static int is_duplicate(const struct bench *b)
{
	for (unsigned i = 0; i < nduplicates; i++)
		if (duplicate[i] == b)
			return 1;
	return 0;
}

int registry_selected(const struct config *c, const struct bench *b)
{
	int by_name_only = (b->flags & BENCH_DEMO) || ((b->flags & BENCH_MULTI_HART) && !c->cross);

	return !is_duplicate(b) && config_selects(c, b->name, by_name_only);
}
