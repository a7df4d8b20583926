/*
 * The run: find the platform, read the options, offer the console, then for
 * each selected benchmark measure its blocks (one, or one per group of a
 * sweep) into RAM and only afterwards stream them and their summaries.
 */
#include "run.h"

#include "arena.h"
#include "block.h"
#include "config.h"
#include "console.h"
#include "crc.h"
#include "fdt.h"
#include "csr.h"
#include "harness.h"
#include "harts.h"
#include "parallel.h"
#include "params.h"
#include "platform.h"
#include "registry.h"
#include "report.h"
#include "sbi.h"
#include "session.h"
#include "stream.h"
#include "tracepoint.h"

#include <stdio.h>
#include <string.h>

#define SELFCHECK_SAMPLES 1000u

static struct platform plat;
static struct config boot_cfg;
static enum exit_mode exit_mode;
static uint64_t self_effective[SELFCHECK_SAMPLES], self_total[SELFCHECK_SAMPLES];
/* Net accumulated cycles of every group of a sweep, for the Kanata table. */
static uint64_t group_table[HARNESS_MAX_SAMPLES];

static void complain(const char *msg)
{
	stream_say("rvbench: %s", msg);
}

static const struct config_hooks hooks = { .complain = complain, .check_param = params_check };

static uint32_t make_run_tag(const struct config *c)
{
	/* Differs on every boot of a board (time since reset varies), so the
	 * collector tells a reset apart from the run before it; repeatable
	 * under QEMU -icount sleep=off, so the CSVs are too. */
	uint64_t parts[4] = { c->seed, read_time(), read_cycle(), plat.boot_hart };
	return crc32_of(parts, sizeof(parts));
}

static unsigned sweep_of(const struct config *c, const struct bench *b, const char **param,
			 const int64_t **values);

/* Benchmarks selected; *blocks gets how many blocks they will send. */
static uint32_t count_selected(const struct config *c, uint32_t *blocks)
{
	uint32_t n = 0;

	*blocks = 0;
	for (size_t i = 0; i < registry_count(); i++) {
		const struct bench *b = registry_get(i);
		if (registry_selected(c, b)) {
			const char *param;
			const int64_t *values;
			unsigned sweep = sweep_of(c, b, &param, &values);
			n++;
			*blocks += block_count(c, b) * (c->groups ? c->groups : 1) * (sweep ? sweep : 1);
		}
	}
	return n;
}

static void send_run_header(const struct config *c, uint32_t nblocks)
{
	static const char *const state_names[] = { "boot", "online", "skipped", "failed" };
	char list[160] = "";
	size_t len = 0;

	/* every hart of the device tree, with what became of it */
	for (unsigned i = 0; i < harts_count() && len + 16 < sizeof(list); i++) {
		const struct hart_info *h = harts_get(i);
		len += (size_t)snprintf(list + len, sizeof(list) - len, "%s%u:%s", i ? "," : "",
					(unsigned)h->hartid, state_names[h->state]);
	}

	struct wire_writer *w = stream_record(WIRE_REC_RUN);
	wire_add_kv_u64(w, "fmt", WIRE_VERSION);
	wire_add_kv_str(w, "fw", RVBENCH_VERSION);
	wire_add_kv_str(w, "model", plat.model);
	wire_add_kv_u64(w, "hart", plat.boot_hart);
	wire_add_kv_str(w, "harts", list[0] ? list : "none");
	wire_add_kv_u64(w, "timebase", plat.timebase_hz);
	wire_add_kv_hex(w, "mem_base", plat.mem_base);
	wire_add_kv_hex(w, "mem_size", plat.mem_size);
	wire_add_kv_str(w, "console", console_name());
	wire_add_kv_hex(w, "seed", c->seed);
	wire_add_kv_str(w, "counter", counter_mode_name(c->counter));
	if (c->warmup_auto)
		wire_add_kv_str(w, "warmup", "auto");
	else
		wire_add_kv_u64(w, "warmup", c->warmup);
	if (c->groups) {
		wire_add_kv_u64(w, "groups", c->groups);
		wire_add_kv_u64(w, "initial", c->initial);
		wire_add_kv_u64(w, "delta", c->delta);
		wire_add_kv_u64(w, "size", c->size);
	}
	wire_add_kv_u64(w, "budget_ms", c->budget_ms);
	wire_add_kv_u64(w, "cross", (uint64_t)c->cross);
	/* blocks to follow: per benchmark, one per group and per hart */
	wire_add_kv_u64(w, "benches", nblocks);
	wire_add_kv_u64(w, "parallel", (uint64_t)c->parallel);
	wire_add_kv_u64(w, "bad_options", c->bad_options);
	stream_send();
}

/* seL4's tracepoint overhead method, applied to rvbench's own reads. */
static void selfcheck(const struct config *c)
{
	struct moments eff = { 0 }, tot = { 0 };

	console_flush();
	harness_selfcheck(c->counter, self_effective, self_total, SELFCHECK_SAMPLES);
	for (unsigned i = 0; i < SELFCHECK_SAMPLES; i++) {
		moments_add(&eff, self_effective[i]);
		moments_add(&tot, self_total[i]);
	}
	const struct moments *m[2] = { &eff, &tot };
	const char *kind[2] = { "effective", "total" };
	for (int k = 0; k < 2; k++) {
		struct wire_writer *w = stream_record(WIRE_REC_OVERHEAD);
		wire_add_kv_str(w, "kind", kind[k]);
		wire_add_kv_str(w, "counter", counter_mode_name(c->counter));
		wire_add_kv_u64(w, "samples", m[k]->n);
		wire_add_kv_u64(w, "min", m[k]->min);
		wire_add_kv_u64(w, "max", m[k]->max);
		wire_add_kv_u64(w, "sum", m[k]->sum);
		wire_add_kv_u64(w, "sumsq", (uint64_t)m[k]->sumsq);
		stream_send();
	}
	stream_say("rvbench: instrumentation overhead (%s counter reads, cycles; an empty region"
		   " nested in another):", counter_mode_name(c->counter));
	report_moments_header();
	report_moments_row("effective (inner)", &eff);
	report_moments_row("total (outer - inner)", &tot);
}

/*
 * The values a benchmark is swept over: a run-time list (BENCH.PARAM=a,b,c)
 * for its sweep parameter or any other, else its own default sweep.
 * Returns the count (0: no sweep) and sets *param and *values.
 */
static unsigned sweep_of(const struct config *c, const struct bench *b, const char **param,
			 const int64_t **values)
{
	for (unsigned i = 0; b->params && b->params[i].name; i++) {
		unsigned n = config_param_list(c, b->name, b->params[i].name, values);
		if (n > 1) {
			*param = b->params[i].name;
			return n;
		}
	}
	if (b->sweep.param && b->sweep.n &&
	    !config_param_list(c, b->name, b->sweep.param, values)) {
		*param = b->sweep.param;
		*values = b->sweep.values;
		return b->sweep.n;
	}
	return 0;
}

static void run_benchmark_once(const struct config *c, const struct bench *b, uint32_t *id);

/* One benchmark: swept over a parameter, one pass per value, or once. */
static void run_benchmark(const struct config *c, const struct bench *b, uint32_t *id)
{
	static struct config step; /* static: a config is large for a stack */
	const char *param;
	const int64_t *values;
	unsigned n = sweep_of(c, b, &param, &values);

	if (!n) {
		run_benchmark_once(c, b, id);
		return;
	}
	for (unsigned k = 0; k < n; k++) {
		step = *c;
		config_param_fix(&step, b->name, param, values[k]);
		run_benchmark_once(&step, b, id);
	}
}

static void run_benchmark_once(const struct config *c, const struct bench *b, uint32_t *id)
{
	if (!c->groups) {
		uint32_t batch = (b->batch && !(c->explicit_keys & CONFIG_SET_BATCH)) ? b->batch : c->batch;
		uint32_t samples = (b->samples && !(c->explicit_keys & CONFIG_SET_SAMPLES)) ? b->samples
											  : c->samples;
		*id += block_run(c, b, *id, 0, batch, samples, NULL, 1);
		tracepoint_drain();
		return;
	}
	int table = (uint64_t)c->groups * c->size <= HARNESS_MAX_SAMPLES;
	for (uint32_t g = 0; g < c->groups; g++)
	{
		*id += block_run(c, b, *id, g, c->initial + g * c->delta, c->size,
				 table ? group_table + (size_t)g * c->size : NULL, 0);
		tracepoint_drain();
	}
	stream_say("%s: Kanata sweep, net accumulated cycles per test:", b->name);
	if (table)
		report_group_table(c->initial, c->delta, c->size, c->groups, group_table);
	else
		stream_say("(%lu x %lu values: too many to print; see samples.csv)",
			   (unsigned long)c->groups, (unsigned long)c->size);
}

/*
 * Per-hart utilisation, seL4's CPU-utilisation tracking adapted: what each
 * hart did with its cycles during the run, in its own counter's cycles.
 */
static void send_utilisation(uint64_t run_start)
{
	static const char *const state_names[] = { "boot", "online", "skipped", "failed" };
	uint64_t total = read_cycle() - run_start;

	for (unsigned i = 0; i < harts_count(); i++) {
		const struct hart_info *h = harts_get(i);
		struct wire_writer *w = stream_record(WIRE_REC_HART);
		wire_add_kv_u64(w, "id", h->hartid);
		wire_add_kv_str(w, "state", state_names[h->state]);
		if (h->state == HART_BOOT) {
			wire_add_kv_u64(w, "run_cycles", total);
			wire_add_kv_u64(w, "measuring", block_totals()->measure_cycles);
		} else if (h->state == HART_ONLINE) {
			wire_add_kv_u64(w, "busy", h->busy_cycles);
			wire_add_kv_u64(w, "idle", h->idle_cycles);
		}
		if (h->hartid < MAX_HARTS && (h->state == HART_BOOT || h->state == HART_ONLINE))
			wire_add_kv_u64(w, "waiting", parallel_wait_cycles[h->hartid]);
		if (h->why)
			wire_add_kv_str(w, "why", h->why);
		stream_send();
	}
}

void run_all(const struct config *c)
{
	uint32_t nblocks;
	block_totals_reset(); /* first: it fixes the harts a parallel run uses */
	uint32_t nbenches = count_selected(c, &nblocks);
	uint64_t run_start = read_cycle();

	stream_init(make_run_tag(c));
	send_run_header(c, nblocks);
	stream_say("rvbench: %lu benchmarks, seed 0x%llx, %s counters, %s", (unsigned long)nbenches,
		   (unsigned long long)c->seed, counter_mode_name(c->counter),
		   c->groups ? "Kanata group sweep" : "per-call samples");
	selfcheck(c);
	tracepoint_selfcheck();

	uint32_t id = 0;
	for (size_t i = 0; i < registry_count(); i++) {
		const struct bench *b = registry_get(i);
		if (registry_selected(c, b))
			run_benchmark(c, b, &id);
	}

	send_utilisation(run_start);
	const struct block_totals *t = block_totals();
	struct wire_writer *w = stream_record(WIRE_REC_TRAILER);
	wire_add_kv_u64(w, "benches", t->blocks);
	wire_add_kv_u64(w, "samples", t->samples);
	wire_add_kv_hex(w, "crc32", crc32_final(t->crc));
	wire_add_kv_str(w, "status", t->failed ? "failed" : "ok");
	stream_send();
	stream_say("rvbench: done: %lu blocks, %llu samples, %s", (unsigned long)t->blocks,
		   (unsigned long long)t->samples,
		   t->failed ? "some benchmarks FAILED (see above)" : "all checks passed");
}

void rvbench_main(unsigned long hartid, const void *fdt)
{
	harts_set_boot((uint32_t)hartid);
	int fdt_rc = platform_init(&plat, fdt, hartid);

	stream_say("%s", ""); /* end whatever line the boot stages left open */
	stream_say("rvbench %s on %s, hart %lu, timebase %llu Hz, console %s", RVBENCH_VERSION,
		   plat.model, hartid, (unsigned long long)plat.timebase_hz, console_name());
	if (fdt_rc)
		stream_say("rvbench: the device tree at %p is unusable (error %d): defaults used",
			   fdt, fdt_rc);
	arena_init(plat.mem_base, plat.mem_size, (uint64_t)(uintptr_t)fdt,
		   fdt_rc ? 0 : fdt_totalsize(fdt));
	stream_say("rvbench: %llu MiB of RAM for benchmarks at 0x%llx",
		   (unsigned long long)(arena_size() >> 20), (unsigned long long)arena_base());

	block_init(&plat);
	config_defaults(&boot_cfg);
	if (plat.bootargs_cut)
		stream_say("rvbench: error: the kernel command line is longer than %u bytes; only"
			   " the first %u are read", (unsigned)sizeof(plat.bootargs) - 1,
			   (unsigned)sizeof(plat.bootargs) - 1);
	config_parse_bootargs(&boot_cfg, plat.bootargs, &hooks);
	exit_mode = boot_cfg.exit;

	harts_start(&plat, boot_cfg.harts);
	for (unsigned id = 0; id < 64; id++)
		if ((boot_cfg.harts >> id) & 1 && !harts_find(id))
			stream_say("rvbench: error: hart %u was selected (rvbench.harts=) but is not in"
				   " the device tree", id);

	session_run(&boot_cfg, &hooks, plat.timebase_hz, run_all);
	run_exit(block_totals()->failed ? RUN_VERIFY_FAILED : RUN_OK);
}

void run_fault(uint64_t scause, uint64_t sepc, uint64_t stval)
{
	static int faulting;

	if (faulting++) /* a trap while reporting a trap: stop quietly */
		run_exit(RUN_FAULT);
	stream_say("rvbench: TRAP scause=0x%llx sepc=0x%llx stval=0x%llx: run aborted",
		   (unsigned long long)scause, (unsigned long long)sepc, (unsigned long long)stval);
	struct wire_writer *w = stream_record(WIRE_REC_FAULT);
	wire_add_kv_str(w, "kind", "exception");
	wire_add_kv_hex(w, "scause", scause);
	wire_add_kv_hex(w, "sepc", sepc);
	wire_add_kv_hex(w, "stval", stval);
	stream_send();
	const struct block_totals *t = block_totals();
	w = stream_record(WIRE_REC_TRAILER);
	wire_add_kv_u64(w, "benches", t->blocks);
	wire_add_kv_u64(w, "samples", t->samples);
	wire_add_kv_hex(w, "crc32", crc32_final(t->crc));
	wire_add_kv_str(w, "status", "fault");
	stream_send();
	run_exit(RUN_FAULT);
}

void run_reboot(void)
{
	console_flush();
	sbi_system_reset(SBI_SRST_COLD_REBOOT, SBI_SRST_REASON_NONE);
	stream_say("rvbench: reboot is not supported here");
}

void run_exit(enum run_status status)
{
	/* The trailer carries the status; SBI reset has only a reason. */
	unsigned long reason = status == RUN_OK ? SBI_SRST_REASON_NONE : SBI_SRST_REASON_FAILURE;

	console_flush();
	switch (exit_mode) {
	case EXIT_REBOOT:
		sbi_system_reset(SBI_SRST_COLD_REBOOT, reason);
		break;
	case EXIT_AUTO:
	case EXIT_SHUTDOWN:
		sbi_system_reset(SBI_SRST_SHUTDOWN, reason);
		break;
	case EXIT_PARK:
		break;
	}
	stream_say("rvbench: finished; parked (reset the board to run again)");
	console_flush();
	for (;;)
		__asm__ volatile("wfi");
}
