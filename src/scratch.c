#include "scratch.h"

#include "noinit.h"

static uint64_t scratch[HARNESS_MAX_SAMPLES] NOINIT(04);

uint64_t *scratch_words(void)
{
	return scratch;
}
