/*
 * Checksums of the wire format, shared by firmware and host.
 * crc16_ccitt_false: poly 0x1021, init 0xFFFF, no reflection, xorout 0
 *   (check value of "123456789": 0x29B1). Guards every machine line.
 * crc32_of: the zlib/Ethernet CRC-32, poly 0xEDB88320 reflected, init and
 *   xorout 0xFFFFFFFF (check value 0xCBF43926). Guards all samples of a run.
 */
#ifndef RVBENCH_CRC_H
#define RVBENCH_CRC_H

#include <stddef.h>
#include <stdint.h>

uint16_t crc16_ccitt_false(const void *data, size_t len);

/* Incremental CRC-32: start with crc32_init(), end with crc32_final(). */
static inline uint32_t crc32_init(void) { return 0xFFFFFFFFu; }
uint32_t crc32_update(uint32_t crc, const void *data, size_t len);
static inline uint32_t crc32_final(uint32_t crc) { return crc ^ 0xFFFFFFFFu; }
uint32_t crc32_of(const void *data, size_t len);

/* The run's sample CRC: each sample adds cycles then instret as u64 little-endian. */
uint32_t crc32_add_sample(uint32_t crc, uint64_t cycles_raw, uint64_t instret_raw);

#endif
