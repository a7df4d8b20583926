/*
 * The record table (records.h) against the collector: for every record
 * type, a record with every field set is written by rec_write(), decoded,
 * and each value found in the model; then each REQ field is cut out of
 * the line in turn, and the collector must refuse the line with the
 * record's message. A field added to the table fails the "every field
 * set" check until this test sets and checks it.
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
#include "records.h"
#include "wire.h"

#define TAG 0x7ec0bd5u
#define ID 2 /* the block of the records that have one */

/* Every field of record t set (REQ ones always are). */
static void assert_full(enum rec_type t, const void *rec)
{
	uint64_t all = rec_desc[t].nfields == 64 ? UINT64_MAX
						 : (UINT64_C(1) << rec_desc[t].nfields) - 1;
	assert_int_equal((*(const uint64_t *)rec | rec_desc[t].required), all);
}

/* ---- the full records ------------------------------------------------------ */

static struct rec_run full_run(void)
{
	struct rec_run r = { .fmt = WIRE_VERSION, .fw = "fw 1.0%", .model = "Board X",
			     .hart = 1, .harts = "1,2", .timebase = 1000000,
			     .mem_base = 0x80000000u, .mem_size = 0x8000000u,
			     .console = "uart 0", .seed = 0x5256424e43480001ull,
			     .counter = rec_counter_name[REC_COUNTER_FENCED], .warmup = "auto",
			     .budget_ms = 7, .benches = 3, .bad_options = 0 };
	REC_SET(&r, RUN, groups, 3);
	REC_SET(&r, RUN, initial, 4);
	REC_SET(&r, RUN, delta, 5);
	REC_SET(&r, RUN, size, 6);
	REC_SET(&r, RUN, cross, 1);
	REC_SET(&r, RUN, parallel, 1);
	return r;
}

static struct rec_overhead full_overhead(void)
{
	/* samples 10, 11, 12, 11 */
	struct rec_overhead o = { .kind = rec_overhead_kind_name[REC_OH_TP_TOTAL], .samples = 4,
				  .min = 10, .max = 12, .sum = 44, .sumsq = 486 };
	REC_SET(&o, OVERHEAD, counter, rec_counter_name[REC_COUNTER_TRACEPOINT]);
	return o;
}

static struct rec_bench full_bench(void)
{
	struct rec_bench b = { .id = ID, .name = "add 1%", .hart = 3, .group = 4, .batch = 5,
			       .warmup = 6, .samples = 7, .input_range = 100, .oh_cycles = 8,
			       .oh_instret = 9 };
	REC_SET(&b, BENCH, warmup_auto, 1);
	REC_SET(&b, BENCH, warmup_converged, 0);
	REC_SET(&b, BENCH, input_kind, input_kind_name(INPUT_PERMUTATION));
	REC_SET(&b, BENCH, inputs_n, 11);
	REC_SET(&b, BENCH, oh_method, rec_oh_method_name[REC_OH_METHOD_SELF_TIMED]);
	REC_SET(&b, BENCH, unit, "byte s");
	REC_SET(&b, BENCH, per_call, 64);
	REC_SET(&b, BENCH, parallel, 2);
	REC_SET(&b, BENCH, inputs_block, 1);
	REC_SET(&b, BENCH, skew_ticks, 12);
	REC_SET(&b, BENCH, offset_cycles, -13);
	return b;
}

static struct rec_s full_s(void)
{
	return (struct rec_s){ .id = ID, .first = 3, .n = 2,
			       .enc = rec_encoding_name[REC_ENC_DECIMAL] };
}

static const struct wire_sample s_data[2] = { { 100, 40 }, { 101, 41 } };

static struct rec_fault full_fault(void)
{
	struct rec_fault f = { .scause = 0xd, .sepc = 0x80201234u, .stval = 0xdead };
	REC_SET(&f, FAULT, id, ID);
	REC_SET(&f, FAULT, kind, rec_fault_kind_name[REC_FAULT_TIMEOUT]);
	return f;
}

static struct rec_end full_end(void)
{
	struct rec_end e = { .id = ID, .count = 4, .verify = rec_verify_name[REC_VERIFY_FAIL] };
	REC_SET(&e, END, checksum, 0xabcdef);
	REC_SET(&e, END, status, rec_block_status_name[REC_STATUS_TIMEOUT]);
	REC_SET(&e, END, path_instret, 41);
	REC_SET(&e, END, path_differs, 1);
	REC_SET(&e, END, reason, "took 5 s");
	return e;
}

static struct rec_tp full_tp(void)
{
	return (struct rec_tp){ .key = REC_TP_KEYS - 1, .hart = 4, .start = 1000,
				.cycles = 50, .instret = 20 };
}

static struct rec_hart full_hart(void)
{
	struct rec_hart h = { .id = 3, .state = rec_hart_state_name[REC_HART_ONLINE] };
	REC_SET(&h, HART, run_cycles, 1);
	REC_SET(&h, HART, measuring, 2);
	REC_SET(&h, HART, busy, 3);
	REC_SET(&h, HART, idle, 4);
	REC_SET(&h, HART, waiting, 5);
	REC_SET(&h, HART, why, "no S-mode");
	return h;
}

static struct rec_trailer full_trailer(void)
{
	return (struct rec_trailer){ .benches = 3, .samples = 2, .crc32 = 0x12345678u,
				     .status = rec_run_status_name[REC_RUN_FAULT] };
}

static struct rec_ctx full_ctx(void)
{
	struct rec_ctx x = { 0 };
	REC_SET(&x, CTX, clock_hz, 1000000000);
	REC_SET(&x, CTX, clock_src, rec_clock_src_name[REC_CLOCK_PRCI_PLL]);
	REC_SET(&x, CTX, ref_hz, 33333333);
	REC_SET(&x, CTX, pll, 0x10ec0);
	REC_SET(&x, CTX, l2_size, 2097152);
	REC_SET(&x, CTX, l2_sets, 1024);
	REC_SET(&x, CTX, l2_block, 64);
	REC_SET(&x, CTX, l2_level, 2);
	REC_SET(&x, CTX, l2_ways, 16);
	REC_SET(&x, CTX, sbi_spec, 0x1000000);
	REC_SET(&x, CTX, sbi_impl, 1);
	REC_SET(&x, CTX, sbi_impl_ver, 0x10001);
	return x;
}

static struct rec_cpu full_cpu(void)
{
	struct rec_cpu c = { .id = 4 };
	REC_SET(&c, CPU, isa, "rv64imafdc zicsr");
	REC_SET(&c, CPU, mmu, "riscv,sv39");
	REC_SET(&c, CPU, clock_hz, 1500000000);
	REC_SET(&c, CPU, l1i_size, 32768);
	REC_SET(&c, CPU, l1i_sets, 64);
	REC_SET(&c, CPU, l1i_block, 64);
	REC_SET(&c, CPU, l1d_size, 16384);
	REC_SET(&c, CPU, l1d_sets, 32);
	REC_SET(&c, CPU, l1d_block, 32);
	return c;
}

static struct rec_build full_build(void)
{
	return (struct rec_build){ .commit = "0123456789ab", .dirty = 1, .cc = "gcc 12.2.0",
				   .cflags = "-O2 -march=rv64gc" };
}

/* The full record of type t, in storage that fits any of them. */
union any_rec {
	struct rec_run run;
	struct rec_overhead overhead;
	struct rec_bench bench;
	struct rec_s s;
	struct rec_fault fault;
	struct rec_end end;
	struct rec_tp tp;
	struct rec_hart hart;
	struct rec_trailer trailer;
	struct rec_ctx ctx;
	struct rec_cpu cpu;
	struct rec_build build;
};

static union any_rec full(enum rec_type t)
{
	union any_rec u;

	switch (t) {
	case REC_RUN: u.run = full_run(); break;
	case REC_OVERHEAD: u.overhead = full_overhead(); break;
	case REC_BENCH: u.bench = full_bench(); break;
	case REC_S: u.s = full_s(); break;
	case REC_FAULT: u.fault = full_fault(); break;
	case REC_END: u.end = full_end(); break;
	case REC_TP: u.tp = full_tp(); break;
	case REC_HART: u.hart = full_hart(); break;
	case REC_TRAILER: u.trailer = full_trailer(); break;
	case REC_CTX: u.ctx = full_ctx(); break;
	case REC_CPU: u.cpu = full_cpu(); break;
	case REC_BUILD: u.build = full_build(); break;
	default: fail_msg("record type %d has no test", t);
	}
	return u;
}

/* ---- streams ------------------------------------------------------------- */

/* Cuts field i (table order, as written) out of the line being built. */
static void cut_field(struct wire_writer *w, enum rec_type t, unsigned i)
{
	const struct rec_desc *d = &rec_desc[t];
	char *at;

	w->buf[w->len] = '\0'; /* the writer terminates the line only when it finishes it */
	if (d->positional) {
		/* "@RVB <run> <seq> <TYPE>" then the fields */
		at = w->buf;
		for (unsigned k = 0; k < 4 + i; k++)
			at = strchr(at + 1, ' ');
	} else {
		char key[48];
		snprintf(key, sizeof(key), " %s=", d->field[i].key);
		at = strstr(w->buf, key);
	}
	assert_non_null(at);
	char *next = strchr(at + 1, ' ');
	size_t tail = next ? strlen(next) : 0;
	memmove(at, next ? next : at + strlen(at), tail + 1);
	w->len = strlen(w->buf);
}

/* Record t's line at seq with field drop cut out (-1: none), appended to s. */
static void add_line(char *s, size_t cap, enum rec_type t, const void *rec, uint32_t seq,
		     int drop)
{
	char buf[WIRE_LINE_MAX + 1];
	struct wire_writer w;

	rec_begin(&w, buf, sizeof(buf), TAG, seq, t);
	rec_write(&w, t, rec);
	if (t == REC_BENCH)
		rec_write_param(&w, "len", -64);
	if (t == REC_S)
		for (unsigned k = 0; k < 2; k++)
			wire_add_sample(&w, &s_data[k]);
	if (drop >= 0)
		cut_field(&w, t, (unsigned)drop);
	assert_true(wire_finish(&w) > 0);
	assert_true(strlen(s) + strlen(buf) < cap);
	strcat(s, buf);
}

/* A run's RUN line (unless t is RUN) and record t, decoded. */
static struct collector *decode_record(enum rec_type t, int drop)
{
	static char s[4 * WIRE_LINE_MAX];
	union any_rec u = full(t);
	struct rec_run run = full_run();
	struct collector *c = collector_new();

	s[0] = '\0';
	if (t != REC_RUN)
		add_line(s, sizeof(s), REC_RUN, &run, 0, -1);
	add_line(s, sizeof(s), t, &u, t == REC_RUN ? 0 : 1, drop);
	collector_feed(c, s, strlen(s));
	collector_finish(c);
	assert_int_equal(c->nruns, 1);
	return c;
}

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
	assert_true(r->fmt_ok && r->seed_ok && r->benches_declared_ok);
	assert_int_equal(r->seed, run.seed);
	assert_int_equal(r->benches_declared, run.benches);
}

static void check_bench(const struct coll_run *r)
{
	const struct coll_bench *b = &r->bench[ID];

	assert_true(b->have_header);
	assert_string_equal(b->name, "add 1%");
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
	assert_true(b->have_per_call);
	assert_int_equal(b->per_call, 64);
	assert_true(b->have_parallel);
	assert_int_equal(b->parallel, 2);
	assert_int_equal(b->inputs_block, 1);
	assert_int_equal(b->skew_ticks, 12);
	assert_int_equal(b->offset_cycles, -13);
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
	case REC_CTX:
		check_ctx(&r->ctx);
		break;
	case REC_CPU:
		assert_int_equal(r->ctx.ncpu, 1);
		assert_int_equal(r->ctx.cpu[0].f.id, 4);
		assert_string_equal(r->ctx.cpu[0].isa, "rv64imafdc zicsr");
		assert_string_equal(r->ctx.cpu[0].mmu, "riscv,sv39");
		assert_int_equal(r->ctx.cpu[0].f.clock_hz, 1500000000);
		assert_int_equal(r->ctx.cpu[0].f.l1i_size, 32768);
		assert_int_equal(r->ctx.cpu[0].f.l1d_block, 32);
		break;
	case REC_BUILD:
		assert_true(r->ctx.have_build);
		assert_string_equal(r->ctx.commit, "0123456789ab-dirty");
		assert_string_equal(r->ctx.cc, "gcc 12.2.0");
		assert_string_equal(r->ctx.cflags, "-O2 -march=rv64gc");
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
		assert_int_equal(c->lines_accepted, t == REC_RUN ? 1 : 2);
		check_model((enum rec_type)t, r);
		collector_free(c);
	}
}

/* ---- a REQ field missing --------------------------------------------------- */

/* What the collector says of record t without REQ field i; NULL: it keeps
 * the line (RUN keeps its fields as text and checks only what decides
 * how the run is read). */
static const char *missing_message(enum rec_type t, unsigned i)
{
	switch (t) {
	case REC_RUN:
		if (i == REC_F_RUN_fmt)
			return "RUN line without fmt=1: content not read";
		if (i == REC_F_RUN_seed)
			return "RUN line without a valid seed";
		if (i == REC_F_RUN_benches)
			return "RUN line without a valid benches count";
		return NULL;
	case REC_OVERHEAD: return "OVERHEAD line with a missing or bad field";
	case REC_BENCH: return "BENCH line with a missing or bad field";
	/* Positional: the next field takes the place of the one cut out. */
	case REC_S: return i == REC_F_S_enc ? "S line with an unknown encoding" : "S line with a bad header";
	case REC_FAULT: return "FAULT line with a missing or bad field";
	case REC_END: return "END line with a missing or bad field";
	case REC_TP: return "TP line with a missing or bad field";
	case REC_HART: return "HART line with a missing or bad field";
	case REC_CPU: return "CPU line with a missing or bad field";
	case REC_BUILD: return "BUILD line with a missing or bad field";
	case REC_TRAILER: return "TRAILER line with a missing or bad field";
	default: fail_msg("record type %d has no test", t);
	}
	return NULL;
}

static void test_missing_required(void **state)
{
	(void)state;
	for (int t = 0; t < REC_TYPE_COUNT; t++) {
		const struct rec_desc *d = &rec_desc[t];
		for (unsigned i = 0; i < d->nfields; i++) {
			if (d->field[i].need != REC_NEED_REQ)
				continue;
			struct collector *c = decode_record((enum rec_type)t, (int)i);
			const struct coll_run *r = &c->runs[0];
			const char *want = missing_message((enum rec_type)t, i);
			if (!want) {
				assert_int_equal(c->rejected[COLL_REJ_INVALID], 0);
				collector_free(c);
				continue;
			}
			char line[160];
			snprintf(line, sizeof(line), "seq %u: %s", t == REC_RUN ? 0 : 1, want);
			if (c->rejected[COLL_REJ_INVALID] != 1 || r->nissue != 1 || strcmp(r->issue[0], line))
				fail_msg("%s without %s: \"%s\", not \"%s\"", d->name, d->field[i].key,
					 r->nissue ? r->issue[0] : "accepted", line);
			collector_free(c);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_full_records),
		cmocka_unit_test(test_missing_required),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
