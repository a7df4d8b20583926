#!/bin/sh
# summary.csv checked against meta.json by every reader of a result
# directory (host-tools/output/results_check.h): the fault fixture's run,
# whose demo_fault block has no sample and fails only through its status
# in summary.csv, makes the CI gate fail (exit 1); with summary.csv cut
# after its first row, cut inside a row, its header cut, deleted or edited,
# the gate, report, stats, plot, fleet and baseline refuse the directory
# (exit 2) naming the block or line, never passing the failed run.
# --no-check reads it as it is.
. tests/system/lib.sh
build=$1
rvb=$(cd "$build/host" && pwd)/rvbench # absolute: one check runs in another directory
fresh_out summary-check

"$rvb" replay -o "$out/fault" tests/fixtures/firmware/fault.log >/dev/null 2>&1
check_eq "the fault fixture replays with exit 1 (demo_fault faulted)" 1 "$?"
# The damaged copies, made before any reader writes into the directory.
for d in cut mid head gone edited; do cp -r "$out/fault" "$out/$d"; done
head -n 2 "$out/fault/summary.csv" >"$out/cut/summary.csv"
size=$(wc -c <"$out/fault/summary.csv")
head -c $((size - 30)) "$out/fault/summary.csv" >"$out/mid/summary.csv"
head -c 40 "$out/fault/summary.csv" >"$out/head/summary.csv"
rm "$out/gone/summary.csv"
sed 's/,fault,/,ok,/' "$out/fault/summary.csv" >"$out/edited/summary.csv"

# 1. Whole: the gate fails on the faulted block, the report shows it.
"$rvb" compare --fail-above 5 "$out/fault" "$out/fault" >/dev/null 2>"$out/fault.err"
check_eq "the gate fails a run with a faulted block (exit 1)" 1 "$?"
check "... naming it" grep -q 'gate: B: demo_fault (block 1 of run [0-9a-f]*) is incomplete (status fault)' \
	"$out/fault.err"
"$rvb" report --no-plots "$out/fault" >/dev/null 2>&1
check_eq "report of the whole directory: exit 0" 0 "$?"
check "... demo_fault listed, faulted" grep -q '^| `demo_fault` .* \*\*fault\*\* |' "$out/fault/report.md"

# 2. Cut after its first row (the repro): demo_fault's row gone.
no_row="$out/cut/summary.csv: block [0-9a-f]*/1 'demo_fault' has no row, but meta.json lists it (status fault)"
"$rvb" compare --fail-above 5 "$out/cut" "$out/cut" >/dev/null 2>"$out/cut-gate.err"
check_eq "cut summary.csv: the gate refuses it (exit 2), not a pass" 2 "$?"
check "... naming the block without its row" grep -q "^rvbench: compare: A: $no_row" "$out/cut-gate.err"
"$rvb" report --no-plots "$out/cut" >/dev/null 2>"$out/cut-report.err"
check_eq "cut summary.csv: report refuses it (exit 2)" 2 "$?"
check "... naming the block" grep -q "^rvbench: report: $no_row" "$out/cut-report.err"
check "... and writes no page" test ! -e "$out/cut/index.html" -a ! -e "$out/cut/report.md"
for cmd in stats fleet; do
	"$rvb" $cmd "$out/cut" >/dev/null 2>"$out/cut-$cmd.err"
	check_eq "cut summary.csv: $cmd refuses it (exit 2)" 2 "$?"
	check "... naming the block" grep -q "^rvbench: $cmd: $no_row" "$out/cut-$cmd.err"
done
"$rvb" plot -o "$out/cut.png" "$out/cut" >/dev/null 2>"$out/cut-plot.err"
check_eq "cut summary.csv: plot refuses it (exit 2)" 2 "$?"
check "... naming the block" grep -q "^rvbench: plot: $no_row" "$out/cut-plot.err"
(cd "$out" && "$rvb" baseline save cut cut) >/dev/null 2>"$out/cut-baseline.err"
check_eq "cut summary.csv: baseline save refuses it (exit 2)" 2 "$?"
check "... and saves nothing" test ! -e "$out/results/baselines/cut"

# 3. Cut inside its last row, inside its header, deleted, edited.
"$rvb" compare --fail-above 5 "$out/mid" "$out/mid" >/dev/null 2>"$out/mid.err"
check_eq "summary.csv cut inside a row: the gate refuses it (exit 2)" 2 "$?"
check "... the line without its line end named" \
	grep -q "$out/mid/summary.csv:3: the last line has no line end: the file was cut short" "$out/mid.err"
"$rvb" stats "$out/head" >/dev/null 2>"$out/head-stats.err"
check_eq "summary.csv's header cut: stats refuses it (exit 2)" 2 "$?"
"$rvb" report --no-plots "$out/head" >/dev/null 2>"$out/head-report.err"
check_eq "summary.csv's header cut: report refuses it (exit 2)" 2 "$?"
check "... line 1 named" grep -q "$out/head/summary.csv:1: the last line has no line end" \
	"$out/head-report.err"
"$rvb" compare --fail-above 5 "$out/gone" "$out/gone" >/dev/null 2>"$out/gone.err"
check_eq "summary.csv deleted: the gate refuses it (exit 2)" 2 "$?"
check "... saying meta.json lists it" \
	grep -q "cannot read $out/gone/summary.csv: No such file or directory, but meta.json lists it" \
	"$out/gone.err"
"$rvb" compare --fail-above 5 "$out/edited" "$out/edited" >/dev/null 2>"$out/edited.err"
check_eq "demo_fault's status edited to ok: the gate refuses it (exit 2)" 2 "$?"
check "... naming both statuses" \
	grep -q "summary.csv:3: block [0-9a-f]*/1 'demo_fault': status 'ok' here, but meta.json says 'fault'" \
	"$out/edited.err"

# 4. --no-check reads what is there.
"$rvb" stats --no-check "$out/cut" >/dev/null 2>&1
check_eq "stats --no-check reads the cut summary.csv" 0 "$?"
"$rvb" report --no-check --no-plots "$out/cut" >/dev/null 2>&1
check_eq "report --no-check reads it too" 0 "$?"
