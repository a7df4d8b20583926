#!/bin/sh
# fw-payload.sh FW_JUMP PAYLOAD OUT
# What OpenSBI's fw_payload would be, from Debian's fw_jump: fw_jump.bin
# (linked at 0x80000000) padded to exactly 2 MiB, then the payload, so that
# it lands at 0x80200000 where fw_jump jumps. The SiFive FSBL (MSEL = 1111)
# or QEMU's -bios loads this at 0x80000000 and enters it in M-mode.
set -eu
. "$(dirname "$0")/lib.sh"
[ $# = 3 ] || die "usage: fw-payload.sh FW_JUMP PAYLOAD OUT"
fw=$1
payload=$2
out=$3
need_file "$fw" opensbi
[ -r "$payload" ] || die "$payload not found (make firmware)"
pad=2097152
size=$(wc -c <"$fw")
[ "$size" -le "$pad" ] || die "$fw is $size bytes: more than the 2 MiB before the payload"
cp "$fw" "$out.tmp"
# Writing at 2 MiB leaves the gap as zeros (a hole in the file).
dd if="$payload" of="$out.tmp" bs=$pad seek=1 conv=notrunc 2>/dev/null
mv "$out.tmp" "$out"
