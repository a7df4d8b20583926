#!/bin/sh
# rvbench report on runs of every shape: a group sweep (batch > 1, its
# per-call figures fractional in summary.csv), a fleet's merged directory
# and two runs of one board (the rows told apart by device and run, each
# linking its own plot), a parallel run (each hart's plot linked), a run
# that selected no benchmark and one whose only block faulted (the page
# written all the same, saying why it has no figure), and a skipped block
# (not a failure: shown with the firmware's reason).
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
fresh_out report_runs

q() { # q NAME BOOTARGS [OPTION...]: a QEMU run into $out/NAME, its status in $?
	name=$1 args=$2
	shift 2
	timeout 300 "$rvb" qemu -q "$@" --bootargs "$args" -o "$out/$name" "$build/rvbench.elf" \
		>"$out/$name.stdout" 2>&1
}

# The figures need gnuplot; without it the page is checked without them.
if command -v gnuplot >/dev/null 2>&1; then
	plots=1
	draw=
else
	plots=0
	draw=--no-plots
	echo "# gnuplot not installed (Debian gnuplot-nox): the plot links are not checked"
fi

# links DIR: the plot files report.md links, sorted, one line.
links() {
	sed -n 's/.*\[plot\](\(plot-[^)]*\)) |$/\1/p' "$1/report.md" | sort -u | tr '\n' ' '
}
# pngs DIR: the plot files in DIR but the sweeps, sorted, one line.
pngs() {
	(cd "$1" && ls plot-*.png 2>/dev/null | grep -v -e '-sweep\.png$' | sort | tr '\n' ' ')
}

# 1. A group sweep: groups 1-3 call addi100 3, 5 and 7 times a sample;
#    summary.csv's figures are per call, "100.000".
q group 'rvbench.run=addi100 rvbench.groups=4 rvbench.initial=1 rvbench.delta=2 rvbench.size=100'
check_eq "a group sweep runs (exit 0)" 0 "$?"
"$rvb" report --no-plots "$out/group" >/dev/null 2>"$out/group.err"
check_eq "report of a group sweep: exit 0 (was: 'min' is not an unsigned number)" 0 "$?"
check_eq "report.md: the group and calls columns" \
	'| benchmark | params | hart | group | calls | count | min | median | p99 | MAD | unit | status | work per instr | plot |' \
	"$(grep '^| benchmark |' "$out/group/report.md")"
check_eq "report.md: group 1's per-call figures as summary.csv has them" \
	'| `addi100` |  | 1 | 1 | 3 | 100 | 100.000 | 100.000 | 100.000 | 0.000 | instr | ok |  |  |' \
	"$(grep '^| `addi100` |  | 1 | 1 |' "$out/group/report.md")"
check "index.html: group 1's row, its calls and per-call figures" \
	grep -q '<td>addi100</td><td class="p"></td><td class="n">1</td><td class="n">3</td><td class="n">100</td><td class="n">100.000</td><td class="n">100.000</td><td class="n">100.000</td><td class="n">0.000</td>' \
	"$out/group/index.html"
if [ "$plots" = 1 ]; then
	"$rvb" report "$out/group" >/dev/null 2>&1
	check_eq "report with its figures: exit 0" 0 "$?"
	check_eq "... every group's row links the benchmark's one image" 4 \
		"$(grep -c '^| `addi100` .* | \[plot\](plot-addi100.png) |$' "$out/group/report.md")"
fi
# A malformed fractional cell is still refused: group 1's min "100.".
mkdir -p "$out/badmin"
cp "$out/group/meta.json" "$out/group/samples.csv" "$out/group/gaps.csv" "$out/badmin/"
c=$(csv_col "$out/group/summary.csv" min)
awk -F, -v OFS=, -v c="$c" 'NR == 3 { $c = "100." } { print }' "$out/group/summary.csv" \
	>"$out/badmin/summary.csv"
"$rvb" report --no-plots "$out/badmin" >/dev/null 2>"$out/badmin.err"
check_eq "report refuses a min of '100.' (exit 2)" 2 "$?"
check_eq "... naming the line and column" \
	"rvbench: report: $out/badmin/summary.csv:3: column 'min' is not an unsigned number: '100.'" \
	"$(cat "$out/badmin.err")"
check "... and writes no page" test ! -e "$out/badmin/index.html" -a ! -e "$out/badmin/report.md"

# 2. A fleet's merged directory: three QEMUs, the same blocks on each.
q fleet 'rvbench.run=addi100,qsort rvbench.samples=50 rvbench.warmup=5' -j 2 --repeat 3
check_eq "three QEMUs run (exit 0)" 0 "$?"
"$rvb" report $draw "$out/fleet" >/dev/null 2>"$out/fleet.err"
check_eq "report of the fleet's directory: exit 0" 0 "$?"
check_eq "report.md: a device column (one run each: no run column)" \
	'| device | benchmark | params | hart | count | min | median | p99 | MAD | unit | status | work per instr | plot |' \
	"$(grep '^| device |' "$out/fleet/report.md")"
check_eq "report.md: each row names its device" \
	'qemu-01 addi100,qemu-01 qsort,qemu-02 addi100,qemu-02 qsort,qemu-03 addi100,qemu-03 qsort' \
	"$(sed -n 's/^| `\(qemu-[0-9]*\)` | `\([a-z0-9]*\)` .*/\1 \2/p' "$out/fleet/report.md" | paste -sd, -)"
check "index.html: the device column" grep -q '<tr><th>device</th><th>benchmark</th>' \
	"$out/fleet/index.html"
check_eq "samples: those of all three runs (55 a block, 5 of them warmup)" \
	'| samples | 330 in 6 blocks |' \
	"$(grep '^| samples |' "$out/fleet/report.md")"
if [ "$plots" = 1 ]; then
	check_eq "each row links its own image, and every image is linked" "$(pngs "$out/fleet")" \
		"$(links "$out/fleet")"
	check_eq "... six of them" 6 "$(grep -c '^| `qemu-.* | \[plot\](plot-[^)]*) |$' "$out/fleet/report.md")"
	check "... none left over under 'Other figures'" \
		sh -c "! grep -q 'Other figures' '$out/fleet/report.md' '$out/fleet/index.html'"
fi
check "figures sit in a grid (an odd last one keeps its column's width)" \
	grep -q '\.figs{display:grid;' "$out/fleet/index.html"

# 3. Two runs of one board, merged: the run tells their rows apart.
mkdir -p "$out/two"
{
	printf 'device,run,bench,block,params,hart,group,batch,index,warmup,cycles,instret\r\n'
	for run in board-a/0000000a board-a/0000000b; do
		for i in 0 1 2 3 4 5 6 7; do
			printf 'board-a,%s,loop,0,,1,0,1,%d,0,%d,10\r\n' "$run" $i $((100 + i))
		done
	done
} >"$out/two/samples.csv"
{
	printf 'device,run,bench,block,params,hart,group,batch,count,min,median,p99,mad,status\r\n'
	printf 'board-a,board-a/0000000a,loop,0,,1,0,1,8,100,103,107,2,ok\r\n'
	printf 'board-a,board-a/0000000b,loop,0,,1,0,1,8,100,103,107,2,ok\r\n'
} >"$out/two/summary.csv"
meta_for_samples "$out/two"
"$rvb" report $draw "$out/two" >/dev/null 2>"$out/two.err"
check_eq "report of two runs of one board: exit 0" 0 "$?"
check_eq "report.md: device and run columns" \
	'| device | run | benchmark | params | hart | count | min | median | p99 | MAD | unit | status | work per cycle | plot |' \
	"$(grep '^| device |' "$out/two/report.md")"
if [ "$plots" = 1 ]; then
	check_eq "report.md: each run's row links its run's image" \
		'| `board-a` | `board-a/0000000a` | `loop` |  | 1 | 8 | 100 | 103 | 107 | 2 | cycles | ok |  | [plot](plot-loop-hart1-board-a_0000000a.hf61b4b75.png) |;| `board-a` | `board-a/0000000b` | `loop` |  | 1 | 8 | 100 | 103 | 107 | 2 | cycles | ok |  | [plot](plot-loop-hart1-board-a_0000000b.hf31b46bc.png) |' \
		"$(grep '^| `board-a`' "$out/two/report.md" | paste -sd';' -)"
	check_eq "... every image linked" "$(pngs "$out/two")" "$(links "$out/two")"
fi

# 4. A parallel run: one benchmark on harts 1 and 2, an image each.
mkdir -p "$out/par"
{
	printf 'run,bench,block,params,hart,group,batch,index,warmup,cycles,instret\r\n'
	for h in 1 2; do
		for i in 0 1 2 3 4 5 6 7; do
			printf '0000000c,par,%d,,%d,0,1,%d,0,%d,10\r\n' $((h - 1)) $h $i $((100 * h + i))
		done
	done
} >"$out/par/samples.csv"
{
	printf 'run,bench,block,params,hart,group,batch,count,min,median,p99,mad,status\r\n'
	printf '0000000c,par,0,,1,0,1,8,100,103,107,2,ok\r\n'
	printf '0000000c,par,1,,2,0,1,8,200,203,207,2,ok\r\n'
} >"$out/par/summary.csv"
meta_for_samples "$out/par"
"$rvb" report $draw "$out/par" >/dev/null 2>"$out/par.err"
check_eq "report of a parallel run: exit 0" 0 "$?"
check "index.html: the hart column" grep -q '<th class="n">hart</th>' "$out/par/index.html"
if [ "$plots" = 1 ]; then
	check_eq "report.md: each hart's row links its hart's image" \
		'| `par` |  | 1 | 8 | 100 | 103 | 107 | 2 | cycles | ok |  | [plot](plot-par-hart1.png) |;| `par` |  | 2 | 8 | 200 | 203 | 207 | 2 | cycles | ok |  | [plot](plot-par-hart2.png) |' \
		"$(grep '^| `par`' "$out/par/report.md" | paste -sd';' -)"
	check "... none left over under 'Other figures'" \
		sh -c "! grep -q 'Other figures' '$out/par/report.md' '$out/par/index.html'"
fi

# 5. No benchmark selected: the page says so, with no figure to draw.
q none 'rvbench.run=nosuch'
check_eq "a run that selects no benchmark: exit 2" 2 "$?"
"$rvb" report "$out/none" >/dev/null 2>"$out/none.err"
check_eq "report of it: exit 0 (was: samples.csv: no samples)" 0 "$?"
check_eq "... nothing on stderr" "" "$(cat "$out/none.err")"
check_eq "report.md: the result says nothing was measured, and why" \
	'| result | nothing measured: no benchmark was selected (rvbench.run= matched nothing?) |' \
	"$(grep '^| result |' "$out/none/report.md")"
check_eq "report.md: no samples, no block" '| samples | none: no block ran |' \
	"$(grep '^| samples |' "$out/none/report.md")"
check "report.md: the problem listed" \
	grep -q -x -F -- '- no benchmark selected (rvbench.run= matched nothing?)' "$out/none/report.md"
check "report.md: no table, why said" grep -q -x -F \
	'Nothing to show: no benchmark was selected (rvbench.run= matched nothing?).' "$out/none/report.md"
check "index.html: why said" grep -q -F \
	'<p class="empty">Nothing to show: no benchmark was selected (rvbench.run= matched nothing?).</p>' \
	"$out/none/index.html"
check "... and no figure drawn" sh -c "! ls '$out/none'/plot-*.png >/dev/null 2>&1"
rm -f "$out/none/index.html" "$out/none/report.md"
"$rvb" report --no-plots "$out/none" >/dev/null 2>&1
check_eq "report --no-plots of it: the same result (was: 'complete, ok')" \
	'| result | nothing measured: no benchmark was selected (rvbench.run= matched nothing?) |' \
	"$(grep '^| result |' "$out/none/report.md")"

# 6. Its only block faulted: the table, and why there is no figure.
q fault 'rvbench.run=demo_fault'
check_eq "a run whose only block faults: exit 1" 1 "$?"
"$rvb" report "$out/fault" >/dev/null 2>"$out/fault.err"
check_eq "report of it: exit 0 (was: samples.csv: no samples)" 0 "$?"
check_eq "report.md: the result" \
	'| result | failed: a block or the run itself failed (see Problems); no sample was lost; no block measured a sample |' \
	"$(grep '^| result |' "$out/fault/report.md")"
check_eq "report.md: one block (not '1 blocks')" '| samples | 0 in 1 block |' \
	"$(grep '^| samples |' "$out/fault/report.md")"
check "report.md: the table's note says one block" grep -q -x -F 'Per call, in instr; 1 block.' \
	"$out/fault/report.md"
check "report.md: the fault among the problems, with its benchmark" \
	grep -q -x -F -- '- bench 0 (`demo_fault`): status=fault' \
	"$out/fault/report.md"
check "report.md: why there is no figure" grep -q -x -F 'No figures: no block measured a sample.' \
	"$out/fault/report.md"
check "index.html: why there is no figure" grep -q -F \
	'<p class="empty">No figures: no block measured a sample.</p>' "$out/fault/index.html"

# 7. A skipped block: not a failure, its reason shown.
q skip 'rvbench.run=mem_latency_rand mem_latency_rand.size_kib=4,262144 rvbench.samples=50 rvbench.warmup=5'
check_eq "a run with a block too large to fit: exit 0" 0 "$?"
"$rvb" report --no-plots "$out/skip" >/dev/null 2>"$out/skip.err"
check_eq "report of it: exit 0" 0 "$?"
check "report.md: skipped, not bold, with summary.csv's reason" \
	grep -q '^| `mem_latency_rand` | `size_kib=262144;steps=64` | 1 | 0 | - | - | - | - | instr | skipped: size\\_kib=262144 does not fit, the arena holds [0-9]* KiB .* |  |  |$' \
	"$out/skip/report.md"
check "index.html: skipped in grey, the reason beside it" \
	grep -q '<td class="skip why">skipped: <span class="reason">size_kib=262144 does not fit, the arena holds [0-9]* KiB' \
	"$out/skip/index.html"
check "index.html: nothing marked bad" sh -c "! grep -q 'class=\"bad' '$out/skip/index.html'"
check_eq "report.md: the result counts the skipped block, not as a failure" \
	'| result | complete, ok: no sample was lost and no block failed (1 skipped) |' \
	"$(grep '^| result |' "$out/skip/report.md")"
