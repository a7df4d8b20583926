#!/bin/sh
# Captures what one build of rvbench produces, for the byte-identity check
# (tests/identity/check.sh).
#
#   tests/identity/capture.sh boot TREE OUT
#       every scenario below, booted on QEMU under -icount
#   tests/identity/capture.sh replay TREE OUT DAMAGED
#       replays of every DAMAGED/*/*.log, with and without --allow-partial
#
# TREE holds a built tree (TREE/build/rvbench.elf, TREE/build/host/rvbench);
# the commands run from TREE, so the paths meta.json records are the same
# for any tree. Each run leaves OUT/NAME/ (the result directory) with
# NAME.stdout (the output directory's path replaced by OUT), NAME.stderr
# and NAME.rc.
set -eu
mode=$1
tree=$(cd "$2" && pwd)
mkdir -p "$3"
out=$(cd "$3" && pwd)

# name|machine|smp|bootargs. Every one is repeatable under -icount: the
# runs across harts get a short budget, since there the harts take turns
# and a parallel or cross-hart benchmark runs into its watchdog.
scenarios='default|sifive_u|5|
parallel|sifive_u|5|rvbench.parallel=1 rvbench.run=addi100,empty,tp_addi100 rvbench.samples=200 rvbench.budget_ms=2
groups|sifive_u|5|rvbench.groups=3 rvbench.initial=1 rvbench.delta=2 rvbench.size=50 rvbench.run=addi100,memcpy
fault|sifive_u|5|rvbench.run=demo_fault,demo_hang,addi100 rvbench.budget_ms=20
entry|sifive_u|5|rvbench.run=tp_addi100,sbi_call,trap_ebreak,timer_irq rvbench.samples=100 rvbench.counter=fenced rvbench.warmup=auto rvbench.bogus=1
cross|sifive_u|5|rvbench.cross=1 rvbench.run=circle,ipi_latency rvbench.samples=20 rvbench.budget_ms=5
virt|virt|2|rvbench.run=addi*,lpm*,memcpy'

# Runs rvbench with the given arguments as capture NAME.
capture() {
	name=$1
	shift
	rc=0
	(cd "$tree" && build/host/rvbench "$@" -o "$out/$name") >"$out/$name.stdout.raw" \
		2>"$out/$name.stderr" || rc=$?
	echo "$rc" >"$out/$name.rc"
	sed "s|$out|OUT|g" "$out/$name.stdout.raw" >"$out/$name.stdout"
	rm -f "$out/$name.stdout.raw"
}

if [ "$mode" = boot ]; then
	printf '%s\n' "$scenarios" | while IFS='|' read -r name machine smp args; do
		capture "$name" qemu --machine "$machine" --smp "$smp" --icount 0 \
			${args:+--bootargs "$args"} build/rvbench.elf
	done
	exit 0
fi

mkdir -p "$out/replay" "$out/replay-partial"
for f in "$4"/*/*.log; do
	rel=$(basename "$(dirname "$f")")-$(basename "$f" .log)
	capture "replay/$rel" replay "$f"
	capture "replay-partial/$rel" replay --allow-partial "$f"
done
