/* Synthetic runs for tests (synth.h). */
#include "synth.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "collector.h"
#include "crc.h"
#include "records.h"
#include "stats.h"
#include "wire.h"

uint64_t synth_cycles(uint32_t id, uint64_t index)
{
	return 90 + 10 * (uint64_t)id + (index * 7919) % 37;
}

uint64_t synth_instret(uint32_t id, uint64_t index)
{
	return 40 + id + index % 5;
}

uint64_t synth_skew(uint32_t id)
{
	return 3 + id;
}

uint64_t synth_tp_start(uint32_t id, uint32_t k)
{
	return 1000000 * (uint64_t)(id + 1) + 977 * k;
}

uint64_t synth_tp_cycles(uint32_t id, uint32_t k)
{
	return 50 + 3 * id + k;
}

uint64_t synth_tp_instret(uint32_t id, uint32_t k)
{
	return 20 + id + k % 4;
}

static void push(struct synth_lines *out, struct wire_writer *w)
{
	/* A line that does not fit is a bug in the test, not data. */
	if (wire_finish(w) < 0)
		abort();
	out->line = coll_xrealloc(out->line, (out->n + 1) * sizeof(*out->line));
	out->line[out->n++] = strdup(w->buf);
}

/* Starts the line of record t with rec's fields (rec_write, the
 * firmware's writer); more may be appended before push(). buf holds
 * WIRE_LINE_MAX + 1 bytes. */
static void start(struct wire_writer *w, char *buf, uint32_t tag, uint32_t *seq, enum rec_type t,
		  const void *rec)
{
	rec_begin(w, buf, WIRE_LINE_MAX + 1, tag, (*seq)++, t);
	rec_write(w, t, rec);
}

/* A whole line of record t. */
static void line(struct synth_lines *out, uint32_t tag, uint32_t *seq, enum rec_type t,
		 const void *rec)
{
	char buf[WIRE_LINE_MAX + 1];
	struct wire_writer w;

	start(&w, buf, tag, seq, t, rec);
	push(out, &w);
}

static int verify_failed(const struct synth_bench *b)
{
	return b->verify && REC_WORD(verify, b->verify) == REC_VERIFY_FAIL;
}

/* The END fields the firmware computes from the samples it sent. */
static void end_fields(struct rec_end *e, const struct synth_bench *b, uint32_t id, uint32_t count)
{
	uint64_t sum = 0, *v = coll_xrealloc(NULL, (count + 1) * sizeof(*v));
	size_t n = 0, modal = 0;
	int clamped;

	for (uint32_t k = 0; k < count; k++) {
		sum += synth_cycles(id, k) * 31 + k; /* a stand-in for run()'s results */
		if (k >= b->warmup)
			v[n++] = stats_net(synth_instret(id, k), b->oh_instret, &clamped);
	}
	uint64_t mode = 0;
	if (n) {
		stats_sort_u64(v, n);
		mode = stats_mode(v, n, &modal);
	}
	free(v);
	REC_SET(e, END, checksum, sum);
	REC_SET(e, END, status, b->status ? b->status
				: rec_block_status_name[b->fault_at ? REC_STATUS_FAULT
						       : verify_failed(b) ? REC_STATUS_VERIFY_FAILED
									   : REC_STATUS_OK]);
	REC_SET(e, END, path_instret, mode);
	REC_SET(e, END, path_differs, n - modal);
}

static void overhead_lines(struct synth_lines *out, uint32_t tag, uint32_t *seq)
{
	/* Samples 10, 11, 12, 11 (effective) and 20, 22 (total). */
	static const struct { enum rec_overhead_kind kind; uint64_t n, min, max, sum, sumsq; } oh[2] = {
		{ REC_OH_EFFECTIVE, 4, 10, 12, 44, 486 },
		{ REC_OH_TOTAL, 2, 20, 22, 42, 884 },
	};
	for (int i = 0; i < 2; i++) {
		struct rec_overhead o = { .kind = rec_overhead_kind_name[oh[i].kind],
					  .samples = oh[i].n, .min = oh[i].min, .max = oh[i].max,
					  .sum = oh[i].sum, .sumsq = oh[i].sumsq };
		REC_SET(&o, OVERHEAD, counter, rec_counter_name[REC_COUNTER_PLAIN]);
		line(out, tag, seq, REC_OVERHEAD, &o);
	}
}

static void sample_lines(const struct synth_run *r, struct synth_lines *out, uint32_t id,
			 uint32_t count, uint32_t *seq, uint32_t *crc)
{
	char buf[WIRE_LINE_MAX + 1], tok[CODEC_TOKEN_MAX + 1];
	struct wire_sample s[CODEC_MAX_SAMPLES];
	struct wire_writer w;

	for (uint32_t first = 0; first < count;) {
		uint32_t n = count - first, max = r->rice ? CODEC_MAX_SAMPLES : WIRE_SAMPLES_PER_LINE;
		if (n > max)
			n = max;
		for (uint32_t k = 0; k < n; k++)
			s[k] = (struct wire_sample){ synth_cycles(id, first + k), synth_instret(id, first + k) };
		if (r->rice)
			n = codec_fit(s, n, CODEC_TOKEN_MAX);
		struct rec_s h = { .id = id, .first = first, .n = n,
				   .enc = rec_encoding_name[r->rice ? REC_ENC_RICE : REC_ENC_DECIMAL] };
		start(&w, buf, r->tag, seq, REC_S, &h);
		if (r->rice) {
			if (codec_encode(s, n, tok, sizeof(tok)) < 0)
				abort();
			wire_add_token(&w, tok);
		} else {
			for (uint32_t k = 0; k < n; k++)
				wire_add_sample(&w, &s[k]);
		}
		for (uint32_t k = 0; k < n; k++)
			*crc = crc32_add_sample(*crc, s[k].cycles, s[k].instret);
		push(out, &w);
		first += n;
	}
}

void synth_run_lines(const struct synth_run *r, struct synth_lines *out)
{
	synth_run_lines_ex(r, NULL, out);
}

static void hart_lines(struct synth_lines *out, uint32_t tag, uint32_t *seq)
{
	struct rec_hart h[4] = {
		{ .id = 0, .state = rec_hart_state_name[REC_HART_SKIPPED] },
		{ .id = 1, .state = rec_hart_state_name[REC_HART_BOOT] },
		{ .id = 2, .state = rec_hart_state_name[REC_HART_ONLINE] },
		{ .id = 3, .state = rec_hart_state_name[REC_HART_FAILED] },
	};
	REC_SET(&h[0], HART, why, "no S-mode (E51), \"monitor\" core");
	REC_SET(&h[1], HART, run_cycles, 123456789);
	REC_SET(&h[1], HART, measuring, 100000000);
	REC_SET(&h[1], HART, waiting, 4242);
	REC_SET(&h[2], HART, busy, 5000);
	REC_SET(&h[2], HART, idle, 7000);
	REC_SET(&h[2], HART, waiting, 0);
	REC_SET(&h[3], HART, why, "sbi_hart_start: -3 @ 100%");
	for (int i = 0; i < 4; i++)
		line(out, tag, seq, REC_HART, &h[i]);
}

static void run_line(const struct synth_run *r, const struct synth_extra *x,
		     struct synth_lines *out, uint32_t *seq)
{
	struct rec_run run = { .fmt = WIRE_VERSION, .fw = "synth 1",
			       .model = "SiFive HiFive Unleashed A00", .hart = 1,
			       .harts = "1,2,3,4", .timebase = 1000000, .mem_base = 0x80000000u,
			       .mem_size = 0x8000000u, .console = "sifive,uart0", .seed = r->seed,
			       .counter = rec_counter_name[REC_COUNTER_PLAIN], .warmup = "auto",
			       .budget_ms = 0, .benches = r->nbench, .bad_options = 0 };
	if (x && x->run_flags) {
		REC_SET(&run, RUN, cross, x->cross);
		REC_SET(&run, RUN, parallel, x->parallel);
	}
	line(out, r->tag, seq, REC_RUN, &run);
}

static void bench_line(const struct synth_run *r, const struct synth_extra *x, uint32_t id,
		       struct synth_lines *out, uint32_t *seq)
{
	const struct synth_bench *b = &r->bench[id];
	char buf[WIRE_LINE_MAX + 1];
	struct wire_writer w;
	struct rec_bench h = { .id = id, .name = b->name, .hart = 1, .group = 0,
			       .batch = b->batch ? b->batch : 1, .warmup = b->warmup,
			       .samples = b->samples, .input_range = b->input_range,
			       .oh_cycles = b->oh_cycles, .oh_instret = b->oh_instret };

	REC_SET(&h, BENCH, warmup_auto, 0);
	REC_SET(&h, BENCH, input_kind, b->input_kind ? b->input_kind : "range");
	REC_SET(&h, BENCH, inputs_n, b->warmup + b->samples);
	REC_SET(&h, BENCH, oh_method, rec_oh_method_name[REC_OH_METHOD_MIN]);
	if (x && x->npar) {
		REC_SET(&h, BENCH, parallel, x->npar);
		REC_SET(&h, BENCH, skew_ticks, synth_skew(id));
		REC_SET(&h, BENCH, offset_cycles, x->offset ? x->offset[id] : 0);
	}
	start(&w, buf, r->tag, seq, REC_BENCH, &h);
	if (b->param) {
		/* "NAME=value" becomes p.NAME=value; the value is an integer. */
		char name[32];
		int64_t value;
		const char *eq = strchr(b->param, '=');
		if (!eq || (size_t)(eq - b->param) >= sizeof(name) || rec_parse_i64(eq + 1, &value))
			abort();
		snprintf(name, sizeof(name), "%.*s", (int)(eq - b->param), b->param);
		rec_write_param(&w, name, value);
	}
	push(out, &w);
}

void synth_run_lines_ex(const struct synth_run *r, const struct synth_extra *x,
			struct synth_lines *out)
{
	uint32_t seq = 0, crc = crc32_init();
	uint64_t total = 0;
	int failed = 0;

	run_line(r, x, out, &seq);
	if (r->overhead)
		overhead_lines(out, r->tag, &seq);
	for (uint32_t id = 0; id < r->nbench; id++) {
		const struct synth_bench *b = &r->bench[id];
		uint32_t count = b->fault_at ? b->fault_at : b->warmup + b->samples;
		bench_line(r, x, id, out, &seq);
		sample_lines(r, out, id, count, &seq, &crc);
		total += count;
		if (b->fault_at) {
			struct rec_fault f = { .scause = 5, .sepc = 0x80201234u, .stval = 0 };
			REC_SET(&f, FAULT, id, id);
			REC_SET(&f, FAULT, kind, rec_fault_kind_name[REC_FAULT_EXCEPTION]);
			line(out, r->tag, &seq, REC_FAULT, &f);
		}
		struct rec_end e = { .id = id, .count = count, .verify = b->verify ? b->verify : "ok" };
		end_fields(&e, b, id, count);
		line(out, r->tag, &seq, REC_END, &e);
		failed |= b->fault_at || verify_failed(b) ||
			  (b->status && REC_WORD(block_status, b->status) != REC_STATUS_OK);
		for (uint32_t k = 0; x && k < x->tp_per_block; k++) {
			struct rec_tp t = { .key = k % REC_TP_KEYS, .hart = 1, .start = synth_tp_start(id, k),
					    .cycles = synth_tp_cycles(id, k),
					    .instret = synth_tp_instret(id, k) };
			line(out, r->tag, &seq, REC_TP, &t);
		}
	}
	if (x && x->harts)
		hart_lines(out, r->tag, &seq);
	struct rec_trailer t = { .benches = r->nbench, .samples = total, .crc32 = crc32_final(crc),
				 .status = r->status ? r->status
					   : rec_run_status_name[failed ? REC_RUN_FAILED : REC_RUN_OK] };
	line(out, r->tag, &seq, REC_TRAILER, &t);
}

char *synth_join(const struct synth_lines *l, size_t skip, size_t *len)
{
	size_t n = 0;
	for (size_t i = 0; i < l->n; i++)
		if (i != skip)
			n += strlen(l->line[i]);
	char *buf = coll_xrealloc(NULL, n + 1), *p = buf;
	for (size_t i = 0; i < l->n; i++)
		if (i != skip) {
			size_t k = strlen(l->line[i]);
			memcpy(p, l->line[i], k);
			p += k;
		}
	*p = '\0';
	*len = n;
	return buf;
}

void synth_free(struct synth_lines *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->line[i]);
	free(l->line);
	l->line = NULL;
	l->n = 0;
}
