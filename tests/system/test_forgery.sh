#!/bin/sh
# A forged line: a clean uart.log with one value of an S line changed and
# that line's CRC-16 made right again. --allow-partial forgives lost
# samples only: neither the forged line in place of the real one (the
# run's CRC-32 tells) nor next to it (two lines with one seq: a conflict,
# both copies dropped) is ever accepted, and a conflict is named in
# gaps.csv and in the block's status.
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
log=tests/fixtures/qemu-sifive_u-300.log
fresh_out forgery

# Control: the clean log is complete.
"$rvb" replay --allow-partial -o "$out/clean" "$log" >"$out/clean.stdout" 2>&1
check_eq "the clean log replays with exit 0" 0 "$?"

# Seq 3 is S 0 16..31 of addi100 (106 cycles raw): 9540 is 90 times it.
python3 tests/support/forge_line.py "$log" "$out/replace.log" 3 90 replace
"$rvb" replay --allow-partial -o "$out/replace" "$out/replace.log" >"$out/replace.stdout" 2>&1
check_eq "a forged line in place of the real one: exit 1 despite --allow-partial" 1 "$?"
check "the summary names the CRC-32 mismatch" grep -q "crc32 mismatch" "$out/replace.stdout"

python3 tests/support/forge_line.py "$log" "$out/add.log" 3 90 add
"$rvb" replay --allow-partial -o "$out/add" "$out/add.log" >"$out/add.stdout" 2>&1
check_eq "a forged copy next to the real line: exit 1 despite --allow-partial" 1 "$?"
check_eq "gaps.csv lists both copies' samples as a conflict" \
	"59a8915f,0,addi100,16,31,16,conflict" "$(tr -d '\r' <"$out/add/gaps.csv" | sed 1d)"
raw=$(csv_col "$out/add/samples.csv" cycles_raw)
check_eq "neither copy's values reach samples.csv" "106" \
	"$(bench_rows "$out/add/samples.csv" addi100 1 | distinct "$raw")"
check_eq "addi100 keeps 384 of its 400 samples" 384 \
	"$(tr -d '\r' <"$out/add/samples.csv" | awk -F, '$2 == "addi100"' | wc -l | tr -d ' ')"
st=$(csv_col "$out/add/summary.csv" status)
check_eq "the block's status is conflict, never ok" "conflict" \
	"$(tr -d '\r' <"$out/add/summary.csv" | awk -F, -v c="$st" '$2 == "addi100" {print $c}')"
check "the run is called failed" grep -q "^run 59a8915f: failed" "$out/add.stdout"

# A lost line alone is what --allow-partial forgives.
grep -a -v '^@RVB 59a8915f 3 S ' "$log" >"$out/lost.log"
"$rvb" replay --allow-partial -o "$out/lost" "$out/lost.log" >"$out/lost.stdout" 2>&1
check_eq "a lost line with --allow-partial: exit 0" 0 "$?"
"$rvb" replay -o "$out/lost2" "$out/lost.log" >/dev/null 2>&1
check_eq "a lost line without --allow-partial: exit 1" 1 "$?"
check_eq "its gap is a lost line" "59a8915f,0,addi100,16,31,16,line lost" \
	"$(tr -d '\r' <"$out/lost/gaps.csv" | sed 1d)"

# A run whose verify failed is called failed, never complete (END of
# block 1, seq 54, says verify=fail; the trailer, seq 109, status=failed).
python3 tests/support/forge_line.py "$log" "$out/verify1.log" 54 verify=ok verify=fail sub
python3 tests/support/forge_line.py "$out/verify1.log" "$out/verify.log" 109 status=ok status=failed sub
"$rvb" replay --allow-partial -o "$out/verify" "$out/verify.log" >"$out/verify.stdout" 2>&1
check_eq "a failed verify: exit 1 despite --allow-partial" 1 "$?"
check "a failed verify: the run is called failed" \
	grep -q "^run 59a8915f: failed (4 blocks, 1600 samples" "$out/verify.stdout"
check "a failed verify: never called complete" sh -c "! grep -q 'complete' '$out/verify.stdout'"
