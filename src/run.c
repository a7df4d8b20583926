/*
 * The run: find the platform, read the options, then for each selected
 * benchmark calibrate, measure into RAM, and only afterwards stream the
 * samples and a summary line. The UART is drained before every measurement
 * so its traffic never overlaps the code under test.
 */
#include "run.h"

#include "config.h"
#include "console.h"
#include "crc.h"
#include "csr.h"
#include "harness.h"
#include "platform.h"
#include "registry.h"
#include "sbi.h"
#include "stats.h"
#include "stream.h"

#include <stdio.h>
#include <string.h>

static struct platform plat;
static struct config cfg;

/* One benchmark's samples, measured before any of them is sent. */
static struct wire_sample samples[HARNESS_MAX_SAMPLES];
static uint64_t inputs[HARNESS_MAX_SAMPLES];
static uint64_t net_cycles[HARNESS_MAX_SAMPLES];
static uint64_t scratch[HARNESS_MAX_SAMPLES];

/* What the trailer reports. */
static struct {
	uint32_t benches;
	uint64_t samples;
	uint32_t crc;
	int verify_failed;
} totals;

static void complain(const char *msg)
{
	stream_say("rvbench: %s", msg);
}

static uint32_t make_run_tag(unsigned long hartid)
{
	/* Different on every boot of a board (time since reset varies), so
	 * the collector tells a reset apart from the run before it. */
	uint64_t parts[4] = { cfg.seed, read_time(), read_cycle(), hartid };
	return crc32_ieee(parts, sizeof(parts));
}

static void send_run_header(uint32_t nbenches)
{
	char list[64] = "";
	size_t len = 0;

	for (unsigned i = 0; i < plat.nharts && len + 12 < sizeof(list); i++)
		len += (size_t)snprintf(list + len, sizeof(list) - len, "%s%u", i ? "," : "",
					(unsigned)plat.harts[i].hartid);

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
	wire_add_kv_hex(w, "seed", cfg.seed);
	wire_add_kv_str(w, "counter", "plain");
	wire_add_kv_u64(w, "benches", nbenches);
	wire_add_kv_u64(w, "bad_options", cfg.bad_options);
	stream_send();
}

/* The kbench summary line over non-warmup net cycles, plus what a reader
 * needs to trust it. */
static void say_summary(const struct bench *b, uint32_t warmup, uint32_t count,
			const struct overhead *oh, const char *verify)
{
	struct order_stats cyc, ins;
	uint32_t n = count - warmup;
	int clamped;

	for (uint32_t i = 0; i < n; i++)
		net_cycles[i] = stats_net(samples[warmup + i].cycles, oh->cycles, &clamped);
	stats_order(net_cycles, scratch, n, &cyc);
	for (uint32_t i = 0; i < n; i++)
		net_cycles[i] = stats_net(samples[warmup + i].instret, oh->instret, &clamped);
	stats_order(net_cycles, scratch, n, &ins);

	stream_say("%s: min=%llu max=%llu count=%lu 95th=%llu 90th=%llu 50th=%llu mad=%llu"
		   " (instret 50th=%llu, overhead %llu cycles, verify %s)",
		   b->name, (unsigned long long)cyc.min, (unsigned long long)cyc.max,
		   (unsigned long)cyc.count, (unsigned long long)cyc.p95,
		   (unsigned long long)cyc.p90, (unsigned long long)cyc.median,
		   (unsigned long long)cyc.mad, (unsigned long long)ins.median,
		   (unsigned long long)oh->cycles, verify);
}

static void send_samples(uint32_t id, uint32_t count)
{
	for (uint32_t first = 0; first < count; first += WIRE_SAMPLES_PER_LINE) {
		uint32_t n = count - first;
		if (n > WIRE_SAMPLES_PER_LINE)
			n = WIRE_SAMPLES_PER_LINE;
		struct wire_writer *w = stream_record(WIRE_REC_SAMPLES);
		wire_add_u64(w, id);
		wire_add_u64(w, first);
		wire_add_u64(w, n);
		wire_add_token(w, WIRE_ENC_DECIMAL);
		for (uint32_t i = first; i < first + n; i++) {
			wire_add_sample(w, &samples[i]);
			totals.crc = crc32_add_sample(totals.crc, samples[i].cycles, samples[i].instret);
		}
		stream_send();
	}
	totals.samples += count;
}

static void run_bench(uint32_t id, const struct bench *b)
{
	uint32_t warmup = b->warmup ? b->warmup : cfg.warmup;
	uint32_t measured = b->samples ? b->samples : cfg.samples;
	void *state = NULL;
	struct lcg rng;

	if ((uint64_t)warmup + measured > HARNESS_MAX_SAMPLES) {
		stream_say("rvbench: %s: %lu warmup + %lu samples exceed %u; measuring %u",
			   b->name, (unsigned long)warmup, (unsigned long)measured,
			   HARNESS_MAX_SAMPLES, HARNESS_MAX_SAMPLES - warmup);
		measured = HARNESS_MAX_SAMPLES - warmup;
	}
	uint32_t count = warmup + measured;

	/* Setup and inputs come from their own LCG streams, before measuring
	 * (the host recomputes the inputs from the seed, src/common/lcg.h). */
	lcg_seed(&rng, ~lcg_bench_seed(cfg.seed, id));
	int setup_rc = b->setup ? b->setup(&state, &rng) : 0;
	lcg_seed(&rng, lcg_bench_seed(cfg.seed, id));
	for (uint32_t i = 0; i < count; i++)
		inputs[i] = lcg_below(&rng, b->input_range);

	console_flush();
	struct overhead oh = harness_calibrate();
	if (setup_rc == 0)
		harness_measure(b, state, inputs, samples, count);
	else
		count = 0;

	const char *verify = "none";
	if (setup_rc)
		verify = "fail";
	else if (b->verify)
		verify = b->verify(state) ? "fail" : "ok";
	if (!strcmp(verify, "fail"))
		totals.verify_failed = 1;

	struct wire_writer *w = stream_record(WIRE_REC_BENCH);
	wire_add_kv_u64(w, "id", id);
	wire_add_kv_str(w, "name", b->name);
	wire_add_kv_u64(w, "hart", plat.boot_hart);
	wire_add_kv_u64(w, "group", 0);
	wire_add_kv_u64(w, "batch", 1);
	wire_add_kv_u64(w, "warmup", count ? warmup : 0);
	wire_add_kv_u64(w, "samples", count ? measured : 0);
	wire_add_kv_u64(w, "input_range", b->input_range);
	wire_add_kv_u64(w, "oh_cycles", oh.cycles);
	wire_add_kv_u64(w, "oh_instret", oh.instret);
	stream_send();

	send_samples(id, count);

	w = stream_record(WIRE_REC_END);
	wire_add_kv_u64(w, "id", id);
	wire_add_kv_u64(w, "count", count);
	wire_add_kv_str(w, "verify", verify);
	stream_send();

	if (setup_rc)
		stream_say("%s: setup failed (%d), nothing measured", b->name, setup_rc);
	else
		say_summary(b, warmup, count, &oh, verify);
	totals.benches++;
}

static void send_trailer(const char *status)
{
	struct wire_writer *w = stream_record(WIRE_REC_TRAILER);
	wire_add_kv_u64(w, "benches", totals.benches);
	wire_add_kv_u64(w, "samples", totals.samples);
	wire_add_kv_hex(w, "crc32", crc32_final(totals.crc));
	wire_add_kv_str(w, "status", status);
	stream_send();
}

void rvbench_main(unsigned long hartid, const void *fdt)
{
	int fdt_rc = platform_init(&plat, fdt, hartid);

	config_defaults(&cfg);
	stream_say("%s", ""); /* end whatever line the boot stages left open */
	stream_say("rvbench %s on %s, hart %lu, timebase %llu Hz, console %s", RVBENCH_VERSION,
		   plat.model, hartid, (unsigned long long)plat.timebase_hz, console_name());
	if (fdt_rc)
		stream_say("rvbench: the device tree at %p is unusable (error %d): defaults used",
			   fdt, fdt_rc);
	config_parse(&cfg, plat.bootargs, complain);

	uint32_t nbenches = 0;
	for (size_t i = 0; i < registry_count(); i++)
		nbenches += (uint32_t)config_selects(&cfg, registry_get(i)->name);
	stream_say("rvbench: %lu benchmarks, seed 0x%016llx, %lu samples + %lu warmup each,"
		   " counters rdcycle/rdinstret", (unsigned long)nbenches,
		   (unsigned long long)cfg.seed, (unsigned long)cfg.samples,
		   (unsigned long)cfg.warmup);

	stream_init(make_run_tag(hartid));
	totals.crc = crc32_init();
	send_run_header(nbenches);

	uint32_t id = 0;
	for (size_t i = 0; i < registry_count(); i++)
		if (config_selects(&cfg, registry_get(i)->name))
			run_bench(id++, registry_get(i));

	send_trailer(totals.verify_failed ? "verify-failed" : "ok");
	stream_say("rvbench: done: %lu benchmarks, %llu samples, %s", (unsigned long)totals.benches,
		   (unsigned long long)totals.samples,
		   totals.verify_failed ? "a benchmark FAILED its own check" : "all checks passed");
	run_exit(totals.verify_failed ? RUN_VERIFY_FAILED : RUN_OK);
}

void run_fault(uint64_t scause, uint64_t sepc, uint64_t stval)
{
	static int faulting;

	if (faulting++) /* a trap while reporting a trap: stop quietly */
		run_exit(RUN_FAULT);
	stream_say("rvbench: TRAP scause=0x%llx sepc=0x%llx stval=0x%llx: run aborted",
		   (unsigned long long)scause, (unsigned long long)sepc, (unsigned long long)stval);
	struct wire_writer *w = stream_record(WIRE_REC_FAULT);
	wire_add_kv_hex(w, "scause", scause);
	wire_add_kv_hex(w, "sepc", sepc);
	wire_add_kv_hex(w, "stval", stval);
	stream_send();
	send_trailer("fault");
	run_exit(RUN_FAULT);
}

void run_exit(enum run_status status)
{
	/* The trailer carries the status; SBI reset has only a reason. */
	unsigned long reason = status == RUN_OK ? SBI_SRST_REASON_NONE : SBI_SRST_REASON_FAILURE;

	console_flush();
	switch (cfg.exit) {
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
