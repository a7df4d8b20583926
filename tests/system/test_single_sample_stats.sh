#!/bin/sh
# A block with one measured sample has no standard deviation, variance or
# confidence interval: summary.csv leaves stddev empty (never 0.000), the
# printed statistics say n/a, and every reader of the result files (stats
# and its exports, compare, fleet, report, baseline, plot) takes the empty
# field without an error and without reading it as 0.
. tests/system/lib.sh
build=$1
fresh_out single-sample
rvb=$(cd "$build" && pwd)/host/rvbench # absolute: used from another directory
out=$(cd "$out" && pwd) # absolute: the baseline is made from another directory

"$rvb" qemu --machine virt --smp 1 --icount 0 --bootargs 'rvbench.run=addi100 rvbench.samples=1' \
	-o "$out/a" "$build/rvbench.elf" >"$out/a.stdout" 2>&1
check_eq "one sample a block: the run exits 0" 0 "$?"
cp -r "$out/a" "$out/b"
col=$(csv_col "$out/a/summary.csv" stddev)
check_eq "summary.csv: addi100's count is 1" 1 \
	"$(sed -n 2p "$out/a/summary.csv" | cut -d, -f"$(csv_col "$out/a/summary.csv" count)")"
check_eq "summary.csv: addi100's stddev is empty" "" "$(sed -n 2p "$out/a/summary.csv" | cut -d, -f"$col")"

"$rvb" stats "$out/a" >"$out/stats.txt" 2>&1
check_eq "stats: exit 0" 0 "$?"
check "stats: stddev, variance and stddev % are n/a" grep -q -F \
	'variance n/a (needs 2 samples)  stddev n/a (needs 2 samples)  stddev % n/a (needs 2 samples)' \
	"$out/stats.txt"
check "stats: the confidence interval of the mean is n/a" grep -q -F \
	'95 % CI of the mean n/a (needs 2 samples)' "$out/stats.txt"

"$rvb" stats --format csv "$out/a" >"$out/stats.csv" 2>&1
check_eq "stats --format csv: exit 0" 0 "$?"
for name in variance stddev stddev_pct ci_mean_lo ci_mean_hi; do
	check_eq "stats --format csv: $name is empty" "" \
		"$(sed -n 2p "$out/stats.csv" | cut -d, -f"$(csv_col "$out/stats.csv" "$name")")"
done
"$rvb" stats --format json "$out/a" >"$out/stats.json" 2>&1
check_eq "stats --format json: exit 0" 0 "$?"
check "stats --format json: stddev, variance and the CI of the mean are null" python3 -c '
import json, sys
b = json.load(open(sys.argv[1]))["series"][0]
sys.exit(0 if (b["count"], b["stddev"], b["variance"], b["stddev_pct"], b["ci_mean"]) == (1, None, None, None, None) else 1)
' "$out/stats.json"

"$rvb" compare "$out/a" "$out/b" >"$out/compare.txt" 2>&1
check_eq "compare of two one-sample results: exit 0" 0 "$?"
check "compare: the test of the difference is n/a, not a verdict" \
	grep -q '^addi100  *1  *1  *100  *100  *+0.00%  *n/a ' "$out/compare.txt"
"$rvb" fleet -o "$out/fleet" "$out/a" "$out/b" >"$out/fleet.txt" 2>&1
check_eq "fleet of two one-sample results: exit 0" 0 "$?"
fcol=$(csv_col "$out/fleet/summary.csv" stddev)
check_eq "fleet: the merged summary.csv keeps both stddev fields empty" "," \
	"$(tail -n +2 "$out/fleet/summary.csv" | cut -d, -f"$fcol" | tr -d '\r' | paste -s -d,)"
"$rvb" report "$out/a" >"$out/report.txt" 2>&1
check_eq "report: exit 0" 0 "$?"
(cd "$out" && "$rvb" baseline save one "$out/a" >"$out/baseline.txt" 2>&1 &&
	"$rvb" compare --baseline one "$out/b" >>"$out/baseline.txt" 2>&1)
check_eq "baseline save, compare --baseline: exit 0" 0 "$?"
if command -v gnuplot >/dev/null; then
	"$rvb" plot "$out/a" >"$out/plot.txt" 2>&1
	check_eq "plot: exit 0" 0 "$?"
fi
