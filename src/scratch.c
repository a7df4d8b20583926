#include "scratch.h"

static uint64_t scratch[HARNESS_MAX_SAMPLES];

uint64_t *scratch_words(void)
{
	return scratch;
}
