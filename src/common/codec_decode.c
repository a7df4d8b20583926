/*
 * Encoding "r" of S records (codec.h), the decoder: strict, it accepts
 * exactly the spelling codec_encode() writes (layout in codec_layout.h).
 */
#include "codec.h"
#include "codec_layout.h"

#include <string.h>

/*
 * The decoder reads the Rice codes a word at a time (the collector decodes
 * millions of samples a second): the token's characters are first packed
 * into bytes (four characters, three bytes), then a 64-bit window holds
 * the next bits, topped up by one unaligned load before each code, and a
 * unary quotient is one count of leading ones. No branch depends on how
 * many characters a code spans. tests/unit/test_codec_reference.c checks it against a
 * bit-at-a-time reading of the same layout.
 */

/* Each base64url character's value plus one; 0 for anything else, the NUL
 * that ends the token included. */
static const uint8_t b64url_rev[256] = {
	['A'] = 1,  ['B'] = 2,  ['C'] = 3,  ['D'] = 4,  ['E'] = 5,  ['F'] = 6,  ['G'] = 7,
	['H'] = 8,  ['I'] = 9,  ['J'] = 10, ['K'] = 11, ['L'] = 12, ['M'] = 13, ['N'] = 14,
	['O'] = 15, ['P'] = 16, ['Q'] = 17, ['R'] = 18, ['S'] = 19, ['T'] = 20, ['U'] = 21,
	['V'] = 22, ['W'] = 23, ['X'] = 24, ['Y'] = 25, ['Z'] = 26, ['a'] = 27, ['b'] = 28,
	['c'] = 29, ['d'] = 30, ['e'] = 31, ['f'] = 32, ['g'] = 33, ['h'] = 34, ['i'] = 35,
	['j'] = 36, ['k'] = 37, ['l'] = 38, ['m'] = 39, ['n'] = 40, ['o'] = 41, ['p'] = 42,
	['q'] = 43, ['r'] = 44, ['s'] = 45, ['t'] = 46, ['u'] = 47, ['v'] = 48, ['w'] = 49,
	['x'] = 50, ['y'] = 51, ['z'] = 52, ['0'] = 53, ['1'] = 54, ['2'] = 55, ['3'] = 56,
	['4'] = 57, ['5'] = 58, ['6'] = 59, ['7'] = 60, ['8'] = 61, ['9'] = 62, ['-'] = 63,
	['_'] = 64,
};

/*
 * The longest canonical token: both column headers at their widest (a
 * 64-bit reference and k) and every residual escaped with 63 bits below
 * its leading one. Anything longer is refused unread.
 */
#define DECODE_BITS_MAX (2u * (1u + 7u + 63u + 6u) + 2u * CODEC_MAX_SAMPLES * (CODEC_ESCAPE + 6u + 63u))
#define DECODE_CHARS_MAX ((DECODE_BITS_MAX + 5u) / 6u)
/* Zero bytes after the packed bits. codec_decode checks its position
 * after the two column headers (at most 154 bits) and after each residual
 * (at most 85 bits), and a refill loads 8 bytes from at most 7 bytes
 * ahead of the position: no read goes more than about 30 bytes past the
 * token. */
#define DECODE_PAD 40u

struct bitr {
	const uint8_t *p; /* next byte to load into win */
	uint64_t win;     /* the next avail bits, left-aligned (the bits below
			   * them are those that follow, or zeros) */
	unsigned avail;   /* < 64 */
};

/*
 * Tops win up to 56..63 bits without a branch: one unaligned big-endian
 * load ORed in below what win holds (bits ORed in twice are the same
 * bits), p advanced by the whole bytes taken. Past the token the buffer
 * is zeros.
 */
static inline void refill(struct bitr *r)
{
	uint64_t w;
	memcpy(&w, r->p, sizeof(w));
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	w = __builtin_bswap64(w);
#endif
	r->win |= w >> r->avail;
	r->p += (63 - r->avail) >> 3;
	r->avail |= 56;
}

/* Bits consumed so far. */
static inline size_t consumed(const struct bitr *r, const uint8_t *buf)
{
	return (size_t)(r->p - buf) * 8 - r->avail;
}

static inline void skip_bits(struct bitr *r, unsigned n) /* n <= avail */
{
	r->win <<= n;
	r->avail -= n;
}

/* n <= 56 bits. */
static inline uint64_t get_bits(struct bitr *r, unsigned n)
{
	refill(r);
	uint64_t v = (r->win >> 1) >> (63 - n); /* 0 for n = 0 */
	skip_bits(r, n);
	return v;
}

static inline uint64_t get_wide(struct bitr *r, unsigned n)
{
	if (n <= 32)
		return get_bits(r, n);
	uint64_t hi = get_bits(r, n - 32);
	return (hi << 32) | get_bits(r, 32);
}

/* Returns -1 for a reference wider than 64 bits. */
static inline int get_header(struct bitr *r, struct codec_col *p)
{
	p->constant = (unsigned)get_bits(r, 1);
	unsigned l = (unsigned)get_bits(r, 7);
	if (l > 64)
		return -1;
	p->ref = l ? (1ull << (l - 1)) | get_wide(r, l - 1) : 0;
	p->k = p->constant ? 0 : (unsigned)get_bits(r, 6);
	return 0;
}

/* One residual; *bad is set for a form the encoder never writes. */
static inline uint64_t get_residual(struct bitr *r, unsigned k, int *bad)
{
	refill(r);
	/* Leading ones, counted up to CODEC_ESCAPE (the sentinel bit stops
	 * the count there). */
	unsigned q = (unsigned)__builtin_clzll(~r->win | (1ull << (63 - CODEC_ESCAPE)));
	if (q < CODEC_ESCAPE) {
		if (q + 1 + k <= 56) {
			/* The usual case: the quotient, its zero and the k low
			 * bits are all in win; q << k cannot overflow. */
			uint64_t low = ((r->win << (q + 1)) >> 1) >> (63 - k);
			skip_bits(r, q + 1 + k);
			return ((uint64_t)q << k) | low;
		}
		skip_bits(r, q + 1);
		if (q > (UINT64_MAX >> k))
			*bad = 1; /* q << k would not fit in 64 bits */
		return ((uint64_t)q << k) | get_wide(r, k);
	}
	skip_bits(r, CODEC_ESCAPE);
	unsigned m = (unsigned)get_bits(r, 6);
	uint64_t v = (1ull << m) | get_wide(r, m);
	if ((v >> k) < CODEC_ESCAPE)
		*bad = 1; /* an escape that was not needed: not canonical */
	return v;
}

/* Packs tok's 6-bit values into buf, zero-padded; returns the character
 * count, or -1 for a character outside the alphabet or a token too long
 * to be canonical. */
static long pack_token(const char *tok, uint8_t *buf)
{
	size_t len = strlen(tok);
	unsigned missing = 0;
	uint8_t *o = buf;

	if (len > DECODE_CHARS_MAX)
		return -1;
	const unsigned char *t = (const unsigned char *)tok;
	size_t i = 0;
	for (; i + 4 <= len; i += 4) {
		unsigned a = b64url_rev[t[i]], b = b64url_rev[t[i + 1]];
		unsigned c = b64url_rev[t[i + 2]], d = b64url_rev[t[i + 3]];
		missing |= !a | !b | !c | !d;
		uint32_t v = ((a - 1) & 63) << 18 | ((b - 1) & 63) << 12 | ((c - 1) & 63) << 6 |
			     ((d - 1) & 63);
		o[0] = (uint8_t)(v >> 16);
		o[1] = (uint8_t)(v >> 8);
		o[2] = (uint8_t)v;
		o += 3;
	}
	uint32_t v = 0;
	for (unsigned j = 0; j < 4; j++) {
		unsigned x = i + j < len ? b64url_rev[t[i + j]] : 1; /* 'A' past the end */
		missing |= !x;
		v = v << 6 | ((x - 1) & 63);
	}
	o[0] = (uint8_t)(v >> 16);
	o[1] = (uint8_t)(v >> 8);
	o[2] = (uint8_t)v;
	memset(o + 3, 0, DECODE_PAD);
	return missing ? -1 : (long)len;
}

/*
 * The n residuals of a column into d[]. Two codes at a time while both
 * fit in one window (the usual case: a few bits of quotient and k), so
 * one refill serves two samples. Returns -1 past the token's end; *bad
 * as get_residual().
 */
static int get_column(struct bitr *r, unsigned k, unsigned n, uint64_t *d, const uint8_t *buf,
		      size_t total, int *bad)
{
	const uint64_t sentinel = 1ull << (63 - CODEC_ESCAPE);
	unsigned i = 0;

	while (i < n) {
		if (i + 1 < n) {
			refill(r);
			uint64_t w = r->win;
			unsigned q1 = (unsigned)__builtin_clzll(~w | sentinel), l1 = q1 + 1 + k;
			if (q1 < CODEC_ESCAPE && l1 <= 28) {
				uint64_t w2 = w << l1;
				unsigned q2 = (unsigned)__builtin_clzll(~w2 | sentinel), l2 = q2 + 1 + k;
				if (q2 < CODEC_ESCAPE && l1 + l2 <= 56) {
					d[i] = ((uint64_t)q1 << k) | (((w << (q1 + 1)) >> 1) >> (63 - k));
					d[i + 1] = ((uint64_t)q2 << k) | (((w2 << (q2 + 1)) >> 1) >> (63 - k));
					skip_bits(r, l1 + l2);
					i += 2;
					if (consumed(r, buf) > total)
						return -1;
					continue;
				}
			}
		}
		d[i++] = get_residual(r, k, bad);
		if (consumed(r, buf) > total)
			return -1;
	}
	return 0;
}

int codec_decode(const char *tok, struct wire_sample *out, unsigned n)
{
	/* About 16 KiB of frame with d[]: the decoder runs on the host only
	 * (the firmware links the encoder alone, and its stacks are 16 KiB). */
	uint8_t buf[(DECODE_CHARS_MAX + 3) / 4 * 3 + 3 + DECODE_PAD];
	uint64_t d[CODEC_MAX_SAMPLES];
	struct codec_col p[2];
	int bad = 0;

	if (n < 1 || n > CODEC_MAX_SAMPLES)
		return -1;
	long len = pack_token(tok, buf);
	if (len < 0)
		return -1;
	const size_t total = (size_t)len * 6; /* bits in the token */
	struct bitr r = { buf, 0, 0 };
	if (get_header(&r, &p[0]) || get_header(&r, &p[1]) || consumed(&r, buf) > total)
		return -1;
	for (unsigned c = 0; c < 2; c++) {
		const uint64_t ref = p[c].ref;
		if (p[c].constant) {
			for (unsigned i = 0; i < n; i++)
				if (c)
					out[i].instret = ref;
				else
					out[i].cycles = ref;
			continue;
		}
		if (get_column(&r, p[c].k, n, d, buf, total, &bad) || bad)
			return -1;
		/* The values, and the bit lengths of the residuals counted in
		 * two tables in turn: one table would make each count wait for
		 * the previous one to the same length, nearly always the same. */
		uint32_t h2[2][65] = { { 0 } }, h[65];
		uint64_t top = 0;
		for (unsigned i = 0; i < n; i++) {
			top |= d[i] > UINT64_MAX - ref; /* above 2^64 - 1 */
			h2[i & 1][codec_bitlen(d[i])]++;
			if (c)
				out[i].instret = ref + d[i];
			else
				out[i].cycles = ref + d[i];
		}
		if (top)
			return -1;
		for (unsigned b = 0; b < 65; b++)
			h[b] = h2[0][b] + h2[1][b];
		/* Canonical: the reference is the minimum (a zero residual), a
		 * non-constant column is not constant, k is codec_choose_k's. */
		if (!h[0] || h[0] == n || p[c].k != codec_choose_k(h))
			return -1;
	}
	/* No whole character left over, and the padding bits are zeros. */
	size_t rest = total - consumed(&r, buf);
	refill(&r);
	if (rest >= 6 || (rest && (r.win >> (64 - rest))))
		return -1;
	return 0;
}
