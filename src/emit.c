#include "emit.h"

#include "codec.h"
#include "console.h"
#include "context.h"
#include "crc.h"
#include "emit_flags.h"
#include "events.h"
#include "harness.h"
#include "harts.h"
#include "input_seed.h"
#include "inputs.h"
#include "layout.h"
#include "parallel.h"
#include "params.h"
#include "run.h"
#include "stream.h"
#include "text.h"

#include <stdio.h>
#include <string.h>

static struct emit_totals totals;

const struct emit_totals *emit_totals(void)
{
	return &totals;
}

static void send(enum rec_type t, const void *rec)
{
	rec_write(stream_record(t), t, rec);
	stream_send();
}

/* Every hart of the device tree, with what became of it: "0:boot,1:online".
 * Without printf, as all of the first run's header (src/text.h). */
static const char *harts_list(char *list, size_t cap)
{
	struct text t = text_on(list, cap);

	for (unsigned i = 0; i < harts_count() && t.len + 16 < cap; i++) {
		const struct hart_info *h = harts_get(i);
		if (i)
			text_str(&t, ",");
		text_u64(&t, h->hartid);
		text_str(&t, ":");
		text_str(&t, rec_hart_state_name[h->state]);
	}
	return list[0] ? list : "none";
}

/* hart h's CPU record; last: the last hart id it describes, h's own for
 * h alone. */
static void send_cpu(const struct platform_hart *h, uint32_t last)
{
	const struct platform_cpu *c = &h->cpu;
	struct rec_cpu r = { .id = h->hartid };
	const uint64_t l1[] = { c->icache_size, c->icache_sets, c->icache_block,
				c->dcache_size, c->dcache_sets, c->dcache_block };
	const unsigned l1_field[] = { REC_F_CPU_l1i_size, REC_F_CPU_l1i_sets,
				      REC_F_CPU_l1i_block, REC_F_CPU_l1d_size,
				      REC_F_CPU_l1d_sets, REC_F_CPU_l1d_block };

	if (last != h->hartid)
		REC_SET(&r, CPU, last, last);
	if (c->isa[0])
		REC_SET(&r, CPU, isa, c->isa);
	if (c->mmu[0])
		REC_SET(&r, CPU, mmu, c->mmu);
	if (c->clock_hz)
		REC_SET(&r, CPU, clock_hz, c->clock_hz);
	r.l1i_size = c->icache_size;
	r.l1i_sets = c->icache_sets;
	r.l1i_block = c->icache_block;
	r.l1d_size = c->dcache_size;
	r.l1d_sets = c->dcache_sets;
	r.l1d_block = c->dcache_block;
	for (unsigned k = 0; k < sizeof(l1) / sizeof(l1[0]); k++)
		if (l1[k]) /* 0: the tree does not say */
			r.present |= UINT64_C(1) << l1_field[k];
	send(REC_CPU, &r);
}

/* The machine after RUN: CTX, then the harts of the tree, one CPU record
 * for each run of alike harts with consecutive ids (format 3: on the
 * FU540 the four U54s in one line, 224 bytes fewer before the first
 * sample, 19 ms at 115200 baud). */
static void emit_context(const struct platform *p)
{
	send(REC_CTX, context_machine());
	for (unsigned i = 0, j; i < p->nharts; i = j) {
		j = platform_alike_harts(p->harts, p->nharts, i);
		send_cpu(&p->harts[i], p->harts[j - 1].hartid);
	}
}

void emit_run(const struct config *c, const struct platform *p, uint32_t nblocks)
{
	/* Room for every hart of the table: "4294967295:skipped," is 19. */
	char list[PLATFORM_MAX_HARTS * 20 + 8], warmup[24];
	struct rec_run r = {
		.fmt = WIRE_VERSION,
		.fw = RVBENCH_VERSION,
		.model = p->model,
		.hart = p->boot_hart,
		.harts = harts_list(list, sizeof(list)),
		.timebase = p->timebase_hz,
		.mem_base = p->mem_base,
		.mem_size = p->mem_size,
		.console = console_name(),
		.seed = c->seed,
		.counter = counter_mode_name(c->counter),
		.warmup = warmup,
		.budget_ms = c->budget_ms,
		.benches = nblocks, /* per benchmark, one per group and per hart */
		.bad_options = c->bad_options,
	};

	/* How the blocks' inputs were seeded (input_seed.h): the host
	 * recomputes them by the same rule. */
	REC_SET(&r, RUN, inputs_seed, INPUT_SEED_RULE_NAME);
	totals = (struct emit_totals){ .crc = crc32_init() };
	struct text w = text_on(warmup, sizeof(warmup));
	if (c->warmup_auto)
		text_str(&w, "auto");
	else
		text_u64(&w, c->warmup);
	if (c->groups) {
		REC_SET(&r, RUN, groups, c->groups);
		REC_SET(&r, RUN, initial, c->initial);
		REC_SET(&r, RUN, delta, c->delta);
		REC_SET(&r, RUN, size, c->size);
	}
	REC_SET(&r, RUN, cross, (uint64_t)c->cross);
	REC_SET(&r, RUN, parallel, (uint64_t)c->parallel);
	send(REC_RUN, &r);
	emit_context(p);
}

void emit_overhead(enum rec_overhead_kind kind, const char *counter, const struct moments *m)
{
	struct rec_overhead r = {
		.kind = rec_overhead_kind_name[kind],
		.samples = m->n,
		.min = m->min,
		.max = m->max,
		.sum = m->sum,
		.sumsq = (uint64_t)m->sumsq,
	};

	REC_SET(&r, OVERHEAD, counter, counter);
	send(REC_OVERHEAD, &r);
}

uint64_t emit_work_per_call(const struct bench *b, const struct bench_ctx *ctx)
{
	int64_t v = b->per_call_param ? bench_param(ctx, b->per_call_param) : b->per_call;
	return v > 0 ? (uint64_t)v : 0;
}

static void send_header(const struct bench *b, const struct block *blk, int flags)
{
	const struct bench_ctx *ctx = blk->ctx;
	struct wire_writer *w = stream_record(REC_BENCH);
	struct rec_bench r = {
		.id = blk->id,
		.name = b->name,
		.hart = blk->hart,
		.group = blk->group,
		.batch = blk->batch,
		.warmup = blk->warmup,
		.samples = blk->count - blk->warmup,
		.input_range = ctx->input_range,
		.oh_cycles = blk->oh.cycles,
		.oh_instret = blk->oh.instret,
	};

	REC_SET(&r, BENCH, warmup_auto, (uint64_t)blk->warmup_auto);
	if (blk->warmup_auto)
		REC_SET(&r, BENCH, warmup_converged, (uint64_t)blk->warmup_converged);
	REC_SET(&r, BENCH, input_kind, input_kind_name(b->inputs));
	REC_SET(&r, BENCH, inputs_n, blk->ninputs);
	REC_SET(&r, BENCH, oh_method,
		rec_oh_method_name[blk->self_timed ? REC_OH_METHOD_SELF_TIMED : REC_OH_METHOD_MIN]);
	if (blk->self_timed && b->sample_unit)
		REC_SET(&r, BENCH, sample_unit, b->sample_unit);
	if (b->unit) {
		REC_SET(&r, BENCH, unit, b->unit);
		REC_SET(&r, BENCH, per_call, emit_work_per_call(b, ctx));
	}
	if (blk->npar) {
		REC_SET(&r, BENCH, parallel, blk->npar);
		/* every hart of a parallel run gets the first block's inputs */
		if (blk->id != blk->first_id)
			REC_SET(&r, BENCH, inputs_block, blk->first_id);
		REC_SET(&r, BENCH, skew_ticks, blk->skew_ticks);
		REC_SET(&r, BENCH, offset_cycles, blk->offset_cycles);
	}
	if (flags >= 0)
		REC_SET(&r, BENCH, flags, (uint64_t)flags);
	char evnames[PMU_EVENTS_MAX * PMU_EVENT_NAME_MAX], evoh[PMU_EVENTS_MAX * 21];
	if (blk->nev) {
		size_t ln = 0, lo = 0;
		for (unsigned k = 0; k < blk->nev; k++) {
			ln += (size_t)snprintf(evnames + ln, sizeof(evnames) - ln, "%s%s",
					       k ? "," : "", events_name(k));
			lo += (size_t)snprintf(evoh + lo, sizeof(evoh) - lo, "%s%llu", k ? "," : "",
					       (unsigned long long)blk->oh.ev[k]);
		}
		REC_SET(&r, BENCH, events, evnames);
		REC_SET(&r, BENCH, oh_events, evoh);
	}
	rec_write(w, REC_BENCH, &r);
	for (unsigned i = 0; b->params && b->params[i].name && i < PARAMS_MAX; i++)
		rec_write_param(w, b->params[i].name, ctx->params[i]);
	stream_send();
}

/*
 * The samples as compact S records (src/common/codec.h, encoding "r": a
 * per-line reference and Rice-coded residuals, ~1.3 bytes a sample on
 * clustered data instead of ~10 in decimal), as many per line as fit.
 */
static void send_samples(const struct block *blk)
{
	static char token[CODEC_TOKEN_MAX + 1];

	for (uint32_t first = 0; first < blk->count;) {
		unsigned n = codec_fit(blk->samples + first, blk->count - first, CODEC_TOKEN_MAX);
		if (!n || codec_encode(blk->samples + first, n, token, sizeof(token)) < 0) {
			stream_say("rvbench: internal error: samples %lu.. of block %lu do not encode",
				   (unsigned long)first, (unsigned long)blk->id);
			break;
		}
		struct wire_writer *w = stream_record(REC_S);
		struct rec_s r = { .id = blk->id, .first = first, .n = n,
				   .enc = rec_encoding_name[REC_ENC_RICE] };
		rec_write(w, REC_S, &r);
		wire_add_token(w, token);
		for (uint32_t i = first; i < first + n; i++)
			totals.crc = crc32_add_sample(totals.crc, blk->samples[i].cycles,
						      blk->samples[i].instret);
		stream_send();
		first += n;
	}
	totals.samples += blk->count;
}

/* The hardware events' columns, a pair per E record, coded like S. */
static void send_events(const struct block *blk)
{
	static char token[CODEC_TOKEN_MAX + 1];

	for (unsigned p = 0; p < (blk->nev + 1) / 2; p++) {
		const struct wire_sample *col = blk->ev[p];
		for (uint32_t first = 0; first < blk->count;) {
			unsigned n = codec_fit(col + first, blk->count - first, CODEC_TOKEN_MAX);
			if (!n || codec_encode(col + first, n, token, sizeof(token)) < 0) {
				stream_say("rvbench: internal error: events of block %lu do not encode",
					   (unsigned long)blk->id);
				break;
			}
			struct wire_writer *w = stream_record(REC_E);
			struct rec_e r = { .id = blk->id, .pair = p, .first = first, .n = n,
					   .enc = rec_encoding_name[REC_ENC_RICE] };
			rec_write(w, REC_E, &r);
			wire_add_token(w, token);
			stream_send();
			first += n;
		}
	}
}

static void send_fault(const struct guard_report *g, const uint32_t *id)
{
	struct rec_fault r = { .scause = g->scause, .sepc = g->sepc, .stval = g->stval };

	if (id)
		REC_SET(&r, FAULT, id, *id);
	REC_SET(&r, FAULT, kind,
		rec_fault_kind_name[g->kind == GUARD_TIMEOUT ? REC_FAULT_TIMEOUT : REC_FAULT_EXCEPTION]);
	send(REC_FAULT, &r);
}

void emit_block(const struct bench *b, const struct block *blk, const struct net_path *path)
{
	struct rec_end r = { .id = blk->id, .count = blk->count,
			     .verify = rec_verify_name[blk->verify] };

	/* The run's first block: no FLAGS sent yet in this run. */
	if (!totals.blocks)
		emit_flags_reset();
	int flags = emit_flags(b->cflags);
	send_header(b, blk, flags);
	if (blk->trap.kind != GUARD_NONE)
		send_fault(&blk->trap, &blk->id);
	send_samples(blk);
	send_events(blk);
	REC_SET(&r, END, checksum, blk->checksum);
	REC_SET(&r, END, status, rec_block_status_name[blk->status]);
	REC_SET(&r, END, path_instret, path->modal);
	REC_SET(&r, END, path_differs, path->n - path->modal_count);
	if (blk->ctx->reason[0])
		REC_SET(&r, END, reason, blk->ctx->reason);
	send(REC_END, &r);
	totals.blocks++;
}

void emit_tp(const struct tp_entry *e, const uint32_t *id, int part)
{
	struct rec_tp r = { .key = e->key, .hart = e->hart, .start = e->start,
			    .cycles = e->cycles, .instret = e->instret };

	if (id && part >= 0 && part < REC_tp_phase_count) {
		REC_SET(&r, TP, id, *id);
		REC_SET(&r, TP, phase, rec_tp_phase_name[part]);
	}

	send(REC_TP, &r);
}

/*
 * Per-hart utilisation, seL4's CPU-utilisation tracking adapted: what each
 * hart did with its cycles during the run, in its own counter's cycles.
 */
void emit_harts(uint64_t run_cycles, uint64_t measuring)
{
	for (unsigned i = 0; i < harts_count(); i++) {
		const struct hart_info *h = harts_get(i);
		struct rec_hart r = { .id = h->hartid, .state = rec_hart_state_name[h->state] };

		if (h->state == HART_BOOT) {
			REC_SET(&r, HART, run_cycles, run_cycles);
			REC_SET(&r, HART, measuring, measuring);
		} else if (h->state == HART_ONLINE) {
			REC_SET(&r, HART, busy, h->busy_cycles);
			REC_SET(&r, HART, idle, h->idle_cycles);
		}
		if (h->hartid < MAX_HARTS && (h->state == HART_BOOT || h->state == HART_ONLINE))
			REC_SET(&r, HART, waiting, parallel_wait_cycles[h->hartid]);
		if (h->why)
			REC_SET(&r, HART, why, h->why);
		send(REC_HART, &r);
	}
}

void emit_fatal_fault(uint64_t scause, uint64_t sepc, uint64_t stval)
{
	struct guard_report g = { .kind = GUARD_EXCEPTION, .scause = scause, .sepc = sepc,
				  .stval = stval };

	send_fault(&g, NULL);
}

void emit_trailer(enum rec_run_status status)
{
	struct rec_trailer r = { .benches = totals.blocks, .samples = totals.samples,
				 .crc32 = crc32_final(totals.crc),
				 .status = rec_run_status_name[status] };

	/* BUILD last: its text (the commit) changes from build to build, and
	 * sent here it moves no cycle stamp of the run (TP starts, HART
	 * run_cycles), so two builds of the same code send the same run. */
	send(REC_BUILD, context_build());
	send(REC_TRAILER, &r);
}
