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

# One raw event is one event however it is spelt (leading zeros, 0X, the
# case of its digits): named twice, it is refused as cycles,cycles is; the
# firmware names it as raw:0x and lower-case hex without leading zeros.
for ev in cycles,cycles raw:0x01,raw:0X1; do
	"$rvb" qemu --machine virt --smp 1 --icount 0 --qemu-args "-cpu rv64,sscofpmf=true" \
		--bootargs "rvbench.run=addi100 rvbench.samples=20 rvbench.events=$ev" \
		-o "$out/twice-${ev%%,*}" "$build/rvbench.elf" >"$out/twice.stdout" 2>&1
	check_eq "rvbench.events=$ev: an option error, exit 2" 2 "$?"
	check "rvbench.events=$ev: an event named twice" grep -q -x \
		"rvbench: firmware: error: events=$ev: an event named twice; nothing changed" "$out/twice.stdout"
done
"$rvb" qemu --machine virt --smp 1 --icount 0 --qemu-args "-cpu rv64,sscofpmf=true" \
	--bootargs "rvbench.run=addi100 rvbench.samples=20 rvbench.events=raw:0X0004a00,cycles" \
	-o "$out/spelt" "$build/rvbench.elf" >"$out/spelt.stdout" 2>&1
check "raw:0X0004a00 is named raw:0x4a00 in the PMU record" grep -a -q \
	'@RVB .* PMU status=ok .*events=cycles refused=raw:0x4a00:not-supported \*' "$out/spelt/uart.log"
