/*
 * The S-record codec (src/common/codec.c, codec_decode.c): bit-exact round trips of random
 * and adversarial sample sets, one spelling per sample set, lines that
 * always fit, and the size target on the reference distribution.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "lcg.h"
#include "synth_dist.h"
#include "wire.h"

/* Mutations of valid tokens: anything accepted must be the canonical
 * spelling of what it decodes to. */
static void assert_canonical_or_rejected(const char *tok, unsigned n)
{
	struct wire_sample back[CODEC_MAX_SAMPLES];
	char again[CODEC_MAX_SAMPLES * 32];

	if (codec_decode(tok, back, n))
		return;
	assert_true(codec_encode(back, n, again, sizeof(again)) > 0);
	assert_string_equal(again, tok);
}

static void round_trip(const struct wire_sample *s, unsigned n)
{
	char tok[CODEC_MAX_SAMPLES * 32];
	struct wire_sample back[CODEC_MAX_SAMPLES];
	int len = codec_encode(s, n, tok, sizeof(tok));

	assert_true(len > 0);
	assert_int_equal((size_t)len, strlen(tok));
	assert_int_equal((size_t)len, codec_token_len(s, n));
	assert_int_equal(strspn(tok, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
			 (size_t)len);
	assert_int_equal(codec_decode(tok, back, n), 0);
	assert_memory_equal(back, s, n * sizeof(*s));
	/* A token does not carry its count (the S record does, under the line
	 * CRC): read with another count it is refused or is that count's
	 * canonical spelling. */
	if (n > 1)
		assert_canonical_or_rejected(tok, n - 1);
	if (n < CODEC_MAX_SAMPLES)
		assert_canonical_or_rejected(tok, n + 1);
}

static void test_adversarial_sets(void **state)
{
	(void)state;
	static struct wire_sample s[CODEC_MAX_SAMPLES];
	const uint64_t M = UINT64_MAX;
	const uint64_t specials[] = { 0, 1, 2, 15, 16, 17, 63, 64, 1ull << 32, (1ull << 63) - 1,
				      1ull << 63, M - 1, M };
	const size_t ns = sizeof(specials) / sizeof(specials[0]);

	/* Every pair of special values, alone and as a two-sample line. */
	for (size_t a = 0; a < ns; a++)
		for (size_t b = 0; b < ns; b++) {
			s[0] = (struct wire_sample){ specials[a], specials[b] };
			round_trip(s, 1);
			s[1] = (struct wire_sample){ specials[b], specials[a] };
			round_trip(s, 2);
		}
	/* All equal, all max, 0 and max alternating (every residual escaped). */
	for (unsigned n = 1; n <= CODEC_MAX_SAMPLES; n = n * 2 + 1) {
		for (unsigned i = 0; i < n; i++)
			s[i] = (struct wire_sample){ 112, 60 };
		round_trip(s, n);
		for (unsigned i = 0; i < n; i++)
			s[i] = (struct wire_sample){ M, M };
		round_trip(s, n);
		for (unsigned i = 0; i < n; i++)
			s[i] = (struct wire_sample){ i & 1 ? M : 0, i & 1 ? 0 : M };
		round_trip(s, n);
		/* A tight line with one huge outlier. */
		for (unsigned i = 0; i < n; i++)
			s[i] = (struct wire_sample){ 100 + i % 7, 50 };
		s[n / 2].cycles = M;
		round_trip(s, n);
	}
	for (unsigned i = 0; i < CODEC_MAX_SAMPLES; i++)
		s[i] = (struct wire_sample){ M - i, i };
	round_trip(s, CODEC_MAX_SAMPLES);
}

static void test_random_sets(void **state)
{
	(void)state;
	static struct wire_sample s[CODEC_MAX_SAMPLES];
	struct lcg g;

	lcg_seed(&g, 12345);
	for (unsigned iter = 0; iter < 3000; iter++) {
		unsigned n = 1 + lcg_below(&g, iter < 2000 ? 40 : CODEC_MAX_SAMPLES);
		unsigned shift = lcg_below(&g, 64);       /* spread of the values */
		uint64_t base = lcg_next(&g) >> lcg_below(&g, 64);
		for (unsigned i = 0; i < n; i++) {
			uint64_t c = base + (lcg_next(&g) >> (63 - shift) >> 1);
			uint64_t in = lcg_below(&g, 4) ? base : lcg_next(&g);
			s[i] = (struct wire_sample){ c, in };
		}
		round_trip(s, n);
	}
}

static void test_one_spelling(void **state)
{
	(void)state;
	static const char alphabet[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+/ *%@.";
	struct wire_sample s[24];
	char tok[1024], mut[1024];
	unsigned accepted = 0, total = 0;

	for (unsigned i = 0; i < 24; i++)
		s[i] = (struct wire_sample){ 100 + (i * 7) % 13, 60 + (i % 5 == 0) };
	s[3].cycles = 33364;
	int len = codec_encode(s, 24, tok, sizeof(tok));
	assert_true(len > 0);
	for (int i = 0; i < len; i++)
		for (const char *a = alphabet; *a; a++) {
			if (*a == tok[i])
				continue;
			memcpy(mut, tok, (size_t)len + 1);
			mut[i] = *a;
			struct wire_sample back[24];
			total++;
			if (!codec_decode(mut, back, 24))
				accepted++;
			assert_canonical_or_rejected(mut, 24);
		}
	/* Deleted and inserted characters, and truncation. */
	for (int i = 0; i <= len; i++) {
		memcpy(mut, tok, (size_t)i);
		strcpy(mut + i, tok + i + (i < len));
		assert_canonical_or_rejected(mut, 24);
		memcpy(mut, tok, (size_t)i);
		mut[i] = 'A';
		strcpy(mut + i + 1, tok + i);
		assert_canonical_or_rejected(mut, 24);
	}
	/* Most substitutions are refused by the codec alone (the line CRC
	 * catches the rest). */
	assert_true(accepted * 2 < total);
}

static void test_non_canonical_forms(void **state)
{
	(void)state;
	struct wire_sample out[4];
	/* One sample (5, 5): both columns constant, L=3, ref bits "01".
	 * bits: 1 0000011 01 | 1 0000011 01 | 0000 (padding):
	 * 100000 110110 000011 010000 = g 2 D Q. */
	struct wire_sample one = { 5, 5 };
	char tok[64];
	assert_true(codec_encode(&one, 1, tok, sizeof(tok)) > 0);
	assert_string_equal(tok, "g2DQ");
	assert_int_equal(codec_decode("g2DQ", out, 1), 0);
	assert_int_equal(out[0].cycles, 5);
	assert_int_equal(codec_decode("g2DR", out, 1), -1);  /* padding bits set */
	assert_int_equal(codec_decode("g2DQA", out, 1), -1); /* a trailing character */
	assert_int_equal(codec_decode("g2D", out, 1), -1);   /* too short */
	assert_int_equal(codec_decode("", out, 1), -1);
	assert_int_equal(codec_decode("g2=Q", out, 1), -1);
	/* Constant flag cleared: a column of one value spelled with residuals. */
	assert_int_equal(codec_decode("A2DQ", out, 1), -1);
	/* L = 65 and above are refused. */
	assert_int_equal(codec_decode("xAAAAAAAAAAAAAAAAAAAAAAAAAAAA", out, 1), -1);
	/* n outside 1..CODEC_MAX_SAMPLES. */
	assert_int_equal(codec_decode("gbQN", out, 0), -1);
	assert_int_equal(codec_encode(&one, 0, tok, sizeof(tok)), -1);
	assert_int_equal(codec_encode(&one, 1, tok, 4), -1); /* no room for the NUL */
}

/* The longest S line the firmware can write, from the worst possible samples. */
static void test_worst_line_fits(void **state)
{
	(void)state;
	static struct wire_sample s[CODEC_MAX_SAMPLES];
	char tok[CODEC_TOKEN_MAX + 1], line[WIRE_LINE_MAX + 1];
	struct wire_writer w;

	for (unsigned i = 0; i < CODEC_MAX_SAMPLES; i++)
		s[i] = (struct wire_sample){ i & 1 ? UINT64_MAX : 0, i & 1 ? 0 : UINT64_MAX };
	unsigned n = codec_fit(s, CODEC_MAX_SAMPLES, CODEC_TOKEN_MAX);
	assert_true(n >= 2);
	assert_true(codec_token_len(s, n) <= CODEC_TOKEN_MAX);
	assert_true(codec_token_len(s, n + 1) > CODEC_TOKEN_MAX);
	assert_true(codec_encode(s, n, tok, sizeof(tok)) > 0);
	wire_begin(&w, line, sizeof(line), 0xffffffffu, UINT32_MAX, WIRE_REC_SAMPLES);
	wire_add_u64(&w, UINT32_MAX);
	wire_add_u64(&w, UINT32_MAX);
	wire_add_u64(&w, n);
	wire_add_token(&w, WIRE_ENC_RICE);
	wire_add_token(&w, tok);
	assert_true(wire_finish(&w) > 0);
	assert_true(strlen(line) < WIRE_LINE_MAX);
	/* One sample always fits in 24 characters. */
	assert_int_equal(codec_fit(s, 1, 24), 1);
	assert_int_equal(codec_fit(s, 0, 24), 0);
}

/* The target: at most 1.5 bytes per sample, framing included. */
static void test_tight_size_target(void **state)
{
	(void)state;
	struct wire_sample *s = malloc(SYNTH_DIST_N * sizeof(*s));
	char tok[CODEC_TOKEN_MAX + 1], line[WIRE_LINE_MAX + 1];
	struct wire_writer w;
	uint64_t bytes = 0;
	uint32_t seq = 100;

	assert_non_null(s);
	synth_dist_tight(s, 0x5256424E43480001ull);
	for (unsigned first = 0; first < SYNTH_DIST_N;) {
		unsigned n = codec_fit(s + first, SYNTH_DIST_N - first, CODEC_TOKEN_MAX);
		assert_true(n > 0);
		assert_true(codec_encode(s + first, n, tok, sizeof(tok)) > 0);
		wire_begin(&w, line, sizeof(line), 0x1a2b3c4d, seq++, WIRE_REC_SAMPLES);
		wire_add_u64(&w, 3);
		wire_add_u64(&w, first);
		wire_add_u64(&w, n);
		wire_add_token(&w, WIRE_ENC_RICE);
		wire_add_token(&w, tok);
		int len = wire_finish(&w);
		assert_true(len > 0 && len < WIRE_LINE_MAX);
		struct wire_sample back[CODEC_MAX_SAMPLES];
		assert_int_equal(codec_decode(tok, back, n), 0);
		assert_memory_equal(back, s + first, n * sizeof(*s));
		bytes += (uint64_t)len;
		first += n;
	}
	assert_true(bytes * 2 <= 3ull * SYNTH_DIST_N);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_adversarial_sets),
		cmocka_unit_test(test_random_sets),
		cmocka_unit_test(test_one_spelling),
		cmocka_unit_test(test_non_canonical_forms),
		cmocka_unit_test(test_worst_line_fits),
		cmocka_unit_test(test_tight_size_target),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
