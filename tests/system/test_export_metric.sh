#!/bin/sh
# stats exports name the metric their figures are of: gbench-json's
# context (rvbench_metric, rvbench_note) and counters, and the csv's
# metric column, with the default metric and with --metric instret.
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
fresh_out export-metric

"$rvb" replay -o "$out/r" tests/fixtures/firmware/sifive_u.log >/dev/null 2>&1
check_eq "the sifive_u fixture replays with exit 0" 0 "$?"
# The default metric: no --metric at all (its files are named cycles.*).
"$rvb" stats --format gbench-json -o "$out/cycles.json" "$out/r" >/dev/null 2>&1
check_eq "stats --format gbench-json, no --metric: exit status" 0 "$?"
"$rvb" stats --format csv -o "$out/cycles.csv" "$out/r" >/dev/null 2>&1
check_eq "stats --format csv, no --metric: exit status" 0 "$?"
"$rvb" stats --format gbench-json --metric instret -o "$out/instret.json" "$out/r" >/dev/null 2>&1
check_eq "stats --format gbench-json --metric instret: exit status" 0 "$?"
"$rvb" stats --format csv --metric instret -o "$out/instret.csv" "$out/r" >/dev/null 2>&1
check_eq "stats --format csv --metric instret: exit status" 0 "$?"
# --metric cycles names the default: the same files.
"$rvb" stats --format csv --metric cycles -o "$out/cycles-named.csv" "$out/r" >/dev/null 2>&1
check "stats --format csv --metric cycles: the same as without --metric" \
	cmp -s "$out/cycles.csv" "$out/cycles-named.csv"

# python3's json module, the reader: the names of the context and of the
# first entry's counters.
ctx() {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
b = d["benchmarks"][0]
print(d["context"]["rvbench_metric"])
print(d["context"]["rvbench_note"])
print(",".join(k for k in ("cycles", "instret") if k in b))' "$1"
}
check_eq "gbench-json, default metric: context and counters say cycles" \
	"cycles
real_time = cpu_time = median cycles per call at mhz_per_cpu; counters: cycles, instret (medians per call)
cycles,instret" "$(ctx "$out/cycles.json")"
check_eq "gbench-json --metric instret: context and counter say instret, no cycles counter" \
	"instret
real_time = cpu_time = median instret per call at mhz_per_cpu; counter: instret (median per call)
instret" "$(ctx "$out/instret.json")"

col=$(csv_col "$out/cycles.csv" metric)
check_eq "stats csv: metric is the last column" "$(head -n 1 "$out/cycles.csv" | tr -d '\r' | tr ',' '\n' | wc -l | tr -d ' ')" "$col"
rows=$(($(wc -l <"$out/cycles.csv") - 1))
check "stats csv: there are rows" test "$rows" -gt 0
check_eq "stats csv: every row's metric is cycles by default" cycles \
	"$(tail -n +2 "$out/cycles.csv" | tr -d '\r' | awk -F, -v c="$col" '{ print $c }' | sort -u)"
ucol=$(csv_col "$out/cycles.csv" unit)
check_eq "stats csv: the unit comes right before the metric" "$((col - 1))" "$ucol"
check_eq "stats csv: every row's unit is cycles (a replay: no -icount known)" cycles \
	"$(tail -n +2 "$out/cycles.csv" | tr -d '\r' | awk -F, -v c="$ucol" '{ print $c }' | sort -u)"
check_eq "stats csv --metric instret: every row's unit is instret" instret \
	"$(tail -n +2 "$out/instret.csv" | tr -d '\r' | awk -F, -v c="$ucol" '{ print $c }' | sort -u)"
check_eq "stats csv --metric instret: every row's metric is instret" instret \
	"$(tail -n +2 "$out/instret.csv" | tr -d '\r' | awk -F, -v c="$col" '{ print $c }' | sort -u)"
