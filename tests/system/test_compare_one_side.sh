#!/bin/sh
# rvbench compare: DIR:BENCH on one side only compares that
# benchmark with the same benchmark of the other side (before, `compare A
# B:udiv` set every benchmark of A with udiv's parameters against B's udiv,
# each row under A's name: addi100 "+500 %, slower" against udiv); and a
# gaps.csv cut short inside its last row is refused (exit 2), as every
# result CSV is, not read without that row (the block that lost samples
# passed the gate).
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
fw=$build/rvbench.elf
fresh_out compare-one-side

"$rvb" qemu -q -o "$out/a" --bootargs 'rvbench.run=addi100,crc32,udiv' "$fw" >/dev/null 2>&1
check_eq "A: addi100, crc32, udiv (exit 0)" 0 "$?"
"$rvb" qemu -q -o "$out/b" --bootargs 'rvbench.run=addi100,crc32,udiv' "$fw" >/dev/null 2>&1
check_eq "B: the same (exit 0)" 0 "$?"

"$rvb" compare "$out/a" "$out/b:udiv" >"$out/ab.txt" 2>&1
check_eq "compare A B:udiv: exit 0" 0 "$?"
check_eq "... one row, udiv against udiv" "udiv" \
	"$(awk 'NR > 3 && $1 != "geomean" { print $1 }' "$out/ab.txt" | paste -sd'|')"
"$rvb" compare "$out/a:udiv" "$out/b" >"$out/ba.txt" 2>&1
check_eq "compare A:udiv B: exit 0" 0 "$?"
check_eq "... one row, udiv against udiv" "udiv" \
	"$(awk 'NR > 3 && $1 != "geomean" { print $1 }' "$out/ba.txt" | paste -sd'|')"
"$rvb" compare "$out/a" "$out/b:nosuch" >"$out/none.txt" 2>&1
check_eq "compare A B:nosuch: exit 2" 2 "$?"

cp -r "$out/b" "$out/cut"
printf '%s' "$(sed -n 's/^\([0-9a-f]*\),.*/\1/p' "$out/b/samples.csv" | sed -n 2p),1,crc" \
	>>"$out/cut/gaps.csv"
"$rvb" compare --fail-above 5 "$out/a" "$out/cut" >"$out/cut.txt" 2>&1
check_eq "compare --fail-above, B's gaps.csv cut short: exit 2" 2 "$?"
check "... saying so" grep -q 'gaps.csv:2: the last line has no line end' "$out/cut.txt"
"$rvb" fleet "$out/a" "$out/cut" >"$out/fleet.txt" 2>&1
check_eq "fleet with that member: exit 2" 2 "$?"

# A block of B that A lacks and that lost samples (a row of gaps.csv added
# to a whole run): the gate refuses it, as it refuses one of B that failed
# before its first sample. Before, its row "only in B" passed (exit 0).
"$rvb" qemu -q -o "$out/oa" --bootargs 'rvbench.run=addi100' "$fw" >/dev/null 2>&1
check_eq "A: addi100 (exit 0)" 0 "$?"
"$rvb" qemu -q -o "$out/ob" --bootargs 'rvbench.run=addi100,crc32' "$fw" >/dev/null 2>&1
check_eq "B: addi100, crc32 (exit 0)" 0 "$?"
run=$(sed -n '2s/,.*//p' "$out/ob/samples.csv")
printf '%s,1,crc32,10,11,2,lost\r\n' "$run" >>"$out/ob/gaps.csv"
"$rvb" compare --fail-above 5 "$out/oa" "$out/ob" >"$out/ob.txt" 2>"$out/ob.err"
check_eq "compare --fail-above, B's crc32 (only in B) lost samples: exit 1" 1 "$?"
check "... the gate says why" grep -q 'gate: crc32 is incomplete (2 samples lost (gaps.csv))' \
	"$out/ob.err"
check "... and the row says it" grep -q 'only in B: not compared  incomplete: 2 samples lost' \
	"$out/ob.txt"
"$rvb" compare --fail-above 5 "$out/oa" "$out/oa" >/dev/null 2>&1
check_eq "compare --fail-above A A: exit 0" 0 "$?"

# Another seed is other inputs: under -icount another count for any
# benchmark whose work depends on its data, which the test then calls a
# significant change. compare warns, as of another machine, and --strict
# refuses (exit 2); before, nothing was said and --strict compared.
"$rvb" qemu -q -o "$out/s7" --bootargs 'rvbench.run=addi100,crc32,udiv rvbench.seed=7' "$fw" \
	>/dev/null 2>&1
check_eq "B: seed 7 (exit 0)" 0 "$?"
"$rvb" compare "$out/a" "$out/s7" >/dev/null 2>"$out/s7.err"
check_eq "compare A B(seed 7): exit 0" 0 "$?"
check "... warns of the other seed" \
	grep -q 'warning: different seed (rvbench.seed: other inputs): A 0x5256424e43480001, B 0x7' \
	"$out/s7.err"
"$rvb" compare --strict "$out/a" "$out/s7" >/dev/null 2>&1
check_eq "compare --strict A B(seed 7): exit 2" 2 "$?"
"$rvb" compare --strict "$out/a" "$out/b" >/dev/null 2>"$out/same.err"
check_eq "compare --strict A B (same seed): exit 0" 0 "$?"
check_eq "... and no warning" "" "$(cat "$out/same.err")"

# gaps.csv gone from a directory whose meta.json lists it (deleted, left
# out of a copy): refused by the gate and by report, as a missing
# summary.csv is, not read as an older result without losses.
cp -r "$out/b" "$out/nogaps"
rm "$out/nogaps/gaps.csv"
"$rvb" compare --fail-above 5 "$out/a" "$out/nogaps" >/dev/null 2>"$out/nogaps.err"
check_eq "compare --fail-above, B's listed gaps.csv gone: exit 2" 2 "$?"
check "... the file named, and why" \
	grep -q "nogaps/gaps.csv: No such file or directory, but meta.json lists it" "$out/nogaps.err"
"$rvb" compare --no-check --fail-above 5 "$out/a" "$out/nogaps" >/dev/null 2>&1
check_eq "... with --no-check read without it (exit 0)" 0 "$?"
"$rvb" report "$out/nogaps" >/dev/null 2>"$out/nogaps-report.err"
check_eq "report of it: exit 2" 2 "$?"
