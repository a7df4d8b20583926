/*
 * CRC-32 (table-driven, one byte per step) of a 64-byte window of a 4 KiB
 * LCG-filled buffer; the window's offset is the sample's input, so
 * consecutive samples touch different data. The CRC is the zlib/Ethernet
 * one (reflected polynomial 0xEDB88320, init and final xor 0xFFFFFFFF; the
 * check value of "123456789" is 0xCBF43926), written here from its
 * definition: the table is computed in setup(), no code is taken from zlib.
 * verify() recomputes every call's CRC bit by bit, with no table at all
 * (src/common/crc.c's crc32_of() is table-driven too), and checks the
 * check value first.
 */
#include "rvbench.h"

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

/* The definition: eight shift-and-conditional-xor steps a byte. */
static uint32_t crc32_bitwise(const uint8_t *p, uint32_t len)
{
	uint32_t c = 0xFFFFFFFFu;

	for (uint32_t i = 0; i < len; i++) {
		c ^= p[i];
		for (int k = 0; k < 8; k++)
			c = (c & 1u) ? (c >> 1) ^ 0xEDB88320u : c >> 1;
	}
	return c ^ 0xFFFFFFFFu;
}

static int crc32_verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	const struct crc32_state *st = ctx->state;
	static const uint8_t check[9] = { '1', '2', '3', '4', '5', '6', '7', '8', '9' };
	uint64_t expect = 0;

	if (crc32_bitwise(check, sizeof(check)) != 0xCBF43926u)
		return -1;
	for (uint32_t i = 0; i < ctx->ninputs; i++)
		expect += (uint64_t)crc32_bitwise(st->buf + ctx->inputs[i], WINDOW) * ctx->batch;
	return checksum == expect ? 0 : -1;
}

BENCH(crc32, .setup = crc32_setup, .run = crc32_run, .verify = crc32_verify,
      .input_range = BUF_SIZE, .unit = "byte", .per_call = WINDOW, /* bytes per cycle */
      .description = "table-driven CRC-32 of a 64-byte window at an LCG offset");
