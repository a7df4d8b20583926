#!/bin/sh
# A raw event selector is at most 48 bits on RV64 (SBI spec, PMU, "Hardware
# raw events": the SBI firmware sets the 16 above): a wider one is refused
# by name, never handed to OpenSBI, and the run goes on with the others.
. tests/system/lib.sh
build=$1
fresh_out events_raw
rvb=$build/host/rvbench
"$rvb" qemu --machine virt --smp 1 --icount 0 --qemu-args "-cpu rv64,sscofpmf=true" \
	--bootargs "rvbench.run=addi100 rvbench.samples=20 rvbench.events=raw:0x1000000000000,cycles" \
	-o "$out/r" "$build/rvbench.elf" >"$out/r.stdout" 2>&1
check_eq "a raw selector above 48 bits: the run exits 0" 0 "$?"
check "said by name" grep -a -q \
	'rvbench: event raw:0x1000000000000: a raw event selector has at most 48 bits (SBI PMU, type 2): not counted' \
	"$out/r/uart.log"
check "the PMU record refuses it as invalid, cycles counts" grep -a -q \
	'@RVB .* PMU status=ok .*events=cycles refused=raw:0x1000000000000:invalid \*' "$out/r/uart.log"
check_eq "no column for it" "" "$(csv_col "$out/r/samples.csv" ev.raw:0x1000000000000)"
