/*
 * The numbers of the kernel command line, read alike by the firmware
 * (src/config.c) and by the host where it must know what the firmware
 * will make of a word (rvbench qemu --bootargs).
 */
#ifndef RVBENCH_NUMBER_H
#define RVBENCH_NUMBER_H

#include <stdint.h>

enum { NUM_OK = 0, NUM_BAD = -1, NUM_RANGE = -2 };

/*
 * Whole-string unsigned number: decimal, or hex after 0x. Never octal: a
 * leading 0 is a digit like another, so 010 is ten, as people read it
 * (strtoull's base 0 read it as eight). NUM_BAD when malformed (a sign,
 * a space, no digit), NUM_RANGE above 2^64-1, which strtoull turned into
 * 2^64-1 without a word; *out is set only on NUM_OK.
 */
int num_parse_u64(const char *s, uint64_t *out);

#endif
