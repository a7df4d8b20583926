/*
 * The run: for each selected benchmark measure its blocks (one, or one per
 * group of a sweep, or one per hart of a parallel run) into RAM and only
 * afterwards send them (src/emit.c) and their summaries (src/report.c).
 */
#include "run.h"

#include "alarm.h"
#include "block.h"
#include "config.h"
#include "console.h"
#include "crc.h"
#include "csr.h"
#include "emit.h"
#include "events.h"
#include "harness.h"
#include "harts.h"
#include "net.h"
#include "noinit.h"
#include "parallel.h"
#include "registry.h"
#include "report.h"
#include "stream.h"
#include "tracepoint.h"

#include <string.h>

/* The seL4 self-check's samples: as many as the calibration it checks
 * (HARNESS_CALIBRATION_SAMPLES). Under QEMU -icount every counter read
 * leaves the translated code: 1000 samples (and as many tracepoint pairs)
 * were 7 % of the host work rvbench added before its first sample. On a
 * board either count takes microseconds and gives the same minimum. */
#define SELFCHECK_SAMPLES HARNESS_CALIBRATION_SAMPLES

static const struct platform *plat;
static int failed; /* a block of the run failed */
static uint64_t self_effective[SELFCHECK_SAMPLES], self_total[SELFCHECK_SAMPLES];
/* Net accumulated cycles of every group of a sweep, for the Kanata table. */
static uint64_t group_table[HARNESS_MAX_SAMPLES] NOINIT(10);

void run_init(const struct platform *p)
{
	plat = p;
}

int run_failed(void)
{
	return failed;
}

static uint32_t make_run_tag(const struct config *c)
{
	/* Differs on every boot of a board (time since reset varies), so the
	 * collector tells a reset apart from the run before it; repeatable
	 * under QEMU -icount sleep=off, so the CSVs are too. */
	uint64_t parts[4] = { c->seed, read_time(), read_cycle(), plat->boot_hart };
	return crc32_of(parts, sizeof(parts));
}


/* Benchmarks selected; *blocks gets how many blocks they will send. */
static uint32_t count_selected(const struct config *c, uint32_t *blocks)
{
	uint32_t n = 0;

	*blocks = 0;
	for (size_t i = 0; i < registry_count(); i++) {
		const struct bench *b = registry_get(i);
		if (registry_selected(c, b)) {
			struct config_sweep s;
			unsigned sweep = config_sweep(c, b, &s);
			n++;
			*blocks += parallel_block_count(c, b) * (c->groups ? c->groups : 1) * (sweep ? sweep : 1);
		}
	}
	return n;
}

/* The seL4 self-checks' moments, measured after the last block and
 * printed with the run's last lines (print_selfchecks). */
static struct moments self_eff, self_tot;
static struct tp_overhead tp_oh;

/* seL4's tracepoint overhead method, applied to rvbench's own reads. */
static void selfcheck(const struct config *c)
{
	self_eff = self_tot = (struct moments){ 0 };
	console_flush();
	alarm_yield(); /* for both self-checks: a fresh QEMU slice (alarm.h) */
	harness_selfcheck(c->counter, self_effective, self_total, SELFCHECK_SAMPLES);
	for (unsigned i = 0; i < SELFCHECK_SAMPLES; i++) {
		moments_add(&self_eff, self_effective[i]);
		moments_add(&self_tot, self_total[i]);
	}
	emit_overhead(REC_OH_EFFECTIVE, counter_mode_name(c->counter), &self_eff);
	emit_overhead(REC_OH_TOTAL, counter_mode_name(c->counter), &self_tot);
}

/* seL4's tables of the self-checks, for people, with the run's last
 * lines; the OVERHEAD records went out when they were measured. */
static void print_selfchecks(const struct config *c)
{
	stream_say("rvbench: instrumentation overhead, measured after the last block (%s counter"
		   " reads, cycles; an empty region nested in another):", counter_mode_name(c->counter));
	report_moments_header();
	report_moments_row("effective (inner)", &self_eff);
	report_moments_row("total (outer - inner)", &self_tot);
	stream_say("rvbench: tracepoint overhead, measured after the last block (nested empty"
		   " start/stop pairs; cycles, then instret):");
	report_moments_header();
	report_moments_row("effective (inner pair)", &tp_oh.inner);
	report_moments_row("total (outer - inner)", &tp_oh.total);
	report_moments_row("effective, instret", &tp_oh.inner_instret);
	report_moments_row("total, instret", &tp_oh.total_instret);
}

static void run_benchmark_once(const struct config *c, const struct bench *b, uint32_t *id);

/* One block's records, then its lines for people. */
static void send_block(const struct bench *b, const struct block *blk, uint64_t *table,
		       int histogram)
{
	struct net_path path;

	if (block_failed(blk->status))
		failed = 1;
	net_path(blk, &path);
	emit_block(b, blk, &path);
	report_block(b, blk, &path, table, histogram);
}

/*
 * Block `id` of b, and in a parallel run one more per other planned hart,
 * in the same shape. Returns how many block ids it used.
 */
static unsigned run_block(const struct config *c, const struct bench *b, uint32_t id,
			  uint32_t group, uint32_t batch, uint32_t samples, uint64_t *table,
			  int histogram)
{
	const struct block *boot = block_run(c, b, id, group, batch, samples);
	struct block cur = *boot;
	struct par_iter it;

	send_block(b, boot, table, histogram);
	parallel_blocks_start(&it, c, b, boot);
	while (parallel_next_block(&it, &cur))
		send_block(b, &cur, NULL, 0);
	block_release();
	return parallel_block_count(c, b);
}

/* One benchmark: once, or one pass per step of its sweep. */
static void run_benchmark(const struct config *c, const struct bench *b, uint32_t *id)
{
	/* static: a config is large for a stack, and so is a sweep */
	static struct config step;
	static struct config_sweep s;
	unsigned n = config_sweep(c, b, &s);

	if (!n) {
		run_benchmark_once(c, b, id);
		return;
	}
	for (unsigned k = 0; k < n; k++) {
		step = *c;
		if (config_sweep_step(&step, b->name, &s, k)) {
			/* Cannot happen (config.h); if it did, the step's
			 * block would repeat another's values unannounced. */
			stream_say("rvbench: internal error: %s: step %u of its sweep could not be"
				   " set: not run", b->name, k);
			failed = 1;
			continue;
		}
		run_benchmark_once(&step, b, id);
	}
}

static void run_benchmark_once(const struct config *c, const struct bench *b, uint32_t *id)
{
	if (!c->groups) {
		uint32_t batch = (b->batch && !(c->explicit_keys & CONFIG_SET_BATCH)) ? b->batch : c->batch;
		uint32_t samples = (b->samples && !(c->explicit_keys & CONFIG_SET_SAMPLES)) ? b->samples
											  : c->samples;
		*id += run_block(c, b, *id, 0, batch, samples, NULL, 1);
		tracepoint_drain();
		return;
	}
	int table = (uint64_t)c->groups * c->size <= HARNESS_MAX_SAMPLES;
	/* A group that measured nothing (a trap) fills no row: it reads 0,
	 * not what an earlier sweep or the board's last boot left there. */
	if (table)
		memset(group_table, 0, (size_t)c->groups * c->size * sizeof(group_table[0]));
	for (uint32_t g = 0; g < c->groups; g++)
	{
		*id += run_block(c, b, *id, g, c->initial + g * c->delta, c->size,
				 table ? group_table + (size_t)g * c->size : NULL, 0);
		tracepoint_drain();
	}
	stream_say("%s: group sweep, net accumulated cycles per group:", b->name);
	if (table)
		report_group_table(c->initial, c->delta, c->size, c->groups, group_table);
	else
		stream_say("(%lu x %lu values: too many to print; see samples.csv)",
			   (unsigned long)c->groups, (unsigned long)c->size);
}

/* Said before the first sample, so without printf (src/text.h). */
static void say_summary(const struct config *c, uint32_t nbenches)
{
	struct say_line l;
	struct text *t = say_begin(&l);

	text_str(t, "rvbench: ");
	text_u64(t, nbenches);
	text_str(t, " benchmarks, seed ");
	text_hex(t, c->seed);
	text_str(t, ", ");
	text_str(t, counter_mode_name(c->counter));
	text_str(t, " counters, ");
	text_str(t, c->groups ? "group sweep" : "per-call samples");
	say_end(&l);
}

/* Whether the run needs the other harts: a parallel run, or a benchmark
 * with a partner hart (BENCH_MULTI_HART). */
static int uses_other_harts(const struct config *c)
{
	if (c->parallel)
		return 1;
	for (size_t i = 0; i < registry_count(); i++) {
		const struct bench *b = registry_get(i);
		if ((b->flags & BENCH_MULTI_HART) && registry_selected(c, b))
			return 1;
	}
	return 0;
}

void run_all(const struct config *c)
{
	uint32_t nblocks;
	/* The other harts start with the first run that uses them, before
	 * its RUN record (which lists them): a run on one hart, the default,
	 * leaves them in the SBI firmware and does not wait for them. */
	if (uses_other_harts(c))
		harts_start();
	parallel_plan(); /* then: it fixes the harts a parallel run uses */
	failed = 0;
	block_measure_cycles_reset();
	uint32_t nbenches = count_selected(c, &nblocks);
	/* Said as an error, for a person at the board's terminal: the run
	 * header's benches=0 tells the collector, not them. A refused run=
	 * said so already. */
	if (!nbenches && !c->run_refused)
		stream_say("rvbench: error: run=%s: no benchmark matches; nothing runs",
			   c->run[0] ? c->run : "(all but demos)");
	char unused[STREAM_SAY_MAX - sizeof("rvbench: ")];
	if (config_unused(c, unused, sizeof(unused)))
		stream_say("rvbench: %s", unused);

	stream_init(make_run_tag(c));
	events_begin(c); /* before RUN: what it says goes into the PMU record */
	/* After events_begin: the run's cycles are counted from here. */
	uint64_t run_start = read_cycle();
	emit_run(c, plat, nblocks);
	events_emit();
	say_summary(c, nbenches);
	uint32_t id = 0;
	for (size_t i = 0; i < registry_count(); i++) {
		const struct bench *b = registry_get(i);
		if (registry_selected(c, b))
			run_benchmark(c, b, &id);
	}

	/* After the last block, not before the first: the self-checks
	 * describe the instrument, no block needs them (each block has its
	 * own calibration), and under QEMU -icount their counter reads, code
	 * and four records were a tenth of what rvbench added to the host's
	 * time before its first sample (docs/performance.md, "Start-up"). */
	selfcheck(c);
	tracepoint_selfcheck(&tp_oh);
	harts_report_late_traps();
	emit_harts(read_cycle() - run_start, block_measure_cycles());
	emit_trailer(failed ? REC_RUN_FAILED : REC_RUN_OK);
	events_end();
	print_selfchecks(c);
	const struct emit_totals *t = emit_totals();
	stream_say("rvbench: done: %lu blocks, %llu samples, %s", (unsigned long)t->blocks,
		   (unsigned long long)t->samples,
		   failed ? "some benchmarks FAILED (see above)" : "all checks passed");
}
