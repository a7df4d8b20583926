/*
 * How a benchmark's per-sample inputs are made from the LCG, before any
 * measurement. Shared by the firmware (which makes them) and the host
 * (which recomputes them for the `input` column instead of receiving them).
 */
#ifndef RVBENCH_INPUTS_H
#define RVBENCH_INPUTS_H

#include <stdint.h>

enum input_kind {
	INPUT_RANGE = 0,   /* independent LCG draws in [0, range); 0 if range is 0 */
	INPUT_PERMUTATION, /* a random permutation of [0, R), repeated; R = range, or n if 0 */
	INPUT_SEQUENTIAL,  /* 0, 1, 2, ... modulo range (the "too regular dataset") */
	INPUT_KIND_COUNT
};

const char *input_kind_name(enum input_kind k);
/* 0 and *out set when name is one of input_kind_name()'s answers. */
int input_kind_parse(const char *name, enum input_kind *out);

/*
 * Fills out[0..n). seed is the block's input seed (input_seed.h).
 * A permutation needs R <= scratch_cap words of scratch; returns -1 (and
 * fills nothing) when it does not fit or the kind is unknown, else 0.
 */
int inputs_fill(enum input_kind kind, uint64_t seed, uint32_t range, uint64_t *out, uint32_t n,
		uint64_t *scratch, uint32_t scratch_cap);

#endif
