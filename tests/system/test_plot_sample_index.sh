#!/bin/sh
# The "Samples in order" panel draws each sample at its index. A block
# without warmup starts at index 0, and the index axis was cut at 0: that
# first sample lay on the left border, and a block of one sample had an
# axis of [0, 0.51] with its lone dot on the edge. The axis now reaches
# half an index below the first, as the value axis does below 0; its
# ticks still start at 0 (no tick of -1). Read in the captured scripts.
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
fresh_out plot_sample_index
need_gnuplot
. tests/system/plot_capture.sh

# one: the single sample 941 at index 0; twenty: indices 0..19; late:
# indices 100..119 (after warmup), whose axis needs no change.
mkdir -p "$out/d"
awk 'BEGIN {
	printf "run,bench,block,params,hart,group,batch,index,warmup,input,cycles,instret,cycles_raw,instret_raw,flags\r\n"
	printf "00000011,one,0,,1,0,1,0,0,0,941,900,947,906,0\r\n"
	for (i = 0; i < 20; i++)
		printf "00000011,twenty,1,,1,0,1,%d,0,0,%d,0,%d,6,0\r\n", i, 500 + i % 3, 506 + i % 3
	for (i = 0; i < 120; i++)
		printf "00000011,late,2,,1,0,1,%d,%d,0,%d,0,%d,6,0\r\n", i, i < 100, 500 + i % 3, 506 + i % 3
}' >"$out/d/samples.csv"
meta_for_samples "$out/d"
capture "$out/cap" plot -j 1 "$out/d" >/dev/null 2>"$out/plot.err"
check_eq "plot exits 0, gnuplot silent" "0 " "$? $(cat "$out/plot.err")"

# seq_axis IMAGE: the xrange and xtics lines of IMAGE's samples-in-order panel.
seq_axis() {
	sed -n '/^set title .Samples in order/,/^plot/p' "$(fig_dir "$out/cap" "$1")/plot.gp" |
		grep -E '^set x(range|tics)' | tr '\n' ';'
}
check_eq "one sample at index 0: the axis half an index either side, a tick at 0" \
	"set xrange [-0.51:0.51];set xtics 0, 1;" "$(seq_axis plot-one.png)"
check_eq "indices 0 to 19: the first not on the border, ticks from 0" \
	"set xrange [-0.7:19.7];set xtics autofreq;" "$(seq_axis plot-twenty.png)"
check_eq "indices 100 to 119 (after warmup): as before" \
	"set xrange [99.3:119.7];set xtics autofreq;" "$(seq_axis plot-late.png)"

# As gnuplot draws them: no negative tick label on any axis.
"$rvb" plot -j 1 -o "$out/z.svg" "$out/d" >/dev/null 2>&1
for b in one twenty; do
	check "$b: no negative tick label" python3 - "$out/z-$b.svg" <<'PY'
import re, sys
svg = open(sys.argv[1]).read()
labels = [t.strip() for t in re.findall(r'<text>([^<]*)</text>', svg)]
sys.exit(1 if not labels or any(re.fullmatch(r'-[\d.]+', t) for t in labels) else 0)
PY
done
