#!/bin/sh
# The SBI firmware enters rvbench on a hart with no stack slot (hart id 8
# or more, boot/layout.h): QEMU virt's OpenSBI draws its boot hart among
# all harts, so with more than 8 this happens at random. The hart must
# hand the boot to one that has a slot and the run go on; before, it
# parked and the run hung without a word. Made deterministic here: under
# -icount, harts 0..7 sleep (tests/fixtures/late-harts) until an SBI HSM
# start wakes them, so fw_jump's lottery goes to hart 8.
. tests/system/lib.sh
build=$1
fresh_out boot-handoff

riscv64-unknown-elf-gcc -nostdlib -march=rv64gc -mabi=lp64d -Wl,-Ttext=0x8f000000 \
	tests/fixtures/late-harts/late_harts.S -o "$out/late.elf" &&
	riscv64-unknown-elf-objcopy -O binary "$out/late.elf" "$out/late.bin"
check_eq "the sleeping harts' code builds" 0 "$?"

args="-bios $FW_JUMP -device loader,file=$out/late.bin,addr=0x8f000000,force-raw=on"
for k in 0 1 2 3 4 5 6 7; do
	args="$args -device loader,addr=0x8f000000,cpu-num=$k"
done
"$build/host/rvbench" qemu --machine virt --smp 12 --memory 256M --icount 0 --timeout 60 \
	--qemu-args "$args" --bootargs "rvbench.run=addi100" -o "$out/run" "$build/rvbench.elf" \
	>"$out/stdout" 2>&1
check_eq "rvbench qemu exits 0" 0 "$?"
log=$out/run/uart.log
check "OpenSBI booted on hart 8" grep -a -q 'Boot HART ID *: 8' "$log"
check "hart 8 says it hands the boot to hart 0" \
	grep -a -q "rvbench: boot hart 8 is beyond rvbench's 8 hart ids: hart 0 takes over" "$log"
check "the run's boot hart is 0 and harts 0..7 are all there (1..7 not started: the run uses none)" \
	grep -a -q '@RVB .* RUN .* hart=0 harts=0:boot,1:stopped,2:stopped,3:stopped,4:stopped,5:stopped,6:stopped,7:stopped ' \
	"$log"
check "the harts beyond the 8 cpu nodes kept are counted" \
	grep -a -q 'rvbench: 4 more harts in the device tree not used: rvbench keeps 8 cpu nodes, hart ids below 8 first' \
	"$log"
s=$out/run/samples.csv
check_eq "addi100 is exactly 100 net cycles" 100 \
	"$(bench_rows "$s" addi100 0 | distinct "$(csv_col "$s" cycles)")"

# A run that uses the other harts: hart 0, booted by hart 8's hand-over,
# starts harts 1..7.
"$build/host/rvbench" qemu --machine virt --smp 12 --memory 256M --icount 0 --timeout 60 \
	--qemu-args "$args" --bootargs "rvbench.run=addi100 rvbench.parallel=1 rvbench.samples=20" \
	-o "$out/par" "$build/rvbench.elf" >"$out/par.stdout" 2>&1
check_eq "rvbench qemu, a parallel run: exits 0" 0 "$?"
check "hart 0 started harts 1..7 for it" \
	grep -a -q '@RVB .* RUN .* hart=0 harts=0:boot,1:online,2:online,3:online,4:online,5:online,6:online,7:online ' \
	"$out/par/uart.log"
check_eq "and every one of the 8 measured its block" 8 \
	"$(grep -a -c '@RVB .* BENCH .* name=addi100 .* parallel=8 ' "$out/par/uart.log")"

# No hart below 8 can take over (QEMU's tree with cpus 0..7 disabled; the
# SBI firmware leaves those harts out and boots on hart 8): hart 8 says so
# and ends the machine, so QEMU exits by itself instead of the collector
# waiting out its timeout.
qemu-system-riscv64 -M virt,dumpdtb="$out/virt12.dtb" -smp 12 -display none >/dev/null 2>&1
dtc -q -I dtb -O dts -o "$out/virt12.dts" "$out/virt12.dtb"
awk '/cpu@[0-7] \{/ { inside = 1 } inside && /status = "okay"/ { sub(/"okay"/, "\"disabled\""); inside = 0 } { print }' \
	"$out/virt12.dts" >"$out/none.dts"
dtc -q -I dts -O dtb -o "$out/none.dtb" "$out/none.dts"
check_eq "the tree has cpus 0..7 disabled" 8 "$(grep -c 'status = "disabled"' "$out/none.dts")"
"$build/host/rvbench" qemu --machine virt --smp 12 --icount 0 --timeout 60 \
	--qemu-args "-dtb $out/none.dtb" --bootargs "rvbench.run=addi100" -o "$out/none" \
	"$build/rvbench.elf" >"$out/none.stdout" 2>&1
check_eq "rvbench qemu: no run, exit 1" 1 "$?"
check "hart 8 says why it stops" grep -a -q \
	"rvbench: boot hart 8 is beyond rvbench's 8 hart ids, and the device tree names no other hart below 8 with S-mode to take over: stopped" \
	"$out/none/uart.log"
check "QEMU ended by itself, not by the timeout" grep -q '"end": *"eof"' "$out/none/meta.json"
