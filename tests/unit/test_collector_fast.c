/*
 * The collector's fast paths against plain references: the line framing
 * (memchr for the newline and the prefix, lines parsed in place) against
 * the byte-at-a-time state machine on noisy input in every chunking, the
 * ISA-L CRC-32 over the store against the shared one, and the run CRC
 * folded in as lines arrive against the pass over the store.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector.h"
#include "collector_fixture.h"
#include "crc.h"
#include "lcg.h"
#include "multihart_fixture.h"
#include "synth.h"
#include "wire.h"
#include "test_main.h"

/* The line framing of docs/wire-format.md, one byte at a time (what the
 * collector did before it scanned with memchr): the machine lines it
 * would hand to the parser, each "\n"-joined. */
static char *reference_lines(const char *buf, size_t len)
{
	char line[WIRE_LINE_MAX + 1];
	size_t linelen = 0, k = 0, cap = 2 * len + 4096, n = 0;
	int in = 0, too_long = 0, cr_ends = 0;
	char *out = malloc(cap);
	assert_non_null(out);
	for (size_t i = 0; i < len; i++) {
		char b = buf[i];
		/* A '\r' alone ends a line too (CR-only streams); at the very end
		 * only once the stream has shown such ends. It counts towards
		 * the length limit, like the '\r' of "\r\n". */
		int lone_cr = b == '\r' && (i + 1 < len ? buf[i + 1] != '\n' : cr_ends);
		if (lone_cr) {
			cr_ends = 1;
			if (in && linelen >= WIRE_LINE_MAX)
				too_long = 1;
		}
		if (b == '\n' || lone_cr) {
			if (in && !too_long) {
				memcpy(out + n, line, linelen);
				n += linelen;
				out[n++] = '\n';
			} else if (in) {
				/* Stands for the line: too long again when decoded. */
				n += (size_t)sprintf(out + n, "%s", WIRE_PREFIX);
				memset(out + n, 'z', WIRE_LINE_MAX);
				n += WIRE_LINE_MAX;
				out[n++] = '\n';
			}
			linelen = 0;
			in = too_long = 0;
			k = 0;
			continue;
		}
		if (in && !too_long) {
			if (linelen < WIRE_LINE_MAX)
				line[linelen++] = b;
			else
				too_long = 1;
		}
		if (b == WIRE_PREFIX[k])
			k++;
		else
			k = b == '@';
		if (k == WIRE_PREFIX_LEN) {
			memcpy(line, WIRE_PREFIX, WIRE_PREFIX_LEN);
			linelen = WIRE_PREFIX_LEN;
			in = 1;
			too_long = 0;
			k = 0;
		}
	}
	out[n] = '\0';
	return out;
}

static void test_framing_matches_bytewise(void **state)
{
	(void)state;
	size_t len;
	char *good = stream(&extra, &len, 0);
	/* Noise made of prefix fragments around real lines, lost newlines,
	 * CRs, a line longer than the limit. */
	static const char *const noise[] = { "@", "@R", "@RV", "@RVB", "@RVB ", "@@RVB ", "@RV@RVB ",
					     "\r", "\n", "xx", "@RVB 1", "B ", "VB " };
	size_t cap = 4 * len + 4096, n = 0;
	char *buf = malloc(cap);
	struct lcg g;
	assert_non_null(buf);
	lcg_seed(&g, 11);
	for (size_t i = 0; i < len && n + 1200 < cap; i++) {
		if (good[i] == '\n' && lcg_below(&g, 10) == 0)
			continue; /* a lost newline */
		buf[n++] = good[i];
		if (lcg_below(&g, 300) == 0) {
			const char *s = noise[lcg_below(&g, sizeof(noise) / sizeof(noise[0]))];
			memcpy(buf + n, s, strlen(s));
			n += strlen(s);
		}
		if (i == len / 2) {
			n += (size_t)sprintf(buf + n, "\n@RVB ");
			memset(buf + n, 'y', 600);
			n += 600;
			buf[n++] = '\n';
		}
	}
	/* The reference framing's lines, decoded by themselves, must give the
	 * same model as the noisy stream in any chunking. */
	char *ref = reference_lines(buf, n);
	struct collector *want = decode(ref, strlen(ref), strlen(ref) + 1);
	char *want_dump = dump_model(want, 1);
	/* The noise did its job: lines kept, lines lost, a line too long. */
	assert_true(want->lines_accepted > 10);
	assert_true(want->rejected[WIRE_ERR_BAD_CRC] + want->rejected[WIRE_ERR_NO_CRC] > 0);
	assert_int_equal(want->rejected[WIRE_ERR_TOO_LONG], 1);
	static const size_t chunks[] = { 1, 2, 3, 4, 5, 6, 7, 13, 64, 511, 4096, 1 << 20 };
	for (size_t i = 0; i < sizeof(chunks) / sizeof(chunks[0]); i++) {
		struct collector *c = decode(buf, n, chunks[i]);
		char *d = dump_model(c, 1);
		assert_string_equal(d, want_dump);
		for (unsigned reason = 0; reason < COLL_REJ_COUNT; reason++)
			assert_int_equal(c->rejected[reason], want->rejected[reason]);
		free(d);
		collector_free(c);
	}
	free(want_dump);
	collector_free(want);
	free(ref);
	free(buf);
	free(good);
}

/* The collector's run CRC (ISA-L over the store) against the shared
 * byte-at-a-time one, over runs of every length from 0 to 600 samples at
 * an offset that changes with the length, chained from a running value. */
static void test_crc32_fast(void **state)
{
	(void)state;
	static struct coll_sample s[600];
	struct lcg g;
	uint32_t a = crc32_init(), b = crc32_init();
	lcg_seed(&g, 3);
	for (size_t i = 0; i < 600; i++)
		s[i] = (struct coll_sample){ lcg_next(&g) >> (i % 64), lcg_next(&g) >> ((i * 7) % 64) };
	for (size_t len = 0; len <= 600; len++) {
		size_t at = (len * 37) % (601 - len);
		for (size_t i = at; i < at + len; i++)
			a = crc32_add_sample(a, s[i].cycles_raw, s[i].instret_raw);
		b = coll_crc32_add_samples(b, s + at, len);
		assert_int_equal(a, b);
	}
	/* docs/wire-format.md's example: python binascii.crc32 of <QQQQ 100 100 7 8. */
	const struct coll_sample ex[2] = { { 100, 100 }, { 7, 8 } };
	assert_int_equal(crc32_final(coll_crc32_add_samples(crc32_init(), ex, 2)), 0xB84750A1u);
}

/* The run CRC-32 folded in as lines arrive, and over the store when the
 * order was broken: the same verdicts either way. */
static void test_crc_streaming_and_fallback(void **state)
{
	(void)state;
	struct synth_run r = { TAG, 77, benches, 3, "ok", 0, 0 };
	struct synth_lines l = { 0 };
	synth_run_lines_ex(&r, &extra, &l);
	/* Lines 2 and 3 are block 0's first two S lines: swapped, the cursor
	 * waits for line 2, then takes both. */
	char *t = l.line[2];
	l.line[2] = l.line[3];
	l.line[3] = t;
	size_t len;
	char *buf = synth_join(&l, SIZE_MAX, &len);
	struct collector *c = decode(buf, len, 7);
	assert_true(c->runs[0].complete);
	assert_int_equal(c->runs[0].crc_bench, 3);
	collector_free(c);
	free(buf);
	/* Block 0's END after the trailer: the cursor stops at block 0 and
	 * the END moves it through all three at the end. */
	size_t end0 = 0;
	while (!strstr(l.line[end0], " END "))
		end0++;
	char *end_line = l.line[end0];
	memmove(&l.line[end0], &l.line[end0 + 1], (l.n - end0 - 1) * sizeof(*l.line));
	l.line[l.n - 1] = end_line;
	buf = synth_join(&l, SIZE_MAX, &len);
	c = decode(buf, len, len);
	assert_int_equal(c->runs[0].crc_bench, 3);
	for (size_t i = 0; i < c->runs[0].nproblem; i++)
		assert_null(strstr(c->runs[0].problem[i], "crc32"));
	collector_free(c);
	free(buf);
	/* Without block 0's END the cursor never passes it: the CRC is
	 * computed over the store, and still matches. */
	buf = synth_join(&l, l.n - 1, &len);
	c = decode(buf, len, len);
	assert_int_equal(c->runs[0].crc_bench, 0);
	assert_false(c->runs[0].complete);
	for (size_t i = 0; i < c->runs[0].nproblem; i++)
		assert_null(strstr(c->runs[0].problem[i], "crc32"));
	collector_free(c);
	free(buf);
	/* One sample value changed in a CRC-valid line (the firmware's CRC-32
	 * is over what it measured): a mismatch, found by the cursor. */
	synth_free(&l);
	synth_run_lines_ex(&r, &extra, &l);
	size_t s0 = 0;
	while (!strstr(l.line[s0], " S "))
		s0++;
	struct wire_writer w;
	char line[WIRE_LINE_MAX + 1];
	wire_begin(&w, line, sizeof(line), TAG, (uint32_t)s0, WIRE_REC_SAMPLES);
	wire_add_u64(&w, 0);
	wire_add_u64(&w, 0);
	wire_add_u64(&w, WIRE_SAMPLES_PER_LINE);
	wire_add_token(&w, WIRE_ENC_DECIMAL);
	for (uint32_t k = 0; k < WIRE_SAMPLES_PER_LINE; k++) {
		struct wire_sample ws = { synth_cycles(0, k) + (k == 5), synth_instret(0, k) };
		wire_add_sample(&w, &ws);
	}
	assert_true(wire_finish(&w) > 0);
	free(l.line[s0]);
	l.line[s0] = strdup(line);
	buf = synth_join(&l, SIZE_MAX, &len);
	c = decode(buf, len, len);
	assert_int_equal(c->runs[0].crc_bench, 3);
	assert_false(c->runs[0].complete);
	int found = 0;
	for (size_t i = 0; i < c->runs[0].nproblem; i++)
		found |= !strcmp(c->runs[0].problem[i], "crc32 mismatch");
	assert_true(found);
	collector_free(c);
	free(buf);
	synth_free(&l);
}

TEST_MAIN(cmocka_unit_test(test_framing_matches_bytewise),
	  cmocka_unit_test(test_crc32_fast),
	  cmocka_unit_test(test_crc_streaming_and_fallback))
