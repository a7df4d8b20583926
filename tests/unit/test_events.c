/*
 * Hardware events: the event names (src/common/pmu_events.c), the
 * decoder on a real stream with events (tests/fixtures/firmware/events.log,
 * QEMU virt with Sscofpmf under -icount), the E lines it refuses, and the
 * streams of wire format 1 (tests/fixtures/firmware-v1/), which must
 * still decode as before.
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
#include "collector.h"
#include "collector_fixture.h"
#include "pmu_events.h"
#include "rcsv.h"
#include "records.h"
#include "results_metric.h"
#include "summary_events.h"
#include "wire.h"
#include "test_main.h"

/* ---- names ------------------------------------------------------------------ */

static void expect_event(const char *name, uint32_t idx, uint64_t data)
{
	struct pmu_event e;
	if (pmu_event_lookup(name, &e))
		fail_msg("%s: not known", name);
	assert_int_equal(e.idx, idx);
	assert_int_equal(e.data, data);
}

static void test_event_names(void **state)
{
	(void)state;
	/* generic hardware events: type 0, SBI_PMU_HW_* codes */
	expect_event("cycles", 1, 0);
	expect_event("instructions", 2, 0);
	expect_event("cache-misses", 4, 0);
	expect_event("branch-misses", 6, 0);
	expect_event("ref-cycles", 10, 0);
	/* cache events: type 1, cache << 3 | op << 1 | result (QEMU's ids) */
	expect_event("l1d-read-miss", 0x10001, 0);
	expect_event("l1i-read-access", 0x10008, 0);
	expect_event("dtlb-read-miss", 0x10019, 0);
	expect_event("dtlb-write-miss", 0x1001b, 0);
	expect_event("itlb-read-miss", 0x10021, 0);
	expect_event("ll-prefetch-miss", 0x10015, 0);
	/* raw: type 2, the selector in event_data */
	expect_event("raw:0x1c01", 0x20000, 0x1c01);
	expect_event("raw:0xFFFFFFFFFFFFFFFF", 0x20000, UINT64_MAX);

	static const char *const bad[] = {
		"", "cycle", "l1d", "l1d-read", "l1d-read-", "l1d-read-miss-", "l1d-read-misses",
		"l2-read-miss", "dtlb--miss", "raw:", "raw:12", "raw:0x", "raw:0xg",
		"raw:0x10000000000000000", "Cycles",
	};
	struct pmu_event e;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (!pmu_event_lookup(bad[i], &e))
			fail_msg("'%s' taken as an event", bad[i]);
}

static void test_event_lists(void **state)
{
	char names[PMU_EVENTS_MAX][PMU_EVENT_NAME_MAX];
	unsigned n;
	const char *why = NULL;

	(void)state;
	assert_int_equal(pmu_events_parse("cycles,instructions,raw:0x2", names, &n, &why), 0);
	assert_int_equal(n, 3);
	assert_string_equal(names[2], "raw:0x2");
	static const char *const bad[] = {
		"cycles,", ",cycles", "cycles,,instructions", "cycles,cycles", "cycles,bogus",
		"cycles,instructions,cache-misses,branch-misses,ref-cycles", /* 5 > 4 */
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		why = NULL;
		if (!pmu_events_parse(bad[i], names, &n, &why))
			fail_msg("'%s' taken as an event list", bad[i]);
		assert_non_null(why);
	}
}

/* ---- the decoder ------------------------------------------------------------ */

static struct collector *decode_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	char *buf = malloc(1 << 20);
	assert_non_null(buf);
	size_t len = fread(buf, 1, 1 << 20, f);
	fclose(f);
	assert_true(len > 0 && len < (1 << 20));
	struct collector *c = collector_new();
	collector_feed(c, buf, len);
	collector_finish(c);
	free(buf);
	assert_int_equal(c->nruns, 1);
	for (unsigned r = 0; r < COLL_REJ_COUNT; r++)
		assert_int_equal(c->rejected[r], 0);
	return c;
}

static const struct coll_bench *block(const struct coll_run *r, const char *name,
				      const char *size_kib)
{
	for (size_t i = 0; i < r->nbench; i++) {
		const struct coll_bench *b = &r->bench[i];
		if (!b->have_header || strcmp(b->name, name))
			continue;
		if (!size_kib)
			return b;
		for (size_t k = 0; k < b->nparam; k++)
			if (!strcmp(b->param[k].key, "size_kib") && !strcmp(b->param[k].value, size_kib))
				return b;
	}
	fail_msg("no block %s %s", name, size_kib ? size_kib : "");
	return NULL;
}

/* The measured samples' net values of event k, all of them present. */
static uint64_t event_sum(const struct coll_bench *b, unsigned k, uint64_t *max)
{
	uint64_t sum = 0, v;
	*max = 0;
	for (uint64_t i = b->warmup; i < b->warmup + b->samples; i++) {
		assert_int_equal(coll_event_net(b, i, k, &v), 0);
		sum += v;
		if (v > *max)
			*max = v;
	}
	return sum;
}

static void test_events_fixture(void **state)
{
	(void)state;
	struct collector *c = decode_file("tests/fixtures/firmware/events.log");
	const struct coll_run *r = &c->runs[0];

	assert_true(r->complete);
	assert_true(r->ok);
	assert_string_equal(coll_run_field(r, "fmt"), "3");
	/* the PMU record: QEMU virt's 3 fixed + 16 programmable counters less
	 * time (index 1), OpenSBI's firmware counters after them */
	assert_true(r->npmu >= 5);
	assert_string_equal(r->pmu[0].key, "status");
	assert_string_equal(r->pmu[0].value, "ok");
	for (size_t i = 0; i < r->nbench; i++) {
		const struct coll_bench *b = &r->bench[i];
		assert_int_equal(b->nev, 3);
		assert_string_equal(b->ev_name[0], "cycles");
		assert_string_equal(b->ev_name[1], "instructions");
		assert_string_equal(b->ev_name[2], "dtlb-read-miss");
		/* The SBI's cycles and instructions, read in the same sequence
		 * as rdcycle and rdinstret: equal, sample by sample, once each
		 * has its own overhead subtracted (exact under -icount). */
		for (uint64_t k = 0; k < b->warmup + b->samples; k++) {
			struct coll_derived d;
			uint64_t ev_c, ev_i;
			coll_derive(r, b, k, &d);
			assert_int_equal(coll_event_net(b, k, 0, &ev_c), 0);
			assert_int_equal(coll_event_net(b, k, 1, &ev_i), 0);
			assert_int_equal(ev_c, d.cycles);
			assert_int_equal(ev_i, d.instret);
		}
	}
	/* dtlb-read-miss counts QEMU's own TLB refills: none for addi100 and
	 * for a 4 KiB chase (one page, in QEMU's TLB after the warmup), some
	 * for 64 random loads over 4 MiB (1024 pages; rvbench qemu sweeps
	 * 4, 64 and 4096 KiB under -icount). */
	uint64_t max;
	assert_int_equal(event_sum(block(r, "addi100", NULL), 2, &max), 0);
	assert_int_equal(event_sum(block(r, "mem_latency_rand", "4"), 2, &max), 0);
	const struct coll_bench *big = block(r, "mem_latency_rand", "4096");
	uint64_t sum = event_sum(big, 2, &max);
	assert_true(sum >= big->samples * 8); /* most of the 64 loads miss */
	assert_true(max <= 64);               /* at most one refill a load */
	collector_free(c);
}

/* The writers: one samples.csv column per event, two summary.csv columns,
 * meta.json's pmu and per-block events; nothing of the kind for format 1. */
static void test_event_columns(void **state)
{
	(void)state;
	struct collector *c = decode_file("tests/fixtures/firmware/events.log");
	char *samples = to_string(csv_write_samples, c), *summary = to_string(csv_write_summary, c);
	char *m = meta(c);

	assert_non_null(strstr(samples, "cycles,instret,cycles_raw,instret_raw,flags,"
					"ev.cycles,ev.instructions,ev.dtlb-read-miss\r\n"));
	/* addi100's measured rows: 100 cycles and instructions, no TLB refill */
	assert_non_null(strstr(samples, ",100,100,"));
	assert_non_null(strstr(summary, ",cflags,sample_unit,ev.cycles.median,ev.cycles.per_call,"
					"ev.instructions.median,ev.instructions.per_call,"
					"ev.dtlb-read-miss.median,ev.dtlb-read-miss.per_call\r\n"));
	const char *row = strstr(summary, "\r\n");
	assert_non_null(row);
	row = strstr(row, ",addi100,");
	assert_non_null(row);
	const char *end = strstr(row, "\r\n");
	const char *want = ",100,100.000,100,100.000,0,0.000\r\n";
	assert_true(end && (size_t)(end - row) > strlen(want) - 2);
	assert_memory_equal(end + 2 - strlen(want), want, strlen(want));
	static const char *const in_meta[] = {
		"\"pmu\": {\"status\": \"ok\", \"counters\": 35, \"hw\": 18, \"fw\": 16, ",
		"\"events\": \"cycles,instructions,dtlb-read-miss\"}",
		"\"events\": [{\"name\": \"cycles\", \"overhead\": ",
		"{\"name\": \"dtlb-read-miss\", \"overhead\": 0, \"median\": 0, \"per_call\": 0.0}",
	};
	assert_contains(m, in_meta, sizeof(in_meta) / sizeof(in_meta[0]));
	free(samples);
	free(summary);
	free(m);
	collector_free(c);

	c = decode_file("tests/fixtures/firmware-v1/sifive_u.log");
	samples = to_string(csv_write_samples, c);
	summary = to_string(csv_write_summary, c);
	m = meta(c);
	assert_null(strstr(samples, "ev."));
	assert_null(strstr(summary, "ev."));
	assert_non_null(strstr(m, "\"pmu\": null"));
	assert_null(strstr(m, "\"events\""));
	free(samples);
	free(summary);
	free(m);
	collector_free(c);
}

/* Format 1 streams (before events): read as before, no event anywhere. */
static void test_format1_fixtures(void **state)
{
	static const char *const names[] = { "sifive_u", "entry", "fault" };

	(void)state;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char path[96];
		snprintf(path, sizeof(path), "tests/fixtures/firmware-v1/%s.log", names[i]);
		struct collector *c = decode_file(path);
		const struct coll_run *r = &c->runs[0];
		assert_string_equal(coll_run_field(r, "fmt"), "1");
		assert_true(r->fmt_ok);
		assert_true(r->complete);
		assert_true(r->nbench > 0);
		assert_int_equal(r->npmu, 0);
		for (size_t j = 0; j < r->nbench; j++)
			assert_int_equal(r->bench[j].nev, 0);
		collector_free(c);
	}
}

/* ---- E lines refused ---------------------------------------------------------- */

#define TAG 0xe0e0e0e0u

/* Block id's S line at seq: the four samples every block here has. */
static const char *s_line(char *buf, uint32_t seq, uint64_t id)
{
	static const struct wire_sample smp[4] = { { 10, 5 }, { 11, 5 }, { 12, 5 }, { 10, 5 } };
	char tok[64];
	struct wire_writer w;

	rec_begin(&w, buf, WIRE_LINE_MAX + 1, TAG, seq, REC_S);
	struct rec_s rs = { .id = id, .first = 0, .n = 4, .enc = rec_encoding_name[REC_ENC_RICE] };
	rec_write(&w, REC_S, &rs);
	assert_true(codec_encode(smp, 4, tok, sizeof(tok)) > 0);
	wire_add_token(&w, tok);
	assert_true(wire_finish(&w) > 0);
	return buf;
}

/* A run with one block of 4 samples and events "cycles,raw:0x5" (one
 * pair) or "cycles" (odd: the pair's second column must be 0), then
 * extra, then the block's S, END and TRAILER. */
static struct collector *run_with(const char *events, const char *extra)
{
	static char s[8192];
	char buf[WIRE_LINE_MAX + 1];
	size_t len = 0;

	len += (size_t)snprintf(s + len, sizeof(s) - len, "%s",
				wire_line(buf, TAG, 0, "RUN", "fmt=2 seed=0x1 benches=1"));
	len += (size_t)snprintf(s + len, sizeof(s) - len, "%s",
				wire_line(buf, TAG, 1, "BENCH",
					  "id=0 name=x hart=0 group=0 batch=1 warmup=0 samples=4"
					  " input_range=0 oh_cycles=1 oh_instret=1 events=%s oh_events=%s",
					  events, strchr(events, ',') ? "1,1" : "1"));
	len += (size_t)snprintf(s + len, sizeof(s) - len, "%s%s", s_line(buf, 2, 0), extra);
	len += (size_t)snprintf(s + len, sizeof(s) - len, "%s",
				wire_line(buf, TAG, 9, "END", "id=0 count=4 verify=none"));
	(void)len;
	struct collector *c = collector_new();
	collector_feed(c, s, strlen(s));
	collector_finish(c);
	return c;
}

/* An E line of block 0, pair pair, samples first.. of smp, at seq. */
static const char *e_line(char *buf, uint32_t seq, uint64_t id, uint64_t pair, uint64_t first,
			  const struct wire_sample *smp, unsigned n)
{
	char tok[64];
	struct wire_writer w;
	rec_begin(&w, buf, WIRE_LINE_MAX + 1, TAG, seq, REC_E);
	struct rec_e re = { .id = id, .pair = pair, .first = first, .n = n,
			    .enc = rec_encoding_name[REC_ENC_RICE] };
	rec_write(&w, REC_E, &re);
	assert_true(codec_encode(smp, n, tok, sizeof(tok)) > 0);
	wire_add_token(&w, tok);
	assert_true(wire_finish(&w) > 0);
	return buf;
}

static void expect_refused(const char *events, const char *line, const char *why)
{
	struct collector *c = run_with(events, line);
	const struct coll_run *r = &c->runs[0];
	assert_int_equal(c->rejected[COLL_REJ_INVALID], 1);
	assert_int_equal(r->nissue, 1);
	if (!strstr(r->issue[0], why))
		fail_msg("'%s', not '%s'", r->issue[0], why);
	collector_free(c);
}

static void test_e_lines(void **state)
{
	const struct wire_sample ok[4] = { { 7, 3 }, { 8, 3 }, { 7, 4 }, { 9, 3 } };
	const struct wire_sample odd[4] = { { 7, 0 }, { 8, 0 }, { 7, 0 }, { 9, 0 } };
	char a[WIRE_LINE_MAX + 1], b[WIRE_LINE_MAX + 1], two[2 * WIRE_LINE_MAX + 2];

	(void)state;
	/* accepted: both columns, the net values less oh_events */
	struct collector *c = run_with("cycles,raw:0x5", e_line(a, 3, 0, 0, 0, ok, 4));
	const struct coll_run *r = &c->runs[0];
	uint64_t v;
	assert_int_equal(c->rejected[COLL_REJ_INVALID], 0);
	assert_int_equal(coll_event_net(&r->bench[0], 2, 1, &v), 0);
	assert_int_equal(v, 3);
	assert_int_equal(coll_event_net(&r->bench[0], 3, 0, &v), 0);
	assert_int_equal(v, 8);
	collector_free(c);
	/* an event column that never arrived: the run says so */
	c = run_with("cycles,raw:0x5", "");
	r = &c->runs[0];
	int found = 0;
	for (size_t i = 0; i < r->nproblem; i++)
		found |= strstr(r->problem[i], "bench 0: 8 event values missing") != NULL;
	assert_true(found);
	collector_free(c);

	expect_refused("cycles", e_line(a, 3, 0, 0, 0, ok, 4),
		       "a value for an event the BENCH line does not name");
	expect_refused("cycles,raw:0x5", e_line(a, 3, 0, 1, 0, ok, 4),
		       "an event the BENCH line does not name");
	expect_refused("cycles,raw:0x5", e_line(a, 3, 1, 0, 0, ok, 4),
		       "a block without a BENCH line");
	expect_refused("cycles,raw:0x5", e_line(a, 3, 0, 0, 2, ok, 4),
		       "beyond the benchmark's sample count");
	snprintf(two, sizeof(two), "%s%s", e_line(a, 3, 0, 0, 0, odd, 4),
		 e_line(b, 4, 0, 0, 1, odd, 2));
	expect_refused("cycles,raw:0x5", two, "repeating samples");
}

/* An event value below the event's overhead is written as 0 with the
 * column's clamp bit in flags (0x8 for the first event column, 0x10 for
 * the second), as cycles and instret have theirs: never a silent 0. */
static void test_event_clamp_flags(void **state)
{
	const struct wire_sample ev[4] = { { 0, 3 }, { 8, 0 }, { 0, 0 }, { 9, 3 } };
	char a[WIRE_LINE_MAX + 1];

	(void)state;
	struct collector *c = run_with("cycles,raw:0x5", e_line(a, 3, 0, 0, 0, ev, 4));
	const struct coll_run *r = &c->runs[0];
	assert_int_equal(c->rejected[COLL_REJ_INVALID], 0);
	assert_int_equal(coll_event_clamped(&r->bench[0], 0, 0), 1);
	assert_int_equal(coll_event_clamped(&r->bench[0], 0, 1), 0);
	assert_int_equal(coll_event_clamped(&r->bench[0], 1, 1), 1);
	assert_int_equal(coll_event_clamped(&r->bench[0], 3, 0), 0);
	assert_int_equal(coll_event_clamped(&r->bench[0], 9, 0), 0); /* no such sample */
	char *samples = to_string(csv_write_samples, c);
	/* the rows' last three fields: flags, ev.cycles, ev.raw:0x5 */
	const char *want[4] = { ",8,0,2\r\n", ",16,7,0\r\n", ",24,0,0\r\n", ",0,8,2\r\n" };
	const char *row = strchr(samples, '\n') + 1;
	for (int i = 0; i < 4; i++) {
		const char *end = strchr(row, '\n') + 1;
		size_t wl = strlen(want[i]);
		if ((size_t)(end - row) < wl || memcmp(end - wl, want[i], wl))
			fail_msg("row %d: '%.*s' does not end in '%s'", i, (int)(end - row), row,
				 want[i]);
		row = end;
	}
	free(samples);
	collector_free(c);
}

/* An event name becomes a CSV column: a BENCH line naming one outside the
 * safe set (here a quote, CR and LF, %-escaped on the wire) is refused,
 * and no column is made of it. */
static void test_event_name_safe_set(void **state)
{
	(void)state;
	struct collector *c = run_with("dtlb%22x%0D%0Ay", "");
	const struct coll_run *r = &c->runs[0];
	int found = 0;
	for (size_t i = 0; i < r->nissue; i++)
		found |= strstr(r->issue[i], "event name outside") != NULL;
	assert_true(found);
	assert_true(c->rejected[COLL_REJ_INVALID] >= 1);
	for (size_t i = 0; i < r->nbench; i++)
		assert_int_equal(r->bench[i].nev, 0);
	collector_free(c);
}

/* Blocks that count different events: every event of the run has its
 * columns, however many (three blocks of four, twelve in all), and every
 * row is as wide as its header. */
static void test_many_event_columns(void **state)
{
	static const char *const ev[3] = {
		"cycles,instructions,cache-misses,branch-misses",
		"ref-cycles,l1d-read-miss,l1i-read-access,dtlb-read-miss",
		"dtlb-write-miss,itlb-read-miss,raw:0x1,raw:0x2",
	};
	static char s[8192];
	char buf[WIRE_LINE_MAX + 1];
	size_t len = 0;
	uint32_t seq = 0;

	(void)state;
	len += (size_t)snprintf(s + len, sizeof(s) - len, "%s",
				wire_line(buf, TAG, seq++, "RUN", "fmt=2 seed=0x1 benches=3"));
	for (unsigned id = 0; id < 3; id++) {
		len += (size_t)snprintf(s + len, sizeof(s) - len, "%s",
					wire_line(buf, TAG, seq++, "BENCH",
						  "id=%u name=x%u hart=0 group=0 batch=1 warmup=0 samples=4"
						  " input_range=0 oh_cycles=1 oh_instret=1 events=%s"
						  " oh_events=1,1,1,1",
						  id, id, ev[id]));
		len += (size_t)snprintf(s + len, sizeof(s) - len, "%s", s_line(buf, seq++, id));
	}
	assert_true(len < sizeof(s) - 1);
	struct collector *c = collector_new();
	collector_feed(c, s, len);
	collector_finish(c);
	assert_int_equal(c->rejected[COLL_REJ_INVALID], 0);
	assert_int_equal(c->runs[0].nbench, 3);

	char *samples = to_string(csv_write_samples, c), *summary = to_string(csv_write_summary, c);
	assert_non_null(strstr(samples,
			       ",flags,ev.cycles,ev.instructions,ev.cache-misses,ev.branch-misses,"
			       "ev.ref-cycles,ev.l1d-read-miss,ev.l1i-read-access,ev.dtlb-read-miss,"
			       "ev.dtlb-write-miss,ev.itlb-read-miss,ev.raw:0x1,ev.raw:0x2\r\n"));
	assert_non_null(strstr(summary, ",ev.raw:0x1.median,ev.raw:0x1.per_call,"
					"ev.raw:0x2.median,ev.raw:0x2.per_call\r\n"));
	/* 3 blocks of 4 samples, each row as wide as the header (read as CSV) */
	for (int k = 0; k < 2; k++) {
		const char *t = k ? summary : samples;
		struct rcsv csv;
		char err[128];
		assert_int_equal(rcsv_parse(t, strlen(t), &csv, err, sizeof(err)), 0);
		assert_int_equal(csv.nrows, k ? 1 + 3 : 1 + 12);
		for (size_t r = 1; r < csv.nrows; r++)
			assert_int_equal(csv.nfield[r], csv.nfield[0]);
		rcsv_free(&csv);
	}
	free(samples);
	free(summary);
	collector_free(c);
}

/* ---- one raw event, however spelt ------------------------------------------ */

static void expect_canonical(const char *name, const char *want)
{
	char out[PMU_EVENT_NAME_MAX];
	assert_int_equal(pmu_event_canonical(name, out), 0);
	if (strcmp(out, want))
		fail_msg("'%s' spelt '%s', not '%s'", name, out, want);
}

/* raw:0x + lower-case hex without leading zeros is the one spelling of a
 * raw event; the tables' names are kept as they are. */
static void test_raw_canonical(void **state)
{
	(void)state;
	expect_canonical("raw:0x1", "raw:0x1");
	expect_canonical("raw:0x01", "raw:0x1");
	expect_canonical("raw:0X1", "raw:0x1");
	expect_canonical("raw:0x0000000000000000000001", "raw:0x1"); /* 22 digits, 1 significant */
	expect_canonical("raw:0xAbC", "raw:0xabc");
	expect_canonical("raw:0x00", "raw:0x0");
	expect_canonical("raw:0xFFFFFFFFFFFFFFFF", "raw:0xffffffffffffffff");
	expect_canonical("cycles", "cycles");
	expect_canonical("dtlb-read-miss", "dtlb-read-miss");
	char out[PMU_EVENT_NAME_MAX];
	/* raw:1 (no 0x) is not an event, nor 17 significant digits */
	assert_int_equal(pmu_event_canonical("raw:1", out), -1);
	assert_int_equal(pmu_event_canonical("raw:0x10000000000000000", out), -1);
	assert_int_equal(pmu_event_canonical("raw:0x0010000000000000000", out), -1);
	assert_int_equal(pmu_event_canonical("Cycles", out), -1);
	/* 33 bytes: longer than any name (PMU_EVENT_NAME_MAX) */
	assert_int_equal(pmu_event_canonical("raw:0x000000000000000000000000001", out), -1);
}

/* rvbench.events: two spellings of one raw event are that event named
 * twice, refused with the very words of "cycles,cycles"; the names kept
 * are the one spelling. */
static void test_raw_duplicates(void **state)
{
	char names[PMU_EVENTS_MAX][PMU_EVENT_NAME_MAX];
	unsigned n;
	const char *why = NULL, *why_same = NULL;

	(void)state;
	assert_int_equal(pmu_events_parse("cycles,cycles", names, &n, &why_same), -1);
	assert_string_equal(why_same, "an event named twice");
	static const char *const twice[] = {
		"raw:0x1,raw:0x01", "raw:0x01,raw:0x1", "raw:0xab,raw:0xAB", "raw:0X1,raw:0x1",
		"raw:0x1,cycles,raw:0x001",
	};
	for (size_t i = 0; i < sizeof(twice) / sizeof(twice[0]); i++) {
		why = NULL;
		if (!pmu_events_parse(twice[i], names, &n, &why))
			fail_msg("'%s' taken as distinct events", twice[i]);
		assert_string_equal(why, why_same);
	}
	assert_int_equal(pmu_events_parse("raw:0X0A,cycles,raw:0x0b", names, &n, &why), 0);
	assert_int_equal(n, 3);
	assert_string_equal(names[0], "raw:0xa");
	assert_string_equal(names[1], "cycles");
	assert_string_equal(names[2], "raw:0xb");
}

/* The decoder: a BENCH line of an older firmware naming raw:0x05 gets the
 * column raw:0x5; one naming raw:0x01 and raw:0x1 names an event twice,
 * refused as "cycles,cycles" is. */
static void test_raw_spelling_on_the_wire(void **state)
{
	(void)state;
	struct collector *c = run_with("raw:0X05,cycles", "");
	const struct coll_run *r = &c->runs[0];
	assert_int_equal(r->nissue, 0);
	assert_int_equal(r->bench[0].nev, 2);
	assert_string_equal(r->bench[0].ev_name[0], "raw:0x5");
	assert_string_equal(r->bench[0].ev_name[1], "cycles");
	collector_free(c);

	c = run_with("cycles,cycles", "");
	assert_int_equal(c->runs[0].nissue, 1);
	char same[256];
	snprintf(same, sizeof(same), "%s", c->runs[0].issue[0]);
	assert_non_null(strstr(same, "BENCH line naming an event twice"));
	collector_free(c);
	c = run_with("raw:0x01,raw:0x1", "");
	r = &c->runs[0];
	assert_int_equal(r->nissue, 1);
	assert_string_equal(r->issue[0], same);
	assert_int_equal(r->bench[0].nev, 0);
	collector_free(c);
}

/* --metric: ev.raw:0x01 is the column ev.raw:0x1, and is found in a
 * samples.csv that spelt it ev.raw:0x0001. */
static void test_raw_metric(void **state)
{
	char err[256];
	struct rcsv t;
	static const char csv[] = "run,cycles,ev.raw:0x0001\n1,2,3\n";

	(void)state;
	assert_int_equal(results_metric_set("ev.raw:0x01", err, sizeof(err)), 0);
	assert_string_equal(results_metric_column(), "ev.raw:0x1");
	assert_string_equal(results_metric_label(), "raw:0x1");
	assert_int_equal(rcsv_parse(csv, strlen(csv), &t, err, sizeof(err)), 0);
	assert_int_equal(results_metric_col(&t), 2);
	assert_int_equal(results_metric_set("raw:0X1", err, sizeof(err)), 0);
	assert_string_equal(results_metric_column(), "ev.raw:0x1");
	assert_int_equal(results_metric_col(&t), 2);
	assert_int_equal(results_metric_set("raw:0x2", err, sizeof(err)), 0);
	assert_int_equal(results_metric_col(&t), -1);
	assert_int_equal(results_metric_set("cycles", err, sizeof(err)), 0);
	assert_int_equal(results_metric_col(&t), 1);
	rcsv_free(&t);
}

/* The printed summary names a refused raw event in its one spelling too,
 * whatever an older firmware's PMU record said. */
static void test_raw_refused_printed(void **state)
{
	(void)state;
	char buf[WIRE_LINE_MAX + 1];
	struct collector *c = run_with("cycles", wire_line(buf, TAG, 3, "PMU",
			"status=ok counters=19 hw=2 fw=16 list=0-0:hw:64,2-2:hw:64,3-18:fw"
			" events=cycles refused=raw:0X004a00:not-supported"));
	const struct coll_run *r = &c->runs[0];
	assert_int_equal(r->nissue, 0);
	char *out = NULL;
	size_t len;
	FILE *f = open_memstream(&out, &len);
	assert_int_equal(summary_events_print(f, r), 0);
	fclose(f);
	if (!strstr(out, "\nhardware events not counted: raw:0x4a00 (not-supported)\n"))
		fail_msg("printed: %s", out);
	free(out);
	collector_free(c);
}

TEST_MAIN(cmocka_unit_test(test_event_names), cmocka_unit_test(test_event_lists),
	  cmocka_unit_test(test_event_name_safe_set),
	  cmocka_unit_test(test_events_fixture), cmocka_unit_test(test_event_columns),
	  cmocka_unit_test(test_format1_fixtures),
	  cmocka_unit_test(test_e_lines), cmocka_unit_test(test_event_clamp_flags),
	  cmocka_unit_test(test_many_event_columns), cmocka_unit_test(test_raw_canonical),
	  cmocka_unit_test(test_raw_duplicates), cmocka_unit_test(test_raw_spelling_on_the_wire),
	  cmocka_unit_test(test_raw_metric), cmocka_unit_test(test_raw_refused_printed))
