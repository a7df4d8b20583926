#!/bin/sh
# The other harts start with the first run that uses them (a parallel run,
# or a benchmark with a partner hart), not at boot: a run on one hart
# leaves them in the SBI firmware, says so (state "stopped"), and does not
# pay for their start-up (docs/performance.md, "Start-up"). A later run of
# the same boot that does use them starts them then.
. tests/system/lib.sh
build=$1
fresh_out harts-on-demand
rvb=$build/host/rvbench

# 1. One run on one hart: nothing started.
"$rvb" qemu --machine sifive_u --smp 5 --icount 0 --bootargs 'rvbench.run=addi100' \
	-o "$out/one" "$build/rvbench.elf" >"$out/one.stdout" 2>&1
check_eq "a run on one hart: exit 0" 0 "$?"
u=$out/one/uart.log
check "its RUN record lists the U54s as stopped, the E51 skipped" \
	grep -a -q '@RVB .* RUN .* harts=0:skipped,1:boot,2:stopped,3:stopped,4:stopped ' "$u"
check_eq "a HART record per stopped hart, with no cycle counts" 3 \
	"$(grep -a -c -E '@RVB [0-9a-f]+ [0-9]+ HART id=[234] state=stopped \*' "$u")"
check "no hart failed" sh -c "! grep -a -q 'FAILED' '$u'"
check_eq "samples.csv: the boot hart only" 1 \
	"$(tr -d '\r' <"$out/one/samples.csv" | awk -F, -v h="$(csv_col "$out/one/samples.csv" hart)" \
		'NR > 1 {print $h}' | sort -u | wc -l)"
check "meta.json keeps the new state" grep -q '"state": "stopped"' "$out/one/meta.json"

# 2. At the console: a run on one hart, then a parallel run in the same
# boot. The second starts the harts, and its RUN record says so.
"$rvb" qemu --machine sifive_u --smp 5 --icount 0 -o "$out/console" \
	--exec 'set samples 20; set warmup 2; run addi100; set parallel 1; run addi100' \
	"$build/rvbench.elf" >"$out/console.stdout" 2>"$out/console.stderr"
check_eq "the console session: exit 0" 0 "$?"
u=$out/console/uart.log
check_eq "two RUN records" 2 "$(grep -a -c '^@RVB [0-9a-f]* 0 RUN ' "$u")"
check "the first run leaves the harts stopped" sh -c \
	"grep -a '^@RVB [0-9a-f]* 0 RUN ' '$u' | sed -n 1p | grep -q ' harts=0:skipped,1:boot,2:stopped,3:stopped,4:stopped '"
check "the parallel run started them" sh -c \
	"grep -a '^@RVB [0-9a-f]* 0 RUN ' '$u' | sed -n 2p | grep -q ' harts=0:skipped,1:boot,2:online,3:online,4:online '"
check_eq "and measured addi100 on the four U54s" "1 2 3 4" \
	"$(grep -a -o 'BENCH id=[0-9]* name=addi100 hart=[0-9] .* parallel=4 ' "$u" |
	   sed 's/.* hart=\([0-9]\) .*/\1/' | sort | paste -sd' ' -)"
check "the parallel run's HART records count the started harts' cycles" \
	grep -a -q -E '@RVB [0-9a-f]+ [0-9]+ HART id=2 state=online busy=[0-9]+ idle=[0-9]+ ' "$u"

# 3. A benchmark with a partner hart (BENCH_MULTI_HART) starts them too,
# parallel or not (--icount off: cross-hart waits need the harts together).
"$rvb" qemu --machine sifive_u --smp 5 --icount off \
	--bootargs 'rvbench.run=ipi_latency rvbench.samples=20 rvbench.warmup=2' \
	-o "$out/cross" "$build/rvbench.elf" >"$out/cross.stdout" 2>&1
check_eq "a cross-hart run: exit 0" 0 "$?"
# (Without -icount OpenSBI boots on any of the U54s.)
check "its RUN record lists the other U54s online" \
	grep -a -q -E '@RVB .* RUN .* harts=0:skipped,[1-4]:(boot|online),[1-4]:(boot|online),[1-4]:(boot|online),[1-4]:(boot|online) ' \
	"$out/cross/uart.log"
check "ipi_latency found its partner" \
	grep -a -q -E '^ipi_latency: partner hart [1-4], counter offset -?[0-9]+ cycles' "$out/cross/uart.log"
