#!/bin/sh
# A self-timed benchmark that counts timebase ticks (timer_irq_ticks,
# BENCH sample_unit=tick) next to one the counters time (addi100), under
# QEMU -icount: every place that names a unit names tick for the first
# and instr for the second (progress line, printed table, summary.csv,
# meta.json, the plot's axis), so no tick is ever called an instruction.
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
fresh_out sample-unit

"$rvb" qemu --machine sifive_u --smp 2 --icount 0 -o "$out/run" \
	--bootargs 'rvbench.run=timer_irq_ticks,addi100 rvbench.samples=20' "$build/rvbench.elf" \
	>"$out/stdout" 2>"$out/stderr"
check_eq "the run completes" 0 "$?"
check "progress: addi100's median in instr/call" \
	grep -q "^block 1/2  addi100  median 100 instr/call  ok$" "$out/stderr"
check "progress: the ticks block's in tick/call" \
	grep -q "^block 2/2  timer_irq_ticks lead_ticks=50  median [0-9]* tick/call  ok$" "$out/stderr"
check "table: timer_irq_ticks in tick" grep -q "^timer_irq_ticks .*  tick  *ok$" "$out/stdout"
check "table: addi100 in instr" grep -q "^addi100 .*  instr  *ok$" "$out/stdout"
col=$(head -n 1 "$out/run/summary.csv" | tr ',' '\n' | grep -n '^sample_unit' | cut -d: -f1)
check_eq "summary.csv: sample_unit of each block" "addi100= timer_irq_ticks=tick " \
	"$(awk -F, -v c="$col" 'NR > 1 {print $2 "=" $c}' "$out/run/summary.csv" | tr -d '\r' | tr '\n' ' ')"
check_eq "meta.json: sample_unit with the ticks block alone" 1 \
	"$(grep -o '"sample_unit": "tick"' "$out/run/meta.json" | wc -l | tr -d ' ')"

# rvbench stats, in its text and its exports.
"$rvb" stats "$out/run" >"$out/stats.txt" 2>&1
check "stats: the ticks block's heading says its unit" \
	grep -q '^timer_irq_ticks \[lead_ticks=50\] (run [0-9a-f]*, hart 1, group 0, batch 1): 20 samples, in tick$' \
	"$out/stats.txt"
"$rvb" stats --format csv -o "$out/stats.csv" "$out/run" >/dev/null 2>&1
check_eq "stats csv: unit then metric, per row" "addi100 instr cycles|timer_irq_ticks tick cycles|" \
	"$(tail -n +2 "$out/stats.csv" | tr -d '\r' | awk -F, '{print $2, $(NF - 1), $NF}' | tr '\n' '|')"
"$rvb" stats --format json -o "$out/stats.json" "$out/run" >/dev/null 2>&1
check_eq "stats json: each series' value_unit" "addi100=instr timer_irq_ticks=tick" \
	"$(python3 -c 'import json, sys
print(" ".join(s["bench"] + "=" + s["value_unit"] for s in json.load(open(sys.argv[1]))["series"]))' \
		"$out/stats.json")"
"$rvb" stats --format gbench-json -o "$out/stats.gb.json" "$out/run" >/dev/null 2>&1
check_eq "gbench-json: the run's unit, and the ticks entries' counter and label" \
	"instr|addi100 cycles|timer_irq_ticks/lead_ticks=50 tick in tick: real_time and cpu_time are tick at mhz_per_cpu, not time" \
	"$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
out = [d["context"]["rvbench_unit"]]
for b in d["benchmarks"]:
    if b["run_type"] == "iteration":
        out.append(" ".join([b["name"]] + [k for k in ("cycles", "tick") if k in b] + ([b["label"]] if "label" in b else [])))
print("|".join(out))' "$out/stats.gb.json")"

check_eq "stats csv --metric instret: instret for every row, the ticks block's too" "instret|instret|" \
	"$("$rvb" stats --format csv --metric instret "$out/run" 2>/dev/null | tail -n +2 | tr -d '\r' |
	   awk -F, '{print $(NF - 1)}' | tr '\n' '|')"

# The report's tables: the row's own unit.
"$rvb" report "$out/run" >/dev/null 2>"$out/report.err"
check_eq "report: written" 0 "$?"
check "report.md: timer_irq_ticks's row in tick" \
	grep -q '^| `timer_irq_ticks` | `lead_ticks=50` | 1 | 20 | .* | tick | ok |' "$out/run/report.md"
check "report.md: addi100's in instr" grep -q '^| `addi100` |  | 1 | 20 | 100 | 100 | 100 | 0 | instr | ok |' \
	"$out/run/report.md"
check "index.html: timer_irq_ticks's row in tick" \
	grep -q '<td>timer_irq_ticks</td>.*<td>tick</td><td class="ok">ok</td>' "$out/run/index.html"

if command -v gnuplot >/dev/null 2>&1; then
	. tests/system/plot_capture.sh
	capture "$out/cap" plot -j 1 "$out/run" >/dev/null 2>&1
	gp=$(fig_dir "$out/cap" plot-timer_irq_ticks.png)/*.gp
	check "plot: the ticks figure's value axis says tick" grep -q "set xlabel 'tick'" $gp
	gp=$(fig_dir "$out/cap" plot-addi100.png)/*.gp
	check "plot: addi100's says instr" grep -q "set xlabel 'instr'" $gp
	# With --metric instret the values are instret, whatever the block's
	# own unit: the ticks figure says instret.
	capture "$out/cap-i" plot -j 1 --metric instret "$out/run" >/dev/null 2>&1
	gp=$(fig_dir "$out/cap-i" plot-timer_irq_ticks.png)/*.gp
	check "plot --metric instret: the ticks figure's axis says instret" grep -q "set xlabel 'instret'" $gp
else
	echo "not ok - gnuplot is missing (Debian gnuplot-nox, one of make's packages)"
fi
