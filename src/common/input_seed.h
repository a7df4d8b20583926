/*
 * The seed of a block's inputs and of its setup's randomness, shared by
 * the firmware (which fills the inputs) and the host (which recomputes
 * each sample's input instead of receiving it).
 *
 * A block's seed depends on the run's seed, the benchmark's name and its
 * parameters, never on the block's position in the run: the same
 * benchmark with the same seed and parameters gets the same data whatever
 * else was selected (rvbench.run=lpm* or the whole suite).
 *
 *   key  = FNV-1a 64 over the name, then for each parameter in the
 *          benchmark's order: '\n', its name, '=', its value in decimal
 *          (as BENCH's p.NAME fields send it)
 *   seed = run seed XOR key
 *
 * The RUN record says so with inputs_seed=name-params; a stream without
 * that field came from firmware that seeded by block id
 * (input_seed_by_block()).
 */
#ifndef RVBENCH_INPUT_SEED_H
#define RVBENCH_INPUT_SEED_H

#include <stdint.h>

/* RUN inputs_seed: the rule above, and the older firmware's. */
#define INPUT_SEED_RULE_NAME "name-params"
#define INPUT_SEED_RULE_BLOCK "block-id"

/* The key of a benchmark's name alone. */
uint64_t input_key_name(const char *name);
/* key extended by one parameter, its value as decimal text. */
uint64_t input_key_param(uint64_t key, const char *pname, const char *value);
/* The same with the value as a number (the firmware's side). */
uint64_t input_key_param_i64(uint64_t key, const char *pname, int64_t value);

static inline uint64_t input_seed(uint64_t run_seed, uint64_t key)
{
	return run_seed ^ key;
}

/* The older rule: the seed of block number id (streams without
 * inputs_seed in RUN). */
static inline uint64_t input_seed_by_block(uint64_t run_seed, uint32_t id)
{
	return run_seed ^ (0x9E3779B97F4A7C15ull * ((uint64_t)id + 1));
}

#endif
