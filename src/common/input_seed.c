/* A block's input seed from the benchmark's name and parameters
 * (input_seed.h). */
#include "input_seed.h"

#define FNV_BASIS 0xcbf29ce484222325ull
#define FNV_PRIME 0x100000001b3ull

static uint64_t fnv(uint64_t h, const char *s)
{
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * FNV_PRIME;
	return h;
}

uint64_t input_key_name(const char *name)
{
	return fnv(FNV_BASIS, name);
}

uint64_t input_key_param(uint64_t key, const char *pname, const char *value)
{
	return fnv(fnv(fnv(fnv(key, "\n"), pname), "="), value);
}

uint64_t input_key_param_i64(uint64_t key, const char *pname, int64_t value)
{
	char buf[24], *p = buf + sizeof(buf);
	/* The magnitude as unsigned: INT64_MIN has no positive int64. */
	uint64_t m = value < 0 ? 0 - (uint64_t)value : (uint64_t)value;

	*--p = 0;
	do {
		*--p = (char)('0' + m % 10);
		m /= 10;
	} while (m);
	if (value < 0)
		*--p = '-';
	return input_key_param(key, pname, p);
}
