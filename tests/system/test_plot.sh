#!/bin/sh
# rvbench stats / compare / plot on synthetic result directories (no QEMU):
# the Kanata slope of a group run, the exports (JSON parsed; Google
# Benchmark's compare.py run on gbench-json where it and SciPy are
# installed), the --fail-above gate, gnuplot output (a real PNG / SVG where
# gnuplot is installed), and the messages for bad input.
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
out=$build/tests/plot
rm -rf "$out"
mkdir -p "$out/a" "$out/b" "$out/bad"

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
	grep -q 'slope (least squares of cycles on N, 9 samples): 100.000 per call' "$out/stats.txt"
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
check "... with the same group run" grep -q 'slope (least squares of cycles on N, 9 samples): 100.000 per call' "$out/old.txt"

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
