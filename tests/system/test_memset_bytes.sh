#!/bin/sh
# memset and memset_misaligned store the input as their byte
# (src/benches/memcpy.c), and INPUT_RANGE inputs are drawn in
# [0, input_range) (docs/writing-benchmarks.md): with input_range 255 the
# byte 0xFF was never stored. With 256 every byte value is, 0xFF
# included: over 3000 samples of each block (samples.csv's input column,
# the inputs the host recomputes from the seed) all 256 values occur, and
# every block verifies (the destination holds the last one).
#   tests/system/test_memset_bytes.sh BUILD
. tests/system/lib.sh
build=$1
fresh_out memset_bytes

"$build/host/rvbench" qemu --icount 0 -o "$out/run" \
	--bootargs 'rvbench.run=memset,memset_misaligned rvbench.samples=3000 rvbench.warmup=0 memset.size=8 memset_misaligned.size=8' \
	"$build/rvbench.elf" >"$out/run.stdout" 2>&1
check_eq "memset and memset_misaligned (impl 0 and 1 each) collect a complete run" 0 "$?"
check_eq "their BENCH records: input_range=256, four blocks" "256 256 256 256" \
	"$(grep -a '@RVB .* BENCH .*name=memset' "$out/run/uart.log" | tr ' ' '\n' |
		sed -n 's/^input_range=//p' | paste -sd' ' -)"
c=$out/run/samples.csv
for b in memset memset_misaligned; do
	for impl in 0 1; do
		check_eq "$b impl=$impl: its 3000 inputs take all 256 byte values, 0 to 255" "256 0 255" \
			"$(bench_rows "$c" "$b" 0 | tr -d '"' |
				awk -F, -v p="$(csv_col "$c" params)" -v i="$(csv_col "$c" input)" \
					-v want="impl=$impl" 'index($p, want) {print $i}' |
				sort -n -u | awk 'NR == 1 {lo = $1} {n++; hi = $1} END {print n, lo, hi}')"
	done
done
s=$out/run/summary.csv
check_eq "every block verified" "ok ok ok ok" \
	"$(tr -d '\r' <"$s" | awk -F, -v v="$(csv_col "$s" verify)" 'NR > 1 {print $v}' | paste -sd' ' -)"
