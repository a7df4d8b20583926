#!/bin/sh
# udiv (src/benches/udiv.c) under QEMU -icount shift=0, where a sample is
# exactly run()'s instructions but its `ret` (the calibration's body is a
# lone `ret`). Its divisor is one of 512 prepared in setup() (of random
# bit length, so quotients of every length occur: tests/unit/
# test_udiv_divisors.c), which the input picks. udiv_run, read off the
# disassembly:
#
#   sll   input x 8         auipc, ld   DIVIDEND (a constant in memory)
#   add   &divisors[input]  divu, remu  quotient, remainder
#   ld    the divisor       add         their sum
#
# 8, every sample, per call at any batch. Before, the divisor was the
# input + 1 (add, auipc, ld, divu, remu, add: 6), uniform in [1, 2^32).
#   tests/system/test_udiv_divisors.sh BUILD
. tests/system/lib.sh
build=$1
fresh_out udiv_divisors

"$build/host/rvbench" qemu --icount 0 -o "$out/run" --bootargs 'rvbench.run=udiv' \
	"$build/rvbench.elf" >"$out/run.stdout" 2>&1
check_eq "udiv collects a complete, verified run" 0 "$?"
"$build/host/rvbench" qemu --icount 0 -o "$out/batch" --bootargs 'rvbench.run=udiv rvbench.batch=3' \
	"$build/rvbench.elf" >"$out/batch.stdout" 2>&1
check_eq "... and at batch 3" 0 "$?"
# field DIR COLUMN: COLUMN of udiv's row in DIR's summary.csv
field() {
	tr -d '\r' <"$out/$1/summary.csv" |
		awk -F, -v b="$(csv_col "$out/$1/summary.csv" bench)" \
			-v c="$(csv_col "$out/$1/summary.csv" "$2")" 'NR > 1 && $b == "udiv" {print $c}'
}
check_eq "udiv: every sample 8 instructions (sll, add, ld the divisor; auipc, ld; divu, remu, add)" \
	"8 8 8 ok" "$(field run min) $(field run max) $(field run instret_median) $(field run verify)"
c=$out/batch/samples.csv
check_eq "udiv at batch 3: every measured sample 3 x 8 instructions, verified" "24 ok" \
	"$(bench_rows "$c" udiv 0 | distinct "$(csv_col "$c" instret)") $(field batch verify)"
r=$(grep -a '@RVB .* BENCH .*name=udiv ' "$out/run/uart.log" | tr ' ' '\n' | sed -n 's/^input_range=//p')
check_eq "udiv: the input picks one of 512 divisors (4 KiB, in the L1)" 512 "$r"
