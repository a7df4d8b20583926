#include "block.h"

#include "arena.h"
#include "console.h"
#include "codec.h"
#include "crc.h"
#include "csr.h"
#include "guard.h"
#include "harts.h"
#include "harness.h"
#include "inputs.h"
#include "parallel.h"
#include "params.h"
#include "report.h"
#include "stats.h"
#include "stream.h"
#include "trap.h"

#include <stdio.h>
#include <string.h>

#define HISTOGRAM_ROWS 16

/* One block's samples, measured before any of them is sent. */
static struct wire_sample samples[HARNESS_MAX_SAMPLES];
static uint64_t inputs[HARNESS_MAX_SAMPLES];
static uint64_t work[HARNESS_MAX_SAMPLES];
static uint64_t scratch[HARNESS_MAX_SAMPLES];

static const struct platform *plat;
static struct block_totals totals;
/* The harts a parallel run uses, fixed at the start of the run: the run
 * header announces a block for each, so each gets one, even if it cannot
 * take part when its turn comes. */
static uint32_t planned_harts[MAX_HARTS];
static unsigned nplanned;

/*
 * What the block did. Static, not local: the guard returns here through
 * longjmp, after which locals changed since setjmp() are indeterminate.
 */
static struct {
	const char *status;
	const char *verify;
	uint32_t warmup, count;
	uint32_t first_id;    /* the boot hart's block id (whose inputs all harts use) */
	int warmup_auto;      /* the warmup length was found by warmup=auto */
	int warmup_converged;
	uint64_t checksum;
	struct overhead oh;
	int setup_done;
	/* the block being sent: the boot hart's, or one hart's of a parallel run */
	struct wire_sample *samples;
	uint32_t hart;
	/* a parallel run (src/parallel.c): every hart's results */
	unsigned npar;
	uint64_t skew_ticks;
	struct par_result par[MAX_HARTS];
} blk;

void block_init(const struct platform *p)
{
	plat = p;
}

void block_totals_reset(void)
{
	totals = (struct block_totals){ .crc = crc32_init() };
	nplanned = 0;
	for (unsigned i = 0; i < harts_count() && nplanned < MAX_HARTS; i++) {
		const struct hart_info *h = harts_get(i);
		if (h->state == HART_BOOT)
			planned_harts[nplanned++] = h->hartid;
	}
	for (unsigned i = 0; i < harts_count() && nplanned < MAX_HARTS; i++) {
		const struct hart_info *h = harts_get(i);
		if (h->state == HART_ONLINE)
			planned_harts[nplanned++] = h->hartid;
	}
}

const struct block_totals *block_totals(void)
{
	return &totals;
}

static int self_timed;

static void measure(const struct config *c, bench_run_fn run, void *state, uint32_t first,
		    uint32_t n, uint32_t batch)
{
	struct measure_job job = {
		.run = run,
		.state = state,
		.inputs = inputs + first,
		.out = samples + first,
		.n = n,
		.batch = batch,
	};
	uint64_t t0 = read_cycle();
	if (self_timed)
		harness_self_timed(&job);
	else
		harness_measure(c->counter, &job);
	totals.measure_cycles += read_cycle() - t0;
	blk.checksum += job.checksum;
}

/*
 * Kanata section 3.2, automated: windows of CONFIG_WARMUP_WINDOW samples
 * until one window's mean is within the tolerance of the previous one's.
 * Every window measured, the settled one included, counts as warmup.
 */
static uint32_t warmup_auto(const struct config *c, bench_run_fn run, void *state, uint32_t batch)
{
	uint64_t prev = 0;

	blk.warmup_converged = 0;
	for (uint32_t k = 0; k < CONFIG_WARMUP_MAX_WINDOWS; k++) {
		uint32_t first = k * CONFIG_WARMUP_WINDOW;
		uint64_t sum = 0;
		measure(c, run, state, first, CONFIG_WARMUP_WINDOW, batch);
		for (uint32_t i = first; i < first + CONFIG_WARMUP_WINDOW; i++)
			sum += samples[i].cycles;
		if (k > 0) {
			uint64_t diff = sum > prev ? sum - prev : prev - sum;
			if ((unsigned __int128)diff * 1000000u <=
			    (unsigned __int128)prev * CONFIG_WARMUP_TOLERANCE_PPM) {
				blk.warmup_converged = 1;
				return first + CONFIG_WARMUP_WINDOW;
			}
		}
		prev = sum;
	}
	return CONFIG_WARMUP_MAX_WINDOWS * CONFIG_WARMUP_WINDOW;
}

/* Everything between the counter reads and the verdict; runs guarded. */
static void measure_block(const struct config *c, const struct bench *b, struct bench_ctx *ctx,
			  uint32_t id, uint32_t batch, uint32_t measured)
{
	struct lcg rng;
	uint32_t warm_cap = c->warmup_auto ? CONFIG_WARMUP_WINDOW * CONFIG_WARMUP_MAX_WINDOWS
					   : ((b->warmup && !(c->explicit_keys & CONFIG_SET_WARMUP))
						      ? b->warmup
						      : c->warmup);
	uint32_t ninputs = warm_cap + measured;

	if (ninputs > HARNESS_MAX_SAMPLES) {
		stream_say("rvbench: %s: %lu warmup + %lu samples exceed the %u-sample buffer",
			   b->name, (unsigned long)warm_cap, (unsigned long)measured,
			   HARNESS_MAX_SAMPLES);
		blk.status = "setup-failed";
		return;
	}
	/* Setup's randomness and the inputs come from separate LCG streams;
	 * the host recomputes the inputs (src/common/inputs.c). */
	lcg_seed(&rng, ~lcg_bench_seed(c->seed, id));
	ctx->rng = &rng;
	int rc = b->setup ? b->setup(ctx) : 0;
	ctx->rng = NULL; /* rng lives on this stack frame only */
	if (rc) {
		blk.status = rc == BENCH_SKIPPED ? "skipped" : "setup-failed";
		return;
	}
	blk.setup_done = 1;
	if (inputs_fill(b->inputs, lcg_bench_seed(c->seed, id), ctx->input_range, inputs, ninputs,
			scratch, HARNESS_MAX_SAMPLES)) {
		snprintf(ctx->reason, sizeof(ctx->reason),
			 "a permutation of %lu inputs does not fit the %u-entry buffer",
			 (unsigned long)ctx->input_range, HARNESS_MAX_SAMPLES);
		blk.status = "setup-failed";
		return;
	}

	/* A quiet machine: the UART has drained before the first read. */
	console_flush();
	if (!self_timed)
		blk.oh = harness_calibrate(c->counter, batch);
	if (block_count(c, b) > 1 && parallel_harts() > 1) {
		/* Every hart warms up the same, fixed, number of samples, so
		 * they all start measuring together. */
		blk.warmup = c->warmup_auto ? 2 * CONFIG_WARMUP_WINDOW : warm_cap;
		blk.npar = parallel_measure(c, b, id, inputs, blk.warmup, measured, batch, ctx,
					    samples, blk.par);
		blk.skew_ticks = parallel_skew(blk.par, blk.npar);
		blk.checksum = blk.par[0].checksum;
		totals.measure_cycles += blk.par[0].measure_cycles;
	} else if (c->warmup_auto) {
		blk.warmup_auto = 1;
		blk.warmup = warmup_auto(c, b->run, ctx->state, batch);
	} else {
		blk.warmup = warm_cap;
		if (warm_cap)
			measure(c, b->run, ctx->state, 0, warm_cap, batch);
	}
	if (!blk.npar)
		measure(c, b->run, ctx->state, blk.warmup, measured, batch);
	blk.count = blk.warmup + measured;

	ctx->ninputs = blk.count;
	if (b->verify) {
		blk.verify = b->verify(ctx, blk.checksum) ? "fail" : "ok";
		if (!strcmp(blk.verify, "fail"))
			blk.status = "verify-failed";
	}
}

/*
 * The samples as compact S records (src/common/codec.h, encoding "r": a
 * per-line reference and Rice-coded residuals, ~1.3 bytes a sample on
 * clustered data instead of ~10 in decimal), as many per line as fit.
 */
static void send_samples(uint32_t id)
{
	static char token[CODEC_TOKEN_MAX + 1];

	for (uint32_t first = 0; first < blk.count;) {
		unsigned n = codec_fit(blk.samples + first, blk.count - first, CODEC_TOKEN_MAX);
		if (!n || codec_encode(blk.samples + first, n, token, sizeof(token)) < 0) {
			stream_say("rvbench: internal error: samples %lu.. of block %lu do not encode",
				   (unsigned long)first, (unsigned long)id);
			break;
		}
		struct wire_writer *w = stream_record(WIRE_REC_SAMPLES);
		wire_add_u64(w, id);
		wire_add_u64(w, first);
		wire_add_u64(w, n);
		wire_add_token(w, WIRE_ENC_RICE);
		wire_add_token(w, token);
		for (uint32_t i = first; i < first + n; i++)
			totals.crc = crc32_add_sample(totals.crc, blk.samples[i].cycles,
						      blk.samples[i].instret);
		stream_send();
		first += n;
	}
	totals.samples += blk.count;
}

/* Units of work one call does (BENCH's per_call / per_call_param). */
static uint64_t work_per_call(const struct bench *b, const struct bench_ctx *ctx)
{
	int64_t v = b->per_call_param ? bench_param(ctx, b->per_call_param) : b->per_call;
	return v > 0 ? (uint64_t)v : 0;
}

static void send_header(const struct bench *b, const struct bench_ctx *ctx,
			uint32_t id, uint32_t group, uint32_t batch, uint32_t ninputs)
{
	struct wire_writer *w = stream_record(WIRE_REC_BENCH);
	wire_add_kv_u64(w, "id", id);
	wire_add_kv_str(w, "name", b->name);
	wire_add_kv_u64(w, "hart", blk.hart);
	wire_add_kv_u64(w, "group", group);
	wire_add_kv_u64(w, "batch", batch);
	wire_add_kv_u64(w, "warmup", blk.warmup);
	wire_add_kv_u64(w, "warmup_auto", (uint64_t)blk.warmup_auto);
	if (blk.warmup_auto)
		wire_add_kv_u64(w, "warmup_converged", (uint64_t)blk.warmup_converged);
	wire_add_kv_u64(w, "samples", blk.count - blk.warmup);
	wire_add_kv_str(w, "input_kind", input_kind_name(b->inputs));
	wire_add_kv_u64(w, "input_range", ctx->input_range);
	wire_add_kv_u64(w, "inputs_n", ninputs);
	wire_add_kv_u64(w, "oh_cycles", blk.oh.cycles);
	wire_add_kv_u64(w, "oh_instret", blk.oh.instret);
	wire_add_kv_str(w, "oh_method", self_timed ? "self-timed" : "min");
	if (b->unit) {
		wire_add_kv_str(w, "unit", b->unit);
		wire_add_kv_u64(w, "per_call", work_per_call(b, ctx));
	}
	if (blk.npar) {
		const struct par_result *me = NULL;
		for (unsigned k = 0; k < blk.npar; k++)
			if (blk.par[k].hartid == blk.hart)
				me = &blk.par[k];
		wire_add_kv_u64(w, "parallel", blk.npar);
		/* every hart of a parallel run gets the first block's inputs */
		if (id != blk.first_id)
			wire_add_kv_u64(w, "inputs_block", blk.first_id);
		wire_add_kv_u64(w, "skew_ticks", blk.skew_ticks);
		if (me && me->offset < 0) {
			char neg[24];
			snprintf(neg, sizeof(neg), "%lld", (long long)me->offset);
			wire_add_kv_str(w, "offset_cycles", neg);
		} else {
			wire_add_kv_u64(w, "offset_cycles", me ? (uint64_t)me->offset : 0);
		}
	}
	for (unsigned i = 0; b->params && b->params[i].name && i < PARAMS_MAX; i++) {
		char key[40] = "p.";
		strncat(key, b->params[i].name, sizeof(key) - 3);
		if (ctx->params[i] < 0) {
			char neg[24];
			snprintf(neg, sizeof(neg), "%lld", (long long)ctx->params[i]);
			wire_add_kv_str(w, key, neg);
		} else {
			wire_add_kv_u64(w, key, (uint64_t)ctx->params[i]);
		}
	}
	stream_send();
}

static void send_fault(uint32_t id, const struct guard_report *g)
{
	struct wire_writer *w = stream_record(WIRE_REC_FAULT);
	wire_add_kv_u64(w, "id", id);
	wire_add_kv_str(w, "kind", g->kind == GUARD_TIMEOUT ? "timeout" : "exception");
	wire_add_kv_hex(w, "scause", g->scause);
	wire_add_kv_hex(w, "sepc", g->sepc);
	wire_add_kv_hex(w, "stval", g->stval);
	stream_send();
}

/* Net values of the measured samples into work[]; returns how many. */
static uint32_t net_measured(int instret)
{
	uint32_t n = blk.count - blk.warmup;
	int clamped;

	for (uint32_t i = 0; i < n; i++) {
		const struct wire_sample *s = &blk.samples[blk.warmup + i];
		work[i] = instret ? stats_net(s->instret, blk.oh.instret, &clamped)
				  : stats_net(s->cycles, blk.oh.cycles, &clamped);
	}
	return n;
}

struct guarded_args {
	const struct config *c;
	const struct bench *b;
	struct bench_ctx *ctx;
	uint32_t id, batch, measured;
};

static void guarded_measure(void *p)
{
	struct guarded_args *a = p;
	measure_block(a->c, a->b, a->ctx, a->id, a->batch, a->measured);
}

static void guarded_teardown(void *p)
{
	struct guarded_args *a = p;
	a->b->teardown(a->ctx);
}

/*
 * fn(arg) under the guard: 0 when it returned, -1 when a trap or the
 * watchdog brought us back here through longjmp. Nothing but the return
 * value is used after the jump, so no local can be stale.
 */
static __attribute__((noinline)) int guarded(void (*fn)(void *), void *arg, uint64_t budget)
{
	if (setjmp(guard_jmp))
		return -1;
	guard_arm(budget);
	fn(arg);
	guard_disarm();
	return 0;
}

/* Sends the block blk describes (header, fault, samples, end) and its
 * summary lines. */
static void emit(const struct bench *b, const struct bench_ctx *ctx,
		 uint32_t id, uint32_t group, uint32_t batch, uint32_t ninputs,
		 const struct guard_report *trapped, uint64_t *table, int histogram)
{
	send_header(b, ctx, id, group, batch, ninputs);
	if (trapped->kind != GUARD_NONE)
		send_fault(id, trapped);
	send_samples(id);

	/* The usual code path: the modal net instret of the measured samples. */
	uint32_t n = net_measured(1);
	size_t modal_count = 0;
	uint64_t modal = 0;
	if (n) {
		stats_sort_u64(work, n);
		modal = stats_mode(work, n, &modal_count);
	}
	struct wire_writer *w = stream_record(WIRE_REC_END);
	wire_add_kv_u64(w, "id", id);
	wire_add_kv_u64(w, "count", blk.count);
	wire_add_kv_str(w, "verify", blk.verify);
	wire_add_kv_hex(w, "checksum", blk.checksum);
	wire_add_kv_str(w, "status", blk.status);
	wire_add_kv_u64(w, "path_instret", modal);
	wire_add_kv_u64(w, "path_differs", n - modal_count);
	if (ctx->reason[0])
		wire_add_kv_str(w, "reason", ctx->reason);
	stream_send();
	totals.blocks++;

	/* The person at the terminal. */
	if (trapped->kind != GUARD_NONE) {
		const struct guard_report *g = trapped;
		stream_say("%s: %s (scause=0x%llx sepc=0x%llx stval=0x%llx): benchmark stopped, run goes on",
			   b->name, g->kind == GUARD_TIMEOUT ? "TIMEOUT: ran past its budget" : "TRAP",
			   (unsigned long long)g->scause, (unsigned long long)g->sepc,
			   (unsigned long long)g->stval);
		return;
	}
	if (!n) {
		stream_say("%s: %s, nothing measured%s%s", b->name, blk.status,
			   ctx->reason[0] ? ": " : "", ctx->reason);
		return;
	}
	n = net_measured(0);
	if (table)
		memcpy(table, work, n * sizeof(work[0]));
	struct order_stats st;
	stats_order(work, scratch, n, &st);
	if (blk.npar) {
		char label[64];
		snprintf(label, sizeof(label), "%s[hart %lu of %u in parallel]", b->name,
			 (unsigned long)blk.hart, blk.npar);
		report_kbench_line(label, &st);
	} else if (batch > 1) {
		char label[64];
		snprintf(label, sizeof(label), "%s[group %lu, N=%lu, accumulated]", b->name,
			 (unsigned long)group, (unsigned long)batch);
		report_kbench_line(label, &st);
	} else {
		report_kbench_line(b->name, &st);
	}
	stream_say("  overhead %llu cycles (min of 256 empty samples), warmup %lu%s, instret %llu"
		   " (%lu samples off that path), verify %s%s%s",
		   (unsigned long long)blk.oh.cycles, (unsigned long)blk.warmup,
		   blk.warmup_auto ? (blk.warmup_converged ? " (auto)" : " (auto, did not settle)") : "",
		   (unsigned long long)modal, (unsigned long)(n - modal_count), blk.verify,
		   strcmp(blk.status, "ok") ? ", status " : "", strcmp(blk.status, "ok") ? blk.status : "");
	uint64_t per_sample = work_per_call(b, ctx) * batch;
	if (b->unit && per_sample && st.median) {
		uint64_t hundredths = per_sample * 100 / st.median;
		stream_say("  %llu %s per call: %llu.%02llu %s/cycle at the median",
			   (unsigned long long)work_per_call(b, ctx), b->unit,
			   (unsigned long long)(hundredths / 100), (unsigned long long)(hundredths % 100),
			   b->unit);
	}
	if (histogram)
		report_histogram(work, n, HISTOGRAM_ROWS);
}

unsigned block_run(const struct config *c, const struct bench *b, uint32_t id, uint32_t group,
	       uint32_t batch_asked, uint32_t measured, uint64_t *table, int histogram)
{
	/* a self-timed call is its own sample: no batches */
	uint32_t batch = (b->flags & BENCH_SELF_TIMED) ? 1 : batch_asked;
	int64_t params[PARAMS_MAX] = { 0 };
	struct bench_ctx ctx = { .bench = b, .inputs = inputs, .batch = batch, .params = params,
				 .input_range = b->input_range };
	size_t mark = arena_mark();
	uint32_t warm_cap = c->warmup_auto ? CONFIG_WARMUP_WINDOW * CONFIG_WARMUP_MAX_WINDOWS
					   : ((b->warmup && !(c->explicit_keys & CONFIG_SET_WARMUP))
						      ? b->warmup
						      : c->warmup);
	uint64_t budget = (b->flags & BENCH_OWNS_TIMER) ? 0 /* its timer is its own */
			       : (uint64_t)c->budget_ms * plat->timebase_hz / 1000;
	if (c->budget_ms && !plat->timebase_hz && !(b->flags & BENCH_OWNS_TIMER))
		stream_say("rvbench: %s: no timebase-frequency in the device tree: no watchdog",
			   b->name);

	self_timed = !!(b->flags & BENCH_SELF_TIMED);

	params_resolve(b, c, params);
	memset(&blk, 0, sizeof(blk));
	blk.status = "ok";
	blk.verify = "none";
	blk.samples = samples;
	blk.hart = plat->boot_hart;
	blk.first_id = id;

	struct guarded_args args = { c, b, &ctx, id, batch, measured };
	struct guard_report trapped = { .kind = GUARD_NONE };
	if (guarded(guarded_measure, &args, budget)) {
		/* The guard brought us back: the benchmark trapped or ran
		 * past its budget. Its samples are not trustworthy. */
		trapped = *guard_report();
		blk.status = trapped.kind == GUARD_TIMEOUT ? "timeout" : "fault";
		blk.count = blk.warmup = 0;
		/* Other harts may still wait at a barrier or an exchange with
		 * this one: bring them back before anything else runs. */
		harts_recover(100, plat->timebase_hz);
	}
	/* Teardown whenever setup succeeded, trap or not: it may have a
	 * partner hart to stop. Guarded too; a second trap is reported. */
	if (blk.setup_done && b->teardown && guarded(guarded_teardown, &args, budget)) {
		if (trapped.kind == GUARD_NONE)
			trapped = *guard_report();
		blk.status = trapped.kind == GUARD_TIMEOUT ? "timeout" : "fault";
		stream_say("rvbench: %s: its teardown trapped or hung too", b->name);
	}
	if (blk.npar)
		parallel_teardown(b, blk.par, blk.npar);
	/* What a benchmark may switch on must not outlive it. */
	trap_set_skip_breakpoints(0);
	trap_set_timer_hook(NULL);
	if (strcmp(blk.status, "ok") && strcmp(blk.status, "skipped"))
		totals.failed = 1;

	uint32_t ninputs = warm_cap + measured;
	const char *sent_status = blk.status; /* the boot hart's block */
	if (!blk.npar)
		parallel_nleft_out = 0; /* nothing of a parallel run happened */
	emit(b, &ctx, id, group, batch, ninputs, &trapped, table, histogram);
	/* A parallel run: one more block per other hart, the same shape. */
	struct guard_report none = { .kind = GUARD_NONE };
	for (unsigned k = 1; k < blk.npar; k++) {
		const struct par_result *p = &blk.par[k];
		blk.samples = p->out;
		blk.hart = p->hartid;
		blk.checksum = p->checksum;
		blk.status = p->status;
		blk.verify = p->verify;
		if (strcmp(blk.status, "ok")) {
			totals.failed = 1;
			if (!strcmp(blk.status, "fault"))
				blk.count = blk.warmup = 0;
		}
		emit(b, &ctx, id + k, group, batch, ninputs, &none, NULL, 0);
	}
	/* Every hart the run header counted gets its block, measured or not. */
	unsigned planned = block_count(c, b), sent = blk.npar > 1 ? blk.npar : 1;
	for (unsigned k = 1; k < nplanned && sent < planned; k++) {
		uint32_t h = planned_harts[k];
		int took_part = 0, left_out = 0;
		for (unsigned j = 0; j < blk.npar; j++)
			took_part |= blk.par[j].hartid == h;
		for (unsigned j = 0; j < parallel_nleft_out; j++)
			left_out |= parallel_left_out[j] == h;
		if (took_part)
			continue;
		struct bench_ctx absent = ctx;
		snprintf(absent.reason, sizeof(absent.reason), "hart %lu did not take part: %s",
			 (unsigned long)h,
			 left_out ? "its setup failed"
			 : strcmp(sent_status, "ok") ? "the benchmark stopped on the boot hart"
						     : "it was not online");
		blk.samples = samples;
		blk.hart = h;
		blk.count = blk.warmup = 0;
		blk.checksum = 0;
		blk.status = left_out ? "setup-failed" : strcmp(sent_status, "ok") ? sent_status : "skipped";
		blk.verify = "none";
		if (strcmp(blk.status, "skipped"))
			totals.failed = 1;
		emit(b, &absent, id + sent++, group, batch, ninputs, &none, NULL, 0);
	}
	/* Only now: the other harts' samples live in the arena. */
	arena_release(mark);
	return planned;
}

unsigned block_count(const struct config *c, const struct bench *b)
{
	return c->parallel && parallel_eligible(b) && nplanned > 1 ? nplanned : 1;
}
