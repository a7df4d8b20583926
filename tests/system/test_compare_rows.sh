#!/bin/sh
# rvbench compare on real runs whose sides hold different things: B with
# benchmarks A lacks beside one both have (listed as B's alone, not
# dropped), B's blocks that timed out before their first sample (their
# status on A's rows, not "only in A"), and two runs of another batch size
# (not pooled, not compared, and no hint at --by); a block skipped on
# one side (its reason on the other side's row, refused by the gate).
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
fw=$build/rvbench.elf
fresh_out compare-rows

"$rvb" qemu -q -o "$out/a" --bootargs 'rvbench.run=addi100,crc32' "$fw" >/dev/null 2>&1
check_eq "A: addi100 and crc32 run (exit 0)" 0 "$?"
"$rvb" qemu -q -o "$out/more" --bootargs 'rvbench.run=addi100,crc32,empty,udiv' "$fw" >/dev/null 2>&1
check_eq "B: the same and empty, udiv (exit 0)" 0 "$?"
"$rvb" compare "$out/a" "$out/more" >"$out/more.txt" 2>&1
check_eq "compare A B: exit 0" 0 "$?"
check_eq "... B's empty and udiv listed as B's alone, after the two compared rows" \
	"addi100 compared|crc32 compared|empty only in B|udiv only in B" \
	"$(awk 'NR > 3 && $1 != "geomean" { print $1, ($0 ~ /only in B/ ? "only in B" : "compared") }' \
		"$out/more.txt" | paste -sd'|')"

# crc32 times out at once (a 1 ms budget): no sample, status timeout.
"$rvb" qemu -q -o "$out/t" --bootargs 'rvbench.run=addi100,crc32 rvbench.budget_ms=1' "$fw" >/dev/null 2>&1
check_eq "B: crc32 times out (exit 1)" 1 "$?"
"$rvb" compare "$out/a" "$out/t" >"$out/t.txt" 2>&1
check_eq "compare A B without the gate: exit 0" 0 "$?"
check "... A's crc32 row names B's status, not 'only in A'" \
	grep -q '^crc32  .* 1000      0  B: status timeout before any sample: not compared$' "$out/t.txt"
"$rvb" compare --fail-above 5 "$out/a" "$out/t" >/dev/null 2>"$out/gate.err"
check_eq "with the gate: exit 1" 1 "$?"
check "... naming crc32 and why" \
	grep -q '^rvbench: compare: gate: crc32: B: status timeout before any sample: not compared$' \
	"$out/gate.err"
"$rvb" compare "$out/t" "$out/a" >"$out/t2.txt" 2>&1
check "the other way round, B's row names A's status" \
	grep -q '^crc32  .*    0   1000  A: status timeout before any sample: not compared$' "$out/t2.txt"

# addi100 with 10 calls a sample against single calls: not compared.
"$rvb" qemu -q -o "$out/n10" --bootargs 'rvbench.run=addi100 rvbench.batch=10' "$fw" >/dev/null 2>&1
"$rvb" qemu -q -o "$out/n1" --bootargs 'rvbench.run=addi100' "$fw" >/dev/null 2>&1
"$rvb" compare "$out/n10" "$out/n1" >"$out/n10.txt" 2>"$out/n10.err"
check_eq "batch 10 against batch 1: nothing compared (exit 2)" 2 "$?"
check "... the row says why" grep -q 'addi100 g0 N=10 .* different batch sizes: not compared$' "$out/n10.txt"
check_eq "... and the message does not send the user to --by" \
	"rvbench: compare: nothing compared: no pair of A and B could be compared (see the rows)" \
	"$(cat "$out/n10.err")"

# A 256 MiB working set: measured with 1 GiB of RAM, skipped with QEMU's
# default. B's skip is a row with its reason, not "only in A"; the gate
# refuses it; a skip on both sides is no failure.
sk='rvbench.run=mem_latency_seq mem_latency_seq.size_kib=4,262144 rvbench.samples=10'
"$rvb" qemu -q -o "$out/big" --memory 1G --bootargs "$sk" "$fw" >/dev/null 2>&1
check_eq "A: 256 MiB measured with -m 1G (exit 0)" 0 "$?"
"$rvb" qemu -q -o "$out/small" --bootargs "$sk" "$fw" >/dev/null 2>&1
check_eq "B: 256 MiB skipped with QEMU's default RAM (exit 0)" 0 "$?"
reason=$(python3 -c 'import csv, sys
print(*[r["reason"] for r in csv.DictReader(open(sys.argv[1])) if "size_kib=262144" in r["params"]])' \
	"$out/small/summary.csv")
check "... B's summary.csv gives the reason" \
	sh -c "echo '$reason' | grep -q '^size_kib=262144 does not fit, the arena holds [0-9]* KiB'"
"$rvb" compare "$out/big" "$out/small" >"$out/sk.txt" 2>&1
check_eq "compare A B: exit 0" 0 "$?"
check_eq "... A's row says B skipped it and why" \
	"mem_latency_seq  size_kib=262144;steps=64;stride=64     10      0  B: skipped ($reason): not compared" \
	"$(grep 'size_kib=262144' "$out/sk.txt")"
"$rvb" compare --fail-above 5 "$out/big" "$out/small" >/dev/null 2>"$out/sk.err"
check_eq "with the gate: exit 1" 1 "$?"
check_eq "... naming the skipped block and why, once" \
	"rvbench: compare: gate: mem_latency_seq size_kib=262144;steps=64;stride=64: B: skipped ($reason): not compared" \
	"$(cat "$out/sk.err")"
"$rvb" compare "$out/small" "$out/big" >"$out/sk2.txt" 2>&1
check_eq "the other way round, B's row says A skipped it" \
	"mem_latency_seq  size_kib=262144;steps=64;stride=64      0     10  A: skipped ($reason): not compared" \
	"$(grep 'size_kib=262144' "$out/sk2.txt")"
"$rvb" compare --fail-above 5 "$out/small" "$out/big" >/dev/null 2>"$out/sk4.err"
check_eq "A's skip of what B measured passes the gate, as B's extras do (exit 0)" \
	"0:" "$?:$(cat "$out/sk4.err")"
"$rvb" compare --fail-above 5 "$out/small" "$out/small" >/dev/null 2>"$out/sk3.err"
check_eq "skipped on both sides: the gate passes (exit 0)" 0 "$?"
check_eq "... and says nothing" "" "$(cat "$out/sk3.err")"
