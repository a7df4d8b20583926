/*
 * The record table (records.h) against the collector: for every record
 * type, a record with every field set is written by rec_write(), decoded,
 * and each value found in the model. A field added to the table fails the
 * "every field set" check until this test sets and checks it.
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
#include "inputs.h"
#include "record_fixture.h"
#include "records.h"
#include "wire.h"
#include "test_main.h"

/* ---- every value in the model --------------------------------------------- */

/* RUN fields are kept as text: each as the wire spelled it, unescaped. */
static void check_run(const struct coll_run *r)
{
	const struct rec_desc *d = &rec_desc[REC_RUN];
	struct rec_run run = full_run();

	for (unsigned i = 0; i < d->nfields; i++) {
		const void *v = (const char *)&run + d->field[i].offset;
		char want[64];
		if (d->field[i].type == REC_T_U64)
			snprintf(want, sizeof(want), "%llu", (unsigned long long)*(const uint64_t *)v);
		else if (d->field[i].type == REC_T_HEX)
			snprintf(want, sizeof(want), "0x%llx", (unsigned long long)*(const uint64_t *)v);
		else
			snprintf(want, sizeof(want), "%s", *(const char *const *)v);
		const char *got = coll_run_field(r, d->field[i].key);
		assert_non_null(got);
		assert_string_equal(got, want);
	}
	assert_int_equal(r->nhdr, d->nfields);
	assert_int_equal(r->inputs_seed, COLL_SEED_BY_NAME);
	assert_true(r->fmt_ok && r->seed_ok && r->benches_declared_ok);
	assert_int_equal(r->seed, run.seed);
	assert_int_equal(r->benches_declared, run.benches);
}

static void check_bench(const struct coll_run *r)
{
	const struct coll_bench *b = &r->bench[ID];

	assert_true(b->have_header);
	assert_string_equal(b->name, "add:1+");
	assert_int_equal(b->hart, 3);
	assert_int_equal(b->group, 4);
	assert_int_equal(b->batch, 5);
	assert_int_equal(b->warmup, 6);
	assert_int_equal(b->warmup_auto, 1);
	assert_int_equal(b->warmup_converged, 0);
	assert_int_equal(b->samples, 7);
	assert_int_equal(b->input_kind, INPUT_PERMUTATION);
	assert_int_equal(b->input_range, 100);
	assert_int_equal(b->inputs_n, 11);
	assert_int_equal(b->oh_cycles, 8);
	assert_int_equal(b->oh_instret, 9);
	assert_string_equal(b->oh_method, "self-timed");
	assert_string_equal(b->unit, "byte s");
	assert_string_equal(b->sample_unit, "tick s");
	assert_true(b->have_per_call);
	assert_int_equal(b->per_call, 64);
	assert_true(b->have_parallel);
	assert_int_equal(b->parallel, 2);
	assert_int_equal(b->inputs_block, 1);
	assert_int_equal(b->skew_ticks, 12);
	assert_int_equal(b->offset_cycles, -13);
	assert_null(b->cflags); /* flags= names a FLAGS text that never came */
	assert_int_equal(b->nparam, 1);
	assert_string_equal(b->param[0].key, "len");
	assert_string_equal(b->param[0].value, "-64");
}

static void check_ctx(const struct coll_context *x)
{
	assert_true(x->have_ctx);
	assert_int_equal(x->ctx.present, (UINT64_C(1) << REC_NF_CTX) - 1);
	assert_int_equal(x->ctx.clock_hz, 1000000000);
	assert_string_equal(x->clock_src, "prci-pll");
	assert_int_equal(x->ctx.ref_hz, 33333333);
	assert_int_equal(x->ctx.pll, 0x10ec0);
	assert_int_equal(x->ctx.l2_size, 2097152);
	assert_int_equal(x->ctx.l2_ways, 16);
	assert_int_equal(x->ctx.sbi_spec, 0x1000000);
	assert_int_equal(x->ctx.sbi_impl, 1);
	assert_int_equal(x->ctx.sbi_impl_ver, 0x10001);
}


static void check_model(enum rec_type t, const struct coll_run *r)
{
	const struct coll_bench *b = r->nbench > ID ? &r->bench[ID] : NULL;

	switch (t) {
	case REC_RUN:
		check_run(r);
		break;
	case REC_OVERHEAD:
		assert_int_equal(r->noh, 1);
		assert_string_equal(r->oh[0].kind, "tp-total");
		assert_string_equal(r->oh[0].counter, "tracepoint");
		assert_int_equal(r->oh[0].samples, 4);
		assert_int_equal(r->oh[0].min, 10);
		assert_int_equal(r->oh[0].max, 12);
		assert_int_equal(r->oh[0].sum, 44);
		assert_int_equal(r->oh[0].sumsq, 486);
		break;
	case REC_BENCH:
		check_bench(r);
		break;
	case REC_S:
		assert_non_null(b);
		assert_int_equal(b->nreceived, 2);
		for (unsigned k = 0; k < 2; k++) {
			assert_int_equal(b->present[3 + k], 1);
			assert_int_equal(b->s[3 + k].cycles_raw, s_data[k].cycles);
			assert_int_equal(b->s[3 + k].instret_raw, s_data[k].instret);
		}
		assert_int_equal(r->s_lines_enc[0], 1);
		break;
	case REC_FAULT:
		assert_non_null(b);
		assert_true(b->fault.have);
		assert_string_equal(b->fault.kind, "timeout");
		assert_int_equal(b->fault.kind_word, REC_FAULT_TIMEOUT);
		assert_int_equal(b->fault.scause, 0xd);
		assert_int_equal(b->fault.sepc, 0x80201234u);
		assert_int_equal(b->fault.stval, 0xdead);
		break;
	case REC_END:
		assert_non_null(b);
		assert_true(b->have_end);
		assert_int_equal(b->end_count, 4);
		assert_string_equal(b->verify, "fail");
		assert_int_equal(b->verify_word, REC_VERIFY_FAIL);
		assert_string_equal(b->status, "timeout");
		assert_int_equal(b->status_word, REC_STATUS_TIMEOUT);
		assert_true(b->have_checksum);
		assert_int_equal(b->checksum, 0xabcdef);
		assert_true(b->have_path);
		assert_int_equal(b->path_instret, 41);
		assert_int_equal(b->path_differs, 1);
		assert_string_equal(b->reason, "took 5 s");
		break;
	case REC_TP:
		assert_int_equal(r->ntp, 1);
		assert_int_equal(r->tp[0].seq, 1);
		assert_int_equal(r->tp[0].key, REC_TP_KEYS - 1);
		assert_int_equal(r->tp[0].hart, 4);
		assert_int_equal(r->tp[0].start, 1000);
		assert_int_equal(r->tp[0].cycles, 50);
		assert_int_equal(r->tp[0].instret, 20);
		assert_true(r->tp[0].has_block);
		assert_int_equal(r->tp[0].block, ID);
		assert_string_equal(r->tp[0].phase, "measured");
		break;
	case REC_HART:
		assert_int_equal(r->nhart, 1);
		assert_int_equal(r->hart[0].id, 3);
		assert_string_equal(r->hart[0].state, "online");
		assert_int_equal(r->hart[0].state_word, REC_HART_ONLINE);
		assert_int_equal(r->hart[0].have, COLL_HART_RUN_CYCLES | COLL_HART_MEASURING |
							  COLL_HART_BUSY | COLL_HART_IDLE |
							  COLL_HART_WAITING);
		assert_int_equal(r->hart[0].run_cycles, 1);
		assert_int_equal(r->hart[0].measuring, 2);
		assert_int_equal(r->hart[0].busy, 3);
		assert_int_equal(r->hart[0].idle, 4);
		assert_int_equal(r->hart[0].waiting, 5);
		assert_string_equal(r->hart[0].why, "no S-mode");
		break;
	case REC_TRAILER:
		assert_true(r->have_trailer);
		assert_int_equal(r->trailer_seq, 1);
		assert_int_equal(r->tr_benches, 3);
		assert_int_equal(r->tr_samples, 2);
		assert_int_equal(r->tr_crc32, 0x12345678u);
		assert_string_equal(r->tr_status, "fault");
		assert_int_equal(r->tr_status_word, REC_RUN_FAULT);
		break;
	case REC_FLAGS:
		assert_string_equal(r->flags[REC_FLAGS_MAX - 1], "-O2 -DX=\"a b\" %");
		break;
	case REC_CTX:
		check_ctx(&r->ctx);
		break;
	case REC_CPU:
		/* one line for harts 4 to 6: three harts, each with its fields */
		assert_int_equal(r->ctx.ncpu, 3);
		for (size_t i = 0; i < 3; i++) {
			const struct coll_cpu *c = &r->ctx.cpu[i];
			assert_int_equal(c->f.id, 4 + i);
			assert_false(c->f.present & REC_BIT(CPU, last));
			assert_string_equal(c->isa, "rv64imafdc zicsr");
			assert_string_equal(c->mmu, "riscv,sv39");
			assert_int_equal(c->f.clock_hz, 1500000000);
			assert_int_equal(c->f.l1i_size, 32768);
			assert_int_equal(c->f.l1d_block, 32);
		}
		break;
	case REC_BUILD:
		assert_true(r->ctx.have_build);
		assert_string_equal(r->ctx.commit, "0123456789ab-dirty");
		assert_string_equal(r->ctx.cc, "gcc 12.2.0");
		assert_string_equal(r->ctx.cflags, "-O2 -march=rv64gc");
		break;
	case REC_E: {
		const struct coll_bench *b = &r->bench[ID];
		uint64_t v;
		assert_int_equal(b->nev, 2);
		assert_int_equal(coll_event_net(b, 3, 0, &v), 0);
		assert_int_equal(v, 100 - 9); /* less oh_events' 9 */
		assert_int_equal(coll_event_net(b, 4, 1, &v), 0);
		assert_int_equal(v, 41);
		assert_int_equal(coll_event_net(b, 5, 0, &v), -1); /* not sent */
		break;
	}
	case REC_PMU:
		assert_int_equal(r->npmu, 7);
		assert_string_equal(r->pmu[0].key, "status");
		assert_string_equal(r->pmu[0].value, "ok");
		assert_string_equal(r->pmu[1].value, "35");
		assert_string_equal(r->pmu[4].value, "0-0:hw:64,2-18:hw:64,19-34:fw");
		assert_string_equal(r->pmu[6].value, "branch-misses:not-supported");
		break;
	default:
		fail_msg("record type %d has no test", t);
	}
}

static void test_full_records(void **state)
{
	(void)state;
	for (int t = 0; t < REC_TYPE_COUNT; t++) {
		union any_rec u = full((enum rec_type)t);
		assert_full((enum rec_type)t, &u);
		struct collector *c = decode_record((enum rec_type)t, -1);
		const struct coll_run *r = &c->runs[0];
		assert_int_equal(c->rejected[COLL_REJ_INVALID], 0);
		assert_int_equal(c->lines_accepted, record_seq((enum rec_type)t) + 1);
		check_model((enum rec_type)t, r);
		collector_free(c);
	}
}

/*
 * A CTX line's clock source survives the runs that come after it: each new
 * run grows the collector's array of runs, which moves them, and a pointer
 * kept into a run's own struct (as it once was) then points at freed
 * memory (ASan fails this test on that).
 */
static void test_ctx_of_every_run(void **state)
{
	(void)state;
	static char s[16 * WIRE_LINE_MAX];
	const char *src[] = { "prci-hfclk", "prci-pll", "", "x", "prci-hfclk" };
	enum { RUNS = sizeof(src) / sizeof(src[0]) };
	struct rec_run run = full_run();
	struct collector *c = collector_new();

	s[0] = '\0';
	for (unsigned i = 0; i < RUNS; i++) {
		char buf[WIRE_LINE_MAX + 1];
		struct wire_writer w;
		struct rec_ctx x = full_ctx();
		x.clock_src = src[i];
		if (!src[i][0])
			x.present &= ~REC_BIT(CTX, clock_src);
		rec_begin(&w, buf, sizeof(buf), TAG + i, 0, REC_RUN);
		rec_write(&w, REC_RUN, &run);
		assert_true(wire_finish(&w) > 0);
		strcat(s, buf);
		rec_begin(&w, buf, sizeof(buf), TAG + i, 1, REC_CTX);
		rec_write(&w, REC_CTX, &x);
		assert_true(wire_finish(&w) > 0);
		strcat(s, buf);
	}
	collector_feed(c, s, strlen(s));
	collector_finish(c);
	assert_int_equal(c->nruns, RUNS);
	for (unsigned i = 0; i < RUNS; i++) {
		assert_true(c->runs[i].ctx.have_ctx);
		assert_string_equal(c->runs[i].ctx.ctx.clock_src, src[i]);
	}
	collector_free(c);
}

TEST_MAIN(cmocka_unit_test(test_full_records), cmocka_unit_test(test_ctx_of_every_run))
