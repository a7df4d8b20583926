#!/bin/sh
# rvbench stats on a run whose blocks did not all measure: one faulted
# before its first sample, one was skipped (a 256 MiB working set in
# QEMU's default RAM). Their statistics cannot be given, and stats says so
# on stderr, block by block with how each ended, in every format; asked
# for by name, such a benchmark is named with how it ended, not as one
# that is not there.
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
fresh_out stats-unmeasured

timeout 120 "$rvb" qemu -q -o "$out/run" --bootargs \
	'rvbench.run=addi100,demo_fault,mem_latency_seq mem_latency_seq.size_kib=4,262144 rvbench.samples=10' \
	"$build/rvbench.elf" >/dev/null 2>&1
check_eq "a run with a fault exits 1" 1 "$?"
log=$out/run/uart.log
fid=$(grep -a -o 'BENCH id=[0-9]* name=demo_fault ' "$log" | sed 's/BENCH id=\([0-9]*\) .*/\1/')
sid=$(grep -a -o 'BENCH id=[0-9]* name=mem_latency_seq .*size_kib=262144' "$log" |
	sed 's/BENCH id=\([0-9]*\) .*/\1/')
rid=$(sed -n 's/.*"tag": *"\([0-9a-f]*\)".*/\1/p' "$out/run/meta.json" | head -n 1)
check "the two blocks and the run tag are found ($fid, $sid, $rid)" \
	test -n "$fid" -a -n "$sid" -a -n "$rid"
fault="rvbench: stats: no statistics of demo_fault: block $fid of run $rid ended with status fault"
skip="rvbench: stats: no statistics of mem_latency_seq size_kib=262144;steps=64;stride=64: block $sid of run $rid ended with status skipped (size_kib=262144 does not fit, the arena holds"

"$rvb" stats "$out/run" >"$out/text.out" 2>"$out/text.err"
check_eq "stats DIR exits 0" 0 "$?"
check "... gives addi100's statistics" grep -q '^addi100 (run ' "$out/text.out"
check_eq "... and names the two blocks it has none of, on stderr" 2 "$(grep -c 'no statistics of' "$out/text.err")"
check_eq "... the fault" "$fault" "$(sed -n 1p "$out/text.err")"
check "... the skip, with its reason" \
	sh -c 'sed -n 2p "$1" | grep -q -F "$2"' sh "$out/text.err" "$skip"
for fmt in csv json; do
	"$rvb" stats --format $fmt "$out/run" >/dev/null 2>"$out/$fmt.err"
	check_eq "stats --format $fmt: the same two lines" "$(cat "$out/text.err")" "$(cat "$out/$fmt.err")"
done

"$rvb" stats "$out/run" demo_fault >/dev/null 2>"$out/one.err"
check_eq "stats DIR demo_fault exits 2" 2 "$?"
check_eq "... saying how its block ended, not that there is no such benchmark" \
	"rvbench: stats: 'demo_fault' has no measured sample: block $fid of run $rid ended with status fault" \
	"$(cat "$out/one.err")"
"$rvb" stats "$out/run" 'mem_*' >/dev/null 2>"$out/glob.err"
check_eq "stats DIR 'mem_*' exits 0 (one block measured)" 0 "$?"
check_eq "... and names the skipped one only (1 line of it, 0 of demo_fault)" "1 0" \
	"$(grep -c 'no statistics of mem_latency_seq size_kib=262144' "$out/glob.err") $(grep -c demo_fault "$out/glob.err")"
"$rvb" stats "$out/run" no_such >/dev/null 2>"$out/none.err"
check_eq "a benchmark not there at all is still named as missing" \
	"rvbench: stats: no benchmark of $out/run matches 'no_such'" "$(cat "$out/none.err")"
