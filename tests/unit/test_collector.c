/*
 * The stream decoder (host-tools/collect/collector.c) on good input:
 * exact values from a synthetic run written with the firmware's own wire
 * writer, identical results for every chunking, noise between lines, and
 * no wrong value from any single bit flipped in a line.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "collector_fixture.h"
#include "lcg.h"
#include "test_main.h"

static void test_exact_values(void **state)
{
	struct synth_lines *l = &((struct run_fx *)*state)->l;
	struct collector *c = decode_lines(l, SIZE_MAX, SIZE_MAX);

	assert_int_equal(c->nruns, 1);
	const struct coll_run *r = &c->runs[0];
	assert_int_equal(r->tag, TAG_A);
	assert_true(r->complete);
	assert_int_equal(r->nproblem, 0);
	assert_int_equal(r->ngap, 0);
	assert_true(collector_all_complete(c));
	assert_int_equal(rejected_total(c), 0);
	assert_int_equal(r->seed, RUN_SEED);
	assert_string_equal(coll_run_field(r, "model"), "SiFive HiFive Unleashed A00");
	assert_int_equal(r->nbench, 2);
	assert_int_equal(r->total_received, 66);
	assert_int_equal(r->bench[0].nreceived, 44);
	assert_int_equal(r->bench[1].nreceived, 22);
	assert_string_equal(r->bench[0].verify, "ok");
	assert_string_equal(r->bench[1].name, "crc:32");
	assert_no_wrong_value(c);

	/* Derived values as docs/wire-format.md defines them. */
	const struct coll_bench *b = &r->bench[0];
	uint64_t input[44];
	coll_bench_inputs(r, b, input, 44);
	struct lcg g;
	lcg_seed(&g, RUN_SEED ^ (0x9E3779B97F4A7C15ull * 1));
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
}

static void test_every_chunking(void **state)
{
	struct run_fx *x = *state;
	size_t len;
	char *run = synth_join(&x->l, SIZE_MAX, &len);
	/* With noise, a duplicate and a lost line, so every path is chunked. */
	fputs("OpenSBI v1.1\r\n\x1b[1;32mboot\x1b[0m\r\n", x->m.f);
	fwrite(run, 1, len, x->m.f);
	fputs(x->l.line[3], x->m.f);
	fputs("tail @RVB 1a2b3c4d 999 S", x->m.f);
	char *buf = ms_close(&x->m);

	struct collector *whole = decode(buf, x->m.len, x->m.len);
	char *ref = dump_model(whole, 0);
	assert_int_equal(whole->rejected[COLL_REJ_DUPLICATE], 1);
	assert_int_equal(whole->rejected[COLL_REJ_UNTERMINATED], 1);
	for (size_t chunk = 1; chunk <= 64; chunk++)
		assert_model_in_chunks(buf, x->m.len, chunk, ref);
	free(ref);
	collector_free(whole);
	free(run); /* buf is the fixture's */
}

static void test_garbage_between_lines(void **state)
{
	struct run_fx *x = *state;
	fputs("\r\nOpenSBI v1.1\r\n   ____                    _____ ____ _____\r\n", x->m.f);
	for (size_t i = 0; i < x->l.n; i++) {
		/* ANSI codes, CRs, NULs and a human line around every line, and
		 * some glued to the front of the machine line itself. */
		fputs("\x1b[0m\r", x->m.f);
		fwrite("\0\0x\0", 1, 4, x->m.f);
		fputs("\r\nbench: min=1 max=2\r\n\x1b[2K", x->m.f);
		fwrite("\0", 1, 1, x->m.f);
		fputs(x->l.line[i], x->m.f);
	}
	fputs("rvbench: done\r\n", x->m.f);
	struct collector *c = ms_decode(&x->m, SIZE_MAX);
	assert_int_equal(c->nruns, 1);
	assert_true(c->runs[0].complete);
	assert_int_equal(rejected_total(c), 0);
	assert_int_equal(c->runs[0].total_received, 66);
	assert_no_wrong_value(c);
	collector_free(c);
}

/* Flip every bit of every byte of a sample line in turn. */
static void test_bit_flips_never_give_wrong_values(void **state)
{
	struct synth_lines *l = &((struct run_fx *)*state)->l;
	size_t len;
	char *buf = synth_join(l, SIZE_MAX, &len);
	size_t start = strlen(l->line[0]) + strlen(l->line[1]); /* line 2: S 0 0 16 */
	size_t linelen = strlen(l->line[2]);
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
}

TEST_MAIN(cmocka_unit_test_setup_teardown(test_exact_values, setup_run_a, teardown_run_fx),
	  cmocka_unit_test_setup_teardown(test_every_chunking, setup_run_a, teardown_run_fx),
	  cmocka_unit_test_setup_teardown(test_garbage_between_lines, setup_run_a, teardown_run_fx),
	  cmocka_unit_test_setup_teardown(test_bit_flips_never_give_wrong_values, setup_run_a, teardown_run_fx))
