#include "block.h"

#include "alarm.h"
#include "arena.h"
#include "console.h"
#include "csr.h"
#include "events.h"
#include "guard.h"
#include "harness.h"
#include "harts.h"
#include "inputs.h"
#include "noinit.h"
#include "parallel.h"
#include "params.h"
#include "scratch.h"
#include "stream.h"
#include "tracepoint.h"
#include "trap.h"

#include <stdio.h>
#include <string.h>

/* One block's samples and inputs, measured before any of them is sent. */
static struct wire_sample samples[HARNESS_MAX_SAMPLES] NOINIT(09);
/* The hardware events' columns, two per wire_sample (harness.h). */
_Static_assert(EVENTS_PAIRS == 2, "struct block's ev[] is set for two pairs");
static struct wire_sample ev_samples[EVENTS_PAIRS][HARNESS_MAX_SAMPLES] NOINIT(11);
/* ctx->inputs: cache-line aligned like every buffer a benchmark is given. */
static uint64_t inputs[HARNESS_MAX_SAMPLES] NOINIT(02) __attribute__((aligned(BENCH_ALIGN)));

static const struct platform *plat;
static uint64_t measure_cycles;

/*
 * What the block did, and what it was given. Static, not local: the guard
 * returns here through longjmp, after which locals changed since setjmp()
 * are indeterminate; and the block outlives block_run() until it is sent.
 */
static struct block blk;
static struct bench_ctx ctx;
static int64_t params[PARAMS_MAX];
static int setup_done;
static size_t arena_mark_at_start;
/* A hart harts_recover() gave up on may still write into this block's
 * memory: block_release() keeps it. */
static int arena_kept;

void block_init(const struct platform *p)
{
	plat = p;
}

uint64_t block_measure_cycles(void)
{
	return measure_cycles;
}

void block_measure_cycles_reset(void)
{
	measure_cycles = 0;
}

int block_failed(enum rec_block_status s)
{
	return s != REC_STATUS_OK && s != REC_STATUS_SKIPPED;
}

/* The most warmup samples a block may take: the auto search's cap, the
 * benchmark's own count unless the run set one, else the run's. */
static uint32_t warmup_cap(const struct config *c, const struct bench *b)
{
	if (c->warmup_auto)
		return CONFIG_WARMUP_WINDOW * CONFIG_WARMUP_MAX_WINDOWS;
	return (b->warmup && !(c->explicit_keys & CONFIG_SET_WARMUP)) ? b->warmup : c->warmup;
}

static void measure(const struct config *c, const struct bench *b, void *state, uint32_t first,
		    uint32_t n, uint32_t batch)
{
	struct measure_job job = {
		.run = b->run,
		.prepare = b->prepare,
		.first_call = first * batch,
		.state = state,
		.inputs = inputs + first,
		.out = samples + first,
		.n = n,
		.batch = batch,
		.nev = blk.nev,
	};
	for (unsigned p = 0; p < EVENTS_PAIRS; p++)
		job.ev[p] = ev_samples[p] + first;
	uint64_t t0 = read_cycle();
	/* A self-timed run() reads the counters itself, prepare() or not:
	 * prepare() still runs before each call, outside what it reads. */
	if (b->flags & BENCH_SELF_TIMED)
		harness_self_timed(&job);
	else
		harness_measure(c->counter, &job);
	measure_cycles += read_cycle() - t0;
	blk.checksum += job.checksum;
}

/*
 * Kanata section 3.2, automated: windows of CONFIG_WARMUP_WINDOW samples
 * until one window's mean is within the tolerance of the previous one's.
 * Every window measured, the settled one included, counts as warmup.
 */
static uint32_t warmup_auto(const struct config *c, const struct bench *b, void *state,
			    uint32_t batch)
{
	uint64_t prev = 0;

	blk.warmup_converged = 0;
	for (uint32_t k = 0; k < CONFIG_WARMUP_MAX_WINDOWS; k++) {
		uint32_t first = k * CONFIG_WARMUP_WINDOW;
		uint64_t sum = 0;
		measure(c, b, state, first, CONFIG_WARMUP_WINDOW, batch);
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
			  uint32_t batch, uint32_t measured, const struct par_wait *wait)
{
	struct lcg rng;
	uint32_t warm_cap = warmup_cap(c, b);
	uint32_t ninputs = warm_cap + measured;

	if (ninputs > HARNESS_MAX_SAMPLES) {
		stream_say("rvbench: %s: %lu warmup + %lu samples exceed the %u-sample buffer",
			   b->name, (unsigned long)warm_cap, (unsigned long)measured,
			   HARNESS_MAX_SAMPLES);
		blk.status = REC_STATUS_SETUP_FAILED;
		return;
	}
	/* Setup's randomness and the inputs come from separate LCG streams;
	 * the host recomputes the inputs (src/common/inputs.c). */
	uint64_t seed = params_input_seed(b, c->seed, ctx->params);
	lcg_seed(&rng, ~seed);
	ctx->rng = &rng;
	ctx->ninputs = ninputs;
	uint64_t calls = (uint64_t)ninputs * batch;
	if (b->prepare && calls > UINT32_MAX) {
		/* prepare() gets a 32-bit call index: it must not wrap */
		snprintf(ctx->reason, sizeof(ctx->reason),
			 "%llu calls with prepare(): its call index holds at most 2^32 - 1",
			 (unsigned long long)calls);
		blk.status = REC_STATUS_SETUP_FAILED;
		return;
	}
	ctx->ncalls = calls > UINT32_MAX ? UINT32_MAX : (uint32_t)calls;
	int rc = b->setup ? b->setup(ctx) : 0;
	ctx->rng = NULL; /* rng lives on this stack frame only */
	if (rc) {
		blk.status = rc == BENCH_SKIPPED ? REC_STATUS_SKIPPED : REC_STATUS_SETUP_FAILED;
		return;
	}
	setup_done = 1;
	if (inputs_fill(b->inputs, seed, ctx->input_range, inputs, ninputs,
			scratch_words(), HARNESS_MAX_SAMPLES)) {
		snprintf(ctx->reason, sizeof(ctx->reason),
			 "a permutation of %lu inputs does not fit the %u-entry buffer",
			 (unsigned long)ctx->input_range, HARNESS_MAX_SAMPLES);
		blk.status = REC_STATUS_SETUP_FAILED;
		return;
	}

	/* A quiet machine: the UART has drained before the first read. */
	console_flush();
	int parallel = parallel_block_count(c, b) > 1 && parallel_harts() > 1;
	/* Events are counted on the boot hart only (the SBI configures the
	 * calling hart's counters), and not for a run() that times itself. */
	if (!parallel && !(b->flags & BENCH_SELF_TIMED))
		blk.nev = events_n;
	if (blk.nev & 1) /* the last pair's second column is sent as 0 */
		for (uint32_t i = 0; i < ninputs; i++)
			ev_samples[blk.nev / 2][i].instret = 0;
	if (!(b->flags & BENCH_SELF_TIMED))
		blk.oh = harness_calibrate(c->counter, batch, b->prepare != NULL, blk.nev);
	if (parallel) {
		/* Every hart warms up the same, fixed, number of samples, so
		 * they all start measuring together. */
		blk.warmup = c->warmup_auto ? 2 * CONFIG_WARMUP_WINDOW : warm_cap;
		blk.npar = parallel_measure(c, b, inputs, blk.warmup, measured, batch, ctx,
					    samples, wait);
		if (parallel_lost())
			arena_kept = 1; /* those harts may still write there */
		blk.skew_ticks = parallel_skew();
		blk.checksum = parallel_result(0)->checksum;
		blk.offset_cycles = parallel_result(0)->offset;
		measure_cycles += parallel_result(0)->measure_cycles;
		/* Each hart's block is the boot hart's id plus its place
		 * (parallel_next_block), its parts as it read its counter. */
		for (unsigned k = 0; k < blk.npar; k++) {
			const struct par_result *r = parallel_result(k);
			tracepoint_block(r->hartid, blk.id + k);
			for (unsigned p = 0; p < sizeof(r->part_starts) / sizeof(r->part_starts[0]); p++)
				tracepoint_part(r->hartid, (enum rec_tp_phase)(REC_TP_WARMUP + p),
						r->part_starts[p]);
		}
	} else {
		tracepoint_part(plat->boot_hart, REC_TP_WARMUP, read_cycle());
		if (c->warmup_auto) {
			blk.warmup_auto = 1;
			blk.warmup = warmup_auto(c, b, ctx->state, batch);
		} else {
			blk.warmup = warm_cap;
			if (warm_cap)
				measure(c, b, ctx->state, 0, warm_cap, batch);
		}
	}
	if (!blk.npar) {
		tracepoint_part(plat->boot_hart, REC_TP_MEASURED, read_cycle());
		measure(c, b, ctx->state, blk.warmup, measured, batch);
		tracepoint_part(plat->boot_hart, REC_TP_AFTER, read_cycle());
	}
	blk.count = blk.warmup + measured;

	ctx->ninputs = blk.count;
	if (b->verify) {
		blk.verify = b->verify(ctx, blk.checksum) ? REC_VERIFY_FAIL : REC_VERIFY_OK;
		if (blk.verify == REC_VERIFY_FAIL)
			blk.status = REC_STATUS_VERIFY_FAILED;
	}
}

struct guarded_args {
	const struct config *c;
	const struct bench *b;
	struct bench_ctx *ctx;
	uint32_t batch, measured;
	struct par_wait wait; /* a parallel run's for the other harts */
};

static void guarded_measure(void *p)
{
	struct guarded_args *a = p;
	/* The watchdog is set: let QEMU plan its slices from it and from
	 * nothing that an earlier timer left (alarm.h). */
	alarm_yield();
	measure_block(a->c, a->b, a->ctx, a->batch, a->measured, &a->wait);
}

static void guarded_teardown(void *p)
{
	struct guarded_args *a = p;
	a->b->teardown(a->ctx);
}

/* The status a trap or the watchdog leaves. */
static enum rec_block_status trapped_status(const struct guard_report *g)
{
	return g->kind == GUARD_TIMEOUT ? REC_STATUS_TIMEOUT : REC_STATUS_FAULT;
}

const struct block *block_run(const struct config *c, const struct bench *b, uint32_t id,
			      uint32_t group, uint32_t batch_asked, uint32_t measured)
{
	/* a self-timed call is its own sample: no batches */
	uint32_t batch = (b->flags & BENCH_SELF_TIMED) ? 1 : batch_asked;
	uint32_t warm_cap = warmup_cap(c, b);
	uint64_t budget = (b->flags & BENCH_OWNS_TIMER) ? 0 /* its timer is its own */
			       : (uint64_t)c->budget_ms * plat->timebase_hz / 1000;
	if (c->budget_ms && !plat->timebase_hz && !(b->flags & BENCH_OWNS_TIMER))
		stream_say("rvbench: %s: no timebase-frequency in the device tree: no watchdog",
			   b->name);

	arena_mark_at_start = arena_mark();
	memset(params, 0, sizeof(params));
	ctx = (struct bench_ctx){ .bench = b, .inputs = inputs, .batch = batch, .params = params,
				  .input_range = b->input_range };
	setup_done = 0;

	params_resolve(b, c, params);
	blk = (struct block){ .id = id, .group = group, .batch = batch,
			      .ninputs = warm_cap + measured, .hart = (uint32_t)plat->boot_hart,
			      .status = REC_STATUS_OK, .verify = REC_VERIFY_NONE,
			      .self_timed = !!(b->flags & BENCH_SELF_TIMED), .samples = samples,
			      .ev = { ev_samples[0], ev_samples[1] },
			      .trap = { .kind = GUARD_NONE }, .ctx = &ctx, .first_id = id };

	/*
	 * At each barrier of a parallel run the boot hart waits for the
	 * others until 3/4 of the budget, and at least a quarter of it (or
	 * 100 ms) from when it arrives there, before it gives up on those not
	 * there: they hang, or are too slow for the budget. What is left is
	 * for the harts that did arrive (their blocks are kept). A healthy
	 * hart a little behind the boot hart is never given up on: a wait
	 * that begins late ends at the watchdog instead, every block a
	 * timeout, as when a block runs past its budget.
	 */
	uint64_t floor = (uint64_t)plat->timebase_hz / 10;
	struct guarded_args args = {
		c, b, &ctx, batch, measured,
		{ .give_up_at = read_time() + budget - budget / 4,
		  .patience = !budget ? 0 : budget / 4 > floor ? budget / 4 : floor },
	};
	tracepoint_block(plat->boot_hart, id);
	if (guard_call(guarded_measure, &args, budget)) {
		/* The guard brought us back: the benchmark trapped or ran
		 * past its budget. Its samples are not trustworthy. */
		blk.trap = *guard_report();
		blk.status = trapped_status(&blk.trap);
		blk.count = blk.warmup = 0;
		blk.nev = 0;
		/* Other harts may still wait at a barrier or an exchange with
		 * this one: bring them back before anything else runs. One
		 * that does not come back may still be in a call, then write
		 * its sample: the block's memory is not given to the next. */
		parallel_abandon();
		if (harts_recover(100, plat->timebase_hz))
			arena_kept = 1;
	}
	/* A block that trapped reached no later part: its teardown's
	 * tracepoints come after it. */
	tracepoint_block_close(plat->boot_hart, read_cycle());
	/* Teardown whenever setup succeeded, trap or not: it may have a
	 * partner hart to stop. Guarded too; a second trap is reported. */
	if (setup_done && b->teardown && guard_call(guarded_teardown, &args, budget)) {
		if (blk.trap.kind == GUARD_NONE)
			blk.trap = *guard_report();
		blk.status = trapped_status(&blk.trap);
		stream_say("rvbench: %s: its teardown trapped or hung too", b->name);
	}
	parallel_teardown(b);
	if (!blk.npar)
		parallel_forget(); /* nothing of a parallel run happened */
	/* What a benchmark may switch on must not outlive it. */
	trap_set_skip_breakpoints(0);
	trap_set_timer_hook(NULL);
	return &blk;
}

void block_release(void)
{
	if (arena_kept) {
		arena_kept = 0;
		stream_say("rvbench: the %lu KiB of RAM that block used stay in use until the next"
			   " boot: a hart that did not come back may still write there",
			   (unsigned long)((arena_mark() - arena_mark_at_start + 1023) / 1024));
		return;
	}
	/* Only now: the other harts' samples live in the arena. */
	arena_release(arena_mark_at_start);
}
