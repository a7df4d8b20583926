#include "params.h"

#include "input_seed.h"
#include "registry.h"

#include <stdio.h>
#include <string.h>

static const struct bench *find(const char *name)
{
	for (size_t i = 0; i < registry_count(); i++)
		if (!strcmp(registry_get(i)->name, name))
			return registry_get(i);
	return NULL;
}

int params_check(const char *bench, const char *param, int64_t value, const char **name,
		 const char **why)
{
	static char range[96];
	const struct bench *b = find(bench);

	if (!b)
		return 1;
	if (!param) {
		*name = b->name;
		return 0;
	}
	for (unsigned i = 0; b->params && b->params[i].name; i++) {
		const struct bench_param *p = &b->params[i];
		if (strcmp(p->name, param))
			continue;
		if (i >= PARAMS_MAX) {
			/* params_resolve() never reads it: a setting or a sweep of
			 * it would change nothing, unannounced. */
			*why = "declared past the benchmark's first 16 parameters, the only ones used";
			return -1;
		}
		if (value < p->min || value > p->max) {
			snprintf(range, sizeof(range), "out of range %lld..%lld", (long long)p->min,
				 (long long)p->max);
			*why = range;
			return -1;
		}
		*name = p->name;
		return 0;
	}
	*why = "the benchmark has no parameter of that name (see `list`)";
	return -1;
}

unsigned params_resolve(const struct bench *b, const struct config *c, int64_t *out)
{
	unsigned n = 0;

	for (; b->params && b->params[n].name && n < PARAMS_MAX; n++)
		out[n] = config_param(c, b->name, b->params[n].name, b->params[n].def);
	return n;
}

uint64_t params_input_seed(const struct bench *b, uint64_t run_seed, const int64_t *values)
{
	uint64_t key = input_key_name(b->name);

	for (unsigned n = 0; b->params && b->params[n].name && n < PARAMS_MAX; n++)
		key = input_key_param_i64(key, b->params[n].name, values[n]);
	return input_seed(run_seed, key);
}
