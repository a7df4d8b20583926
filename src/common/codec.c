/*
 * Encoding "r" of S records (codec.h). Bit layout, most significant bit
 * first, six bits per base64url character, the last one zero-padded:
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
#include "codec.h"

static const char b64url[64] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

struct col {
	uint64_t ref;
	unsigned constant;
	unsigned k;
};

static inline uint64_t val(const struct wire_sample *s, unsigned i, unsigned c)
{
	return c ? s[i].instret : s[i].cycles;
}

static inline unsigned bitlen(uint64_t v)
{
	return v ? 64u - (unsigned)__builtin_clzll(v) : 0u;
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
static unsigned choose_k(const uint32_t h[65])
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

static void plan(const struct wire_sample *s, unsigned n, unsigned c, struct col *p)
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
		h[bitlen(val(s, i, c) - min)]++;
	p->k = choose_k(h);
}

static inline uint64_t residual_bits(uint64_t r, unsigned k)
{
	uint64_t q = r >> k;
	return q < CODEC_ESCAPE ? q + 1 + k : CODEC_ESCAPE + 6 + bitlen(r) - 1;
}

static uint64_t col_bits(const struct wire_sample *s, unsigned n, unsigned c, const struct col *p)
{
	unsigned l = bitlen(p->ref);
	uint64_t bits = 1 + 7 + (l > 1 ? l - 1 : 0);

	if (p->constant)
		return bits;
	bits += 6;
	for (unsigned i = 0; i < n; i++)
		bits += residual_bits(val(s, i, c) - p->ref, p->k);
	return bits;
}

static size_t plan_len(const struct wire_sample *s, unsigned n, struct col p[2])
{
	plan(s, n, 0, &p[0]);
	plan(s, n, 1, &p[1]);
	return (size_t)((col_bits(s, n, 0, &p[0]) + col_bits(s, n, 1, &p[1]) + 5) / 6);
}

size_t codec_token_len(const struct wire_sample *s, unsigned n)
{
	struct col p[2];

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

static void put_header(struct bitw *w, const struct col *p)
{
	unsigned l = bitlen(p->ref);

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
		unsigned m = bitlen(r) - 1;
		put_bits(w, low_mask(CODEC_ESCAPE), CODEC_ESCAPE);
		put_bits(w, m, 6);
		put_bits(w, r & low_mask(m), m);
	}
}

int codec_encode(const struct wire_sample *s, unsigned n, char *out, size_t cap)
{
	struct col p[2];
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

/* ---- decoding ------------------------------------------------------------------ */

struct bitr {
	const char *p;
	uint64_t acc;  /* the low nacc bits are not consumed yet */
	unsigned nacc;
	int bad;
};

static inline int b64_value(unsigned char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '-')
		return 62;
	if (c == '_')
		return 63;
	return -1; /* the NUL at the end too: the token was too short */
}

/* n <= 57 bits. */
static inline uint64_t get_bits(struct bitr *r, unsigned n)
{
	while (r->nacc < n) {
		int v = b64_value((unsigned char)*r->p);
		if (v < 0) {
			r->bad = 1;
			return 0;
		}
		r->p++;
		r->acc = (r->acc << 6) | (unsigned)v;
		r->nacc += 6;
	}
	r->nacc -= n;
	return (r->acc >> r->nacc) & low_mask(n);
}

static uint64_t get_wide(struct bitr *r, unsigned n)
{
	if (n <= 32)
		return get_bits(r, n);
	uint64_t hi = get_bits(r, n - 32);
	return (hi << 32) | get_bits(r, 32);
}

static void get_header(struct bitr *r, struct col *p)
{
	p->constant = (unsigned)get_bits(r, 1);
	unsigned l = (unsigned)get_bits(r, 7);
	if (l > 64) {
		r->bad = 1;
		return;
	}
	p->ref = l ? (1ull << (l - 1)) | get_wide(r, l - 1) : 0;
	p->k = p->constant ? 0 : (unsigned)get_bits(r, 6);
}

static uint64_t get_residual(struct bitr *r, unsigned k)
{
	uint64_t q = 0;

	while (q < CODEC_ESCAPE && get_bits(r, 1))
		q++;
	if (r->bad)
		return 0;
	if (q < CODEC_ESCAPE) {
		if (q > (UINT64_MAX >> k))
			r->bad = 1; /* q << k would not fit in 64 bits */
		return (q << k) | get_wide(r, k);
	}
	unsigned m = (unsigned)get_bits(r, 6);
	uint64_t v = (1ull << m) | get_wide(r, m);
	if ((v >> k) < CODEC_ESCAPE)
		r->bad = 1; /* an escape that was not needed: not canonical */
	return v;
}

int codec_decode(const char *tok, struct wire_sample *out, unsigned n)
{
	struct bitr r = { tok, 0, 0, 0 };
	struct col p[2];

	if (n < 1 || n > CODEC_MAX_SAMPLES)
		return -1;
	get_header(&r, &p[0]);
	get_header(&r, &p[1]);
	for (unsigned c = 0; c < 2 && !r.bad; c++) {
		uint32_t h[65] = { 0 };
		for (unsigned i = 0; i < n && !r.bad; i++) {
			uint64_t v = p[c].ref, d = 0;
			if (!p[c].constant) {
				d = get_residual(&r, p[c].k);
				if (d > UINT64_MAX - v)
					return -1; /* above 2^64 - 1 */
				v += d;
			}
			h[bitlen(d)]++;
			if (c)
				out[i].instret = v;
			else
				out[i].cycles = v;
		}
		/* Canonical: the reference is the minimum (a zero residual), a
		 * non-constant column is not constant, k is choose_k's. */
		if (!p[c].constant && (!h[0] || h[0] == n || p[c].k != choose_k(h)))
			return -1;
	}
	if (r.bad || *r.p || (r.acc & low_mask(r.nacc)))
		return -1; /* bad character, too short, trailing bytes, padding */
	return 0;
}
