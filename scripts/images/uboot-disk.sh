#!/bin/sh
# uboot-disk.sh OUT BOOT_SCR RVBENCH_BIN
# The U-Boot boot medium: an MBR disk with one bootable FAT partition
# holding boot.scr and rvbench.bin. U-Boot's distro boot scans bootable
# partitions for /boot.scr and runs it (boot/boot.cmd: load, booti).
set -eu
. "$(dirname "$0")/lib.sh"
[ $# = 3 ] || die "usage: uboot-disk.sh OUT BOOT_SCR RVBENCH_BIN"
out=$1
need_tool sfdisk fdisk
img=$out.tmp
# 1 MiB for the MBR and alignment, then a 16 MiB FAT partition.
blank "$img" 17
printf 'label: dos\nstart=2048, size=32768, type=e, bootable\n' | sfdisk -q "$img"
fat_fill "$img" 2048 32768 RVBENCH "$2:boot.scr" "$3:rvbench.bin"
mv "$img" "$out"
