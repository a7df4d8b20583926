/*
 * The multi-hart records and the fast paths of the collector: TP records
 * into tracepoints.csv, HART records and BENCH/RUN parallel fields into
 * meta.json (streams from synth.c and the firmware's wire writer), the
 * line framing against a byte-at-a-time reference on noisy input, the
 * ISA-L CRC-32 against the shared one, and samples.csv with a name too
 * long for the row buffer.
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
#include "inputs.h"
#include "lcg.h"
#include "crc.h"
#include "csv_out.h"
#include "lcg.h"
#include "meta_json.h"
#include "synth.h"
#include "wire.h"

#define TAG 0x5a11e1e5u

static const struct synth_bench benches[3] = {
	{ "addi100", 2, 30, 0, 5, 3, "ok", 0, NULL, NULL, 0, NULL },
	{ "circle", 1, 20, 0, 5, 3, "ok", 0, NULL, NULL, 0, NULL },
	{ "tp_addi100", 0, 17, 0, 5, 3, "none", 0, NULL, NULL, 0, NULL },
};
static const int64_t offsets[3] = { 0, -13, 4711 };

static const struct synth_extra extra = { 1, 0, 1, 4, offsets, 3, 1 };

static char *stream(const struct synth_extra *x, size_t *len, int rice)
{
	struct synth_run r = { TAG, 77, benches, 3, "ok", rice, 1 };
	struct synth_lines l = { 0 };
	synth_run_lines_ex(&r, x, &l);
	char *buf = synth_join(&l, SIZE_MAX, len);
	synth_free(&l);
	return buf;
}

static unsigned long rejected_total(const struct collector *c)
{
	unsigned long n = 0;
	for (size_t i = 0; i < coll_reject_norder; i++)
		n += c->rejected[coll_reject_order[i]];
	return n;
}

static void test_model(void **state)
{
	(void)state;
	size_t len;
	char *buf = stream(&extra, &len, 0);
	struct collector *c = decode(buf, len, len);

	assert_int_equal(c->nruns, 1);
	const struct coll_run *r = &c->runs[0];
	assert_true(r->complete);
	assert_int_equal(rejected_total(c), 0);
	/* TP: three per block, in order. */
	assert_int_equal(r->ntp, 9);
	for (uint32_t id = 0; id < 3; id++)
		for (uint32_t k = 0; k < 3; k++) {
			const struct coll_tp *t = &r->tp[3 * id + k];
			assert_int_equal(t->key, k);
			assert_int_equal(t->hart, 1);
			assert_int_equal(t->start, synth_tp_start(id, k));
			assert_int_equal(t->cycles, synth_tp_cycles(id, k));
			assert_int_equal(t->instret, synth_tp_instret(id, k));
		}
	/* BENCH parallel fields, the negative offset included. */
	for (uint32_t id = 0; id < 3; id++) {
		const struct coll_bench *b = &r->bench[id];
		assert_true(b->have_parallel);
		assert_int_equal(b->parallel, 4);
		assert_int_equal(b->skew_ticks, synth_skew(id));
		assert_true(b->offset_cycles == offsets[id]);
	}
	/* HART records. */
	assert_int_equal(r->nhart, 4);
	assert_int_equal(r->hart[0].id, 0);
	assert_string_equal(r->hart[0].state, "skipped");
	assert_string_equal(r->hart[0].why, "no S-mode (E51), \"monitor\" core");
	assert_int_equal(r->hart[0].have, 0);
	assert_string_equal(r->hart[1].state, "boot");
	assert_int_equal(r->hart[1].have, COLL_HART_RUN_CYCLES | COLL_HART_MEASURING | COLL_HART_WAITING);
	assert_int_equal(r->hart[1].run_cycles, 123456789);
	assert_int_equal(r->hart[1].measuring, 100000000);
	assert_int_equal(r->hart[1].waiting, 4242);
	assert_null(r->hart[1].why);
	assert_int_equal(r->hart[2].have, COLL_HART_BUSY | COLL_HART_IDLE | COLL_HART_WAITING);
	assert_int_equal(r->hart[2].busy, 5000);
	assert_int_equal(r->hart[2].idle, 7000);
	assert_string_equal(r->hart[3].why, "sbi_hart_start: -3 @ 100%");
	assert_string_equal(coll_run_field(r, "parallel"), "1");
	collector_free(c);
	free(buf);
}

static void test_tracepoints_csv(void **state)
{
	(void)state;
	size_t len;
	char *buf = stream(&extra, &len, 1);
	struct collector *c = decode(buf, len, len);
	char *s = to_string(csv_write_tracepoints, c);
	char want[4096], *p = want;

	p += sprintf(p, "%s\r\n", CSV_TRACEPOINTS_HEADER);
	for (uint32_t id = 0; id < 3; id++)
		for (uint32_t k = 0; k < 3; k++)
			p += sprintf(p, "%08x,%u,1,%llu,%llu,%llu\r\n", TAG, k,
				     (unsigned long long)synth_tp_start(id, k),
				     (unsigned long long)synth_tp_cycles(id, k),
				     (unsigned long long)synth_tp_instret(id, k));
	assert_string_equal(s, want);
	free(s);
	collector_free(c);

	/* No TP record: the header alone. */
	static const struct synth_extra none = { 0 };
	free(buf);
	buf = stream(&none, &len, 0);
	c = decode(buf, len, len);
	s = to_string(csv_write_tracepoints, c);
	assert_string_equal(s, CSV_TRACEPOINTS_HEADER "\r\n");
	assert_int_equal(c->runs[0].nhart, 0);
	assert_false(c->runs[0].bench[0].have_parallel);
	free(s);
	char *m = meta(c);
	assert_non_null(strstr(m, "\"harts\": [],\n"));
	assert_non_null(strstr(m, "\"tracepoints\": 0,\n"));
	assert_null(strstr(m, "skew_ticks"));
	assert_null(strstr(m, "\"cross\""));
	free(m);
	collector_free(c);
	free(buf);
}

static void test_meta_json_fields(void **state)
{
	(void)state;
	size_t len;
	char *buf = stream(&extra, &len, 0);
	struct collector *c = decode(buf, len, len);
	char *m = meta(c);

	assert_non_null(strstr(m, "\"cross\": false, \"parallel\": true"));
	assert_non_null(strstr(m, "\"parallel\": 4, \"skew_ticks\": 3, \"offset_cycles\": 0"));
	assert_non_null(strstr(m, "\"parallel\": 4, \"skew_ticks\": 4, \"offset_cycles\": -13"));
	assert_non_null(strstr(m, "\"parallel\": 4, \"skew_ticks\": 5, \"offset_cycles\": 4711"));
	assert_non_null(strstr(m, "\"harts\": [\n"
				  "        {\"id\": 0, \"state\": \"skipped\", \"why\": "
				  "\"no S-mode (E51), \\\"monitor\\\" core\"},\n"
				  "        {\"id\": 1, \"state\": \"boot\", \"run_cycles\": 123456789,"
				  " \"measuring\": 100000000, \"waiting\": 4242},\n"
				  "        {\"id\": 2, \"state\": \"online\", \"busy\": 5000, \"idle\": 7000,"
				  " \"waiting\": 0},\n"
				  "        {\"id\": 3, \"state\": \"failed\", \"why\": \"sbi_hart_start: -3 @ 100%\"}\n"
				  "      ],\n"));
	assert_non_null(strstr(m, "\"tracepoints\": 9,\n"));
	assert_non_null(strstr(m, "\"tracepoints.csv\""));
	free(m);
	collector_free(c);
	free(buf);
}

/* One hand-made line after a good run's RUN line; returns the collector. */
static struct collector *with_line(const char *type, const char *const *kv, size_t nkv)
{
	char line[WIRE_LINE_MAX + 1], run[WIRE_LINE_MAX + 1];
	struct wire_writer w;
	struct collector *c = collector_new();

	wire_begin(&w, run, sizeof(run), TAG, 0, WIRE_REC_RUN);
	wire_add_kv_u64(&w, "fmt", 1);
	wire_add_kv_hex(&w, "seed", 1);
	wire_add_kv_u64(&w, "benches", 0);
	assert_true(wire_finish(&w) > 0);
	collector_feed(c, run, strlen(run));
	wire_begin(&w, line, sizeof(line), TAG, 1, type);
	for (size_t i = 0; i < nkv; i++)
		wire_add_token(&w, kv[i]);
	assert_true(wire_finish(&w) > 0);
	collector_feed(c, line, strlen(line));
	collector_finish(c);
	return c;
}

static void test_bad_records_rejected(void **state)
{
	(void)state;
	static const char *const bad_tp[][5] = {
		{ "key=16", "hart=1", "start=1", "cycles=1", "instret=1" },
		{ "key=1", "hart=1", "start=01", "cycles=1", "instret=1" },
		{ "key=1", "hart=1", "start=1", "cycles=-1", "instret=1" },
		{ "key=1", "hart=1", "start=1", "cycles=1", "other=1" },
	};
	for (size_t i = 0; i < sizeof(bad_tp) / sizeof(bad_tp[0]); i++) {
		struct collector *c = with_line(WIRE_REC_TP, bad_tp[i], 5);
		assert_int_equal(c->rejected[COLL_REJ_INVALID], 1);
		assert_int_equal(c->runs[0].ntp, 0);
		collector_free(c);
	}
	static const char *const good_tp[] = { "key=15", "hart=4", "start=0", "cycles=9", "instret=8" };
	struct collector *c = with_line(WIRE_REC_TP, good_tp, 5);
	assert_int_equal(rejected_total(c), 0);
	assert_int_equal(c->runs[0].ntp, 1);
	assert_int_equal(c->runs[0].tp[0].key, 15);
	assert_int_equal(c->runs[0].tp[0].seq, 1);
	collector_free(c);

	static const char *const bad_hart[][2] = {
		{ "id=x", "state=online" }, { "id=1", "busy=1" }, { "id=1", "state=online busy=1x" },
		{ "id=1", "state=failed why=%zz" },
	};
	for (size_t i = 0; i < sizeof(bad_hart) / sizeof(bad_hart[0]); i++) {
		c = with_line(WIRE_REC_HART, bad_hart[i], 2);
		assert_int_equal(rejected_total(c), 1);
		assert_int_equal(c->runs[0].nhart, 0);
		collector_free(c);
	}
}

/* A BENCH line with the given parallel fields: accepted or not. */
static int bench_accepts(const char *par, const char *skew, const char *off, int64_t *offset)
{
	const char *kv[16] = { "id=0", "name=x", "hart=1", "group=0", "batch=1", "warmup=0",
			       "samples=1", "input_range=0", "oh_cycles=0", "oh_instret=0" };
	size_t n = 10;
	char a[64], b[64], d[64];
	if (par) {
		snprintf(a, sizeof(a), "parallel=%s", par);
		kv[n++] = a;
	}
	if (skew) {
		snprintf(b, sizeof(b), "skew_ticks=%s", skew);
		kv[n++] = b;
	}
	if (off) {
		snprintf(d, sizeof(d), "offset_cycles=%s", off);
		kv[n++] = d;
	}
	struct collector *c = with_line(WIRE_REC_BENCH, kv, n);
	int ok = c->runs[0].nbench == 1 && c->runs[0].bench[0].have_header;
	if (ok && offset)
		*offset = c->runs[0].bench[0].offset_cycles;
	collector_free(c);
	return ok;
}

static void test_offset_spellings(void **state)
{
	(void)state;
	int64_t v = 1;
	assert_true(bench_accepts("2", "0", "-13", &v));
	assert_true(v == -13);
	assert_true(bench_accepts("2", "0", "0", &v));
	assert_true(v == 0);
	assert_true(bench_accepts("2", "7", "9223372036854775807", &v));
	assert_true(v == INT64_MAX);
	assert_true(bench_accepts("2", "7", "-9223372036854775808", &v));
	assert_true(v == INT64_MIN);
	assert_true(bench_accepts(NULL, NULL, NULL, NULL)); /* a serial run */
	assert_false(bench_accepts("2", "0", "-9223372036854775809", NULL));
	assert_false(bench_accepts("2", "0", "9223372036854775808", NULL));
	assert_false(bench_accepts("2", "0", "-0", NULL));
	assert_false(bench_accepts("2", "0", "--1", NULL));
	assert_false(bench_accepts("2", "0", "+1", NULL));
	assert_false(bench_accepts("2", "0", "-01", NULL));
	assert_false(bench_accepts("2", "0", "-", NULL));
	assert_false(bench_accepts("0", "0", "1", NULL));
	assert_false(bench_accepts("2", NULL, "1", NULL));
	assert_false(bench_accepts("2", "x", "1", NULL));
}

/* The line framing of docs/wire-format.md, one byte at a time (what the
 * collector did before it scanned with memchr): the machine lines it
 * would hand to the parser, each "\n"-joined. */
static char *reference_lines(const char *buf, size_t len)
{
	char line[WIRE_LINE_MAX + 1];
	size_t linelen = 0, k = 0, cap = 2 * len + 4096, n = 0;
	int in = 0, too_long = 0;
	char *out = malloc(cap);
	assert_non_null(out);
	for (size_t i = 0; i < len; i++) {
		char b = buf[i];
		if (b == '\n') {
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

/* END status=skipped (bench_skip(): cannot run here, nothing wrong): the
 * samples were never measured, so the run is complete and not failed. */
static void test_skipped_block(void **state)
{
	(void)state;
	char lines[4][WIRE_LINE_MAX + 1], all[4 * (WIRE_LINE_MAX + 1)] = "";
	struct wire_writer w;

	wire_begin(&w, lines[0], sizeof(lines[0]), TAG, 0, WIRE_REC_RUN);
	wire_add_kv_u64(&w, "fmt", 1);
	wire_add_kv_hex(&w, "seed", 1);
	wire_add_kv_u64(&w, "benches", 1);
	assert_true(wire_finish(&w) > 0);
	wire_begin(&w, lines[1], sizeof(lines[1]), TAG, 1, WIRE_REC_BENCH);
	wire_add_token(&w, "id=0 name=mem_latency_rand hart=1 group=0 batch=1 warmup=0 samples=20"
			   " input_range=0 oh_cycles=0 oh_instret=0");
	assert_true(wire_finish(&w) > 0);
	wire_begin(&w, lines[2], sizeof(lines[2]), TAG, 2, WIRE_REC_END);
	wire_add_token(&w, "id=0 count=0 verify=none status=skipped");
	assert_true(wire_finish(&w) > 0);
	wire_begin(&w, lines[3], sizeof(lines[3]), TAG, 3, WIRE_REC_TRAILER);
	wire_add_kv_u64(&w, "benches", 1);
	wire_add_kv_u64(&w, "samples", 0);
	wire_add_kv_hex(&w, "crc32", crc32_final(crc32_init()));
	wire_add_kv_str(&w, "status", "ok");
	assert_true(wire_finish(&w) > 0);
	for (int i = 0; i < 4; i++)
		strcat(all, lines[i]);
	struct collector *c = decode(all, strlen(all), strlen(all));
	const struct coll_run *r = &c->runs[0];
	assert_int_equal(r->nproblem, 0);
	assert_int_equal(r->nfailure, 0);
	assert_true(r->complete);
	assert_true(r->ok);
	assert_true(collector_all_ok(c));
	assert_int_equal(r->ngap, 1);
	assert_string_equal(r->gap[0].reason, "not sent");
	assert_int_equal(r->gap[0].first, 0);
	assert_int_equal(r->gap[0].last, 19);
	assert_string_equal(r->bench[0].status, "skipped");
	collector_free(c);
}

/* In a parallel run every hart got the boot hart's inputs: a block with
 * inputs_block=0 has block 0's inputs, not those its own id would make. */
static void test_parallel_inputs_block(void **state)
{
	(void)state;
	char lines[3][WIRE_LINE_MAX + 1], all[3 * (WIRE_LINE_MAX + 1)] = "";
	struct wire_writer w;

	wire_begin(&w, lines[0], sizeof(lines[0]), TAG, 0, WIRE_REC_RUN);
	wire_add_kv_u64(&w, "fmt", 1);
	wire_add_kv_hex(&w, "seed", 0x1234);
	wire_add_kv_u64(&w, "benches", 2);
	assert_true(wire_finish(&w) > 0);
	wire_begin(&w, lines[1], sizeof(lines[1]), TAG, 1, WIRE_REC_BENCH);
	wire_add_token(&w, "id=0 name=crc32 hart=1 group=0 batch=1 warmup=0 samples=8"
			   " input_range=4096 oh_cycles=0 oh_instret=0 parallel=2 skew_ticks=0"
			   " offset_cycles=0");
	assert_true(wire_finish(&w) > 0);
	wire_begin(&w, lines[2], sizeof(lines[2]), TAG, 2, WIRE_REC_BENCH);
	wire_add_token(&w, "id=1 name=crc32 hart=2 group=0 batch=1 warmup=0 samples=8"
			   " input_range=4096 oh_cycles=0 oh_instret=0 parallel=2 skew_ticks=0"
			   " offset_cycles=5 inputs_block=0");
	assert_true(wire_finish(&w) > 0);
	for (int i = 0; i < 3; i++)
		strcat(all, lines[i]);
	struct collector *c = decode(all, strlen(all), strlen(all));
	const struct coll_run *r = &c->runs[0];
	uint64_t a[8], b[8], own[8], scratch[8];
	assert_int_equal(coll_bench_inputs(r, &r->bench[0], a, 8), 8);
	assert_int_equal(coll_bench_inputs(r, &r->bench[1], b, 8), 8);
	assert_memory_equal(a, b, sizeof(a));
	/* and that is not what block 1's own seed would give */
	assert_int_equal(inputs_fill(INPUT_RANGE, lcg_bench_seed(0x1234, 1), 4096, own, 8, scratch, 8), 0);
	assert_memory_not_equal(a, own, sizeof(a));
	assert_int_equal(inputs_fill(INPUT_RANGE, lcg_bench_seed(0x1234, 0), 4096, own, 8, scratch, 8), 0);
	assert_memory_equal(a, own, sizeof(a));
	collector_free(c);
}

/* A name whose quoted CSV form does not fit the row buffer takes the
 * stdio path: the same rows as a short name, but for the name. */
static void test_long_name_rows(void **state)
{
	(void)state;
	char name[301];
	memset(name, '"', 300);
	name[300] = '\0';
	struct synth_bench lb[1] = { { name, 1, 3, 10, 5, 3, "ok", 0, NULL, NULL, 0, NULL } };
	struct synth_bench sb[1] = { { "s", 1, 3, 10, 5, 3, "ok", 0, NULL, NULL, 0, NULL } };
	struct synth_run rl = { TAG, 5, lb, 1, "ok", 0, 0 }, rs = { TAG, 5, sb, 1, "ok", 0, 0 };
	struct synth_lines l1 = { 0 }, l2 = { 0 };
	size_t n1, n2;
	synth_run_lines(&rl, &l1);
	synth_run_lines(&rs, &l2);
	char *b1 = synth_join(&l1, SIZE_MAX, &n1), *b2 = synth_join(&l2, SIZE_MAX, &n2);
	struct collector *c1 = decode(b1, n1, n1), *c2 = decode(b2, n2, n2);
	assert_true(c1->runs[0].complete);
	char *s1 = to_string(csv_write_samples, c1), *s2 = to_string(csv_write_samples, c2);
	char quoted[700], *p = quoted;
	*p++ = '"';
	for (int i = 0; i < 300; i++) {
		*p++ = '"';
		*p++ = '"';
	}
	*p++ = '"';
	*p = '\0';
	/* Replace every ",s," of the short one with the quoted long name. */
	size_t cap = strlen(s2) + 4 * 700, m = 0;
	char *want = malloc(cap);
	assert_non_null(want);
	for (const char *q = s2; *q;) {
		if (!strncmp(q, ",s,", 3)) {
			m += (size_t)sprintf(want + m, ",%s,", quoted);
			q += 3;
		} else {
			want[m++] = *q++;
		}
	}
	want[m] = '\0';
	assert_string_equal(s1, want);
	free(want);
	free(s1);
	free(s2);
	collector_free(c1);
	collector_free(c2);
	free(b1);
	free(b2);
	synth_free(&l1);
	synth_free(&l2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_model),
		cmocka_unit_test(test_tracepoints_csv),
		cmocka_unit_test(test_meta_json_fields),
		cmocka_unit_test(test_bad_records_rejected),
		cmocka_unit_test(test_offset_spellings),
		cmocka_unit_test(test_framing_matches_bytewise),
		cmocka_unit_test(test_crc32_fast),
		cmocka_unit_test(test_crc_streaming_and_fallback),
		cmocka_unit_test(test_skipped_block),
		cmocka_unit_test(test_parallel_inputs_block),
		cmocka_unit_test(test_long_name_rows),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
