#!/bin/sh
# rvbench compare on real runs whose sides hold different things: B with
# benchmarks A lacks beside one both have (listed as B's alone, not
# dropped), B's blocks that timed out before their first sample (their
# status on A's rows, not "only in A"), and two runs of another batch size
# (not pooled, not compared, and no hint at --by).
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
