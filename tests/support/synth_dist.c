/* Reference distributions (synth_dist.h). */
#include "synth_dist.h"

#include <math.h>
#include <stdlib.h>

#include "lcg.h"

/* seeds/000: "min=72 max=33364 count=100000 95th=154 90th=142 50th=112 mad=6". */
static const struct {
	uint16_t value;
	uint16_t count;
} kbench_hist[] = {
	{ 72, 51 },     { 77, 3548 },   { 82, 4773 },  { 87, 5918 },  { 92, 1207 },
	{ 97, 437 },    { 102, 12164 }, { 107, 15508 }, { 112, 23014 }, { 117, 6297 },
	{ 122, 905 },   { 127, 3845 },  { 132, 6687 }, { 137, 4884 }, { 142, 4133 },
	{ 147, 1015 },  { 152, 1123 },
};
#define TIGHT_OUTLIERS 90u

static void shuffle(struct wire_sample *v, size_t n, struct lcg *g)
{
	for (size_t i = n - 1; i > 0; i--) {
		size_t j = lcg_below(g, (uint32_t)(i + 1));
		struct wire_sample t = v[i];
		v[i] = v[j];
		v[j] = t;
	}
}

void synth_dist_tight(struct wire_sample *out, uint64_t seed)
{
	struct lcg g;
	size_t k = 0;

	lcg_seed(&g, seed);
	for (size_t b = 0; b < sizeof(kbench_hist) / sizeof(kbench_hist[0]); b++)
		for (unsigned i = 0; i < kbench_hist[b].count; i++)
			out[k++] = (struct wire_sample){ kbench_hist[b].value, 212 };
	size_t tail = SYNTH_DIST_N - k - TIGHT_OUTLIERS;
	for (size_t i = 0; i < tail; i++) {
		/* Geometric-like: each step of 5 cycles with probability 3/4. */
		uint64_t v = 153 + lcg_below(&g, 5);
		while (lcg_below(&g, 4) != 0 && v < 400)
			v += 5;
		out[k++] = (struct wire_sample){ v, 212 };
	}
	for (size_t i = 0; i < TIGHT_OUTLIERS; i++) {
		/* Log-uniform in [400, 33364]: interrupts, cache refills. */
		double e = (double)lcg_below(&g, 1u << 20) / (double)(1u << 20);
		uint64_t v = i == 0 ? 33364 : (uint64_t)(400.0 * pow(33364.0 / 400.0, e));
		out[k++] = (struct wire_sample){ v, 212 };
	}
	shuffle(out, SYNTH_DIST_N, &g);
}

void synth_dist_spread(struct wire_sample *out, uint64_t seed)
{
	struct lcg g;

	lcg_seed(&g, seed);
	for (size_t i = 0; i < SYNTH_DIST_N; i++) {
		uint64_t c = 2000 + lcg_below(&g, 64) + lcg_below(&g, 64) + lcg_below(&g, 64);
		uint64_t in = lcg_below(&g, 10) == 0 ? 1040 : 1000;
		out[i] = (struct wire_sample){ c, in };
	}
}

static int cmp_pair(const void *a, const void *b)
{
	const struct wire_sample *x = a, *y = b;
	if (x->cycles != y->cycles)
		return x->cycles < y->cycles ? -1 : 1;
	return x->instret < y->instret ? -1 : x->instret > y->instret;
}

uint64_t synth_dist_entropy_milli(struct wire_sample *v, size_t n)
{
	double h = 0;

	qsort(v, n, sizeof(*v), cmp_pair);
	for (size_t i = 0; i < n;) {
		size_t j = i;
		while (j < n && !cmp_pair(&v[i], &v[j]))
			j++;
		double p = (double)(j - i) / (double)n;
		h -= p * log2(p);
		i = j;
	}
	return (uint64_t)(h * 1000 + 0.5);
}
