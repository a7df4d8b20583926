#include "inputs.h"

#include "lcg.h"

#include <string.h>

static const char *const kind_names[INPUT_KIND_COUNT] = { "range", "permutation", "sequential" };

const char *input_kind_name(enum input_kind k)
{
	return (unsigned)k < INPUT_KIND_COUNT ? kind_names[k] : "unknown";
}

int input_kind_parse(const char *name, enum input_kind *out)
{
	for (unsigned k = 0; k < INPUT_KIND_COUNT; k++)
		if (!strcmp(name, kind_names[k])) {
			*out = (enum input_kind)k;
			return 0;
		}
	return -1;
}

int inputs_fill(enum input_kind kind, uint64_t seed, uint32_t range, uint64_t *out, uint32_t n,
		uint64_t *scratch, uint32_t scratch_cap)
{
	struct lcg g;

	lcg_seed(&g, seed);
	switch (kind) {
	case INPUT_RANGE:
		for (uint32_t i = 0; i < n; i++)
			out[i] = lcg_below(&g, range);
		return 0;
	case INPUT_SEQUENTIAL:
		for (uint32_t i = 0; i < n; i++)
			out[i] = range ? i % range : i;
		return 0;
	case INPUT_PERMUTATION: {
		uint32_t r = range ? range : n;
		if (r == 0)
			return 0;
		if (r > scratch_cap)
			return -1;
		/* Fisher-Yates, from the top down. */
		for (uint32_t i = 0; i < r; i++)
			scratch[i] = i;
		for (uint32_t i = r - 1; i > 0; i--) {
			uint32_t j = lcg_below(&g, i + 1);
			uint64_t t = scratch[i];
			scratch[i] = scratch[j];
			scratch[j] = t;
		}
		for (uint32_t i = 0; i < n; i++)
			out[i] = scratch[i % r];
		return 0;
	}
	case INPUT_KIND_COUNT:
		break;
	}
	return -1;
}
