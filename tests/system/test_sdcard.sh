#!/bin/sh
# `make sdcard`: the HiFive Unleashed card. Checks the GPT with sgdisk and
# the FAT with mtools: partition 1 of the FSBL's type at sector 2048 holds
# build/fw_payload.bin (what the FSBL loads to 0x80000000); partition 2, a
# FAT marked legacy-BIOS-bootable, holds boot.scr and rvbench.bin; then
# boots the card's FAT through Debian's U-Boot on QEMU virt, as a board with
# U-Boot in flash would. (The payload itself boots in test_fw_payload.)
. tests/system/lib.sh
build=$1
fresh_out sdcard
PATH=$PATH:/usr/sbin:/sbin
card=$build/sdcard.img
payload=$build/fw_payload.bin

check "make sdcard" make -s --no-print-directory BUILD="$build" sdcard
check "sgdisk -v: a sound GPT" sh -c "sgdisk -v '$card' | grep -q 'No problems found'"
sgdisk -i 1 "$card" >"$out/p1" 2>&1
sgdisk -i 2 "$card" >"$out/p2" 2>&1
field() { sed -n "s/^$2: *//p" "$1" | sed 's/ .*//'; }

check_eq "p1: the FSBL's type GUID" 2E54B353-1271-4842-806F-E436D6AF6985 "$(field "$out/p1" 'Partition GUID code')"
check_eq "p1: first sector 2048 (1 MiB)" 2048 "$(field "$out/p1" 'First sector')"
p1_size=$(field "$out/p1" 'Partition size')
check "p1: large enough for fw_payload.bin" [ $((p1_size * 512)) -ge "$(wc -c <"$payload")" ]
check "p1: holds build/fw_payload.bin" \
	cmp -s -i $((2048 * 512)):0 -n "$(wc -c <"$payload")" "$card" "$payload"

check_eq "p2: basic data type (FAT)" EBD0A0A2-B9E5-4433-87C0-68B6B72699C7 "$(field "$out/p2" 'Partition GUID code')"
check_eq "p2: legacy BIOS bootable (U-Boot scans bootable partitions)" 0000000000000004 \
	"$(field "$out/p2" 'Attribute flags')"
p2_first=$(field "$out/p2" 'First sector')
check "p2: 1 MiB aligned, after p1" [ $((p2_first % 2048)) = 0 -a "$p2_first" -ge $((2048 + p1_size)) ]
at=$((p2_first * 512))
check_eq "p2: FAT holding boot.scr and rvbench.bin" "::/BOOT.SCR ::/RVBENCH.BIN" \
	"$(mdir -b -i "$card@@$at" :: 2>/dev/null | tr 'a-z' 'A-Z' | sort | tr '\n' ' ' | sed 's/ $//')"
mcopy -n -i "$card@@$at" ::boot.scr ::rvbench.bin "$out/" 2>/dev/null
check "p2: rvbench.bin is build/rvbench.bin" cmp -s "$out/rvbench.bin" "$build/rvbench.bin"
check "p2: boot.scr is build/boot.scr" cmp -s "$out/boot.scr" "$build/boot.scr"

uboot_boot "$card" "U-Boot from sdcard.img"
check_eq "U-Boot booted the card's FAT: rvbench qemu exits 0" 0 "$rc"
check "U-Boot found boot.scr on partition 2" \
	sh -c "grep -a -q 'Scanning virtio 0:2' '$out/run/uart.log' && grep -a -q 'Found U-Boot script /boot.scr' '$out/run/uart.log'"
