#!/bin/sh
# The measurement methodology under QEMU -icount shift=0, where counters
# are exact: Kanata group sweeps, fenced counter reads, automatic warmup,
# LCG inputs that follow the seed, the path witness, and benchmarks that
# trap or hang being stopped while the run goes on.
. tests/system/lib.sh
build=$1
out=$build/tests/methodology
rm -rf "$out"
mkdir -p "$out"
q() { # q NAME BOOTARGS: one collection into $out/NAME
	"$build/host/rvbench" qemu --machine sifive_u --icount 0 --bootargs "$2" \
		-o "$out/$1" "$build/rvbench.elf" >"$out/$1.stdout" 2>&1
}

# 1. Kanata: I=30, D=1, S=30, G=5 on addi100, fenced reads.
q groups 'rvbench.run=addi100 rvbench.groups=5 rvbench.initial=30 rvbench.delta=1 rvbench.size=30 rvbench.warmup=2 rvbench.counter=fenced'
check_eq "group sweep collects a complete run" 0 "$?"
s=$out/groups/samples.csv
c_cyc=$(csv_col "$s" cycles); c_ins=$(csv_col "$s" instret); c_b=$(csv_col "$s" batch)
c_g=$(csv_col "$s" group); c_w=$(csv_col "$s" warmup)
check_eq "groups 0..4 have batch 30..34" "0:30 1:31 2:32 3:33 4:34" \
	"$(tr -d '\r' <"$s" | awk -F, -v g="$c_g" -v b="$c_b" 'NR > 1 {print $g ":" $b}' | sort -u | paste -sd' ' -)"
check_eq "every measured sample of every group is exactly 100 per call (cycles)" 0 \
	"$(tr -d '\r' <"$s" | awk -F, -v c="$c_cyc" -v b="$c_b" -v w="$c_w" 'NR > 1 && $w == 0 && $c != 100 * $b' | wc -l)"
check_eq "... and exactly 100 per call (instret)" 0 \
	"$(tr -d '\r' <"$s" | awk -F, -v c="$c_ins" -v b="$c_b" -v w="$c_w" 'NR > 1 && $w == 0 && $c != 100 * $b' | wc -l)"
check_eq "30 measured samples per group" "150" \
	"$(tr -d '\r' <"$s" | awk -F, -v w="$c_w" 'NR > 1 && $w == 0' | wc -l)"
# The Kanata table on the UART must be the CSV's numbers, group per column.
sed -n '/^Accumulated latencies (clock cycles):/,/^@RVB\|^rvbench:/p' "$out/groups/uart.log" |
	tr -d '\r' | grep -E '^[0-9]+( [0-9]+)*$' >"$out/table.uart"
tr -d '\r' <"$s" | awk -F, -v g="$c_g" -v c="$c_cyc" -v w="$c_w" -v i="$(csv_col "$s" index)" \
	'NR > 1 && $w == 0 {v[$g, n[$g]++] = $c; if ($g > G) G = $g}
	 END {for (r = 0; r < n[0]; r++) {line = v[0, r]; for (k = 1; k <= G; k++) line = line " " v[k, r]; print line}}' \
	>"$out/table.csv"
check_eq "the UART group table has 30 rows" 30 "$(wc -l <"$out/table.uart")"
check "the UART group table equals the CSV" cmp -s "$out/table.uart" "$out/table.csv"
# Beyond Kanata: the least-squares slope of accumulated cycles on N.
"$build/host/rvbench" stats "$out/groups" >"$out/groups.stats" 2>&1
check "rvbench stats: the slope across the groups is exactly 100 per call" \
	grep -q 'slope (least squares of the samples on N, 150 samples): 100.000 per call, 95 % CI \[100.000, 100.000\]' "$out/groups.stats"
check "rvbench stats: the fixed cost (intercept) is exactly 0, R^2 1" \
	grep -q 'intercept (fixed cost): 0.000, CI \[0.000, 0.000\]; R^2 1.0000' "$out/groups.stats"
check "the run header records the fenced counter reads" \
	grep -a -q '@RVB .* RUN .*counter=fenced ' "$out/groups/uart.log"

# 2. Automatic warmup: addi100 settles after two windows of 32.
q warm 'rvbench.run=addi100,crc32 rvbench.warmup=auto rvbench.samples=50'
check_eq "warmup=auto collects a complete run" 0 "$?"
check "addi100's warmup is found to be 64 samples" \
	grep -a -q '@RVB .* BENCH id=0 name=addi100 .*warmup=64 warmup_auto=1 warmup_converged=1 ' "$out/warm/uart.log"
check_eq "the 64 warmup samples stay in samples.csv, flagged" 64 \
	"$(bench_rows "$out/warm/samples.csv" addi100 1 | wc -l)"

# 3. Inputs follow the seed: same seed, same inputs; another seed, others.
q seed1 'rvbench.run=crc32 rvbench.samples=50 rvbench.seed=1'
q seed2 'rvbench.run=crc32 rvbench.samples=50 rvbench.seed=2'
ci=$(csv_col "$out/seed1/samples.csv" input)
check "another seed changes the inputs column" sh -c \
	"! cmp -s '$out/seed1/samples.csv' '$out/seed2/samples.csv' && [ \"\$(cut -d, -f$ci '$out/seed1/samples.csv' | md5sum)\" != \"\$(cut -d, -f$ci '$out/seed2/samples.csv' | md5sum)\" ]"

# 4. A load fault and a runaway loop are stopped; the run goes on.
q demos 'rvbench.run=demo_fault,demo_hang,addi100 rvbench.budget_ms=20 rvbench.samples=20'
check_eq "a run with failed benchmarks makes the collector exit 1" 1 "$?"
u=$out/demos/uart.log
check "demo_fault: a load access fault (scause 5) is reported" \
	grep -a -q '@RVB .* FAULT id=1 kind=exception scause=0x5 ' "$u"
check "demo_hang: the watchdog's timer interrupt stops it" \
	grep -a -q '@RVB .* FAULT id=2 kind=timeout scause=0x8000000000000005 ' "$u"
check "demo_hang ends with status=timeout" grep -a -q '@RVB .* END id=2 .*status=timeout ' "$u"
check "the run completes with a trailer" grep -a -q '@RVB .* TRAILER .*status=failed ' "$u"
check_eq "addi100 after the demos is still exact" 100 \
	"$(bench_rows "$out/demos/samples.csv" addi100 0 | distinct "$(csv_col "$out/demos/samples.csv" cycles)")"

# 5. The path witness: every addi100 sample takes the same path.
check "addi100 reports its modal instret and no sample off it" \
	grep -a -q '@RVB .* END id=0 .*status=ok path_instret=100 path_differs=0 ' "$out/warm/uart.log"

# 6. Bad options: one error line each, defaults kept, the run goes on.
q bad 'rvbench.run=addi100 rvbench.samples=0 rvbench.warmup=lots rvbench.groups=65 addi100.nope=1'
check_eq "a run with bad options completes, and exits 2 for them" 2 "$?"
check_eq "four error lines" 4 "$(grep -a -c '^rvbench: error: ' "$out/bad/uart.log")"
check "the header counts them" grep -a -q '@RVB .* RUN .*bad_options=4 ' "$out/bad/uart.log"
check_eq "samples kept at the default 1000, no group sweep" 1000 \
	"$(bench_rows "$out/bad/samples.csv" addi100 0 | wc -l)"
