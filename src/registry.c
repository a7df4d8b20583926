#include "registry.h"

/* Bounds of the .rvbench_benches output section (linker/rvbench.ld). */
extern const struct bench __bench_start[];
extern const struct bench __bench_end[];

size_t registry_count(void)
{
	return (size_t)(__bench_end - __bench_start);
}

const struct bench *registry_get(size_t i)
{
	return i < registry_count() ? &__bench_start[i] : NULL;
}

int registry_selected(const struct config *c, const struct bench *b)
{
	int by_name_only = (b->flags & BENCH_DEMO) || ((b->flags & BENCH_MULTI_HART) && !c->cross);

	return config_selects(c, b->name, by_name_only);
}
