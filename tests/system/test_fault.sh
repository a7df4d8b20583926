#!/bin/sh
# A benchmark from outside the tree (BENCH_DIR) that traps: the firmware
# stops that benchmark, reports scause/sepc/stval in a FAULT record and a
# human line, and the run goes on to a trailer with status=failed; the
# collector keeps everything and exits 1. A skip reason too long for the
# firmware's field is cut with "..." at the cut.
. tests/system/lib.sh
build=$1
fwbuild=$build/tests/fault-build
out=$build/tests/fault
rm -rf "$out" "$out-long"

make --no-print-directory -s BUILD="$fwbuild" BENCH_DIR=tests/fixtures/faulting-bench firmware
check_eq "an image with a BENCH_DIR benchmark builds" 0 "$?"

timeout 120 "$build/host/rvbench" qemu --machine sifive_u --icount 0 \
	--bootargs "rvbench.run=trap_on_third_call,addi100 rvbench.samples=50" -o "$out" \
	"$fwbuild/rvbench.elf" >"$out.stdout" 2>&1
check_eq "the collector exits 1 for a run with a failed benchmark" 1 "$?"
# sepc is the ebreak's own address in the image, wherever the code lies.
ebreak=$(${CROSS:-riscv64-unknown-elf-}objdump -d --disassemble=trap_run "$fwbuild/rvbench.elf" |
	sed -n 's/^ *\([0-9a-f]*\):.*ebreak.*/\1/p')
check "the FAULT record names the block and the breakpoint (scause 3) at the ebreak" \
	grep -a -q "@RVB .* FAULT id=1 kind=exception scause=0x3 sepc=0x${ebreak:-none} stval=" "$out/uart.log"
check "the block ends with status=fault" \
	grep -a -q '@RVB .* END id=1 count=0 .*status=fault ' "$out/uart.log"
check "the run goes on to a trailer with status=failed" \
	grep -a -q '@RVB .* TRAILER .*status=failed ' "$out/uart.log"
check "a human line explains the trap" \
	grep -a -q '^trap_on_third_call: TRAP (scause=0x3 ' "$out/uart.log"
check_eq "addi100, in the same run, is exact" 100 \
	"$(bench_rows "$out/samples.csv" addi100 0 | distinct "$(csv_col "$out/samples.csv" cycles)")"

# A skip reason longer than the firmware's field: cut, and the cut shown.
timeout 120 "$build/host/rvbench" qemu --machine sifive_u --icount 0 \
	--bootargs "rvbench.run=long_reason" -o "$out-long" "$fwbuild/rvbench.elf" >/dev/null 2>&1
check_eq "a run whose one benchmark skips exits 0" 0 "$?"
long='this reason is longer than the field that carries it to the UART: 0123456789 0123456789 0123...'
check_eq "the reason is its first 92 characters and '...' (95 in all)" "$long" \
	"$(python3 -c 'import csv, sys
print(*[r["reason"] for r in csv.DictReader(open(sys.argv[1]))])' "$out-long/summary.csv")"
check "... on the UART's human line too" grep -a -q -F "long_reason: skipped, nothing measured: $long" "$out-long/uart.log"
