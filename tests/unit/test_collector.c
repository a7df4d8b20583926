/*
 * The stream decoder (host-tools/collect/collector.c): exact values from a
 * synthetic run written with the firmware's own wire writer, identical
 * results for every chunking, and no wrong value from damaged input.
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
#include "csv_out.h"
#include "lcg.h"
#include "meta_json.h"
#include "synth.h"
#include "wire.h"

#define TAG_A 0x1a2b3c4du
#define TAG_B 0x0badf00du
#define SEED 0x5256424E43480001ull

/* Bench 0: overhead above some raw values (clamping); bench 1: a name that
 * needs CSV quoting, no inputs. 44 + 22 samples, S lines of 16. */
static const struct synth_bench benches[2] = {
	{ "add loop", 4, 40, 100, 95, 41, "ok", 0, NULL, NULL, 0, NULL },
	{ "crc,\"32\"", 2, 20, 0, 10, 5, "none", 0, NULL, NULL, 0, NULL },
};

static void make_run(uint32_t tag, struct synth_lines *l)
{
	struct synth_run r = { tag, SEED, benches, 2, "ok", 0, 0 };
	synth_run_lines(&r, l);
}

/* Every present sample must hold exactly the value that was sent. */
static void assert_no_wrong_value(const struct collector *c)
{
	for (size_t i = 0; i < c->nruns; i++)
		for (size_t j = 0; j < c->runs[i].nbench; j++) {
			const struct coll_bench *b = &c->runs[i].bench[j];
			for (size_t k = 0; k < b->ncap; k++) {
				if (!b->present[k])
					continue;
				assert_int_equal(b->s[k].cycles_raw, synth_cycles(b->id, k));
				assert_int_equal(b->s[k].instret_raw, synth_instret(b->id, k));
			}
			if (b->have_header) {
				assert_int_equal(b->warmup, benches[b->id].warmup);
				assert_int_equal(b->oh_cycles, benches[b->id].oh_cycles);
				assert_string_equal(b->name, benches[b->id].name);
			}
		}
}

static unsigned long rejected_total(const struct collector *c)
{
	unsigned long n = 0;
	for (size_t i = 0; i < coll_reject_norder; i++)
		n += c->rejected[coll_reject_order[i]];
	return n;
}

static int has_problem(const struct coll_run *r, const char *text)
{
	for (size_t i = 0; i < r->nproblem; i++)
		if (!strcmp(r->problem[i], text))
			return 1;
	return 0;
}

static void test_exact_values(void **state)
{
	(void)state;
	struct synth_lines l = { 0 };
	size_t len;
	make_run(TAG_A, &l);
	char *buf = synth_join(&l, SIZE_MAX, &len);
	struct collector *c = decode(buf, len, len);

	assert_int_equal(c->nruns, 1);
	const struct coll_run *r = &c->runs[0];
	assert_int_equal(r->tag, TAG_A);
	assert_true(r->complete);
	assert_int_equal(r->nproblem, 0);
	assert_int_equal(r->ngap, 0);
	assert_true(collector_all_complete(c));
	assert_int_equal(rejected_total(c), 0);
	assert_int_equal(r->seed, SEED);
	assert_string_equal(coll_run_field(r, "model"), "SiFive HiFive Unleashed A00");
	assert_int_equal(r->nbench, 2);
	assert_int_equal(r->total_received, 66);
	assert_int_equal(r->bench[0].nreceived, 44);
	assert_int_equal(r->bench[1].nreceived, 22);
	assert_string_equal(r->bench[0].verify, "ok");
	assert_string_equal(r->bench[1].name, "crc,\"32\"");
	assert_no_wrong_value(c);

	/* Derived values as docs/wire-format.md defines them. */
	const struct coll_bench *b = &r->bench[0];
	uint64_t input[44];
	coll_bench_inputs(r, b, input, 44);
	struct lcg g;
	lcg_seed(&g, SEED ^ (0x9E3779B97F4A7C15ull * 1));
	for (uint64_t k = 0; k < 44; k++) {
		uint64_t draw = lcg_next(&g);
		assert_int_equal(input[k], ((draw >> 32) * 100) >> 32);
		struct coll_derived d;
		coll_derive(r, b, k, &d);
		uint64_t raw = synth_cycles(0, k), iraw = synth_instret(0, k);
		assert_int_equal(d.cycles, raw < 95 ? 0 : raw - 95);
		assert_int_equal(d.instret, iraw < 41 ? 0 : iraw - 41);
		/* Net instret 0,0,1,2,3 repeating: the modal path is 0. */
		uint64_t net_i = iraw < 41 ? 0 : iraw - 41;
		assert_int_equal(d.flags, (raw < 95 ? SAMPLE_FLAG_CLAMPED_CYCLES : 0) |
					   (iraw < 41 ? SAMPLE_FLAG_CLAMPED_INSTRET : 0) |
					   (k >= 4 && net_i != 0 ? SAMPLE_FLAG_PATH_DIFFERS : 0));
		assert_int_equal(d.warmup, k < 4);
	}
	/* Index 0: raw 90 < 95 and raw 40 < 41: both clamped. */
	struct coll_derived d0;
	coll_derive(r, b, 0, &d0);
	assert_int_equal(d0.flags, 3);

	collector_free(c);
	free(buf);
	synth_free(&l);
}

static void test_every_chunking(void **state)
{
	(void)state;
	struct synth_lines l = { 0 };
	size_t len;
	make_run(TAG_A, &l);
	char *run = synth_join(&l, SIZE_MAX, &len);
	/* With noise, a duplicate and a lost line, so every path is chunked. */
	char *buf = NULL;
	size_t blen = 0;
	FILE *f = open_memstream(&buf, &blen);
	fputs("OpenSBI v1.1\r\n\x1b[1;32mboot\x1b[0m\r\n", f);
	fwrite(run, 1, len, f);
	fputs(l.line[3], f);
	fputs("tail @RVB 1a2b3c4d 999 S", f);
	fclose(f);

	struct collector *whole = decode(buf, blen, blen);
	char *ref = dump_model(whole, 0);
	assert_int_equal(whole->rejected[COLL_REJ_DUPLICATE], 1);
	assert_int_equal(whole->rejected[COLL_REJ_UNTERMINATED], 1);
	for (size_t chunk = 1; chunk <= 64; chunk++)
		assert_model_in_chunks(buf, blen, chunk, ref);
	free(ref);
	collector_free(whole);
	free(buf);
	free(run);
	synth_free(&l);
}

static void test_garbage_between_lines(void **state)
{
	(void)state;
	struct synth_lines l = { 0 };
	make_run(TAG_A, &l);
	char *buf = NULL;
	size_t blen = 0;
	FILE *f = open_memstream(&buf, &blen);
	fputs("\r\nOpenSBI v1.1\r\n   ____                    _____ ____ _____\r\n", f);
	for (size_t i = 0; i < l.n; i++) {
		/* ANSI codes, CRs, NULs and a human line around every line, and
		 * some glued to the front of the machine line itself. */
		fputs("\x1b[0m\r", f);
		fwrite("\0\0x\0", 1, 4, f);
		fputs("\r\nbench: min=1 max=2\r\n\x1b[2K", f);
		fwrite("\0", 1, 1, f);
		fputs(l.line[i], f);
	}
	fputs("rvbench: done\r\n", f);
	fclose(f);

	struct collector *c = decode(buf, blen, blen);
	assert_int_equal(c->nruns, 1);
	assert_true(c->runs[0].complete);
	assert_int_equal(rejected_total(c), 0);
	assert_int_equal(c->runs[0].total_received, 66);
	assert_no_wrong_value(c);
	collector_free(c);
	free(buf);
	synth_free(&l);
}

/* Flip every bit of every byte of a sample line in turn. */
static void test_bit_flips_never_give_wrong_values(void **state)
{
	(void)state;
	struct synth_lines l = { 0 };
	size_t len;
	make_run(TAG_A, &l);
	char *buf = synth_join(&l, SIZE_MAX, &len);
	size_t start = strlen(l.line[0]) + strlen(l.line[1]); /* line 2: S 0 0 16 */
	size_t linelen = strlen(l.line[2]);
	unsigned accepted = 0, rejected = 0;

	for (size_t i = start; i < start + linelen; i++)
		for (int bit = 0; bit < 8; bit++) {
			buf[i] ^= (char)(1 << bit);
			struct collector *c = decode(buf, len, len);
			assert_no_wrong_value(c);
			assert_int_equal(c->nruns, 1);
			const struct coll_bench *b = &c->runs[0].bench[0];
			if (b->nreceived == 44) {
				accepted++; /* only a flip in "\r\n" can leave the line intact */
				assert_true(i >= start + linelen - 2);
			} else {
				rejected++;
				assert_false(c->runs[0].complete);
				assert_int_equal(b->nreceived, 44 - 16);
				assert_int_equal(c->runs[0].ngap, 1);
				assert_int_equal(c->runs[0].gap[0].first, 0);
				assert_int_equal(c->runs[0].gap[0].last, 15);
			}
			collector_free(c);
			buf[i] ^= (char)(1 << bit);
		}
	/* Every flip before the terminator is caught (CRC-16 finds all
	 * single-bit errors); only "\r\n" flips may leave the line intact. */
	assert_true(rejected >= 8 * (linelen - 2));
	assert_true(accepted <= 16);
	free(buf);
	synth_free(&l);
}

static void test_missing_line_exact_gap(void **state)
{
	(void)state;
	struct synth_lines l = { 0 };
	size_t len;
	make_run(TAG_A, &l);
	/* Lines: 0 RUN, 1 BENCH 0, 2..4 S 0 (0-15, 16-31, 32-43), 5 END 0,
	 * 6 BENCH 1, 7..8 S 1 (0-15, 16-21), 9 END 1, 10 TRAILER. */
	char *buf = synth_join(&l, 3, &len);
	struct collector *c = decode(buf, len, len);
	const struct coll_run *r = &c->runs[0];

	assert_false(r->complete);
	assert_int_equal(r->ngap, 1);
	assert_int_equal(r->gap[0].bench, 0);
	assert_int_equal(r->gap[0].first, 16);
	assert_int_equal(r->gap[0].last, 31);
	assert_string_equal(r->gap[0].reason, "line lost");
	assert_true(has_problem(r, "missing seq 3"));
	assert_true(has_problem(r, "bench 0: 28 of 44 samples"));
	assert_true(has_problem(r, "crc32 not checked: samples missing"));
	assert_true(has_problem(r, "trailer samples=66 but 50 received"));
	assert_int_equal(r->total_received, 50);
	assert_no_wrong_value(c);
	collector_free(c);
	free(buf);

	/* Two adjacent lines lost: one seq range, one sample range. */
	struct synth_lines l2 = { 0 };
	for (size_t i = 0; i < l.n; i++)
		if (i != 2 && i != 3) {
			l2.line = realloc(l2.line, (l2.n + 1) * sizeof(char *));
			l2.line[l2.n++] = strdup(l.line[i]);
		}
	buf = synth_join(&l2, SIZE_MAX, &len);
	c = decode(buf, len, 7);
	r = &c->runs[0];
	assert_true(has_problem(r, "missing seq 2-3"));
	assert_int_equal(r->ngap, 1);
	assert_int_equal(r->gap[0].first, 0);
	assert_int_equal(r->gap[0].last, 31);
	collector_free(c);
	free(buf);
	synth_free(&l2);
	synth_free(&l);
}

static void test_duplicate_and_conflict(void **state)
{
	(void)state;
	struct synth_lines l = { 0 };
	make_run(TAG_A, &l);
	char *buf = NULL;
	size_t blen = 0;

	/* Exact duplicates (also with "\n" instead of "\r\n"): dropped. */
	FILE *f = open_memstream(&buf, &blen);
	for (size_t i = 0; i < l.n; i++) {
		fputs(l.line[i], f);
		if (i == 2 || i == 0)
			fputs(l.line[i], f);
		if (i == 4) {
			fwrite(l.line[i], 1, strlen(l.line[i]) - 2, f);
			fputs("\n", f);
		}
	}
	fclose(f);
	struct collector *c = decode(buf, blen, blen);
	assert_int_equal(c->rejected[COLL_REJ_DUPLICATE], 3);
	assert_int_equal(c->nruns, 1);
	assert_true(c->runs[0].complete);
	assert_no_wrong_value(c);
	collector_free(c);
	free(buf);

	/* The same seq with other (CRC-valid) content: a conflict. */
	char line[WIRE_LINE_MAX + 1];
	struct wire_writer w;
	wire_begin(&w, line, sizeof(line), TAG_A, 4, WIRE_REC_SAMPLES);
	wire_add_u64(&w, 0);
	wire_add_u64(&w, 32);
	wire_add_u64(&w, 1);
	wire_add_token(&w, "d");
	struct wire_sample s = { 12345, 678 };
	wire_add_sample(&w, &s);
	assert_true(wire_finish(&w) > 0);
	f = open_memstream(&buf, &blen);
	for (size_t i = 0; i < l.n; i++) {
		fputs(l.line[i], f);
		if (i == 4)
			fputs(line, f);
	}
	fclose(f);
	c = decode(buf, blen, blen);
	assert_int_equal(c->rejected[COLL_REJ_CONFLICT], 1);
	assert_int_equal(c->runs[0].rejected[COLL_REJ_CONFLICT], 1);
	assert_false(c->runs[0].complete);
	assert_true(has_problem(&c->runs[0], "seq 4: two different lines (conflict)"));
	assert_no_wrong_value(c); /* the first line's values stay */
	collector_free(c);
	free(buf);
	synth_free(&l);
}

static void test_truncated_final_line(void **state)
{
	(void)state;
	struct synth_lines l = { 0 };
	size_t len;
	make_run(TAG_A, &l);
	char *buf = synth_join(&l, SIZE_MAX, &len);
	size_t tl = strlen(l.line[l.n - 1]);

	/* The trailer without its "\r\n", then without its last CRC digit. */
	for (size_t cut = 1; cut <= 3; cut++) {
		struct collector *c = decode(buf, len - cut, 5);
		const struct coll_run *r = &c->runs[0];
		assert_int_equal(c->rejected[COLL_REJ_UNTERMINATED], 1);
		assert_false(r->have_trailer);
		assert_false(r->complete);
		assert_true(has_problem(r, "no trailer"));
		assert_int_equal(r->total_received, 66); /* all samples kept */
		assert_int_equal(r->ngap, 0);
		collector_free(c);
	}
	/* Cut inside the last S line of bench 1: its samples are a gap. */
	size_t upto = len - tl - strlen(l.line[l.n - 2]) - 10;
	struct collector *c = decode(buf, upto, 3);
	const struct coll_run *r = &c->runs[0];
	assert_int_equal(c->rejected[COLL_REJ_UNTERMINATED], 1);
	assert_int_equal(r->ngap, 1);
	assert_int_equal(r->gap[0].bench, 1);
	assert_int_equal(r->gap[0].first, 16);
	assert_int_equal(r->gap[0].last, 21);
	assert_string_equal(r->gap[0].reason, "stream ended");
	assert_no_wrong_value(c);
	collector_free(c);
	free(buf);
	synth_free(&l);
}

static void test_reset_mid_run(void **state)
{
	(void)state;
	struct synth_lines a = { 0 }, b = { 0 };
	make_run(TAG_A, &a);
	make_run(TAG_B, &b);
	char *buf = NULL;
	size_t blen = 0;
	FILE *f = open_memstream(&buf, &blen);
	/* Run A: RUN, BENCH 0, S 0-15, S 16-31, then half a line and a reset. */
	for (size_t i = 0; i < 4; i++)
		fputs(a.line[i], f);
	fwrite(a.line[4], 1, 20, f);
	fputs("\r\nOpenSBI v1.1\r\n", f);
	for (size_t i = 0; i < b.n; i++)
		fputs(b.line[i], f);
	fclose(f);

	struct collector *c = decode(buf, blen, blen);
	assert_int_equal(c->nruns, 2);
	const struct coll_run *ra = &c->runs[0], *rb = &c->runs[1];
	assert_int_equal(ra->tag, TAG_A);
	assert_true(ra->cut_off);
	assert_false(ra->complete);
	assert_true(has_problem(ra, "cut off by a new run"));
	assert_true(has_problem(ra, "benches: 1 of 2 received"));
	assert_int_equal(ra->ngap, 1);
	assert_int_equal(ra->gap[0].bench, 0);
	assert_int_equal(ra->gap[0].first, 32);
	assert_int_equal(ra->gap[0].last, 43);
	assert_string_equal(ra->gap[0].reason, "cut off by a new run");
	assert_true(rb->complete);
	assert_false(collector_all_complete(c));
	assert_int_equal(c->rejected[WIRE_ERR_NO_CRC] + c->rejected[WIRE_ERR_BAD_CRC], 1);
	assert_no_wrong_value(c);
	collector_free(c);
	free(buf);
	synth_free(&a);
	synth_free(&b);
}

static void test_prefix_last_occurrence_and_lost_newline(void **state)
{
	(void)state;
	struct synth_lines l = { 0 };
	make_run(TAG_A, &l);
	char *buf = NULL;
	size_t blen = 0;
	FILE *f = open_memstream(&buf, &blen);
	for (size_t i = 0; i < l.n; i++) {
		if (i == 1)
			fputs("noise @RVB @RVB x", f); /* earlier prefixes: ignored */
		if (i == 5) {
			/* END 0 loses its newline: only that line is lost. */
			fwrite(l.line[i], 1, strlen(l.line[i]) - 2, f);
			continue;
		}
		fputs(l.line[i], f);
	}
	fclose(f);
	struct collector *c = decode(buf, blen, blen);
	const struct coll_run *r = &c->runs[0];
	assert_int_equal(r->total_received, 66);
	assert_false(r->bench[0].have_end);
	assert_true(r->bench[1].have_end);
	assert_true(has_problem(r, "missing seq 5"));
	assert_int_equal(rejected_total(c), 0);
	assert_no_wrong_value(c);
	collector_free(c);
	free(buf);
	synth_free(&l);
}

static void test_too_long_and_orphans(void **state)
{
	(void)state;
	struct synth_lines l = { 0 };
	make_run(TAG_A, &l);
	char *buf = NULL;
	size_t blen = 0;
	FILE *f = open_memstream(&buf, &blen);
	/* Lines of a run whose RUN header never came: orphans. */
	fputs(l.line[1], f);
	fputs(l.line[2], f);
	/* A 5000-byte machine line. */
	fputs("@RVB 1a2b3c4d 3 S", f);
	for (int i = 0; i < 5000; i++)
		fputc('9', f);
	fputs("\r\n", f);
	fclose(f);
	struct collector *c = decode(buf, blen, 13);
	assert_int_equal(c->nruns, 0);
	assert_int_equal(c->rejected[COLL_REJ_ORPHAN], 2);
	assert_int_equal(c->orphans_after_run, 0);
	assert_int_equal(c->rejected[WIRE_ERR_TOO_LONG], 1);
	assert_false(collector_all_complete(c));
	collector_free(c);
	free(buf);
	synth_free(&l);
}

/* A trailer whose crc32 or status disagrees. */
static void test_trailer_checks(void **state)
{
	(void)state;
	struct synth_lines l = { 0 };
	size_t len;
	make_run(TAG_A, &l);
	char line[WIRE_LINE_MAX + 1];
	struct wire_writer w;
	wire_begin(&w, line, sizeof(line), TAG_A, (uint32_t)(l.n - 1), WIRE_REC_TRAILER);
	wire_add_kv_u64(&w, "benches", 2);
	wire_add_kv_u64(&w, "samples", 66);
	wire_add_kv_hex(&w, "crc32", 0x12345678);
	wire_add_kv_str(&w, "status", "verify-failed");
	assert_true(wire_finish(&w) > 0);
	free(l.line[l.n - 1]);
	l.line[l.n - 1] = strdup(line);
	char *buf = synth_join(&l, SIZE_MAX, &len);
	struct collector *c = decode(buf, len, len);
	const struct coll_run *r = &c->runs[0];
	assert_true(r->have_trailer);
	assert_false(r->complete);
	assert_true(has_problem(r, "crc32 mismatch"));
	/* A failed status is the run's result, not a loss. */
	assert_false(has_problem(r, "status=verify-failed"));
	assert_false(r->ok);
	assert_string_equal(r->failure[0], "trailer status=verify-failed");
	assert_int_equal(r->ngap, 0);
	collector_free(c);
	free(buf);
	synth_free(&l);
}

static void test_unknown_format(void **state)
{
	(void)state;
	struct synth_lines l = { 0 };
	size_t len;
	make_run(TAG_A, &l);
	char line[WIRE_LINE_MAX + 1];
	struct wire_writer w;
	wire_begin(&w, line, sizeof(line), TAG_A, 0, WIRE_REC_RUN);
	wire_add_kv_u64(&w, "fmt", 2);
	wire_add_kv_hex(&w, "seed", 1);
	wire_add_kv_u64(&w, "benches", 2);
	assert_true(wire_finish(&w) > 0);
	free(l.line[0]);
	l.line[0] = strdup(line);
	char *buf = synth_join(&l, SIZE_MAX, &len);
	struct collector *c = decode(buf, len, len);
	assert_int_equal(c->nruns, 1);
	assert_false(c->runs[0].complete);
	assert_int_equal(c->runs[0].nbench, 0); /* nothing read from fmt=2 */
	collector_free(c);
	free(buf);
	synth_free(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exact_values),
		cmocka_unit_test(test_every_chunking),
		cmocka_unit_test(test_garbage_between_lines),
		cmocka_unit_test(test_bit_flips_never_give_wrong_values),
		cmocka_unit_test(test_missing_line_exact_gap),
		cmocka_unit_test(test_duplicate_and_conflict),
		cmocka_unit_test(test_truncated_final_line),
		cmocka_unit_test(test_reset_mid_run),
		cmocka_unit_test(test_prefix_last_occurrence_and_lost_newline),
		cmocka_unit_test(test_too_long_and_orphans),
		cmocka_unit_test(test_trailer_checks),
		cmocka_unit_test(test_unknown_format),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
