/*
 * memcpy, memmove and memset for the firmware, in place of picolibc's
 * (Debian builds it for size: byte loops, 6 instructions a byte). These
 * move 8-byte words: 64 bytes per loop pass when source and destination
 * share their alignment; otherwise the destination is aligned and each
 * word is merged from two aligned source words (shift and or), because a
 * misaligned load traps to M-mode on the U54 and is emulated there.
 * Every access stays within the caller's buffers (the partial first
 * and last source words are gathered byte by byte), so AddressSanitizer
 * can check them in the host unit test (tests/unit/test_string.c).
 *
 * The firmware links this file under the standard names, replacing
 * picolibc's; the unit test includes it with STRING_NAME defined, so the
 * host's libc stays in place. Built with -fno-builtin and
 * -fno-tree-loop-distribute-patterns (Makefile), or GCC would turn these
 * loops back into calls to memcpy and memset.
 */
#include <stddef.h>
#include <stdint.h>

#ifndef STRING_NAME
#define STRING_NAME(name) name
#endif

/* may_alias: the words read and written here belong to objects of any
 * type (a struct of uint32_t, say). Through a plain uint64_t, type-based
 * alias analysis in a caller that sees these bodies (inlined, under LTO,
 * or the unit test, which includes this file) may assume the copy cannot
 * change those objects and keep a stale field: strict aliasing UB,
 * shown by tests/unit/test_string.c (word_access_may_alias). Like
 * char, a may_alias type aliases everything; the code is the same. */
typedef uint64_t __attribute__((__may_alias__)) word;
#define WSIZE sizeof(word)
#define WMASK (WSIZE - 1)
/* Below this many bytes, aligning first costs more than it saves. */
#define SMALL 16

/* Little-endian: the word whose bytes k..7 are p[0..8-k). */
static inline word gather_tail(const unsigned char *p, unsigned k)
{
	word w = 0;

	for (unsigned i = k; i < WSIZE; i++)
		w |= (word)p[i - k] << (8 * i);
	return w;
}

/* The word whose bytes 0..k-1 are p[0..k). */
static inline word gather_head(const unsigned char *p, unsigned k)
{
	word w = 0;

	for (unsigned i = 0; i < k; i++)
		w |= (word)p[i] << (8 * i);
	return w;
}

/* 64 bytes, all loaded before any is stored: right for memmove whichever
 * way the buffers overlap. */
static inline __attribute__((always_inline)) void move_block(word *d, const word *s)
{
	word a = s[0], b = s[1], c = s[2], e = s[3];
	word f = s[4], g = s[5], h = s[6], i = s[7];

	d[0] = a, d[1] = b, d[2] = c, d[3] = e;
	d[4] = f, d[5] = g, d[6] = h, d[7] = i;
}

/*
 * Forward copy of n bytes, d aligned to 8, s at any address; returns the
 * bytes left (< 16) for the caller's byte loop, *dp and *sp advanced.
 * Safe for memmove when d < s: each pass loads before it stores.
 */
static inline __attribute__((always_inline)) size_t copy_words_fwd(unsigned char **dp,
								   const unsigned char **sp, size_t n)
{
	unsigned char *d = *dp;
	const unsigned char *s = *sp;
	unsigned k = (unsigned)((uintptr_t)s & WMASK);

	if (k == 0) {
		word *dw = (word *)d;
		const word *sw = (const word *)s;
		for (; n >= 8 * WSIZE; n -= 8 * WSIZE, dw += 8, sw += 8)
			move_block(dw, sw);
		for (; n >= WSIZE; n -= WSIZE)
			*dw++ = *sw++;
		*dp = (unsigned char *)dw;
		*sp = (const unsigned char *)sw;
		return n;
	}
	/* lo holds source bytes s[0..8-k) in its top bytes; each pass loads
	 * the next aligned word and stores the 8 bytes that straddle both.
	 * A pass needs the whole next word inside the source: n >= 16 - k. */
	unsigned sh = 8 * k;
	const word *sw = (const word *)(s - k) + 1;
	word *dw = (word *)d;
	word lo = gather_tail(s, k);
	for (; n >= 2 * WSIZE - k; n -= WSIZE) {
		word hi = *sw++;
		*dw++ = (lo >> sh) | (hi << (64 - sh));
		lo = hi;
	}
	*dp = (unsigned char *)dw;
	*sp = (const unsigned char *)sw - (WSIZE - k);
	return n;
}

/*
 * Backward copy: *dp and *sp point one past the bytes to copy, d aligned
 * to 8; the mirror of copy_words_fwd, for memmove when d > s.
 */
static inline __attribute__((always_inline)) size_t copy_words_bwd(unsigned char **dp,
								   const unsigned char **sp, size_t n)
{
	unsigned char *d = *dp;
	const unsigned char *s = *sp;
	unsigned k = (unsigned)((uintptr_t)s & WMASK);

	if (k == 0) {
		word *dw = (word *)d;
		const word *sw = (const word *)s;
		for (; n >= 8 * WSIZE; n -= 8 * WSIZE) {
			dw -= 8, sw -= 8;
			move_block(dw, sw);
		}
		for (; n >= WSIZE; n -= WSIZE)
			*--dw = *--sw;
		*dp = (unsigned char *)dw;
		*sp = (const unsigned char *)sw;
		return n;
	}
	/* hi holds the source bytes s[-k..0) in its low bytes; each pass
	 * loads the aligned word below and stores the 8 bytes before s. */
	unsigned sh = 8 * k;
	const word *sw = (const word *)(s - k);
	word *dw = (word *)d;
	word hi = gather_head(s - k, k);
	for (; n >= WSIZE + k; n -= WSIZE) {
		word lo = *--sw;
		*--dw = (lo >> sh) | (hi << (64 - sh));
		hi = lo;
	}
	*dp = (unsigned char *)dw;
	*sp = (const unsigned char *)sw + k;
	return n;
}

void *STRING_NAME(memcpy)(void *restrict dst, const void *restrict src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (n >= SMALL) {
		for (; (uintptr_t)d & WMASK; n--)
			*d++ = *s++;
		n = copy_words_fwd(&d, &s, n);
	}
	while (n--)
		*d++ = *s++;
	return dst;
}

void *STRING_NAME(memmove)(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if ((uintptr_t)d - (uintptr_t)s >= n) {
		/* d before s, or no overlap: forward. */
		if (n >= SMALL) {
			for (; (uintptr_t)d & WMASK; n--)
				*d++ = *s++;
			n = copy_words_fwd(&d, &s, n);
		}
		while (n--)
			*d++ = *s++;
		return dst;
	}
	/* d inside [s, s + n): from the end. */
	d += n;
	s += n;
	if (n >= SMALL) {
		for (; (uintptr_t)d & WMASK; n--)
			*--d = *--s;
		n = copy_words_bwd(&d, &s, n);
	}
	while (n--)
		*--d = *--s;
	return dst;
}

void *STRING_NAME(memset)(void *dst, int c, size_t n)
{
	unsigned char *d = dst;
	unsigned char b = (unsigned char)c;

	if (n >= SMALL) {
		for (; (uintptr_t)d & WMASK; n--)
			*d++ = b;
		word v = (word)b * 0x0101010101010101ull;
		word *dw = (word *)d;
		for (; n >= 8 * WSIZE; n -= 8 * WSIZE, dw += 8) {
			dw[0] = v, dw[1] = v, dw[2] = v, dw[3] = v;
			dw[4] = v, dw[5] = v, dw[6] = v, dw[7] = v;
		}
		for (; n >= WSIZE; n -= WSIZE)
			*dw++ = v;
		d = (unsigned char *)dw;
	}
	while (n--)
		*d++ = b;
	return dst;
}
