/*
 * What the record table's tests share (test_record_parse,
 * test_record_missing): for every record type of records.h a record with
 * every field set, and the stream of a run's RUN line and that record as
 * rec_write() writes it, with one field cut out or none, decoded.
 */
#ifndef RVBENCH_RECORD_FIXTURE_H
#define RVBENCH_RECORD_FIXTURE_H

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
#include "input_seed.h"
#include "records.h"
#include "wire.h"

#define TAG 0x7ec0bd5u
#define ID 2 /* the block of the records that have one */

/* Every field of record t set (REQ ones always are). */
static inline void assert_full(enum rec_type t, const void *rec)
{
	uint64_t all = rec_desc[t].nfields == 64 ? UINT64_MAX
						 : (UINT64_C(1) << rec_desc[t].nfields) - 1;
	assert_int_equal((*(const uint64_t *)rec | rec_desc[t].required), all);
}

/* ---- the full records ------------------------------------------------------ */

static inline struct rec_run full_run(void)
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
	REC_SET(&r, RUN, inputs_seed, INPUT_SEED_RULE_NAME);
	return r;
}

static inline struct rec_overhead full_overhead(void)
{
	/* samples 10, 11, 12, 11 */
	struct rec_overhead o = { .kind = rec_overhead_kind_name[REC_OH_TP_TOTAL], .samples = 4,
				  .min = 10, .max = 12, .sum = 44, .sumsq = 486 };
	REC_SET(&o, OVERHEAD, counter, rec_counter_name[REC_COUNTER_TRACEPOINT]);
	return o;
}

static inline struct rec_bench full_bench(void)
{
	struct rec_bench b = { .id = ID, .name = "add:1+", .hart = 3, .group = 4, .batch = 5,
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
	REC_SET(&b, BENCH, flags, REC_FLAGS_MAX - 1);
	REC_SET(&b, BENCH, events, "cycles,raw:0x1c01");
	REC_SET(&b, BENCH, oh_events, "9,0");
	REC_SET(&b, BENCH, sample_unit, "tick s");
	return b;
}

static inline struct rec_s full_s(void)
{
	return (struct rec_s){ .id = ID, .first = 3, .n = 2,
			       .enc = rec_encoding_name[REC_ENC_DECIMAL] };
}

static const struct wire_sample s_data[2] = { { 100, 40 }, { 101, 41 } };

static inline struct rec_fault full_fault(void)
{
	struct rec_fault f = { .scause = 0xd, .sepc = 0x80201234u, .stval = 0xdead };
	REC_SET(&f, FAULT, id, ID);
	REC_SET(&f, FAULT, kind, rec_fault_kind_name[REC_FAULT_TIMEOUT]);
	return f;
}

static inline struct rec_end full_end(void)
{
	struct rec_end e = { .id = ID, .count = 4, .verify = rec_verify_name[REC_VERIFY_FAIL] };
	REC_SET(&e, END, checksum, 0xabcdef);
	REC_SET(&e, END, status, rec_block_status_name[REC_STATUS_TIMEOUT]);
	REC_SET(&e, END, path_instret, 41);
	REC_SET(&e, END, path_differs, 1);
	REC_SET(&e, END, reason, "took 5 s");
	return e;
}

static inline struct rec_tp full_tp(void)
{
	struct rec_tp t = { .key = REC_TP_KEYS - 1, .hart = 4, .start = 1000, .cycles = 50,
			    .instret = 20 };
	REC_SET(&t, TP, id, ID); /* the block of the full BENCH */
	REC_SET(&t, TP, phase, rec_tp_phase_name[REC_TP_MEASURED]);
	return t;
}

static inline struct rec_hart full_hart(void)
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

static inline struct rec_trailer full_trailer(void)
{
	return (struct rec_trailer){ .benches = 3, .samples = 2, .crc32 = 0x12345678u,
				     .status = rec_run_status_name[REC_RUN_FAULT] };
}

static inline struct rec_flags full_flags(void)
{
	return (struct rec_flags){ .id = REC_FLAGS_MAX - 1, .text = "-O2 -DX=\"a b\" %" };
}

static inline struct rec_ctx full_ctx(void)
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

static inline struct rec_cpu full_cpu(void)
{
	struct rec_cpu c = { .id = 4 };
	REC_SET(&c, CPU, last, 6); /* harts 4, 5 and 6 */
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

static inline struct rec_build full_build(void)
{
	return (struct rec_build){ .commit = "0123456789ab", .dirty = 1, .cc = "gcc 12.2.0",
				   .cflags = "-O2 -march=rv64gc" };
}

static inline struct rec_e full_e(void)
{
	return (struct rec_e){ .id = ID, .pair = 0, .first = 3, .n = 2,
			       .enc = rec_encoding_name[REC_ENC_RICE] };
}

static inline struct rec_pmu full_pmu(void)
{
	struct rec_pmu p = { .status = rec_pmu_status_name[REC_PMU_OK] };
	REC_SET(&p, PMU, counters, 35);
	REC_SET(&p, PMU, hw, 18);
	REC_SET(&p, PMU, fw, 16);
	REC_SET(&p, PMU, list, "0-0:hw:64,2-18:hw:64,19-34:fw");
	REC_SET(&p, PMU, events, "cycles,dtlb-read-miss");
	REC_SET(&p, PMU, refused, "branch-misses:not-supported");
	return p;
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
	struct rec_flags flags;
	struct rec_ctx ctx;
	struct rec_cpu cpu;
	struct rec_build build;
	struct rec_e e;
	struct rec_pmu pmu;
};

static inline union any_rec full(enum rec_type t)
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
	case REC_FLAGS: u.flags = full_flags(); break;
	case REC_CTX: u.ctx = full_ctx(); break;
	case REC_CPU: u.cpu = full_cpu(); break;
	case REC_BUILD: u.build = full_build(); break;
	case REC_E: u.e = full_e(); break;
	case REC_PMU: u.pmu = full_pmu(); break;
	default: fail_msg("record type %d has no test", t);
	}
	return u;
}

/* ---- streams ------------------------------------------------------------- */

/* Cuts field i (table order, as written) out of the line being built. */
static inline void cut_field(struct wire_writer *w, enum rec_type t, unsigned i)
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
static inline void add_line(char *s, size_t cap, enum rec_type t, const void *rec, uint32_t seq,
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
	if (t == REC_E) {
		char tok[64];
		assert_true(codec_encode(s_data, 2, tok, sizeof(tok)) > 0);
		wire_add_token(&w, tok);
	}
	if (drop >= 0)
		cut_field(&w, t, (unsigned)drop);
	assert_true(wire_finish(&w) > 0);
	assert_true(strlen(s) + strlen(buf) < cap);
	strcat(s, buf);
}

/* The seq of record t's line in decode_record(): after RUN, and after
 * the BENCH line an E line needs. */
static inline uint32_t record_seq(enum rec_type t)
{
	return t == REC_RUN ? 0 : t == REC_E ? 2 : 1;
}

/* A run's RUN line (unless t is RUN) and record t, decoded. */
static inline struct collector *decode_record(enum rec_type t, int drop)
{
	static char s[4 * WIRE_LINE_MAX];
	union any_rec u = full(t);
	struct rec_run run = full_run();
	struct collector *c = collector_new();

	s[0] = '\0';
	if (t != REC_RUN)
		add_line(s, sizeof(s), REC_RUN, &run, 0, -1);
	if (t == REC_E) { /* E lines belong to a block with events */
		struct rec_bench b = full_bench();
		add_line(s, sizeof(s), REC_BENCH, &b, 1, -1);
	}
	add_line(s, sizeof(s), t, &u, record_seq(t), drop);
	collector_feed(c, s, strlen(s));
	collector_finish(c);
	assert_int_equal(c->nruns, 1);
	return c;
}

#endif
