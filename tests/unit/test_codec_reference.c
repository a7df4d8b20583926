/*
 * codec_decode (src/common/codec_decode.c) reads the Rice codes a word at a time.
 * This test holds it against a reference that reads the same bit layout
 * one bit at a time, as docs/wire-format.md words it, and defines
 * "canonical" independently: a token is valid when it decodes and
 * codec_encode spells the decoded samples the same way. On valid tokens,
 * their mutations and random strings, both must agree on acceptance and,
 * when accepted, on every value.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "codec.h"
#include "lcg.h"
#include "wire.h"

static const char alphabet[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

struct ref_reader {
	const char *p;
	unsigned bit; /* bits of *p already read, 0..5 */
	int bad;
};

static unsigned ref_bit(struct ref_reader *r)
{
	const char *a = *r->p ? strchr(alphabet, *r->p) : NULL;
	if (!a) {
		r->bad = 1; /* outside the alphabet, or past the end */
		return 0;
	}
	unsigned v = (unsigned)(a - alphabet);
	unsigned b = (v >> (5 - r->bit)) & 1u;
	if (++r->bit == 6) {
		r->bit = 0;
		r->p++;
	}
	return b;
}

static uint64_t ref_bits(struct ref_reader *r, unsigned n)
{
	uint64_t v = 0;
	while (n--)
		v = (v << 1) | ref_bit(r);
	return v;
}

/* Lenient: reads the layout, refuses only what cannot be read at all. */
static int ref_decode_lenient(const char *tok, struct wire_sample *out, unsigned n)
{
	struct ref_reader r = { tok, 0, 0 };
	uint64_t ref[2];
	unsigned constant[2], k[2];

	for (unsigned c = 0; c < 2; c++) {
		constant[c] = ref_bit(&r);
		unsigned l = (unsigned)ref_bits(&r, 7);
		if (l > 64)
			return -1;
		ref[c] = l ? (1ull << (l - 1)) | ref_bits(&r, l - 1) : 0;
		k[c] = constant[c] ? 0 : (unsigned)ref_bits(&r, 6);
	}
	for (unsigned c = 0; c < 2; c++)
		for (unsigned i = 0; i < n; i++) {
			uint64_t d = 0;
			if (!constant[c]) {
				unsigned q = 0;
				while (q < CODEC_ESCAPE && ref_bit(&r))
					q++;
				if (q < CODEC_ESCAPE) {
					if (k[c] && q > (UINT64_MAX >> k[c]))
						return -1;
					d = ((uint64_t)q << k[c]) | ref_bits(&r, k[c]);
				} else {
					unsigned m = (unsigned)ref_bits(&r, 6);
					d = (1ull << m) | ref_bits(&r, m);
				}
			}
			if (r.bad || d > UINT64_MAX - ref[c])
				return -1;
			if (c)
				out[i].instret = ref[c] + d;
			else
				out[i].cycles = ref[c] + d;
		}
	return r.bad ? -1 : 0;
}

static int ref_decode(const char *tok, struct wire_sample *out, unsigned n)
{
	static char again[CODEC_MAX_SAMPLES * 32];

	if (n < 1 || n > CODEC_MAX_SAMPLES || ref_decode_lenient(tok, out, n))
		return -1;
	if (codec_encode(out, n, again, sizeof(again)) < 0 || strcmp(again, tok))
		return -1;
	return 0;
}

static unsigned accepted, refused;

static void agree(const char *tok, unsigned n)
{
	static struct wire_sample fast[CODEC_MAX_SAMPLES], ref[CODEC_MAX_SAMPLES];
	int a = codec_decode(tok, fast, n), b = ref_decode(tok, ref, n);

	if (a != b)
		fail_msg("n=%u token '%s': codec_decode %d, reference %d", n, tok, a, b);
	if (!a) {
		assert_memory_equal(fast, ref, n * sizeof(*fast));
		accepted++;
	} else {
		refused++;
	}
}

static unsigned random_set(struct lcg *g, struct wire_sample *s)
{
	unsigned n = 1 + lcg_below(g, lcg_below(g, 4) ? 24 : CODEC_MAX_SAMPLES);
	unsigned shift = lcg_below(g, 64);
	uint64_t base = lcg_next(g) >> lcg_below(g, 65 - 1);
	uint64_t in = lcg_below(g, 4) ? 60 : lcg_next(g) >> lcg_below(g, 64);

	for (unsigned i = 0; i < n; i++) {
		uint64_t c = base + (lcg_next(g) >> (63 - shift) >> 1);
		if (lcg_below(g, 50) == 0)
			c = lcg_next(g); /* outlier: an escape, or a new minimum */
		s[i] = (struct wire_sample){ c, lcg_below(g, 5) ? in : in + lcg_below(g, 1000) };
	}
	return n;
}

/* Valid tokens, then each with one character replaced (inside and outside
 * the alphabet), dropped, doubled, and the token cut short; each read with
 * its own count and its neighbours; and a character appended. */
static void test_mutated_tokens_agree(void **state)
{
	(void)state;
	static const char extra[] = "=+/ *%@.\x7f\xff";
	static struct wire_sample s[CODEC_MAX_SAMPLES];
	static char tok[CODEC_MAX_SAMPLES * 32], mut[CODEC_MAX_SAMPLES * 32 + 2];
	struct lcg g;

	lcg_seed(&g, 20261122);
	for (unsigned iter = 0; iter < 1500; iter++) {
		unsigned n = random_set(&g, s);
		int len = codec_encode(s, n, tok, sizeof(tok));
		assert_true(len > 0);
		for (unsigned dn = 0; dn < 3; dn++)
			if (n + dn >= 2)
				agree(tok, n + dn - 1);
		for (unsigned m = 0; m < 24; m++) {
			int at = (int)lcg_below(&g, (uint32_t)len);
			memcpy(mut, tok, (size_t)len + 1);
			switch (m % 4) {
			case 0: /* another character of the alphabet: one to six bits */
				mut[at] = alphabet[lcg_below(&g, 64)];
				break;
			case 1:
				mut[at] = extra[lcg_below(&g, sizeof(extra) - 1)];
				break;
			case 2: /* dropped */
				memmove(mut + at, mut + at + 1, (size_t)(len - at));
				break;
			default: /* doubled */
				memmove(mut + at + 1, mut + at, (size_t)(len - at) + 1);
				break;
			}
			agree(mut, n);
		}
		/* A character after the end, in and outside the alphabet. */
		for (unsigned m = 0; m < 2; m++) {
			memcpy(mut, tok, (size_t)len);
			mut[len] = m ? extra[lcg_below(&g, sizeof(extra) - 1)] : alphabet[lcg_below(&g, 64)];
			mut[len + 1] = '\0';
			agree(mut, n);
		}
		for (int cut = 0; cut < len; cut += 1 + len / 16) {
			memcpy(mut, tok, (size_t)cut);
			mut[cut] = '\0';
			agree(mut, n);
		}
	}
	/* The mutations must exercise both outcomes. */
	assert_true(accepted > 1500 && refused > 10000);
}

/* Short random strings over the alphabet with small counts: a fair share
 * of them decode, which tests the corners of the layout the encoder's own
 * tokens rarely reach (long references, k near 64, escapes of every m). */
static void test_random_strings_agree(void **state)
{
	(void)state;
	char tok[64];
	struct lcg g;
	unsigned before = accepted;

	lcg_seed(&g, 7);
	for (unsigned iter = 0; iter < 400000; iter++) {
		unsigned len = 1 + lcg_below(&g, 40);
		for (unsigned i = 0; i < len; i++)
			tok[i] = alphabet[lcg_below(&g, 64)];
		tok[len] = '\0';
		agree(tok, 1 + lcg_below(&g, 4));
	}
	assert_true(accepted - before > 100);
}

/*
 * The longest tokens: a line whose every residual but the minimum's is
 * escaped with 63 bits, then random characters making the token up to
 * and past the longest a canonical token can be (DECODE_CHARS_MAX in
 * codec_decode.c: both headers at their widest, every residual escaped with 63
 * bits), where the decoder refuses unread.
 */
static void test_longest_tokens_agree(void **state)
{
	(void)state;
	enum { BITS_MAX = 2 * (1 + 7 + 63 + 6) + 2 * CODEC_MAX_SAMPLES * (CODEC_ESCAPE + 6 + 63),
	       CHARS_MAX = (BITS_MAX + 5) / 6 };
	static struct wire_sample s[CODEC_MAX_SAMPLES];
	static char tok[CHARS_MAX + 64];
	struct lcg g;

	lcg_seed(&g, 99);
	for (unsigned i = 0; i < CODEC_MAX_SAMPLES; i++)
		s[i] = (struct wire_sample){ i ? UINT64_MAX - i : 0, i ? (1ull << 63) + i : 0 };
	int len = codec_encode(s, CODEC_MAX_SAMPLES, tok, sizeof(tok));
	assert_true(len > CHARS_MAX / 2);
	agree(tok, CODEC_MAX_SAMPLES);
	const int lengths[] = { len + 1, CHARS_MAX - 2, CHARS_MAX - 1, CHARS_MAX,
				CHARS_MAX + 1, CHARS_MAX + 2, CHARS_MAX + 63 };
	for (size_t k = 0; k < sizeof(lengths) / sizeof(lengths[0]); k++) {
		for (int i = len; i < lengths[k]; i++)
			tok[i] = alphabet[lcg_below(&g, 64)];
		tok[lengths[k]] = '\0';
		agree(tok, CODEC_MAX_SAMPLES);
		agree(tok, 1);
	}
	/* Random characters only, around the limit. */
	for (int n = CHARS_MAX - 3; n <= CHARS_MAX + 3; n++) {
		for (int i = 0; i < n; i++)
			tok[i] = alphabet[lcg_below(&g, 64)];
		tok[n] = '\0';
		agree(tok, CODEC_MAX_SAMPLES);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mutated_tokens_agree),
		cmocka_unit_test(test_random_strings_agree),
		cmocka_unit_test(test_longest_tokens_agree),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
