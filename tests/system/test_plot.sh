#!/bin/sh
# rvbench stats / compare / plot on synthetic result directories (no QEMU):
# the Kanata slope of a group run, the exports (JSON parsed; Google
# Benchmark's compare.py run on gbench-json where it and SciPy are
# installed), the --fail-above gate, gnuplot output (a real PNG / SVG where
# gnuplot is installed), the messages for bad input, and last the figures'
# axes, titles and data as their gnuplot scripts have them (value axes
# never below 0, log for a long tail, the sweep's decades, compare's unit,
# lost samples counted and shown at their indices).
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
out=$build/tests/plot
rm -rf "$out"
mkdir -p "$out/a" "$out/b" "$out/bad"
# Both come with make's packages (scripts/install-deps.sh): without them
# the checks below that need them cannot run, which is a failure here.
check "gnuplot is installed (Debian gnuplot-nox)" sh -c "command -v gnuplot >/dev/null"
check "python3 is installed (for the JSON checks)" sh -c "command -v python3 >/dev/null"

# A: "twopath" (1000 samples, two instret paths) and "grp", a group run of
# exactly 7 + 100 N cycles (N = 10, 20, 30; three samples each).
# B: the same, twopath 10 % slower.
mk() { # DIR FACTOR
	awk -v f="$2" 'BEGIN {
		printf "run,bench,block,params,hart,group,batch,index,warmup,input,cycles,instret,cycles_raw,instret_raw,flags\r\n"
		s = 12345
		for (i = 0; i < 1010; i++) {
			s = (s * 1103515245 + 12345) % 2147483648
			p = (s % 10) < 7
			c = int((p ? 150 : 230) * f) + s % 7
			printf "0000000a,twopath,0,,1,0,1,%d,%d,0,%d,%d,%d,%d,0\r\n", i, i < 10, c, p ? 120 : 180, c + 6, 124
		}
		for (g = 0; g < 3; g++)
			for (k = 0; k < 3; k++) {
				n = 10 + 10 * g
				printf "0000000a,grp,%d,,1,%d,%d,%d,0,0,%d,%d,%d,%d,0\r\n", 1 + g, g, n, k, 7 + 100 * n, 100 * n, 13 + 100 * n, 100 * n + 4
			}
	}' >"$1/samples.csv"
	meta_for_samples "$1"
}
mk "$out/a" 1
mk "$out/b" 1.1

"$rvb" stats "$out/a" >"$out/stats.txt" 2>&1
check_eq "rvbench stats exits 0" 0 "$?"
check "stats: the group run's slope is exactly 100 per call" \
	grep -q 'slope (least squares of the samples on N, 9 samples): 100.000 per call' "$out/stats.txt"
check "stats: intercept 7 (the fixed cost)" grep -q 'intercept (fixed cost): 7.000' "$out/stats.txt"
check "stats: two code paths by instret" grep -q 'code paths by instret: 2' "$out/stats.txt"
check "stats: a text histogram with a CDF column" grep -q '| histogram .* CDF' "$out/stats.txt"

for fmt in json gbench-json; do
	"$rvb" stats --format $fmt -o "$out/a.$fmt" "$out/a"
	check_eq "stats --format $fmt exits 0" 0 "$?"
	if command -v python3 >/dev/null 2>&1; then
		check "stats --format $fmt is valid JSON" python3 -m json.tool "$out/a.$fmt" /dev/null
	fi
done
check "gbench-json has context and benchmarks with real_time, cpu_time, time_unit" \
	sh -c "grep -q '\"context\"' '$out/a.gbench-json' && grep -q '\"benchmarks\"' '$out/a.gbench-json' && grep -q '\"time_unit\": \"ns\"' '$out/a.gbench-json' && grep -q '\"cpu_time\"' '$out/a.gbench-json'"
"$rvb" stats --format gbench-json -o "$out/b.gbench-json" "$out/b"
cmp=/usr/share/benchmark/compare.py
# make deps installs them (libbenchmark-tools, python3-scipy).
check "Google Benchmark's compare.py and SciPy are installed" \
	sh -c "[ -f $cmp ] && /usr/bin/python3 -c 'import scipy'"
/usr/bin/python3 $cmp benchmarks "$out/a.gbench-json" "$out/b.gbench-json" >"$out/compare_py.txt" 2>&1
check_eq "Google Benchmark's compare.py reads rvbench's gbench-json" 0 "$?"
check "compare.py sees twopath about 10 % slower" grep -q 'twopath .*+0\.\(09\|10\|11\)' "$out/compare_py.txt"
"$rvb" stats --format csv -o "$out/a.csv" "$out/a"
check_eq "stats --format csv: one row per series plus the header" 5 "$(wc -l <"$out/a.csv" | tr -d ' ')"

"$rvb" compare "$out/a" "$out/b" >"$out/cmp.txt" 2>&1
check_eq "compare without a gate exits 0" 0 "$?"
check "compare: twopath slower" grep -q '^twopath .* slower$' "$out/cmp.txt"
check "compare: grp has no significant change (~)" grep -q '^grp g0 N=10 .* ~$' "$out/cmp.txt"
"$rvb" compare --fail-above 5 "$out/a" "$out/b" >/dev/null 2>&1
check_eq "compare --fail-above 5 trips on a 10 % regression (exit 1)" 1 "$?"
# Above the limit twopath passes; the grp rows (3 + 3 samples: the
# smallest exact p is 0.1, so nothing is significant at 0.05) fail the
# gate, each on a line of its own, since no slowdown could be seen there.
"$rvb" compare --fail-above 20 "$out/a" "$out/b" >/dev/null 2>"$out/gate20.err"
check_eq "compare --fail-above 20: exit 1, from the grp rows alone" 1 "$?"
check_eq "... twopath's +9.80 % passes the 20 % limit, each 3 + 3 grp row is refused" \
	"rvbench: compare: grp g0 N=10 has too few samples to decide at this level (3 + 3 samples, alpha 0.05)
rvbench: compare: grp g1 N=20 has too few samples to decide at this level (3 + 3 samples, alpha 0.05)
rvbench: compare: grp g2 N=30 has too few samples to decide at this level (3 + 3 samples, alpha 0.05)" \
	"$(grep -v ': warning: ' "$out/gate20.err")"
"$rvb" compare --fail-above 20 --alpha 0.1 "$out/a" "$out/b" >/dev/null 2>&1
check_eq "compare --fail-above 20 --alpha 0.1 (where 3 + 3 can decide) passes" 0 "$?"
"$rvb" compare "$out/a" "$out/b" >"$out/cmp1.txt" 2>&1
check_eq "compare: twopath's change and CI, to the digit" 1 \
	"$(grep -c '^twopath .* +9\.80%  \[+9\.68%, +9\.93%\] .* slower$' "$out/cmp1.txt")"
"$rvb" compare "$out/a" "$out/b" >"$out/cmp2.txt" 2>&1
check "compare: the same table every time (no random resampling)" cmp -s "$out/cmp1.txt" "$out/cmp2.txt"
"$rvb" compare "$out/a:twopath" "$out/a:grp" >"$out/cmp3.txt" 2>&1
check "compare DIR:BENCH DIR:BENCH compares two benchmarks" grep -q '^twopath vs grp ' "$out/cmp3.txt"

if command -v gnuplot >/dev/null 2>&1; then
	"$rvb" plot "$out/a" -o "$out/p.png" >/dev/null 2>&1
	check_eq "plot exits 0" 0 "$?"
	for b in twopath grp; do
		check "plot: $out/p-$b.png is a PNG" \
			sh -c "[ \"\$(od -An -tx1 -N8 '$out/p-$b.png' | tr -d ' ')\" = 89504e470d0a1a0a ]"
	done
	"$rvb" plot "$out/a" -b grp -o "$out/g.svg" >/dev/null 2>&1
	check "plot: an SVG" grep -q '<svg' "$out/g.svg"
	"$rvb" compare "$out/a" "$out/b" --plot "$out/cdf.png" >/dev/null 2>&1
	check "compare --plot: a PNG of the two CDFs" \
		sh -c "[ \"\$(od -An -tx1 -N8 '$out/cdf.png' | tr -d ' ')\" = 89504e470d0a1a0a ]"
	"$rvb" plot "$out/a" -o "$out/p.gif" >/dev/null 2>&1
	check_eq "plot: an unknown image type is an error" 2 "$?"
else
	echo "# gnuplot not installed (Debian gnuplot-nox): plots not tested"
fi

# Files of before the block and params columns: series by (run, bench, group).
mkdir -p "$out/old"
tr -d '\r' <"$out/a/samples.csv" | cut -d, -f1,2,5- | sed 's/$/\r/' >"$out/old/samples.csv"
cp "$out/a/meta.json" "$out/old/meta.json"
"$rvb" stats "$out/old" >/dev/null 2>&1
check_eq "stats refuses to read it unchecked (no block column to check)" 2 "$?"
"$rvb" stats --no-check "$out/old" >"$out/old.txt" 2>&1
check_eq "stats --no-check reads a samples.csv without block and params" 0 "$?"
check "... with the same group run" grep -q 'slope (least squares of the samples on N, 9 samples): 100.000 per call' "$out/old.txt"

# A swept benchmark: mem_latency_rand over size_kib 4 .. 65536 (one block
# each, p.steps=64, 64 loads a call), 3 cycles a load up to 32 KiB (L1), 12
# up to 2 MiB (L2), 80 beyond; unit and per_call in summary.csv. B: the
# same sweep after another benchmark (other block ids), memcpy-like.
mksweep() { # DIR FIRST_BLOCK
	awk -v b0="$2" 'BEGIN {
		printf "run,bench,block,params,hart,group,batch,index,warmup,input,cycles,instret,cycles_raw,instret_raw,flags\r\n"
		s = 777
		for (k = 0; k < 15; k++) {
			kib = 2 ^ (k + 2)
			lat = kib <= 32 ? 3 : kib <= 2048 ? 12 : 80
			for (i = 0; i < 45; i++) {
				s = (s * 1103515245 + 12345) % 2147483648
				c = 64 * lat + s % (4 * lat) + 6
				printf "0000000b,mem_latency_rand,%d,size_kib=%d;steps=64,1,0,1,%d,%d,0,%d,85,%d,89,0\r\n", b0 + k, kib, i, i < 5, c, c + 6
			}
		}
	}' >"$1/samples.csv"
	awk -v b0="$2" 'BEGIN {
		printf "run,bench,block,params,hart,group,batch,unit,per_call,status\r\n"
		for (k = 0; k < 15; k++)
			printf "0000000b,mem_latency_rand,%d,size_kib=%d;steps=64,1,0,1,load,64,ok\r\n", b0 + k, 2 ^ (k + 2)
	}' >"$1/summary.csv"
	meta_for_samples "$1"
}
mkdir -p "$out/sa" "$out/sb"
mksweep "$out/sa" 0
mksweep "$out/sb" 7
"$rvb" stats "$out/sa" >"$out/sweep.txt" 2>&1
check_eq "stats on a sweep exits 0" 0 "$?"
check_eq "stats: one series per swept block, labelled with its parameters" 15 \
	"$(grep -c '^mem_latency_rand \[size_kib=[0-9]*;steps=64\] (run 0000000b, hart 1, group 0, batch 1): 40 samples$' "$out/sweep.txt")"
check "stats: no group run made of the sweep's blocks" sh -c "! grep -q 'group run' '$out/sweep.txt'"
"$rvb" stats --format csv -o "$out/sweep.csv" "$out/sa"
check "stats --format csv: block and params columns" \
	grep -q '^0000000b,mem_latency_rand,3,size_kib=32;steps=64,1,0,1,40,' "$out/sweep.csv"
"$rvb" compare "$out/sa" "$out/sb" >"$out/sweep-cmp.txt" 2>&1
check_eq "compare matches the sweep points by parameters, not block ids" "15 0" \
	"$(grep -c '^mem_latency_rand  *size_kib=[0-9]*;steps=64 .* ~$' "$out/sweep-cmp.txt") $(grep -c 'only in' "$out/sweep-cmp.txt")"
"$rvb" compare -f csv "$out/sa" "$out/sb" >"$out/sweep-cmp.csv" 2>&1
check "compare -f csv: a params column" \
	grep -q '^mem_latency_rand,mem_latency_rand,size_kib=2048;steps=64,0,,1,40,40,' "$out/sweep-cmp.csv"
# A parallel run: one benchmark on harts 1 and 2. Compared hart by hart,
# whatever the block ids; B's hart 2 is 20 % slower.
mkpar() { # DIR SWAP FACTOR2
	awk -v sw="$2" -v f="$3" 'BEGIN {
		printf "run,bench,block,params,hart,group,batch,index,warmup,input,cycles,instret,cycles_raw,instret_raw,flags\r\n"
		s = 99
		for (h = 1; h <= 2; h++)
			for (i = 0; i < 200; i++) {
				s = (s * 1103515245 + 12345) % 2147483648
				c = int((100 + s % 9) * (h == 2 ? f : 1))
				printf "0000000c,par,%d,,%d,0,1,%d,0,0,%d,50,%d,54,0\r\n", sw ? 2 - h : h - 1, h, i, c, c + 6
			}
	}' >"$1/samples.csv"
	meta_for_samples "$1"
}
mkdir -p "$out/pa" "$out/pb"
mkpar "$out/pa" 0 1
mkpar "$out/pb" 1 1.2
"$rvb" compare "$out/pa" "$out/pb" >"$out/par-cmp.txt" 2>&1
check "compare: a parallel run is compared hart by hart (hart 1 unchanged)" \
	grep -q '^par hart 1 .* ~$' "$out/par-cmp.txt"
check "... (hart 2 slower)" grep -q '^par hart 2 .* slower$' "$out/par-cmp.txt"

if command -v gnuplot >/dev/null 2>&1; then
	"$rvb" plot "$out/sa" -o "$out/s.png" >"$out/splot.out" 2>"$out/splot.err"
	check_eq "plot of a sweep exits 0" 0 "$?"
	check_eq "... and gnuplot ran without an error or a warning" "" "$(cat "$out/splot.err")"
	check_eq "... one image per block and one sweep figure" 16 "$(wc -l <"$out/splot.out" | tr -d ' ')"
	check "... the blocks' images named by their parameters" test -s "$out/s-mem_latency_rand-size_kib=64-steps=64.png"
	check "... the sweep figure is a PNG" \
		sh -c "[ \"\$(od -An -tx1 -N8 '$out/s-mem_latency_rand-sweep.png' | tr -d ' ')\" = 89504e470d0a1a0a ]"
	"$rvb" plot "$out/sa" -o "$out/s.svg" >/dev/null 2>"$out/ssvg.err"
	check "the sweep as SVG: cycles per load against size_kib, sizes on the axis" \
		sh -c "grep -q 'cycles per load against size_kib' '$out/s-mem_latency_rand-sweep.svg' && grep -q '2 MiB' '$out/s-mem_latency_rand-sweep.svg'"

	# Two legal benchmark names that a file name cannot tell apart by
	# replacing ':' with '_' alone: two images, and the report links each
	# to its own (host-tools/output/plot_file_name.h).
	mkdir -p "$out/colon"
	{
		printf 'run,bench,block,params,hart,group,batch,index,warmup,cycles,instret\r\n'
		for i in 0 1 2 3 4 5 6 7; do
			printf '0000000a,a:b,0,,1,0,1,%d,0,%d,10\r\n' $i $((100 + i))
			printf '0000000a,a_b,1,,1,0,1,%d,0,%d,10\r\n' $i $((200 + i))
		done
	} >"$out/colon/samples.csv"
	{
		printf 'run,bench,block,params,hart,group,batch,count,min,median,p99,mad,status\r\n'
		printf '0000000a,a:b,0,,1,0,1,8,100,103,107,2,ok\r\n'
		printf '0000000a,a_b,1,,1,0,1,8,200,203,207,2,ok\r\n'
	} >"$out/colon/summary.csv"
	meta_for_samples "$out/colon"
	"$rvb" report "$out/colon" >/dev/null 2>"$out/colon.err"
	check_eq "report of benchmarks a:b and a_b exits 0" 0 "$?"
	check_eq "... two images, a_b's name kept, a:b's with the hash of its name" \
		"plot-a_b.h08bd8540.png plot-a_b.png" \
		"$(cd "$out/colon" && ls plot-*.png | tr '\n' ' ' | sed 's/ $//')"
	check_eq "... report.md links a:b and a_b each to its own image" \
		"a:b plot-a_b.h08bd8540.png;a_b plot-a_b.png" \
		"$(sed -n 's/^| `\(a[:_]b\)` .*\[plot\](\(plot-[^)]*\)) |$/\1 \2/p' "$out/colon/report.md" | tr '\n' ';' | sed 's/;$//')"
fi

# Bad input: named file and line; a missing side; an incomplete run.
head -n 3 "$out/a/samples.csv" >"$out/bad/samples.csv"
printf '0000000a,twopath,0,,1,0,1,9,0,0,12x,120,1,1,0\r\n' >>"$out/bad/samples.csv"
"$rvb" stats "$out/bad" >/dev/null 2>"$out/bad.err"
check_eq "stats on a malformed CSV exits 2" 2 "$?"
check "the message names the file and line" grep -q "bad/samples.csv:4: column 'cycles': '12x'" "$out/bad.err"
"$rvb" stats "$out/none" >/dev/null 2>"$out/none.err"
check_eq "stats on a missing directory exits 2" 2 "$?"
check "the message names the missing file" grep -q 'none/samples.csv: No such file' "$out/none.err"
head -n 5 "$out/a/samples.csv" >"$out/bad/samples.csv" # warmup rows
printf '0000000a,twopath,0,,1,0,1,10,0,0,150,120,156,124,0\r\n' >>"$out/bad/samples.csv" # one sample
meta_for_samples "$out/bad" incomplete
"$rvb" stats "$out/bad" >"$out/inc.txt" 2>"$out/inc.err"
check_eq "stats on an incomplete run exits 1" 1 "$?"
check "and says so" grep -q 'incomplete run' "$out/inc.err"
check "a statistic that cannot be computed is n/a with a reason" grep -q 'n/a (' "$out/inc.txt"
"$rvb" compare "$out/a" "$out/bad" >"$out/miss.txt" 2>&1
check "compare: a benchmark only in A is named" grep -q '^grp .*only in A: not compared' "$out/miss.txt"

# ---- the figures' axes, titles and data, read in their gnuplot scripts ----
need_gnuplot

. tests/system/plot_capture.sh
# labels_ok SVG: every numeric tick label of a figure is not negative and
# lies inside the picture (its width estimated from the font size).
labels_ok() {
	python3 - "$1" <<'PY'
import re, sys
svg = open(sys.argv[1]).read()
width = float(re.search(r'width="(\d+)"', svg).group(1))
bad = []
for m in re.finditer(r'<g transform="translate\(([\d.]+),[\d.]+\)"[^>]*font-size="([\d.]+)"'
                     r'[^>]*text-anchor="(\w+)"[^>]*>\s*<text>([^<]*)</text>', svg):
    x, size, anchor, text = float(m.group(1)), float(m.group(2)), m.group(3), m.group(4).strip()
    if not re.fullmatch(r'-?[\d.]+(e[+-]\d+)?[kMG]?', text):
        continue
    w = 0.6 * size * len(text)
    left = {'middle': x - w / 2, 'end': x - w, 'start': x}[anchor]
    if text.startswith('-') or left < 0 or left + w > width:
        bad.append(text)
if bad:
    print(' '.join(bad))
sys.exit(1 if bad else 0)
PY
}

# Three distributions of 1000 samples: "spread" (139 .. 2519 cycles in
# nine modes, like alloc), "tail" (a body of 69k .. 500k and 8 % of it
# spread to 9.5M, like timer_irq without -icount) and "zerotail" (0 .. 168
# in steps of 24, like a host-timed counter, and 8 samples of 5M).
mkdir -p "$out/ax"
awk 'BEGIN {
	printf "run,bench,block,params,hart,group,batch,index,warmup,input,cycles,instret,cycles_raw,instret_raw,flags\r\n"
	split("139 200 250 300 380 500 941 1693 2519", mode, " ")
	s = 4711
	for (i = 0; i < 1000; i++) {
		s = (s * 1103515245 + 12345) % 2147483648
		r = int(s / 65536) # the high bits: the low ones of an LCG repeat soon
		c[0] = mode[1 + int((r % 900) / 100)]
		c[1] = (r % 100) < 8 ? 1000000 + s % 8500000 : int(69000 * exp((r % 1000) / 1000 * 2))
		c[2] = i % 125 == 7 ? 5000000 + i : 24 * (r % 8)
		for (b = 0; b < 3; b++)
			printf "0000000e,%s,%d,,1,0,1,%d,0,0,%d,100,%d,104,0\r\n", b == 0 ? "spread" : b == 1 ? "tail" : "zerotail", b, i, c[b], c[b] + 6
	}
}' >"$out/ax/samples.csv"
meta_for_samples "$out/ax"
capture "$out/axcap" plot -j 1 "$out/ax" >/dev/null 2>"$out/ax.err"
check_eq "plot of spread, tail and zerotail exits 0, gnuplot silent" "0 " "$? $(cat "$out/ax.err")"
d=$(fig_dir "$out/axcap" plot-spread.png)
check "spread: histogram and CDF from 0 (the samples from 139), not -500" \
	test "$(grep -c '^set xrange \[0:2[0-9][0-9][0-9]\.[0-9]*\]$' "$d/plot.gp")" = 2
check "... no value axis left to autoscale with offsets (which rounded it below 0)" \
	sh -c "! grep -q 'set offsets' '$d/plot.gp'"
d=$(fig_dir "$out/axcap" plot-tail.png)
check "tail: the histogram on a log axis (the body of 69k .. 500k would be two bars)" \
	sh -c "sed -n '/Histogram/,/^plot/p' '$d/plot.gp' | grep -q '^set logscale x 10$'"
check "... its bars of equal ratio (right edge over left the same within 1 %)" \
	awk '{ r = ($2 + 0.5) / ($1 + 0.5); lo = NR == 1 || r < lo ? r : lo; hi = r > hi ? r : hi }
		END { exit !(NR > 10 && hi < lo * 1.01) }' "$d/hist.dat"
check "... and every sample in a bar" test "$(awk '{ n += $3 } END { print n }' "$d/hist.dat")" = 1000
check "... the same log value axis in the other three panels" \
	test "$(grep -c '^set logscale [xy] 10$' "$d/plot.gp")" = 4
d=$(fig_dir "$out/axcap" plot-zerotail.png)
check "zerotail (a sample of 0: no log axis): the histogram up to p99, the tail counted" \
	grep -q "^set title 'Histogram up to p99 = 168 (8 samples above, up to 5000882)'$" "$d/plot.gp"
# From half a unit below 0: the samples of 0 have their bar whole, not cut
# at the border (tests/unit/test_plot_axis.c).
check "... all panels' value axis ends at p99, from -0.5" \
	test "$(grep -c '^set [xy]range \[-0\.5:176\.9\]$' "$d/plot.gp")" = 4
check "... the 8 samples above it marked on the top edge of the samples in order" \
	grep -q "^plot .* using 1:(\$2 > 176.9 ? 176.9 : 1/0) with points pt 9" "$d/plot.gp"
"$rvb" plot -j 1 -o "$out/ax.svg" "$out/ax" >/dev/null 2>&1
for b in spread tail zerotail; do
	check "$b: no tick label negative or cut at the picture's edge" labels_ok "$out/ax-$b.svg"
done

# A sweep of 11 .. 956 cycles per load: the log y axis spans 10 .. 1000.
mkdir -p "$out/sw"
awk 'BEGIN {
	printf "run,bench,block,params,hart,group,batch,index,warmup,input,cycles,instret,cycles_raw,instret_raw,flags\r\n"
	s = 99
	for (k = 0; k < 15; k++) {
		lat = k < 5 ? 11 : k < 10 ? 40 : 900
		for (i = 0; i < 45; i++) {
			s = (s * 1103515245 + 12345) % 2147483648
			c = 64 * lat + s % (4 * lat) + 6
			printf "0000000f,lat,%d,size_kib=%d,1,0,1,%d,%d,0,%d,85,%d,89,0\r\n", k, 2 ^ (k + 2), i, i < 5, c, c + 6
		}
	}
}' >"$out/sw/samples.csv"
awk 'BEGIN {
	printf "run,bench,block,params,hart,group,batch,unit,per_call,status\r\n"
	for (k = 0; k < 15; k++)
		printf "0000000f,lat,%d,size_kib=%d,1,0,1,load,64,ok\r\n", k, 2 ^ (k + 2)
}' >"$out/sw/summary.csv"
meta_for_samples "$out/sw"
capture "$out/swcap" plot -j 1 -b lat "$out/sw" >/dev/null 2>&1
check "sweep of 11 .. 956 per load: log y from 10 to 1000, not 1 .. 10000" \
	grep -q '^set yrange \[10:1000\]$' "$(fig_dir "$out/swcap" plot-lat-sweep.png)/sweep.gp"

# compare --plot: the x axis says what was counted (instr under -icount),
# as rvbench plot does.
mkdir -p "$out/ai"
cp "$out/a/samples.csv" "$out/ai/"
python3 - "$out/a/meta.json" "$out/ai/meta.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
m["source"] = {"kind": "qemu", "icount": "0"}
json.dump(m, open(sys.argv[2], "w"))
PY
capture "$out/cmpcap" compare --plot "$out/unit.png" "$out/ai" "$out/ai" >/dev/null 2>&1
check "compare --plot of -icount runs: the x axis in instr" \
	grep -q "^set xlabel 'instr'$" "$(fig_dir "$out/cmpcap" unit.png)/cmp.gp"
capture "$out/cmpcap" compare --plot "$out/mixed.png" "$out/ai" "$out/b" >/dev/null 2>&1
check "... of an -icount run against cycles: each side's unit" \
	grep -q "^set xlabel 'instr (A), cycles (B)'$" "$(fig_dir "$out/cmpcap" mixed.png)/cmp.gp"
capture "$out/cmpcap" plot -j 1 -b twopath "$out/ai" >/dev/null 2>&1
check "... the unit rvbench plot gives the same data" \
	grep -q "^set xlabel 'instr'$" "$(fig_dir "$out/cmpcap" plot-twopath.png)/plot.gp"

# Lost samples: 10 warmup, 200 due (indices 10 .. 209); 60 .. 89 and the
# last ten (200 .. 209) did not arrive. The title counts them, the
# samples in order are drawn at their indices, the holes shaded.
mkdir -p "$out/lost"
awk 'BEGIN {
	printf "run,bench,block,params,hart,group,batch,index,warmup,input,cycles,instret,cycles_raw,instret_raw,flags\r\n"
	for (i = 0; i < 200; i++)
		if (i < 60 || i >= 90)
			printf "00000010,holes,0,,1,0,1,%d,%d,0,%d,100,%d,104,0\r\n", i, i < 10, 100 + i % 7, 106 + i % 7
}' >"$out/lost/samples.csv"
meta_for_samples "$out/lost" incomplete
python3 - "$out/lost/meta.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
m["runs"][0]["benches"][0]["samples"] = 200  # the last ten were due too
json.dump(m, open(sys.argv[1], "w"))
PY
capture "$out/lostcap" plot -j 1 "$out/lost" >/dev/null 2>&1
d=$(fig_dir "$out/lostcap" plot-holes.png)
check "lost samples: the title says 160 of 200 arrived, 40 lost" \
	grep -q "^set multiplot .*: 160 of 200 samples, 40 lost'$" "$d/plot.gp"
check "... the samples drawn at their index: 59, then 90 (not 0 .. 159)" \
	test "$(awk '$1 == 59 { getline; print $1 }' "$d/seq.dat") $(head -n 1 "$d/seq.dat" | cut -d' ' -f1)" = "90 10"
check_eq "... the two runs lost shaded, the trailing one too" "59.5 89.5;199.5 209.5" \
	"$(tr '\n' ';' <"$d/lost.dat" 2>/dev/null | sed 's/;$//')"
check "... and the panel's axis runs over all 200 due" \
	grep -q '^set xrange \[7\.5:211\.5\]$' "$d/plot.gp"
mkdir -p "$out/lostnometa"
cp "$out/lost/samples.csv" "$out/lostnometa/"
capture "$out/lostcap" plot --no-check -j 1 "$out/lostnometa" >/dev/null 2>&1
check "... without meta.json (--no-check): the holes between the indices, at least" \
	grep -q "^set multiplot .*: 160 samples, at least 30 lost'$" "$(fig_dir "$out/lostcap" plot-holes.png)/plot.gp"
