/* Benchmarks' named parameters (BENCH(..., .params = ...)): checking a
 * setting against the registry and resolving the values for a run. */
#ifndef RVBENCH_PARAMS_H
#define RVBENCH_PARAMS_H

#include <stdint.h>

#include "config.h"
#include "rvbench.h"

#define PARAMS_MAX 16 /* parameters one benchmark may declare */

/* The config_hooks.check_param of the firmware. */
int params_check(const char *bench, const char *param, int64_t value, const char **name,
		 const char **why);
/* out[i] = the value of b->params[i] under c; returns the count. */
unsigned params_resolve(const struct bench *b, const struct config *c, int64_t *out);
/* The seed of b's inputs under the run seed with the parameter values
 * (as params_resolve() gives them): src/common/input_seed.h's rule, from
 * the name and the parameters only, whatever else the run holds. */
uint64_t params_input_seed(const struct bench *b, uint64_t run_seed, const int64_t *values);

#endif
