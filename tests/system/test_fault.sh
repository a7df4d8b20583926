#!/bin/sh
# A benchmark from outside the tree (BENCH_DIR) that traps: the firmware
# stops that benchmark, reports scause/sepc/stval in a FAULT record and a
# human line, and the run goes on to a trailer with status=failed; the
# collector keeps everything and exits 1.
. tests/system/lib.sh
build=$1
fwbuild=$build/tests/fault-build
out=$build/tests/fault
rm -rf "$out"

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
