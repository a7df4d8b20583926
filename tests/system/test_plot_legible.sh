#!/bin/sh
# The figures a person reads, on the data that drew them badly (no QEMU):
# a block whose samples are all 0 (empty), one of 0 or 1 (timer_irq_ticks),
# a single sample; read in their gnuplot scripts and data. Each says what
# machine measured it; integers tick as integers; samples of 0 are not
# hidden under the border; a single sample draws its CDF and percentile
# curve; the keys of the sweep and of compare --plot stand beside the
# data, not on it; the report shows a figure at a size its labels read.
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
fresh_out plot_legible
need_gnuplot
. tests/system/plot_capture.sh

# zero: 200 samples of 0; ticks: 0 every fourth sample, else 1; one: the
# single sample 941; lat: a sweep of 3 sizes, its cost per call falling.
mkdir -p "$out/d"
awk 'BEGIN {
	printf "run,bench,block,params,hart,group,batch,index,warmup,input,cycles,instret,cycles_raw,instret_raw,flags\r\n"
	for (i = 0; i < 200; i++)
		printf "00000011,zero,0,,1,0,1,%d,0,0,0,0,6,6,0\r\n", i
	for (i = 0; i < 200; i++)
		printf "00000011,ticks,1,,1,0,1,%d,0,0,%d,0,%d,6,0\r\n", i, i % 4 != 0, (i % 4 != 0) + 6
	printf "00000011,one,2,,1,0,1,0,0,0,941,900,947,906,0\r\n"
	for (k = 0; k < 3; k++)
		for (i = 0; i < 20; i++)
			printf "00000011,lat,%d,size_kib=%d,1,0,1,%d,0,0,%d,85,%d,89,0\r\n", 3 + k, 4 ^ (k + 1), i, 900 / (k + 1) + i % 3, 906 / (k + 1) + i % 3
}' >"$out/d/samples.csv"
meta_for_samples "$out/d"
# As `rvbench qemu` writes them: the model in the run's header, QEMU and
# its -icount in the source.
python3 - "$out/d/meta.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
m["source"] = {"kind": "qemu", "qemu_version": "7.2.22", "icount": "0"}
m["runs"][0]["header"] = {"model": "Test Board A1"}
json.dump(m, open(sys.argv[1], "w"))
PY
capture "$out/cap" plot -j 1 "$out/d" >/dev/null 2>"$out/plot.err"
check_eq "plot of zero, ticks, one and the sweep exits 0, gnuplot silent" "0 " "$? $(cat "$out/plot.err")"

d=$(fig_dir "$out/cap" plot-zero.png)
check "the title says the machine and how it counted, the block below" \
	grep -q -x -F "set multiplot layout 2,2 title 'Test Board A1, QEMU 7.2.22 -icount: instructions, not cycles' . \"\\n\" . 'zero (run 00000011, hart 1, group 0, N = 1): 200 samples'" "$d/plot.gp"
check "the border behind the data (samples of 0 lie on it)" grep -q -x 'set border back' "$d/plot.gp"
check_eq "zero: every value axis from half a unit below 0 (the bar of 0 whole)" 4 \
	"$(grep -c '^set [xy]range \[-0\.5:' "$d/plot.gp")"
check_eq "... ticking each integer from 0 (no 0.2 of an instruction, none below 0)" 4 \
	"$(grep -c '^set [xy]tics 0, 1$' "$d/plot.gp")"
check "... the CDF's fraction axis ticks on its own" \
	sh -c "sed -n '/^set title .CDF/,/^plot/p' '$d/plot.gp' | grep -q -x 'set ytics autofreq'"
d=$(fig_dir "$out/cap" plot-ticks.png)
check "ticks (0 or 1): the axis -0.5 .. 1.55, a tick at 0 and at 1" \
	sh -c "grep -q -x 'set xrange \[-0.5:1.55\]' '$d/plot.gp' && grep -q -x 'set xtics 0, 1' '$d/plot.gp'"
check "... the histogram's 150 samples ticked by gnuplot" \
	sh -c "sed -n '/^set title .Histogram/,/^plot/p' '$d/plot.gp' | grep -q -x 'set ytics autofreq'"
check_eq "... the CDF rises from 0 at the smallest value" "0 0.000000" "$(head -n 1 "$d/sorted.dat")"
d=$(fig_dir "$out/cap" plot-one.png)
check "one sample: '1 sample', not '1 samples'" grep -q ": 1 sample'$" "$d/plot.gp"
check_eq "... its CDF and percentile curve have two points (one drew nothing)" \
	"941 0.000000;941 100.000000" "$(tr '\n' ';' <"$d/sorted.dat" | sed 's/;$//')"
check "... its value axis ticks each integer from 936" \
	sh -c "grep -q -x 'set xrange \[935.5:946.5\]' '$d/plot.gp' && grep -q -x 'set xtics 936, 1' '$d/plot.gp'"
check "... the histogram's count axis ticks 0 and 1, not 0.2" \
	sh -c "sed -n '/^set title .Histogram/,/^plot/p' '$d/plot.gp' | grep -q -x 'set ytics 0, 1'"
check "... the sample index is whole, and the lone sample a dot of full size" \
	sh -c "sed -n '/^set title .Samples in order/,/^plot/p' '$d/plot.gp' | grep -q -x 'set xtics 0, 1' && grep -q 'with points pt 7 ps 1 ' '$d/plot.gp'"
d=$(fig_dir "$out/cap" plot-lat-sweep.png)
check "sweep: the machine in its title too" \
	grep -q "^set title 'Test Board A1, QEMU 7.2.22 -icount: instructions, not cycles' \. \"\\\\n\" \. 'lat (run 00000011): instr per call against size_kib" "$d/sweep.gp"
check "... its key below the axes (top left stood on the falling cost)" \
	sh -c "grep -q -x 'set key below' '$d/sweep.gp' && grep -q -x 'set bmargin 5' '$d/sweep.gp'"

# Tick labels as gnuplot draws them: none negative.
"$rvb" plot -j 1 -o "$out/z.svg" "$out/d" >/dev/null 2>&1
for b in zero ticks one; do
	check "$b: no negative tick label" python3 - "$out/z-$b.svg" <<'PY'
import re, sys
svg = open(sys.argv[1]).read()
labels = [t.strip() for t in re.findall(r'<text>([^<]*)</text>', svg)]
sys.exit(1 if not labels or any(re.fullmatch(r'-[\d.]+', t) for t in labels) else 0)
PY
done

# A board: the model and its clock, and the device's name.
mkdir -p "$out/board"
cp "$out/d/samples.csv" "$out/board/"
meta_for_samples "$out/board" complete board-7
python3 - "$out/board/meta.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
m["source"] = {"kind": "serial", "port": "/dev/ttyUSB1"}
m["runs"][0]["header"] = {"model": "Test Board A1"}
m["runs"][0]["context"] = {"clock_hz": 1000000000}
json.dump(m, open(sys.argv[1], "w"))
PY
capture "$out/bcap" plot -j 1 -b one "$out/board" >/dev/null 2>&1
check "a board's figure: its model, clock and device name" \
	grep -q "^set multiplot layout 2,2 title 'Test Board A1, 1000.000 MHz; device board-7' \. " \
	"$(fig_dir "$out/bcap" plot-one.png)/plot.gp"

# compare --plot: the key beside each panel, the CDFs from 0.
capture "$out/ccap" compare --plot "$out/cmp.png" "$out/d" "$out/d" >/dev/null 2>&1
d=$(fig_dir "$out/ccap" cmp.png)
check "compare --plot: the key beside the panels, not over the curves" \
	grep -q -x 'set key outside right top vertical' "$d/cmp.gp"
check_eq "... each CDF rises from 0 at its smallest value" "0 0.000000" "$(head -n 1 "$d/a.dat")"

# The report: figures one a row on its page of 1200 px, not two at half size.
awk 'BEGIN {
	printf "run,bench,block,params,hart,group,batch,count,min,median,p99,mad,unit,per_call,status\r\n"
	printf "00000011,zero,0,,1,0,1,200,0,0,0,0,,,ok\r\n00000011,ticks,1,,1,0,1,200,0,1,1,0,,,ok\r\n"
	printf "00000011,one,2,,1,0,1,1,941,941,941,0,,,ok\r\n"
	for (k = 0; k < 3; k++)
		printf "00000011,lat,%d,size_kib=%d,1,0,1,20,0,0,0,0,,,ok\r\n", 3 + k, 4 ^ (k + 1)
}' >"$out/d/summary.csv"
"$rvb" report --no-plots "$out/d" >/dev/null 2>"$out/report.err"
check_eq "report of that directory exits 0" "0 " "$? $(cat "$out/report.err")"
check "report: a column of figures at least 900 px wide" \
	grep -q 'grid-template-columns:repeat(auto-fill,minmax(min(900px,100%),1fr))' "$out/d/index.html"
