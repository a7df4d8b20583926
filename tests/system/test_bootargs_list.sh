#!/bin/sh
# A hand-written device tree may give /chosen/bootargs as a list of strings
# (`bootargs = "a", "b";`). The command line is its first string, as a
# kernel reads it; the rest used to be dropped without a word, so the run
# went on with options the user never saw refused. Now the firmware says
# how many bytes it did not read and counts it as a rejected option.
. tests/system/lib.sh
build=$1
fresh_out bootargs-list

qemu-system-riscv64 -M sifive_u,dumpdtb="$out/sifive_u.dtb" -smp 2 -display none >/dev/null 2>&1
dtc -q -I dtb -O dts -o "$out/sifive_u.dts" "$out/sifive_u.dtb"
# The second string: 16 characters and its NUL, 17 bytes not read.
sed -e 's|stdout-path = "/soc/serial@10010000";|&\n\t\tbootargs = "rvbench.run=addi100 rvbench.samples=5 rvbench.exit=reboot rvbench.listen_ms=0", "rvbench.warmup=3";|' \
	"$out/sifive_u.dts" >"$out/list.dts"
dtc -q -I dts -O dtb -o "$out/list.dtb" "$out/list.dts"
check "the tree's bootargs are a list of two strings" \
	grep -q 'bootargs = "rvbench.run=addi100 rvbench.samples=5 rvbench.exit=reboot rvbench.listen_ms=0", "rvbench.warmup=3";' \
	"$out/list.dts"

# No -append: QEMU would replace the tree's bootargs with it.
timeout 60 qemu-system-riscv64 -M sifive_u -smp 2 -display none -monitor none -no-reboot \
	-icount shift=0,sleep=off -serial file:"$out/uart.log" -bios default \
	-kernel "$build/rvbench.elf" -dtb "$out/list.dtb" >/dev/null 2>&1
check_eq "QEMU ends at the firmware's reset" 0 "$?"
log=$out/uart.log
check "the bytes not read are said" grep -a -q \
	'^rvbench: error: /chosen/bootargs: 17 bytes not read (the command line is the property'"'"'s first string, NUL-terminated)' "$log"
check "the run header counts it as a rejected option" \
	grep -a -q '@RVB .* RUN .* bad_options=1 ' "$log"
check "the first string is read: addi100 alone, 5 samples" \
	grep -a -q '@RVB .* BENCH id=0 name=addi100 .* warmup=100 .* samples=5 ' "$log"
check "the second string is not: the warmup stays 100" \
	sh -c "! grep -a -q 'warmup=3' '$log'"
check "the run ends" grep -a -q '^rvbench: done' "$log"
