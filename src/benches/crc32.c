/*
 * CRC-32 (table-driven, one byte per step) of a 64-byte window of a 4 KiB
 * LCG-filled buffer; the window's offset is the sample's input, so
 * consecutive samples touch different data. verify() recomputes every
 * call's CRC with the bitwise CRC of src/common/crc.c.
 */
#include "rvbench.h"

#include "crc.h"

#define BUF_SIZE 4096
#define WINDOW 64

struct crc32_state {
	uint8_t buf[BUF_SIZE + WINDOW];
	uint32_t table[256];
};

static int crc32_setup(struct bench_ctx *ctx)
{
	struct crc32_state *st = bench_alloc(ctx, sizeof(*st), 64);

	if (!st)
		return -1;
	for (unsigned i = 0; i < sizeof(st->buf); i++)
		st->buf[i] = (uint8_t)(lcg_next(ctx->rng) >> 56);
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++)
			c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
		st->table[i] = c;
	}
	ctx->state = st;
	return 0;
}

static uint64_t crc32_run(void *state, uint64_t offset)
{
	const struct crc32_state *st = state;
	const uint8_t *p = st->buf + offset;
	uint32_t c = 0xFFFFFFFFu;

	for (int i = 0; i < WINDOW; i++)
		c = st->table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
	return c ^ 0xFFFFFFFFu;
}

static int crc32_verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	const struct crc32_state *st = ctx->state;
	uint64_t expect = 0;

	for (uint32_t i = 0; i < ctx->ninputs; i++)
		expect += (uint64_t)crc32_of(st->buf + ctx->inputs[i], WINDOW) * ctx->batch;
	return checksum == expect ? 0 : -1;
}

BENCH(crc32, .setup = crc32_setup, .run = crc32_run, .verify = crc32_verify,
      .input_range = BUF_SIZE,
      .description = "table-driven CRC-32 of a 64-byte window at an LCG offset");
