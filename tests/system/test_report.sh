#!/bin/sh
# rvbench report on a result with a block that has no sample: the fault
# fixture's demo_fault block (count 0, its statistics empty in
# summary.csv) shows "-" for each figure it lacks, never a 0 that reads as
# a measurement; a summary.csv cell that is not a number is refused. A run
# that lost samples: the samples received beside those sent, each block
# that lost samples or has none marked, the problems and gaps.csv listed,
# and the result in words that do not read as ok. More shapes of runs:
# test_report_runs.sh.
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
fresh_out report

"$rvb" replay -o "$out/fault" tests/fixtures/firmware/fault.log >/dev/null 2>&1
check_eq "the fault fixture replays with exit 1 (a block faulted)" 1 "$?"
"$rvb" report "$out/fault" >/dev/null 2>"$out/err"
check_eq "report of the fault result: exit status" 0 "$?"
check_eq "report.md: the result says a block failed" \
	'| result | failed: a block or the run itself failed (see Problems); no sample was lost |' \
	"$(grep '^| result |' "$out/fault/report.md")"
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
cp "$out/fault/meta.json" "$out/fault/samples.csv" "$out/fault/gaps.csv" "$out/bad/"
c=$(csv_col "$out/fault/summary.csv" count)
awk -F, -v OFS=, -v c="$c" 'NR == 3 { $c = "x" } { print }' "$out/fault/summary.csv" >"$out/bad/summary.csv"
"$rvb" report "$out/bad" >/dev/null 2>"$out/bad.err"
check_eq "report refuses a summary.csv whose count is not a number (exit 2)" 2 "$?"
check_eq "and says which line and column" \
	"rvbench: report: $out/bad/summary.csv:3: column 'count' is not an unsigned number: 'x'" \
	"$(cat "$out/bad.err")"
check "and writes no page" test ! -e "$out/bad/index.html" -a ! -e "$out/bad/report.md"

# What arrived, not what the trailer says was sent. entry.log without the
# S line of its last block (trap_ebreak, 55 samples): 110 of 165 arrive,
# the block ends ok all the same with no sample.
lost_seq=$(grep -a ' S 2 0 55 ' tests/fixtures/firmware/entry.log | awk '{print $3}')
grep -v " $lost_seq S 2 0 55 " tests/fixtures/firmware/entry.log >"$out/lost.log"
"$rvb" replay -o "$out/lost" "$out/lost.log" >/dev/null 2>&1
check_eq "entry.log less a block's S line replays with exit 1" 1 "$?"
"$rvb" report --no-plots "$out/lost" >/dev/null 2>"$out/lost.err"
check_eq "report of it: exit 0" 0 "$?"
check_eq "report.md: the samples received, and those sent" \
	'| samples | 110 received of 165 sent, in 3 blocks |' \
	"$(grep '^| samples |' "$out/lost/report.md")"
check_eq "report.md: the block without samples is not shown ok" \
	'| `trap_ebreak` |  | 1 | 0 | - | - | - | - | cycles | **ok, no samples: 55 lost** |  |  |' \
	"$(grep '^| `trap_ebreak`' "$out/lost/report.md")"
check_eq "report.md: the result says samples were lost, not ok (was: 'incomplete, ok')" \
	'| result | incomplete: samples were lost or a check failed (see Problems); no block failed |' \
	"$(grep '^| result |' "$out/lost/report.md")"
check "report.md: the run's problems listed" \
	sh -c "grep -q '^## Problems\$' '$out/lost/report.md' && grep -q '^- missing seq $lost_seq\$' '$out/lost/report.md' &&
		grep -q '^- trailer samples=165 but 110 received\$' '$out/lost/report.md'"
check_eq "report.md: gaps.csv's row" '| 2 | `trap_ebreak` | 0 | 54 | 55 | line lost |' \
	"$(grep '^| 2 | `trap_ebreak`' "$out/lost/report.md")"
check "index.html: the block marked, its samples lost said" \
	grep -q '<td class="bad">ok, no samples: 55 lost</td>' "$out/lost/index.html"
check "index.html: the problems listed, a block's with its benchmark (was: 'bench 2: ...' alone)" \
	grep -q '<li>bench 2 (trap_ebreak): 0 of 55 samples</li>' "$out/lost/index.html"
check "report.md: the block's problem names its benchmark beside its id" \
	grep -q -x -F -- '- bench 2 (`trap_ebreak`): 0 of 55 samples' "$out/lost/report.md"

# A block with parameters: its problem names them too, as the table has
# them. events.log less the S line of block 1 (mem_latency_rand, 44
# samples with its warmup).
grep -v ' S 1 0 44 ' tests/fixtures/firmware/events.log >"$out/sweep.log"
"$rvb" replay -o "$out/sweep" "$out/sweep.log" >/dev/null 2>&1
check_eq "events.log less a block's S line replays with exit 1" 1 "$?"
"$rvb" report --no-plots "$out/sweep" >/dev/null 2>&1
check_eq "report.md: the problem of a block with parameters names both" \
	'- bench 1 (`mem_latency_rand`, `size_kib=4;steps=64`): 0 of 44 samples' \
	"$(grep -F -- '- bench 1 ' "$out/sweep/report.md")"
check_eq "index.html: the same" \
	'<li>bench 1 (mem_latency_rand, size_kib=4;steps=64): 0 of 44 samples</li>' \
	"$(grep -F '<li>bench 1 ' "$out/sweep/index.html")"
check "a problem of no block reads as the collector wrote it" \
	grep -q -x -F -- '- trailer samples=176 but 132 received' "$out/sweep/report.md"

# Some samples of a block lost: the LAVA log less the middle of addi100's.
grep -v ' S 0 512 512 ' tests/fixtures/lava/qemu-sifive_u.jsonl >"$out/part.jsonl"
"$rvb" replay -o "$out/part" "$out/part.jsonl" >/dev/null 2>&1
"$rvb" report --no-plots "$out/part" >/dev/null 2>&1
check_eq "report of a run that lost part of a block: exit 0" 0 "$?"
check_eq "report.md: its received and sent" '| samples | 2788 received of 3300 sent, in 3 blocks |' \
	"$(grep '^| samples |' "$out/part/report.md")"
check "report.md: the block marked with what it lost" \
	grep -q '^| `addi100` |  | 1 | 488 | .* | \*\*ok, 512 samples lost\*\* |' "$out/part/report.md"
check "report.md: the whole blocks stay ok" grep -q '^| `crc32` |  | 1 | 1000 | .* | ok |' \
	"$out/part/report.md"

# A whole run: no problems section, the samples as the trailer says.
"$rvb" replay -o "$out/whole" tests/fixtures/firmware/entry.log >/dev/null 2>&1
"$rvb" report --no-plots "$out/whole" >/dev/null 2>&1
check_eq "report of a whole run: exit 0" 0 "$?"
check_eq "... the samples" '| samples | 165 in 3 blocks |' "$(grep '^| samples |' "$out/whole/report.md")"
check_eq "... the result" '| result | complete, ok: no sample was lost and no block failed |' \
	"$(grep '^| result |' "$out/whole/report.md")"
check "... no problems section" sh -c "! grep -q 'Problems' '$out/whole/report.md' '$out/whole/index.html'"

# report's errors are report's, also those of the figures it draws (from
# samples.csv, which only they read).
mkdir -p "$out/nan"
cp "$out/whole/meta.json" "$out/whole/summary.csv" "$out/whole/gaps.csv" "$out/nan/"
c=$(csv_col "$out/whole/samples.csv" cycles)
awk -F, -v OFS=, -v c="$c" 'NR == 2 { $c = "x" } { print }' "$out/whole/samples.csv" >"$out/nan/samples.csv"
"$rvb" report "$out/nan" >/dev/null 2>"$out/nan.err"
check_eq "report of a samples.csv with a cycles cell not a number: exit 2" 2 "$?"
check_eq "... said as report's, not plot's" \
	"rvbench: report: $out/nan/samples.csv:2: column 'cycles': 'x' is not a whole number" \
	"$(cat "$out/nan.err")"
truncate -s -3 "$out/whole/samples.csv"
"$rvb" report "$out/whole" >/dev/null 2>"$out/cut.err"
check_eq "report of a samples.csv cut in its last field: exit 2" 2 "$?"
check "... the file and line named" \
	grep -q "^rvbench: report: $out/whole/samples.csv:[0-9]*: the last line has no line end" \
	"$out/cut.err"
