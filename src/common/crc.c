/*
 * Bitwise CRCs. Lines are short and the firmware writes them after the
 * measurement, so a table (1 KiB of data cache for CRC-32) buys nothing here;
 * the crc32 benchmark has its own table-driven version to time.
 */
#include "crc.h"

uint16_t crc16_ccitt_false(const void *data, size_t len)
{
	const uint8_t *p = data;
	uint16_t crc = 0xFFFF;

	while (len--) {
		crc ^= (uint16_t)(*p++ << 8);
		for (int bit = 0; bit < 8; bit++)
			crc = (crc & 0x8000) ? (uint16_t)((crc << 1) ^ 0x1021) : (uint16_t)(crc << 1);
	}
	return crc;
}

uint32_t crc32_update(uint32_t crc, const void *data, size_t len)
{
	const uint8_t *p = data;

	while (len--) {
		crc ^= *p++;
		for (int bit = 0; bit < 8; bit++)
			crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
	}
	return crc;
}

uint32_t crc32_ieee(const void *data, size_t len)
{
	return crc32_final(crc32_update(crc32_init(), data, len));
}

static void put_le64(uint8_t *out, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		out[i] = (uint8_t)(v >> (8 * i));
}

uint32_t crc32_add_sample(uint32_t crc, uint64_t cycles_raw, uint64_t instret_raw)
{
	uint8_t bytes[16];

	put_le64(bytes, cycles_raw);
	put_le64(bytes + 8, instret_raw);
	return crc32_update(crc, bytes, sizeof(bytes));
}
