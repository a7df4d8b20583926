/*
 * Encoding "r" of S records (codec.h), the encoder and the choices it
 * makes: the layout is in codec_layout.h, the decoder in codec_decode.c.
 * The reference is the column's minimum, k is codec_choose_k() of the
 * residuals, and the escape is used exactly when q >= 16, so every sample
 * set has one spelling; codec_decode() checks each of these.
 */
#include "codec.h"
#include "codec_layout.h"

#include <string.h>

static const char b64url[64] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

static inline uint64_t val(const struct wire_sample *s, unsigned i, unsigned c)
{
	return c ? s[i].instret : s[i].cycles;
}

static inline uint64_t low_mask(unsigned n)
{
	return n ? UINT64_MAX >> (64 - n) : 0;
}

/*
 * The Rice parameter for residuals whose bit lengths are counted in h[]:
 * the k of least estimated size, the smallest on a tie. Estimated from
 * bit lengths only (a residual of length b is taken as 1.5 * 2^(b-1)), so
 * the decoder recomputes it cheaply to check the encoder's choice. With
 * CODEC_ESCAPE = 16, a length b escapes for k exactly when b - k >= 5.
 */
unsigned codec_choose_k(const uint32_t h[65])
{
	unsigned maxb = 64, best_k = 0;
	uint64_t best = UINT64_MAX;

	while (maxb && !h[maxb])
		maxb--;
	for (unsigned k = 0; k <= maxb && k < 64; k++) {
		uint64_t cost2 = 0; /* twice the estimated bits */
		for (unsigned b = 0; b <= maxb; b++) {
			uint64_t c2;
			if (!h[b])
				continue;
			if (b <= k)
				c2 = 2 * (1 + k);
			else if (b - k >= 5)
				c2 = 2 * (CODEC_ESCAPE + 6 + b - 1);
			else
				c2 = 3 * (1u << (b - 1 - k)) + 1 + 2 * k;
			cost2 += c2 * h[b];
		}
		if (cost2 < best) {
			best = cost2;
			best_k = k;
		}
	}
	return best_k;
}

static void plan(const struct wire_sample *s, unsigned n, unsigned c, struct codec_col *p)
{
	uint64_t min = val(s, 0, c), max = min;
	uint32_t h[65] = { 0 };

	for (unsigned i = 1; i < n; i++) {
		uint64_t v = val(s, i, c);
		if (v < min)
			min = v;
		if (v > max)
			max = v;
	}
	p->ref = min;
	p->constant = min == max;
	p->k = 0;
	if (p->constant)
		return;
	for (unsigned i = 0; i < n; i++)
		h[codec_bitlen(val(s, i, c) - min)]++;
	p->k = codec_choose_k(h);
}

static inline uint64_t residual_bits(uint64_t r, unsigned k)
{
	uint64_t q = r >> k;
	return q < CODEC_ESCAPE ? q + 1 + k : CODEC_ESCAPE + 6 + codec_bitlen(r) - 1;
}

static uint64_t col_bits(const struct wire_sample *s, unsigned n, unsigned c, const struct codec_col *p)
{
	unsigned l = codec_bitlen(p->ref);
	uint64_t bits = 1 + 7 + (l > 1 ? l - 1 : 0);

	if (p->constant)
		return bits;
	bits += 6;
	for (unsigned i = 0; i < n; i++)
		bits += residual_bits(val(s, i, c) - p->ref, p->k);
	return bits;
}

static size_t plan_len(const struct wire_sample *s, unsigned n, struct codec_col p[2])
{
	plan(s, n, 0, &p[0]);
	plan(s, n, 1, &p[1]);
	return (size_t)((col_bits(s, n, 0, &p[0]) + col_bits(s, n, 1, &p[1]) + 5) / 6);
}

size_t codec_token_len(const struct wire_sample *s, unsigned n)
{
	struct codec_col p[2];

	if (n < 1 || n > CODEC_MAX_SAMPLES)
		return 0;
	return plan_len(s, n, p);
}

unsigned codec_fit(const struct wire_sample *s, unsigned n, size_t max_chars)
{
	unsigned lo = 0, hi;

	if (n > CODEC_MAX_SAMPLES)
		n = CODEC_MAX_SAMPLES;
	if (!n)
		return 0;
	if (codec_token_len(s, n) <= max_chars)
		return n;
	/* Invariant: lo fits (0 trivially), hi does not. The size grows with
	 * n in practice; the caller's codec_encode checks the answer anyway. */
	hi = n;
	while (hi - lo > 1) {
		unsigned mid = lo + (hi - lo) / 2;
		if (codec_token_len(s, mid) <= max_chars)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* ---- encoding ---------------------------------------------------------------- */

struct bitw {
	char *out;
	size_t len;
	unsigned acc;  /* bits not yet emitted, fewer than 6 */
	unsigned nacc;
};

static void put_bits(struct bitw *w, uint64_t v, unsigned n)
{
	while (n) {
		unsigned take = 6 - w->nacc;
		if (take > n)
			take = n;
		w->acc = (w->acc << take) | (unsigned)((v >> (n - take)) & low_mask(take));
		w->nacc += take;
		n -= take;
		if (w->nacc == 6) {
			w->out[w->len++] = b64url[w->acc];
			w->acc = 0;
			w->nacc = 0;
		}
	}
}

static void put_header(struct bitw *w, const struct codec_col *p)
{
	unsigned l = codec_bitlen(p->ref);

	put_bits(w, p->constant, 1);
	put_bits(w, l, 7);
	if (l > 1)
		put_bits(w, p->ref & low_mask(l - 1), l - 1);
	if (!p->constant)
		put_bits(w, p->k, 6);
}

static void put_residual(struct bitw *w, uint64_t r, unsigned k)
{
	uint64_t q = r >> k;

	if (q < CODEC_ESCAPE) {
		put_bits(w, low_mask((unsigned)q) << 1, (unsigned)q + 1); /* q ones, a zero */
		put_bits(w, r & low_mask(k), k);
	} else {
		unsigned m = codec_bitlen(r) - 1;
		put_bits(w, low_mask(CODEC_ESCAPE), CODEC_ESCAPE);
		put_bits(w, m, 6);
		put_bits(w, r & low_mask(m), m);
	}
}

int codec_encode(const struct wire_sample *s, unsigned n, char *out, size_t cap)
{
	struct codec_col p[2];
	struct bitw w = { out, 0, 0, 0 };

	if (n < 1 || n > CODEC_MAX_SAMPLES)
		return -1;
	size_t len = plan_len(s, n, p);
	if (len + 1 > cap)
		return -1;
	put_header(&w, &p[0]);
	put_header(&w, &p[1]);
	for (unsigned c = 0; c < 2; c++)
		if (!p[c].constant)
			for (unsigned i = 0; i < n; i++)
				put_residual(&w, val(s, i, c) - p[c].ref, p[c].k);
	if (w.nacc)
		put_bits(&w, 0, 6 - w.nacc); /* zero padding to a whole character */
	out[w.len] = '\0';
	return (int)w.len;
}
