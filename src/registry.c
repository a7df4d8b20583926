#include "registry.h"

#include "bench_name.h"
#include "stream.h"

#include <string.h>

/* Bounds of the .rvbench_benches output section (linker/rvbench.ld.S). */
extern const struct bench __bench_start[];
extern const struct bench __bench_end[];

_Static_assert(sizeof(struct bench) % 8 == 0,
	       "the registry is an array: each descriptor must fill its 8-byte alignment");

size_t registry_count(void)
{
	return (size_t)(__bench_end - __bench_start);
}

const struct bench *registry_get(size_t i)
{
	return i < registry_count() ? &__bench_start[i] : NULL;
}

/* Whether a descriptor before b has b's name. */
static int is_duplicate(const struct bench *b)
{
	for (const struct bench *e = __bench_start; e < b; e++)
		if (!strcmp(e->name, b->name))
			return 1;
	return 0;
}

unsigned registry_check(void)
{
	unsigned n = 0;

	for (size_t i = 0; i < registry_count(); i++)
		if (!bench_name_ok(__bench_start[i].name)) {
			/* Not printed: the name is what cannot be trusted on a terminal. */
			stream_say("rvbench: error: benchmark %u of the image has a name outside"
				   " [A-Za-z0-9_.:+-] or longer than %u bytes: never run",
				   (unsigned)i, (unsigned)BENCH_NAME_MAX);
			n++;
		}
	for (size_t i = 1; i < registry_count(); i++)
		if (bench_name_ok(__bench_start[i].name) && is_duplicate(&__bench_start[i])) {
			stream_say("rvbench: error: two benchmarks are named %s",
				   __bench_start[i].name);
			n++;
		}
	return n;
}

int registry_selected(const struct config *c, const struct bench *b)
{
	int by_name_only = (b->flags & BENCH_DEMO) || ((b->flags & BENCH_MULTI_HART) && !c->cross);

	return bench_name_ok(b->name) && !is_duplicate(b) &&
	       config_selects(c, b->name, by_name_only);
}
