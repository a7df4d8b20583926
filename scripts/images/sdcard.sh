#!/bin/sh
# sdcard.sh OUT FW_PAYLOAD BOOT_SCR RVBENCH_BIN
# The HiFive Unleashed SD card (docs/hardware.md):
#   1 "rvbench-payload", type 2E54B353-1271-4842-806F-E436D6AF6985 at
#     sector 2048: FW_PAYLOAD, which the stock FSBL (MSEL = 1111) loads
#     whole to 0x80000000 and enters in M-mode;
#   2 "rvbench-uboot", a FAT partition with the legacy-BIOS-bootable
#     attribute (U-Boot's distro boot scans only bootable partitions, else
#     partition 1) holding boot.scr and rvbench.bin, for a board whose
#     U-Boot comes from flash.
set -eu
. "$(dirname "$0")/lib.sh"
[ $# = 4 ] || die "usage: sdcard.sh OUT FW_PAYLOAD BOOT_SCR RVBENCH_BIN"
out=$1
need_tool sgdisk gdisk
img=$out.tmp
payload_mib=$(($(wc -c <"$2") / 1048576 + 1))
p1_sectors=$((payload_mib * 2048))
p2_start=$((2048 + p1_sectors))
fat_sectors=32768
# 1 MiB before (GPT and alignment), 1 MiB after (the backup GPT).
blank "$img" $((1 + payload_mib + 16 + 1))
# sgdisk talks on stdout even when it works (and warns about the kernel's
# view of a disk, irrelevant for a file): show it only when it fails.
log=$(sgdisk --clear \
	--new=1:2048:+$p1_sectors --typecode=1:2E54B353-1271-4842-806F-E436D6AF6985 \
	--change-name=1:rvbench-payload \
	--new=2:$p2_start:+$fat_sectors --typecode=2:EBD0A0A2-B9E5-4433-87C0-68B6B72699C7 \
	--change-name=2:rvbench-uboot --attributes=2:set:2 \
	"$img" 2>&1) || die "sgdisk failed on $img: $log"
dd if="$2" of="$img" bs=512 seek=2048 conv=notrunc 2>/dev/null
fat_fill "$img" $p2_start $fat_sectors RVBENCH "$3:boot.scr" "$4:rvbench.bin"
mv "$img" "$out"
