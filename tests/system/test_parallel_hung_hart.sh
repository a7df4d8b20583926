#!/bin/sh
# A hart that hangs alone in a parallel run: the boot hart waits for it at
# the run's barrier until 3/4 of the block's budget (and a quarter of it
# at least from its own arrival), then goes on without it. Its block ends status=timeout with the reason, the other harts'
# blocks (the boot hart's included) are kept whole, it is out of service
# (FAILED, its HART record says why), and the block's memory stays in use
# since it still runs there. Before, the boot hart waited until its own
# watchdog fired and every hart's block ended status=timeout, the good
# samples dropped. On virt -smp 4 and sifive_u -smp 5 without -icount,
# the harts at once as on a board. (Under -icount QEMU runs the harts in
# turn on one thread, and a hart spinning for ever keeps it: the others
# stop, and the boot hart's watchdog ends the block as before;
# docs/methodology.md.) Benchmarks written here, built
# in with BENCH_DIR (the run's order is by name):
#   - par_hung: the first other hart's state loops for ever in its 5th
#     measured call;
#   - par_hung_then: every hart still in service measures it, verified.
. tests/system/lib.sh
build=$1
fresh_out parallel-hung-hart
src=$out/src
mkdir -p "$src"
cp tests/fixtures/par_bench.h "$src/"
cat >"$src/par_hung.c" <<'C_SRC'
#include <stdint.h>

#include "rvbench.h"
#include "par_bench.h" /* echo_run, echo_verify, ticks_now */

struct hung {
	uint32_t calls, hang_at;
};
static struct hung states[8];
static unsigned setups;

/* setup 0 is the boot hart's, setup 1 the first other hart's */
static int hung_setup(struct bench_ctx *ctx)
{
	unsigned k = setups++ % 8;

	states[k] = (struct hung){ .hang_at = k == 1 ? 10 + 5 : 0 }; /* after a warmup of 10 */
	ctx->state = &states[k];
	return 0;
}

static uint64_t hung_run(void *state, uint64_t input)
{
	struct hung *h = state;

	if (h->hang_at && ++h->calls == h->hang_at)
		for (;;)
			__asm__ volatile("");
	return input;
}

/* par_slow: every call waits 4 ms on the boot hart, 4.2 ms on the
 * other (virt's timebase is 10 MHz): 60 of them end past 3/4 of a 300 ms
 * budget, the other hart 12 ms after the boot hart. */
static uint64_t waits[8];
static unsigned slow_setups;

static int slow_setup(struct bench_ctx *ctx)
{
	unsigned k = slow_setups++ % 8;

	waits[k] = k == 0 ? 40000 : 42000;
	ctx->state = &waits[k];
	return 0;
}

static uint64_t slow_run(void *state, uint64_t input)
{
	uint64_t t = ticks_now(), wait = *(uint64_t *)state;

	while (ticks_now() - t < wait)
		;
	return input;
}

BENCH(par_hung, .setup = hung_setup, .run = hung_run, .samples = 100, .warmup = 10);
BENCH(par_slow, .setup = slow_setup, .run = slow_run, .samples = 60, .warmup = 0);

/* par_unequal: 2 ms a call on the boot hart, 8 ms on the other: the boot
 * hart waits 300 ms at the last barrier for a hart that ends well within
 * a 1 s budget (at 400 ms). */
static int unequal_setup(struct bench_ctx *ctx)
{
	unsigned k = slow_setups++ % 8;

	waits[k] = k == 0 ? 20000 : 80000;
	ctx->state = &waits[k];
	return 0;
}

BENCH(par_unequal, .setup = unequal_setup, .run = slow_run, .samples = 50, .warmup = 0);
BENCH(par_hung_then, .run = echo_run, .verify = echo_verify, .samples = 100, .warmup = 10);
C_SRC

bench_dir_image "$out/build" "$src"
check_eq "an image with the hanging benchmark builds" 0 "$?"

# run NAME MACHINE SMP ICOUNT BOOTARGS: a parallel run
run() {
	timeout 300 "$build/host/rvbench" qemu --machine "$2" --smp "$3" --icount "$4" --timeout 120 \
		-o "$out/$1" --bootargs "rvbench.parallel=1 $5" \
		"$out/build/rvbench.elf" >"$out/$1.stdout" 2>&1
}
# "STATUS:COUNT" of every block of benchmark $2 in run $1, sorted
statuses() {
	blocks "$out/$1/uart.log" "$2" | tr ' ' '\n' | cut -d: -f2- | sort | paste -sd' ' -
}
# "HART:STATUS:COUNT" of every block of benchmark $2 in log $1, sorted
blocks() {
	sed -n "s/^@RVB [0-9a-f]* [0-9]* BENCH id=\([0-9]*\) name=$2 hart=\([0-9]*\) .*/\1 \2/p" "$1" |
		while read -r id h; do
			st=$(sed -n "s/^@RVB [0-9a-f]* [0-9]* END id=$id count=\([0-9]*\) .*status=\([a-z-]*\) .*/\2:\1/p" "$1")
			echo "$h:$st"
		done | sort | paste -sd' ' -
}

for m in "virt virt 4 off" "su sifive_u 5 off"; do
	set -- $m
	run "$@" "rvbench.run=par_hung,par_hung_then rvbench.warmup=10 rvbench.budget_ms=1000"
	check_eq "$2 -smp $3 (icount $4): the collector exits 1 (a block timed out), the run complete" 1 "$?"
	log=$out/$1/uart.log
	check "$2: the run reached its end" grep -a -q '@RVB .* TRAILER ' "$log"
	hung=$(sed -n 's/^rvbench: hart \([0-9]*\) FAILED: did not reach the parallel run.s barrier within the block.s budget (hung, or too slow for it).*/\1/p' "$log" | tr -d '\r')
	check "$2: the hung hart is said, FAILED (${hung:-none})" sh -c "[ -n '$hung' ]"
	st=$(blocks "$log" par_hung)
	check_eq "$2: par_hung: the hung hart's block a timeout, the others' ok with 110 samples" \
		"$(for h in $(echo "$st" | tr ' ' '\n' | cut -d: -f1); do
			[ "$h" = "${hung:-none}" ] && echo "$h:timeout:0" || echo "$h:ok:110"; done | paste -sd' ' -)" "$st"
	boot=$(sed -n 's/^@RVB [0-9a-f]* 0 RUN .* hart=\([0-9]*\) .*/\1/p' "$log")
	check_eq "$2: the boot hart's own block (hart ${boot:-none}) is ok, not a timeout" "${boot:-none}:ok:110" \
		"$(echo "$st" | tr ' ' '\n' | grep "^${boot:-none}:")"
	check "$2: the hung hart's block says why" \
		grep -a -q -E "^@RVB .* END .* status=timeout .*reason=hart%20${hung:-none}%20did%20not%20reach%20the%20run's%20barrier%20within%20the%20block's%20budget" "$log"
	check "$2: the block's memory stays in use" \
		grep -a -q '^rvbench: the [0-9]* KiB of RAM that block used stay in use until the next boot' "$log"
	st=$(blocks "$log" par_hung_then)
	check_eq "$2: par_hung_then: every hart but the hung one ok, the hung one skipped" \
		"$(for h in $(echo "$st" | tr ' ' '\n' | cut -d: -f1); do
			[ "$h" = "${hung:-none}" ] && echo "$h:skipped:0" || echo "$h:ok:110"; done | paste -sd' ' -)" "$st"
	check_eq "$2: par_hung_then verified on the three harts left" 3 \
		"$(grep -a '^@RVB .* END .* verify=ok .*status=ok ' "$log" | wc -l)"
	check "$2: the hung hart's HART record: failed, with the reason" \
		grep -a -q -E "^@RVB .* HART id=${hung:-none} state=failed why=did%20not%20reach" "$log"
done

# A healthy hart a little behind the boot hart, at a barrier past 3/4 of
# the budget, is waited for (a quarter of the budget), not given up on.
run slow virt 2 off "rvbench.run=par_slow rvbench.warmup=0 rvbench.budget_ms=300"
check_eq "par_slow: the collector exits 0" 0 "$?"
check_eq "par_slow: both harts' blocks ok with their 60 samples" "ok:60 ok:60" "$(statuses slow par_slow)"
check "par_slow: no hart given up on" sh -c "! grep -a -q 'FAILED' '$out/slow/uart.log'"

# A hart well behind the boot hart but within the budget is waited for,
# not given up on a quarter of the budget after the boot hart arrived.
run unequal virt 2 off "rvbench.run=par_unequal rvbench.warmup=0 rvbench.budget_ms=1000"
check_eq "par_unequal: the collector exits 0" 0 "$?"
check_eq "par_unequal: both harts' blocks ok with their 50 samples" "ok:50 ok:50" "$(statuses unequal par_unequal)"
