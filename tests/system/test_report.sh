#!/bin/sh
# rvbench report on a result with a block that has no sample: the fault
# fixture's demo_fault block (count 0, its statistics empty in
# summary.csv) shows "-" for each figure it lacks, never a 0 that reads as
# a measurement; a summary.csv cell that is not a number is refused.
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
fresh_out report

"$rvb" replay -o "$out/fault" tests/fixtures/firmware/fault.log >/dev/null 2>&1
check_eq "the fault fixture replays with exit 1 (a block faulted)" 1 "$?"
"$rvb" report "$out/fault" >/dev/null 2>"$out/err"
check_eq "report of the fault result: exit status" 0 "$?"
check_eq "report.md: demo_fault has count 0 and '-' for min, median, p99 and MAD" \
	'| `demo_fault` |  | 1 | 0 | - | - | - | - | cycles | **fault** |  |  |' \
	"$(grep '^| `demo_fault`' "$out/fault/report.md")"
check_eq "report.md: addi100 keeps its measured figures" \
	'| `addi100` |  | 1 | 100 | 100 | 100 | 100 | 0 | cycles | ok |  | [plot](plot-addi100.png) |' \
	"$(grep '^| `addi100`' "$out/fault/report.md")"
check "index.html: demo_fault shows '-' for its four missing figures" \
	grep -q '<td>demo_fault</td><td class="p"></td><td class="n">0</td><td class="n">-</td><td class="n">-</td><td class="n">-</td><td class="n">-</td>' \
	"$out/fault/index.html"

# A malformed cell: count "x" in demo_fault's row (line 3).
mkdir -p "$out/bad"
cp "$out/fault/meta.json" "$out/fault/samples.csv" "$out/bad/"
c=$(csv_col "$out/fault/summary.csv" count)
awk -F, -v OFS=, -v c="$c" 'NR == 3 { $c = "x" } { print }' "$out/fault/summary.csv" >"$out/bad/summary.csv"
"$rvb" report "$out/bad" >/dev/null 2>"$out/bad.err"
check_eq "report refuses a summary.csv whose count is not a number (exit 2)" 2 "$?"
check_eq "and says which line and column" \
	"rvbench: report: $out/bad/summary.csv:3: column 'count' is not an unsigned number: 'x'" \
	"$(cat "$out/bad.err")"
check "and writes no page" test ! -e "$out/bad/index.html" -a ! -e "$out/bad/report.md"
