#!/bin/sh
# rvbench plot and compare --plot on a real run (QEMU, -icount): a block
# that lost a line of samples on the way (the line cut from uart.log, the
# log replayed) is drawn at its sample indices, the hole shaded where
# gaps.csv says, the lost count in its title; `plot -b` of a benchmark
# that faulted before its first sample says so; the CDF overlay counts in
# instr, as the run did; `plot DIR` names the blocks no image shows (a
# fault before the first sample, a skipped block). The figures' scripts
# and data are read as text.
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
fresh_out plot-run
need_gnuplot

. tests/system/plot_capture.sh

timeout 120 "$rvb" qemu -q --bootargs 'rvbench.run=alloc,demo_fault' -o "$out/run" \
	"$build/rvbench.elf" >"$out/run.stdout" 2>&1
check_eq "a run of alloc and demo_fault (which faults) exits 1" 1 "$?"

# The second S line of alloc's block, cut from the log as a serial line
# that lost it would: $line, the first index it held and how many.
log=$out/run/uart.log
id=$(grep -a -o 'BENCH id=[0-9]* name=alloc ' "$log" | sed 's/BENCH id=\([0-9]*\) .*/\1/')
set -- $(awk -v id="$id" '$1 == "@RVB" && $4 == "S" && $5 == id && ++n == 2 { print NR, $6, $7; exit }' "$log")
line=${1:-0} first=${2:-0} count=${3:-0}
check "alloc's second line of samples holds measured ones (after the 100 of warmup)" \
	test "$first" -ge 100 -a "$count" -gt 0
sed "${line}d" "$log" >"$out/lost.log"
"$rvb" replay --allow-partial -o "$out/lost" "$out/lost.log" >"$out/replay.out" 2>&1
check_eq "gaps.csv names the samples of that line as lost" \
	"$id,alloc,$first,$((first + count - 1)),$count,line lost" \
	"$(tr -d '\r' <"$out/lost/gaps.csv" | grep ",alloc," | cut -d, -f2-)"
capture "$out/cap" plot -j 1 -b alloc "$out/lost" >/dev/null 2>"$out/plot.err"
check_eq "plot -b alloc of the replayed run exits 0" "0" "$?"
d=$(fig_dir "$out/cap" plot-alloc.png)
check "the title counts the lost samples: $((1000 - count)) of 1000, $count lost" \
	grep -q "^set multiplot .*: $((1000 - count)) of 1000 samples, $count lost'\$" "$d/plot.gp"
check_eq "the samples in order by index: $((first - 1)), then $((first + count))" \
	"$((first + count))" "$(awk -v at=$((first - 1)) '$1 == at { getline; print $1 }' "$d/seq.dat")"
check_eq "... the hole shaded over the indices gaps.csv gives" \
	"$((first - 1)).5 $((first + count - 1)).5" "$(cat "$d/lost.dat" 2>/dev/null)"
check "... and named in the panel's title" \
	grep -q "^set title 'Samples in order ($count lost: shaded)'\$" "$d/plot.gp"

"$rvb" plot -b demo_fault "$out/run" >/dev/null 2>"$out/fault.err"
check_eq "plot -b demo_fault (no sample: it faulted first) exits 2" 2 "$?"
fid=$(grep -a -o 'BENCH id=[0-9]* name=demo_fault ' "$log" | sed 's/BENCH id=\([0-9]*\) .*/\1/')
check "... and says how it ended, not that there is no such benchmark" \
	grep -q "^rvbench: plot: 'demo_fault' has no measured sample to plot: block $fid of run [0-9a-f]* ended with status fault\$" "$out/fault.err"
"$rvb" plot -b no_such_bench "$out/run" >/dev/null 2>"$out/none.err"
check "a benchmark that is not there at all is still named as missing" \
	grep -q "^rvbench: plot: no benchmark 'no_such_bench' in .*/samples.csv\$" "$out/none.err"

capture "$out/cmpcap" compare --plot "$out/cdf.png" "$out/run:alloc" "$out/run:alloc" >/dev/null 2>&1
check "compare --plot of the -icount run: the x axis in instr" \
	grep -q "^set xlabel 'instr'\$" "$(fig_dir "$out/cmpcap" cdf.png)/cmp.gp"
capture "$out/runcap" plot -j 1 -b alloc "$out/run" >/dev/null 2>&1
check "... the unit plot gives the same run" \
	grep -q "^set xlabel 'instr'\$" "$(fig_dir "$out/runcap" plot-alloc.png)/plot.gp"

# Plotting the whole run draws alloc and names the block no image shows.
rid=$(sed -n 's/.*"tag": *"\([0-9a-f]*\)".*/\1/p' "$out/run/meta.json" | head -n 1)
"$rvb" plot -j 1 -o "$out/all.png" "$out/run" >"$out/all.out" 2>"$out/all.err"
check_eq "plot DIR (one benchmark drawn, one faulted first) exits 0" 0 "$?"
check_eq "... draws alloc" "$out/all.png" "$(cat "$out/all.out")"
check_eq "... and names demo_fault's block, which no image shows" \
	"rvbench: plot: no image of demo_fault: block $fid of run $rid ended with status fault" \
	"$(cat "$out/all.err")"

# A block skipped (a 256 MiB working set in QEMU's default RAM) beside one
# measured: the plot of the sweep's benchmark names the skipped block.
timeout 120 "$rvb" qemu -q -o "$out/skip" --bootargs \
	'rvbench.run=mem_latency_seq mem_latency_seq.size_kib=4,262144 rvbench.samples=10' \
	"$build/rvbench.elf" >/dev/null 2>&1
check_eq "a run with a block skipped exits 0" 0 "$?"
"$rvb" plot -j 1 -o "$out/skip.png" "$out/skip" >"$out/skip.out" 2>"$out/skip.err"
check_eq "plot DIR exits 0" 0 "$?"
check_eq "... draws the measured block" "$out/skip.png" "$(cat "$out/skip.out")"
check "... and names the skipped one with its reason" \
	grep -q -x "rvbench: plot: no image of mem_latency_seq size_kib=262144;steps=64;stride=64: block 1 of run [0-9a-f]* ended with status skipped (size_kib=262144 does not fit, the arena holds [0-9]* KiB (largest power of two: [0-9]* KiB))" \
	"$out/skip.err"
check_eq "... once" 1 "$(grep -c 'no image' "$out/skip.err")"
