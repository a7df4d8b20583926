#!/bin/sh
# boot-scr.sh BOOT_CMD BOOTARGS OUT_SCR
# U-Boot's distro boot runs boot.scr, a legacy image of the script
# BOOT_CMD. A non-empty BOOTARGS replaces the script's "setenv bootargs"
# line; the script actually packed is kept beside OUT_SCR as boot.cmd.
set -eu
. "$(dirname "$0")/lib.sh"
[ $# = 3 ] || die "usage: boot-scr.sh BOOT_CMD BOOTARGS OUT_SCR"
cmd=$1
args=$2
out=$3
need_tool mkimage u-boot-tools
# Plain words only: they go inside a quoted U-Boot string through sed.
case $args in
*[!A-Za-z0-9._=,:/+\ -]*) die "UBOOT_BOOTARGS may hold letters, digits, spaces and ._=,:/+- only: '$args'" ;;
esac
packed=$(dirname "$out")/boot.cmd
if [ -n "$args" ]; then
	grep -q '^setenv bootargs ' "$cmd" || die "$cmd has no 'setenv bootargs' line to replace"
	sed "s|^setenv bootargs .*|setenv bootargs \"$args\"|" "$cmd" >"$packed.tmp"
else
	cp "$cmd" "$packed.tmp"
fi
mv "$packed.tmp" "$packed"
mkimage -A riscv -O linux -T script -C none -n "rvbench boot script" -d "$packed" "$out.tmp" >/dev/null
mv "$out.tmp" "$out"
