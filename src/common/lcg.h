/*
 * The 64-bit LCG that makes benchmark inputs, shared by firmware and host
 * (the host recomputes each sample's input from the seed instead of
 * receiving it). state' = state * 6364136223846793005 + 1442695040888963407
 * (Knuth's MMIX constants, full period 2^64). The low bits of an LCG are
 * weak, so outputs are taken from the high half.
 */
#ifndef RVBENCH_LCG_H
#define RVBENCH_LCG_H

#include <stdint.h>

#define LCG_MULTIPLIER 6364136223846793005ull
#define LCG_INCREMENT 1442695040888963407ull
#define LCG_DEFAULT_SEED 0x5256424E43480001ull /* "RVBNCH" + 1 */

struct lcg {
	uint64_t state;
};

static inline void lcg_seed(struct lcg *g, uint64_t seed) { g->state = seed; }

/* Advances and returns the new 64-bit state. */
static inline uint64_t lcg_next(struct lcg *g)
{
	g->state = g->state * LCG_MULTIPLIER + LCG_INCREMENT;
	return g->state;
}

/* Uniform-ish value in [0, bound) from the high 32 bits; 0 when bound is 0. */
static inline uint32_t lcg_below(struct lcg *g, uint32_t bound)
{
	return (uint32_t)(((lcg_next(g) >> 32) * (uint64_t)bound) >> 32);
}

#endif
