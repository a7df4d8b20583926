/*
 * Load-to-use latency of the memory hierarchy by pointer chasing: every
 * load's address is the previous load's value, so nothing overlaps and
 * cycles per step = latency of whichever level holds the working set.
 *
 *   mem_latency_rand  nodes (one 64-byte cache line each) linked in an
 *                     LCG-random cyclic permutation: no spatial locality
 *                     for a prefetcher or an open DRAM row to exploit.
 *   mem_latency_seq   the same chase through nodes `stride` bytes apart,
 *                     in address order: the "too regular dataset" of seed
 *                     000 for memory, the best case.
 *
 * size_kib= is the working set (4 KiB .. what the arena holds: the device
 * tree's memory node less the image); a set that does not fit is refused
 * before measuring, with the limit named. On a U540 the L1 (32 KiB) and
 * L2 (2 MiB) steps show in a sweep of size_kib. Each call makes `steps`
 * loads (a multiple of 8) continuing from where the previous call stopped,
 * so warmup and samples walk the whole cycle instead of the same first
 * nodes over and over (which would be seed 000's "too small dataset").
 * The loop is assembly: 8 loads + 2 instructions per 8 steps, so instret
 * per step is exactly the same at every size.
 */
#include "rvbench.h"

#include <stdio.h>

#define LINE 64

struct chase {
	void **start; /* where the cycle starts, for verify() */
	void **cur;   /* where the next call goes on from */
	uint64_t steps;
	uint64_t nodes;
};

static const struct bench_param rand_params[] = {
	{ "size_kib", 64, 4, 1 << 24, "working set, KiB" },
	{ "steps", 64, 8, 1 << 20, "dependent loads per call, a multiple of 8" },
	{ NULL, 0, 0, 0, NULL },
};

static const struct bench_param seq_params[] = {
	{ "size_kib", 64, 4, 1 << 24, "working set, KiB" },
	{ "steps", 64, 8, 1 << 20, "dependent loads per call, a multiple of 8" },
	{ "stride", 64, 8, 4096, "bytes between consecutive nodes, a multiple of 8" },
	{ NULL, 0, 0, 0, NULL },
};

/*
 * The arena for the nodes. A bad parameter fails the benchmark; a working
 * set larger than RAM is skipped (sweeps size themselves from the memory
 * node: the sizes that do not fit are reported, not run).
 */
static int nodes_alloc(struct bench_ctx *ctx, struct chase **st, char **mem)
{
	uint64_t bytes = (uint64_t)bench_param(ctx, "size_kib") << 10;
	uint64_t steps = (uint64_t)bench_param(ctx, "steps");
	size_t room = bench_arena_free();

	if (steps % 8)
		return bench_fail(ctx, "steps=%llu is not a multiple of 8", (unsigned long long)steps);
	*st = bench_alloc(ctx, sizeof(**st), LINE);
	*mem = *st ? bench_alloc(ctx, bytes, 4096) : NULL;
	if (!*mem)
		return bench_skip(ctx, "size_kib=%llu does not fit, the arena holds %llu KiB"
				  " (largest power of two: %llu KiB)",
				  (unsigned long long)(bytes >> 10), (unsigned long long)(room >> 10),
				  (unsigned long long)(room >= 8192 ? 1ull << (63 - __builtin_clzll((room - 4096) >> 10)) : 0));
	(*st)->steps = steps;
	return 0;
}

static int rand_setup(struct bench_ctx *ctx)
{
	struct chase *st;
	char *mem;
	int rc = nodes_alloc(ctx, &st, &mem);

	if (rc)
		return rc;
	uint64_t n = ((uint64_t)bench_param(ctx, "size_kib") << 10) / LINE;
	/* Visiting order: a random permutation of the lines (Fisher-Yates with
	 * the LCG), kept in each line's second word; then line order[k]
	 * points to line order[k + 1], and the last to the first: one cycle
	 * through every line. */
	for (uint64_t i = 0; i < n; i++)
		((uint64_t *)(mem + i * LINE))[1] = i;
	for (uint64_t i = n - 1; i > 0; i--) {
		uint64_t j = (uint64_t)(((unsigned __int128)lcg_next(ctx->rng) * (i + 1)) >> 64);
		uint64_t *a = (uint64_t *)(mem + i * LINE) + 1, *b = (uint64_t *)(mem + j * LINE) + 1;
		uint64_t t = *a;
		*a = *b;
		*b = t;
	}
	for (uint64_t k = 0; k < n; k++) {
		uint64_t from = ((uint64_t *)(mem + k * LINE))[1];
		uint64_t to = ((uint64_t *)(mem + ((k + 1) % n) * LINE))[1];
		*(void **)(mem + from * LINE) = mem + to * LINE;
	}
	st->start = st->cur = (void **)(mem + ((uint64_t *)mem)[1] * LINE);
	st->nodes = n;
	ctx->state = st;
	return 0;
}

static int seq_setup(struct bench_ctx *ctx)
{
	uint64_t stride = (uint64_t)bench_param(ctx, "stride");
	uint64_t bytes = (uint64_t)bench_param(ctx, "size_kib") << 10;
	struct chase *st;
	char *mem;

	if (stride % 8 || bytes / stride < 2)
		return bench_fail(ctx, "stride=%llu must be a multiple of 8 and at most half of size_kib",
				  (unsigned long long)stride);
	int rc = nodes_alloc(ctx, &st, &mem);
	if (rc)
		return rc;
	uint64_t n = bytes / stride;
	for (uint64_t i = 0; i < n; i++)
		*(void **)(mem + i * stride) = mem + ((i + 1) % n) * stride;
	st->start = st->cur = (void **)mem;
	st->nodes = n;
	ctx->state = st;
	return 0;
}

/* The code under test: steps dependent loads, from where the last call
 * stopped; returns the node reached (the harness folds it in). */
static uint64_t chase_run(void *state, uint64_t input)
{
	struct chase *st = state;
	void **p = st->cur;
	uint64_t k = st->steps / 8;

	(void)input;
	__asm__ volatile("1:\n"
			 ".rept 8\n"
			 "ld %0, 0(%0)\n"
			 ".endr\n"
			 "addi %1, %1, -1\n"
			 "bnez %1, 1b\n"
			 : "+r"(p), "+r"(k)
			 :
			 : "memory");
	st->cur = p;
	return (uint64_t)(uintptr_t)p;
}

/* The nodes form one cycle through all of them, and the checksum is the
 * sum of the nodes each call ended on, replayed in C. */
static int chase_verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	const struct chase *st = ctx->state;
	void **p = st->start;
	uint64_t len = 0, expect = 0;

	do {
		p = *p;
		len++;
	} while (p != st->start && len <= st->nodes);
	if (len != st->nodes)
		return -1;
	for (uint64_t call = 0; call < (uint64_t)ctx->ninputs * ctx->batch; call++) {
		for (uint64_t s = 0; s < st->steps; s++)
			p = *p;
		expect += (uint64_t)(uintptr_t)p;
	}
	return checksum == expect ? 0 : -1;
}

/* 4 KiB (well inside the U54's 32 KiB L1) to 64 MiB (far past its 2 MiB
 * L2): the steps of the memory hierarchy; sizes RAM cannot hold are
 * skipped with the reason. mem_latency_rand.size_kib=a,b,c replaces it. */
static const int64_t sizes_kib[] = { 4,    8,    16,   32,   64,    128,   256,  512,
				     1024, 2048, 4096, 8192, 16384, 32768, 65536 };

BENCH(mem_latency_rand, .setup = rand_setup, .run = chase_run, .verify = chase_verify,
      .params = rand_params, .samples = 200, .warmup = 10,
      .sweep = { "size_kib", sizes_kib, sizeof(sizes_kib) / sizeof(sizes_kib[0]) },
      .unit = "load", .per_call_param = "steps",
      .description = "pointer chase through an LCG-random cycle of cache lines");
BENCH(mem_latency_seq, .setup = seq_setup, .run = chase_run, .verify = chase_verify,
      .params = seq_params, .samples = 200, .warmup = 10,
      .sweep = { "size_kib", sizes_kib, sizeof(sizes_kib) / sizeof(sizes_kib[0]) },
      .unit = "load", .per_call_param = "steps",
      .description = "pointer chase through consecutive nodes, stride bytes apart");
