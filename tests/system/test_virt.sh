#!/bin/sh
# The same image on QEMU virt (ns16550a console, 10 MHz timebase, SBI
# shutdown): the device tree, not a constant, decides the platform.
. tests/system/lib.sh
build=$1
out=$build/tests/virt
rm -rf "$out"

"$build/host/rvbench" qemu --machine virt --smp 2 --icount 0 -o "$out" \
	"$build/rvbench.elf" >"$out.stdout" 2>&1
check_eq "rvbench qemu on virt exits 0" 0 "$?"
s=$out/samples.csv
check_eq "virt: addi100 is exactly 100 net cycles" 100 \
	"$(bench_rows "$s" addi100 0 | distinct "$(csv_col "$s" cycles)")"
check "virt: the console is the ns16550a" \
	grep -a -q '@RVB .* RUN .*console=ns16550a' "$out/uart.log"
check "virt: timebase 10 MHz read from the device tree" \
	grep -a -q '@RVB .* RUN .*timebase=10000000 ' "$out/uart.log"
