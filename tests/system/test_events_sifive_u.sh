#!/bin/sh
# sifive_u's SBI PMU: only the fixed counters (cycle, instret). An event
# after cycles and instructions has no counter left: the SBI firmware is
# not asked, and the line says so rather than that it refused; the same
# event asked first is refused by the SBI firmware itself. Both are in
# the PMU record as not-supported, and neither gets a column.
. tests/system/lib.sh
build=$1
fresh_out events-sifive-u
rvb=$build/host/rvbench

"$rvb" qemu -q --machine sifive_u --icount 0 \
	--bootargs "rvbench.run=addi100 rvbench.samples=20 rvbench.events=cycles,instructions,cache-misses" \
	-o "$out/left" "$build/rvbench.elf" >/dev/null 2>&1
check_eq "cache-misses after cycles and instructions: the run exits 0" 0 "$?"
check "said: no counter left, not refused by the SBI firmware" grep -a -q \
	"rvbench: event cache-misses: no counter left to ask the SBI firmware for (no programmable counter here; the fixed ones are taken by this run's earlier events): not counted" \
	"$out/left/uart.log"
check "not said as refused by the SBI firmware" sh -c \
	"! grep -a -q 'cache-misses: refused by the SBI firmware' '$out/left/uart.log'"
check "the PMU record: cycles and instructions count, cache-misses not-supported" grep -a -q \
	'@RVB .* PMU status=ok .*events=cycles,instructions refused=cache-misses:not-supported \*' \
	"$out/left/uart.log"
check_eq "no ev.cache-misses column" "" "$(csv_col "$out/left/samples.csv" ev.cache-misses)"

"$rvb" qemu -q --machine sifive_u --icount 0 \
	--bootargs "rvbench.run=addi100 rvbench.samples=20 rvbench.events=cache-misses,cycles" \
	-o "$out/first" "$build/rvbench.elf" >/dev/null 2>&1
check_eq "cache-misses first: the run exits 0" 0 "$?"
check "asked first, the SBI firmware refuses it" grep -a -q \
	'rvbench: event cache-misses: refused by the SBI firmware (not-supported): not counted' \
	"$out/first/uart.log"
check "the PMU record: cycles counts, cache-misses not-supported" grep -a -q \
	'@RVB .* PMU status=ok .*events=cycles refused=cache-misses:not-supported \*' \
	"$out/first/uart.log"
