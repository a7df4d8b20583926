#!/bin/sh
# A parallel run (rvbench.parallel=1) when one hart of it faults, on
# sifive_u -smp 5 under -icount (the harts in turn), then on virt -smp 4
# without -icount (the harts in parallel threads). Benchmarks written
# here, built in with BENCH_DIR:
#   - par_fault_other: the first other hart's state faults (an illegal
#     instruction) in its 40th measured call, the others measure on. The
#     faulting hart must leave the barriers: its block ends status=fault,
#     the other harts' blocks, the boot hart's included, end ok with all
#     their samples (not a timeout of the whole block after its budget),
#     and the start skew is that of the harts that measured;
#   - par_fault_boot: the boot hart faults in its 10th measured call while
#     the others still have a long measurement ahead (far beyond the
#     100 ms harts_recover waits). They must stop and come back (every
#     wait between harts, and the measurement of a parallel run, can be
#     abandoned): none marked failed, none still writing samples into
#     memory the next block gets;
#   - par_fault_then (run after both, the run's order is by name): every
#     hart still online (all but par_fault_other's faulting one) measures
#     it, ok and verified, with all its samples;
#   - par_fault_warm (last): the first other hart faults in its warmup,
#     before it starts measuring: the start skew is that of the harts that
#     started, not the time since boot (its start time was 0).
. tests/system/lib.sh
build=$1
fresh_out parallel-faults
src=$out/src
mkdir -p "$src"
cp tests/fixtures/par_bench.h "$src/"
cat >"$src/par_faults.c" <<'C_SRC'
#include <stdint.h>

#include "rvbench.h"
#include "par_bench.h" /* echo_run, echo_verify */

/* Which of a benchmark's setups (the boot hart's first, then one per
 * other hart, parallel.c) gets the faulting state, and after how many
 * calls of its measurement it faults. */
struct faulter {
	uint32_t calls, fault_at, work;
};

static struct faulter states[3][8];
static unsigned setups[3];

static int setup_with(struct bench_ctx *ctx, unsigned which, unsigned faulting, uint32_t at,
		      uint32_t work)
{
	unsigned k = setups[which]++ % 8;
	struct faulter *f = &states[which][k];

	*f = (struct faulter){ .calls = 0, .fault_at = k == faulting ? at : 0, .work = work };
	ctx->state = f;
	return 0;
}

static uint64_t faulter_run(void *state, uint64_t input)
{
	struct faulter *f = state;
	uint64_t x = input;

	if (f->fault_at && ++f->calls == f->fault_at)
		__asm__ volatile(".word 0"); /* illegal instruction */
	for (uint32_t i = 0; i < f->work; i++)
		x = x * 6364136223846793005ull + 1442695040888963407ull;
	return x;
}

/* setup 1: the first other hart */
static int other_setup(struct bench_ctx *ctx)
{
	return setup_with(ctx, 0, 1, 10 + 40, 100); /* after a warmup of 10 */
}

/* setup 0: the boot hart; the others run 400 samples of ~200,000
 * instructions each: 80 million per hart, far past harts_recover's 100 ms */
static int boot_setup(struct bench_ctx *ctx)
{
	return setup_with(ctx, 1, 0, 10 + 10, 50000);
}

/* the first other hart, in its 5th warmup call */
static int warm_setup(struct bench_ctx *ctx)
{
	return setup_with(ctx, 2, 1, 5, 100);
}

BENCH(par_fault_other, .setup = other_setup, .run = faulter_run, .samples = 200, .warmup = 10);
BENCH(par_fault_boot, .setup = boot_setup, .run = faulter_run, .samples = 400, .warmup = 10);
BENCH(par_fault_warm, .setup = warm_setup, .run = faulter_run, .samples = 100, .warmup = 10);
BENCH(par_fault_then, .run = echo_run, .verify = echo_verify, .samples = 100, .warmup = 10);
C_SRC

bench_dir_image "$out/build" "$src"
check_eq "an image with the faulting parallel benchmarks builds" 0 "$?"

timeout 300 "$build/host/rvbench" qemu --machine sifive_u --smp 5 --icount 0 --timeout 120 -o "$out/run" \
	--bootargs "rvbench.run=par_fault_boot,par_fault_other,par_fault_then,par_fault_warm rvbench.parallel=1 rvbench.warmup=10 rvbench.budget_ms=5000" \
	"$out/build/rvbench.elf" >"$out/run.stdout" 2>&1
check_eq "the collector exits 1 (benchmarks faulted), the run complete" 1 "$?"
log=$out/run/uart.log
check "the run reached its end" grep -a -q '@RVB .* TRAILER ' "$log"
# BENCH id=N name=X hart=H ... -> "N H" for benchmark $1
blocks() { sed -n "s/^@RVB [0-9a-f]* [0-9]* BENCH id=\([0-9]*\) name=$1 hart=\([0-9]*\) .*/\1 \2/p" "$log"; }
# the END status of block $1
status() { sed -n "s/^@RVB [0-9a-f]* [0-9]* END id=$1 .*status=\([a-z-]*\) .*/\1/p" "$log"; }
count() { sed -n "s/^@RVB [0-9a-f]* [0-9]* END id=$1 count=\([0-9]*\) .*/\1/p" "$log"; }

# par_fault_other: one block fault, three ok with every sample.
st=$(blocks par_fault_other | while read -r id h; do echo "$(status "$id"):$(count "$id")"; done | sort | paste -sd' ' -)
check_eq "par_fault_other: the faulting hart's block is a fault, the three others ok with 210 samples" \
	"fault:0 ok:210 ok:210 ok:210" "$st"
boot=$(blocks par_fault_other | head -1 | cut -d' ' -f2)
bad=$(blocks par_fault_other | while read -r id h; do [ "$(status "$id")" = fault ] && echo "$h"; done)
check "par_fault_other: the boot hart's own block is ok, not a timeout" \
	sh -c "[ '$(status "$(blocks par_fault_other | head -1 | cut -d' ' -f1)")' = ok ]"
check "par_fault_other: its trap is said, with the hart" \
	grep -a -q -E "^rvbench: hart ${bad:-none} TRAPPED \\(scause=0x2 " "$log"
check "par_fault_other: the boot hart is not the faulting one" sh -c "[ '${bad:-none}' != '${boot:-none}' ]"
skew=$(sed -n 's/^@RVB [0-9a-f]* [0-9]* BENCH .*name=par_fault_other .* skew_ticks=\([0-9]*\) .*/\1/p' "$log" | head -1)
check "par_fault_other: the start skew counts the harts that started measuring (${skew:-none} ticks < 20000)" \
	sh -c "[ -n '$skew' ] && [ '$skew' -lt 20000 ]"

# par_fault_boot: the boot hart's fault, the others brought back.
first=$(blocks par_fault_boot | head -1 | cut -d' ' -f1)
check_eq "par_fault_boot: the boot hart's block is a fault" fault "$(status "${first:-none}")"
check "par_fault_boot: no hart marked failed for coming back late" \
	sh -c "! grep -a -q 'did not come back' '$log'"
check_eq "par_fault_boot: no other hart trapped (the two TRAPPED are par_fault_other's and par_fault_warm's)" 2 \
	"$(grep -a -c '^rvbench: hart [0-9]* TRAPPED' "$log")"
st=$(blocks par_fault_then | while read -r id h; do echo "$h:$(status "$id"):$(count "$id")"; done | sort | paste -sd' ' -)
check_eq "par_fault_then: every hart but the one out of service, ok and verified, 110 samples each" \
	"$(for h in 1 2 3 4; do [ "$h" = "${bad:-none}" ] || echo "$h:ok:110"; done | paste -sd' ' -)" \
	"$(echo "$st" | tr ' ' '\n' | grep -v "^${bad:-none}:" | paste -sd' ' -)"
check_eq "par_fault_then: verified on every hart that measured it" 0 \
	"$(blocks par_fault_then | while read -r id h; do [ "$h" = "${bad:-none}" ] || grep -a "@RVB .* END id=$id " "$log"; done | grep -a -c -v ' verify=ok ')"

# par_fault_warm: a hart that never started measuring has no start time.
st=$(blocks par_fault_warm | while read -r id h; do echo "$(status "$id"):$(count "$id")"; done | sort | paste -sd' ' -)
check_eq "par_fault_warm: the hart that faulted in its warmup is a fault, the others ok, the one out of service skipped" \
	"fault:0 ok:110 ok:110 skipped:0" "$st"
skew=$(sed -n 's/^@RVB [0-9a-f]* [0-9]* BENCH .*name=par_fault_warm .* skew_ticks=\([0-9]*\) .*/\1/p' "$log" | head -1)
check "par_fault_warm: the start skew is that of the harts that started (${skew:-none} ticks < 20000)" \
	sh -c "[ -n '$skew' ] && [ '$skew' -lt 20000 ]"

# The same on virt without -icount: the harts really at once, the trap
# handler's barrier_leave racing the others' arrivals.
timeout 300 "$build/host/rvbench" qemu --machine virt --smp 4 --icount off --timeout 120 -o "$out/virt" \
	--bootargs "rvbench.run=par_fault_other,par_fault_then rvbench.parallel=1 rvbench.warmup=10 rvbench.budget_ms=5000" \
	"$out/build/rvbench.elf" >"$out/virt.stdout" 2>&1
check_eq "virt, no -icount: the collector exits 1 (a benchmark faulted)" 1 "$?"
log=$out/virt/uart.log
st=$(blocks par_fault_other | while read -r id h; do echo "$(status "$id"):$(count "$id")"; done | sort | paste -sd' ' -)
check_eq "virt, no -icount: par_fault_other's faulting hart a fault, the three others ok with 210 samples" \
	"fault:0 ok:210 ok:210 ok:210" "$st"
st=$(blocks par_fault_then | while read -r id h; do echo "$(status "$id"):$(count "$id")"; done | sort | paste -sd' ' -)
check_eq "virt, no -icount: par_fault_then on the three harts left, ok" "ok:110 ok:110 ok:110 skipped:0" "$st"
check_eq "virt, no -icount: a faulted block has no checksum" 0 \
	"$(grep -a '@RVB .* END .* status=fault ' "$log" | grep -a -c -v ' checksum=0x0 ')"
