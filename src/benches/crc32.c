/*
 * CRC-32 (table-driven, one byte per step) of a 64-byte window of a 4 KiB
 * LCG-filled buffer; the window's offset is the sample's input, so
 * consecutive samples touch different data. verify() recomputes the last
 * window with the bitwise CRC from src/common/crc.c.
 */
#include "rvbench.h"

#include "crc.h"

#define BUF_SIZE 4096
#define WINDOW 64

static uint8_t buf[BUF_SIZE + WINDOW];
static uint32_t table[256];
static uint64_t last_offset;
static uint32_t last_crc;

static int crc32_setup(void **state, struct lcg *rng)
{
	(void)state;
	for (unsigned i = 0; i < sizeof(buf); i++)
		buf[i] = (uint8_t)(lcg_next(rng) >> 56);
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++)
			c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
		table[i] = c;
	}
	return 0;
}

static void crc32_run(void *state, uint64_t offset)
{
	const uint8_t *p = buf + offset;
	uint32_t c = 0xFFFFFFFFu;

	(void)state;
	for (int i = 0; i < WINDOW; i++)
		c = table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
	last_offset = offset;
	last_crc = c ^ 0xFFFFFFFFu;
}

static int crc32_verify(void *state)
{
	(void)state;
	return crc32_ieee(buf + last_offset, WINDOW) == last_crc ? 0 : -1;
}

BENCH(crc32, .setup = crc32_setup, .run = crc32_run, .verify = crc32_verify,
      .input_range = BUF_SIZE);
