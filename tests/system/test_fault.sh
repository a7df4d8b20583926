#!/bin/sh
# A benchmark that traps: the firmware reports scause/sepc/stval in a FAULT
# record and a trailer with status=fault, QEMU exits, and the collector
# keeps what arrived but exits non-zero. Also shows BENCH_DIR: a benchmark
# from outside the tree built in with one make variable.
. tests/system/lib.sh
build=$1
fwbuild=$build/tests/fault-build
out=$build/tests/fault
rm -rf "$out"

make --no-print-directory -s BUILD="$fwbuild" BENCH_DIR=tests/fixtures/faulting-bench firmware
check_eq "an image with a BENCH_DIR benchmark builds" 0 "$?"

timeout 120 "$build/host/rvbench" qemu --machine sifive_u --icount 0 \
	--bootargs "rvbench.bench=trap_on_third_call,addi100" -o "$out" \
	"$fwbuild/rvbench.elf" >"$out.stdout" 2>&1
rc=$?
check_eq "the collector exits 1 for a run that faulted" 1 "$rc"
check "the FAULT record names the breakpoint (scause 3)" \
	grep -a -q '@RVB .* FAULT scause=0x3 sepc=0x8020[0-9a-f]* stval=' "$out/uart.log"
check "the trailer says status=fault" \
	grep -a -q '@RVB .* TRAILER .*status=fault ' "$out/uart.log"
check "a human line explains the trap" \
	grep -a -q 'rvbench: TRAP scause=0x3' "$out/uart.log"
check_eq "addi100, measured before the fault, is in samples.csv" 100 \
	"$(bench_rows "$out/samples.csv" addi100 0 | distinct "$(csv_col "$out/samples.csv" cycles)")"
