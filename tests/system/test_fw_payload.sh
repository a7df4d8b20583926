#!/bin/sh
# The image the stock FSBL boots (MSEL = 1111): `make fw_payload` writes
# Debian's OpenSBI fw_jump.bin padded to 2 MiB followed by rvbench.bin;
# QEMU sifive_u runs the same bytes as -bios (loaded at 0x80000000, entered
# in M-mode on all harts with a1 = DTB), fw_jump enters rvbench in S-mode
# at 0x80200000. No -kernel, so no bootargs: the run uses the defaults,
# parks (no SBI shutdown on sifive_u) and rvbench stops QEMU.
. tests/system/lib.sh
build=$1
out=$build/tests/fw_payload
rm -rf "$out"
mkdir -p "$out"
fw_jump=$FW_JUMP
payload=$build/fw_payload.bin
bin=$build/rvbench.bin

check "make fw_payload" make -s --no-print-directory BUILD="$build" fw_payload
fw=$(wc -c <"$fw_jump")
check_eq "fw_payload.bin is 2 MiB + rvbench.bin" $((2097152 + $(wc -c <"$bin"))) \
	"$(wc -c <"$payload")"
check "fw_payload.bin starts with Debian's fw_jump.bin" cmp -s -n "$fw" "$payload" "$fw_jump"
check "fw_payload.bin is zero from fw_jump's end to 2 MiB" \
	cmp -s -i "$fw:0" -n $((2097152 - fw)) "$payload" /dev/zero
check "fw_payload.bin holds rvbench.bin from 2 MiB (0x80200000)" \
	cmp -s -i 2097152:0 "$payload" "$bin"

start=$(date +%s)
"$build/host/rvbench" qemu --machine sifive_u --smp 5 --icount 0 --timeout 60 -o "$out/run" \
	--qemu-args "-bios $payload" >"$out/run.stdout" 2>&1
rc=$?
echo "# rvbench qemu with -bios fw_payload.bin took $(($(date +%s) - start)) s"
check_eq "sifive_u -bios fw_payload.bin: rvbench qemu exits 0 (complete, verified run)" 0 "$rc"
log=$out/run/uart.log
check "QEMU ran no -kernel" sh -c "! grep -q -- '-kernel' '$out/run/meta.json'"
check "OpenSBI came from fw_payload.bin and jumped to 0x80200000 in S-mode" \
	sh -c "grep -a -q 'Domain0 Next Address *: 0x0*80200000' '$log' &&
	       grep -a -q 'Domain0 Next Mode *: S-mode' '$log'"
check "the firmware saw the FU540's five harts: the E51 skipped, the four U54s able to run (stopped: the run uses one)" \
	grep -a -q -E '@RVB .* RUN .* harts=0:skipped,1:(boot|stopped),2:(boot|stopped),3:(boot|stopped),4:(boot|stopped) ' "$log"
s=$out/run/samples.csv
check_eq "no bootargs: the default 1000 addi100 samples" 1000 "$(bench_rows "$s" addi100 0 | wc -l)"
check_eq "addi100: exactly 100 net cycles under -icount" 100 \
	"$(bench_rows "$s" addi100 0 | distinct "$(csv_col "$s" cycles)")"
check_eq "trailer status ok" ok "$(trailer_field "$log" status)"
