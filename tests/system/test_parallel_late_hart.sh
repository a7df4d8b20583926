#!/bin/sh
# A hart that harts_recover() gives up on (the boot hart trapped in a
# parallel run, and this hart is still inside a long call 100 ms later)
# finishes that call afterwards and writes its sample, and up to a run of
# samples more, into the block's memory. That memory must not be the next
# block's: it stays in use until the next boot, and the firmware says
# so. Before, the next block got it and the late hart's samples landed in
# its data without a word. On virt without -icount (the harts at once).
# Benchmarks written here, built in with BENCH_DIR (the run's order is by
# name):
#   - par_late_a: the boot hart traps in its first measured call, once
#     the first other hart is in its first call, which is long (2^28 LCG
#     steps, far past 100 ms); that hart traps in its next call, once
#     par_late_c has begun (below); the other harts' calls are short;
#   - par_late_b: the boot hart's setup fills 1 MiB of the arena with a
#     pattern, and its verify(), once the late harts are out of their long
#     call, checks that the pattern is whole.
. tests/system/lib.sh
build=$1
fresh_out parallel-late-hart
src=$out/src
mkdir -p "$src"
cp tests/fixtures/par_bench.h "$src/"
cat >"$src/par_late.c" <<'C_SRC'
#include <stdint.h>

#include "rvbench.h"
#include "par_bench.h" /* ticks_now */

#define CANARY_BYTES (1u << 20)
#define CANARY 0x5au

static unsigned setups;
/* other harts that began their long call, and that are out of it */
static volatile uint32_t late_started, late_done;
static uint8_t *canary;

static uint64_t cycles(void)
{
	uint64_t c;
	__asm__ volatile("rdcycle %0" : "=r"(c));
	return c;
}

struct late {
	uint32_t boot, late, calls;
};
static struct late states[8];

/* set by the boot hart's first call of par_late_c */
static volatile uint32_t c_warming;

static int late_setup(struct bench_ctx *ctx)
{
	unsigned k = setups++ % 8; /* 0: the boot hart's setup, first */

	states[k] = (struct late){ .boot = k == 0, .late = k == 1 };
	ctx->state = &states[k];
	return 0;
}

static uint64_t late_run(void *state, uint64_t input)
{
	struct late *l = state;
	uint64_t x = input;

	if (l->boot) {
		/* once the late hart is in its long call */
		for (uint64_t spins = 0; !late_started && spins < (1ull << 32); spins++)
			;
		__asm__ volatile(".word 0"); /* illegal instruction */
	}
	if (!l->late)
		return x;
	if (l->calls++ == 0) {
		__atomic_fetch_add(&late_started, 1, __ATOMIC_SEQ_CST);
		for (uint32_t i = 0; i < (1u << 28); i++)
			x = x * 6364136223846793005ull + 1442695040888963407ull;
		__atomic_fetch_add(&late_done, 1, __ATOMIC_SEQ_CST);
	} else {
		/* and traps long after: while par_late_c's boot hart waits */
		for (uint64_t spins = 0; !c_warming && spins < (1ull << 32); spins++)
			;
		__asm__ volatile(".word 0");
	}
	return x;
}

/* par_late_c: ten warmup calls of 1 ms on the boot hart and of 150 ms on
 * the other (virt's timebase is 10 MHz), so the boot hart waits 1.5 s at
 * the run's "all warm" barrier, while the late hart of par_late_a traps. */
static struct late warm_states[8];
static unsigned warm_setups;

static int warm_setup(struct bench_ctx *ctx)
{
	unsigned k = warm_setups++ % 8;

	warm_states[k] = (struct late){ .boot = k == 0 };
	ctx->state = &warm_states[k];
	return 0;
}

static uint64_t warm_run(void *state, uint64_t input)
{
	struct late *l = state;

	if (l->boot)
		c_warming = 1;
	if (l->calls++ < 10) {
		uint64_t t = ticks_now(), wait = l->boot ? 10000 : 1500000;
		while (ticks_now() - t < wait)
			;
	}
	return input;
}

static int canary_setup(struct bench_ctx *ctx)
{
	if (canary) /* the boot hart's setup only: the others fill nothing */
		return 0;
	canary = bench_alloc(ctx, CANARY_BYTES, 64);
	if (!canary)
		return bench_fail(ctx, "no 1 MiB for the canary");
	for (uint32_t i = 0; i < CANARY_BYTES; i++)
		canary[i] = CANARY;
	return 0;
}

static uint64_t canary_run(void *state, uint64_t input)
{
	(void)state;
	return input;
}

static int canary_verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	(void)checksum;
	if (!canary)
		return 0; /* another hart's verify */
	/* The late harts out of their long call (a hart that had not begun
	 * it when the boot hart trapped came back in time), then time for
	 * the harness to store their samples (a run of them). */
	for (uint64_t spins = 0; late_done < late_started && spins < (1ull << 32); spins++)
		;
	uint64_t x = 1;
	for (uint32_t i = 0; i < (1u << 24); i++)
		x = x * 6364136223846793005ull + 1442695040888963407ull;
	uint32_t bad = 0;
	for (uint32_t i = 0; i < CANARY_BYTES; i++)
		bad += canary[i] != CANARY;
	bench_say("par_late_b: %lu late harts done, %lu canary bytes overwritten%s",
		  (unsigned long)late_done, (unsigned long)bad, x ? "" : " ");
	canary = 0;
	(void)ctx;
	return bad ? -1 : 0;
}

BENCH(par_late_a, .setup = late_setup, .run = late_run, .samples = 20, .warmup = 0);
BENCH(par_late_c, .setup = warm_setup, .run = warm_run, .samples = 20, .warmup = 10);
BENCH(par_late_b, .setup = canary_setup, .run = canary_run, .verify = canary_verify,
      .samples = 20, .warmup = 0);
C_SRC

bench_dir_image "$out/build" "$src"
check_eq "an image with the late-hart benchmarks builds" 0 "$?"

timeout 300 "$build/host/rvbench" qemu --machine virt --smp 3 --icount off --timeout 120 -o "$out/run" \
	--bootargs "rvbench.run=par_late_a,par_late_b rvbench.parallel=1 rvbench.warmup=0" \
	"$out/build/rvbench.elf" >"$out/run.stdout" 2>&1
check_eq "the collector exits 1 (par_late_a faulted), the run complete" 1 "$?"
log=$out/run/uart.log
check "the run reached its end" grep -a -q '@RVB .* TRAILER ' "$log"
late=$(grep -a -c '^rvbench: hart [0-9]* FAILED: did not come back from a job after a benchmark trapped' "$log")
check_eq "the hart in its long call was given up on, the other came back" 1 "$late"
check_eq "each such hart is one that began that call, and it ended before the check" \
	"par_late_b: $late late harts done, 0 canary bytes overwritten" \
	"$(grep -a '^par_late_b: [0-9]* late harts' "$log" | tr -d '\r')"
check "the firmware says the block's memory stays in use" \
	grep -a -q -E '^rvbench: the [0-9]+ KiB of RAM that block used stay in use until the next boot: a hart that did not come back may still write there' \
	"$log"
id=$(sed -n 's/^@RVB [0-9a-f]* [0-9]* BENCH id=\([0-9]*\) name=par_late_b .*/\1/p' "$log" | head -1)
check "par_late_b's canary is whole: the late harts' samples landed in memory no block uses" \
	grep -a -q -E "^@RVB [0-9a-f]+ [0-9]+ END id=${id:-none} .* verify=ok .*status=ok " "$log"
# (the canary is checked once, by whichever hart's verify() comes first)
check_eq "no block failed its verify" 0 "$(grep -a -c '^@RVB .* END .* verify=fail ' "$log")"

# The late hart traps in its next call, long after harts_recover() gave
# up on it, while the next parallel run's boot hart waits at its "all
# warm" barrier for a slow partner. That trap is no arrival there: the
# boot hart starts measuring with its partner, not 1.5 s before it.
timeout 300 "$build/host/rvbench" qemu --machine virt --smp 3 --icount off --timeout 120 -o "$out/trap" \
	--bootargs "rvbench.run=par_late_a,par_late_c rvbench.parallel=1 rvbench.warmup=10" \
	"$out/build/rvbench.elf" >"$out/trap.stdout" 2>&1
check_eq "the collector exits 1 (par_late_a faulted), the run complete" 1 "$?"
log=$out/trap/uart.log
check "a hart was given up on" grep -a -q '^rvbench: hart [0-9]* FAILED: did not come back' "$log"
skew=$(sed -n 's/^@RVB [0-9a-f]* [0-9]* BENCH .*name=par_late_c .* skew_ticks=\([0-9]*\) .*/\1/p' "$log" | head -1)
check "par_late_c: the two harts started measuring together (skew ${skew:-none} ticks < 50 ms)" \
	sh -c "[ -n '$skew' ] && [ '$skew' -lt 500000 ]"
check_eq "par_late_c: both harts' blocks ok" 2 "$(grep -a -c -E '^@RVB .* END .* status=ok ' "$log")"
check "the late hart's trap is said, by the end of the run" \
	grep -a -q -E '^rvbench: hart [0-9]+ TRAPPED \(scause=0x2 ' "$log"
