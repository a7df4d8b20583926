/*
 * The bit layout of encoding "r" (codec.h), shared by the encoder
 * (codec.c) and the decoder (codec_decode.c). Most significant bit first,
 * six bits per base64url character, the last one zero-padded:
 *
 *   column header, cycles then instret:
 *     1 bit   constant: every value of the column equals the reference
 *     7 bits  L = bit length of the reference (0..64)
 *     L-1     the reference below its leading 1 (nothing for L <= 1)
 *     6 bits  k, the Rice parameter (absent for a constant column)
 *   residuals of the cycles column, then of the instret column (value - ref):
 *     q = r >> k < 16:  q ones, a zero, the k low bits of r
 *     otherwise:        16 ones, 6 bits m = bitlen(r) - 1, the m bits of r
 *                       below its leading 1
 *
 * The reference is the column's minimum, k is choose_k() of the residuals,
 * and the escape is used exactly when q >= 16, so every sample set has one
 * spelling; codec_decode() checks each of these.
 */
#ifndef RVBENCH_CODEC_LAYOUT_H
#define RVBENCH_CODEC_LAYOUT_H

#include <stdint.h>

/* One column's header: its reference, constant or not, its Rice k. */
struct codec_col {
	uint64_t ref;
	unsigned constant;
	unsigned k;
};

static inline unsigned codec_bitlen(uint64_t v)
{
	return v ? 64u - (unsigned)__builtin_clzll(v) : 0u;
}

/* The Rice parameter for residuals whose bit lengths are counted in h[]
 * (codec.c): the encoder's choice, which the decoder checks. */
unsigned codec_choose_k(const uint32_t h[65]);

#endif
