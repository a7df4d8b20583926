#!/bin/sh
# Boots build/rvbench.elf through OpenSBI on QEMU sifive_u (-smp 5: the E51
# and four U54s) with -icount shift=0, where rdcycle and rdinstret count
# guest instructions exactly, and checks the exact answers of the
# calibration benchmarks, the CSVs against the trailer, a clean exit, and
# that replaying the captured UART log gives byte-identical CSVs.
. tests/system/lib.sh
build=$1
out=$build/tests/sifive_u
rm -rf "$out"

start=$(date +%s)
"$build/host/rvbench" qemu --machine sifive_u --smp 5 --icount 0 -o "$out" \
	"$build/rvbench.elf" >"$out.stdout" 2>&1
rc=$?
echo "# rvbench qemu took $(($(date +%s) - start)) s"
check_eq "rvbench qemu on sifive_u exits 0 (complete, verified run)" 0 "$rc"
for f in uart.log samples.csv summary.csv meta.json; do
	check "$f written" [ -s "$out/$f" ]
done
s=$out/samples.csv
cyc=$(csv_col "$s" cycles)
ins=$(csv_col "$s" instret)

check_eq "addi100: 1000 measured samples" 1000 "$(bench_rows "$s" addi100 0 | wc -l)"
check_eq "addi100: 100 warmup samples" 100 "$(bench_rows "$s" addi100 1 | wc -l)"
check_eq "addi100: every measured sample is exactly 100 net cycles" 100 \
	"$(bench_rows "$s" addi100 0 | distinct "$cyc")"
check_eq "addi100: every measured sample is exactly 100 net instret" 100 \
	"$(bench_rows "$s" addi100 0 | distinct "$ins")"
check_eq "empty: every measured sample is exactly 0 net cycles" 0 \
	"$(bench_rows "$s" empty 0 | distinct "$cyc")"
check_eq "empty: every measured sample is exactly 0 net instret" 0 \
	"$(bench_rows "$s" empty 0 | distinct "$ins")"

rows=$(($(wc -l <"$s") - 1))
check_eq "samples.csv has as many rows as the trailer's sample count" \
	"$(trailer_field "$out/uart.log" samples)" "$rows"
check_eq "trailer status ok" ok "$(trailer_field "$out/uart.log" status)"
benches=$(($(wc -l <"$out/summary.csv") - 1))
check_eq "summary.csv has one row per benchmark in the trailer" \
	"$(trailer_field "$out/uart.log" benches)" "$benches"
vcol=$(csv_col "$out/summary.csv" verify)
check_eq "every benchmark but empty verified its own work" "empty none" \
	"$(tr -d '\r' <"$out/summary.csv" | awk -F, -v v="$vcol" 'NR > 1 && $v != "ok" {print $2 " " $v}' | paste -sd, -)"
check "the built-in suite ran (more than the four calibration benchmarks)" \
	[ "$(tr -d '\r' <"$out/summary.csv" | awk -F, -v v="$vcol" 'NR > 1 && $v == "ok"' | wc -l)" -ge 10 ]
check "the summary says cycles are emulated instruction counts" \
	grep -q -i 'instruction counts' "$out.stdout"
check "the firmware printed its kbench summary line for addi100" \
	grep -a -q '^addi100: min=100 max=100 count=1000 99th=100 95th=100 90th=100 50th=100 mad=0' "$out/uart.log"

"$build/host/rvbench" replay "$out/uart.log" -o "$out/replay" >/dev/null 2>&1
check_eq "rvbench replay of the captured uart.log exits 0" 0 "$?"
check "replay: samples.csv byte-identical" cmp -s "$out/samples.csv" "$out/replay/samples.csv"
check "replay: summary.csv byte-identical" cmp -s "$out/summary.csv" "$out/replay/summary.csv"
