#!/bin/sh
# The U-Boot chain (docs/hardware.md), as on a board that boots U-Boot:
# build/rvbench.bin carries the RISC-V Image header booti reads;
# `make uboot-disk` writes an MBR disk whose FAT partition holds boot.scr
# and rvbench.bin; Debian's OpenSBI fw_jump (-bios) and Debian's S-mode
# U-Boot (-kernel) on QEMU virt find boot.scr by distro boot and booti the
# image, unattended: rvbench never writes to the UART (a byte would stop
# autoboot). UBOOT_BOOTARGS proves boot.cmd's bootargs reach the firmware.
. tests/system/lib.sh
build=$1
fresh_out uboot
PATH=$PATH:/usr/sbin:/sbin
bin=$build/rvbench.bin

# le FILE OFFSET BYTES: the little-endian unsigned field at OFFSET, decimal.
le() {
	od -A n -t u1 -j "$2" -N "$3" "$1" |
		awk '{ for (i = 1; i <= NF; i++) b[n++] = $i }
		     END { v = 0; for (i = n - 1; i >= 0; i--) v = v * 256 + b[i]; printf "%.0f\n", v }'
}

# ---- the Image header (Linux Documentation/riscv/boot-image-header.rst)
check_eq "header: code0 is a jal (0x6f), over the header" 111 $(($(le "$bin" 0 4) % 128))
check_eq "header: text_offset at 8 is 0x200000" 2097152 "$(le "$bin" 8 8)"
check_eq "header: flags at 24 are 0 (little endian)" 0 "$(le "$bin" 24 8)"
check_eq "header: version at 32 is 0.2" 2 "$(le "$bin" 32 4)"
printf 'RISCV\000\000\000RSC\005' >"$out/magic"
check "header: magic 'RISCV' at 48 and magic2 'RSC\\x05' at 56" \
	cmp -s -i 48:0 -n 12 "$bin" "$out/magic"
# The image's memory footprint: the end of its highest allocated section
# (BSS, heap and stacks included: they are in no LOAD segment,
# linker/rvbench.ld.S), from the link address 0x80200000.
foot=0
# Each $e is the text "0xADDR+0xSIZE", expanded inside $(( )) as text.
for e in $(readelf -SW "$build/rvbench.elf" | sed 's/^ *\[ *[0-9]*\] *//' |
	awk '$1 ~ /^\./ && $7 ~ /A/ { print "0x" $3 "+0x" $5 }'); do
	[ $(($e - 0x80200000)) -gt "$foot" ] && foot=$(($e - 0x80200000))
done
size=$(le "$bin" 16 8)
echo "# image_size $size, ELF footprint $foot"
check "header: image_size ($size) covers the ELF footprint ($foot)" [ "$size" -ge "$foot" ]
check "header: image_size stays below fw_jump's FDT at +32 MiB" [ "$size" -le 33554432 ]

# ---- the disk
check "make uboot-disk (UBOOT_BOOTARGS: 200 samples of the calibration benchmarks)" \
	make -s --no-print-directory BUILD="$build" \
		UBOOT_BOOTARGS='rvbench.samples=200 rvbench.run=addi100,empty,crc32,udiv rvbench.listen_ms=0' uboot-disk
disk=$build/uboot-disk.img
check "uboot-disk: MBR, one bootable partition at sector 2048" \
	sh -c "sfdisk -d '$disk' | grep -q 'start=  *2048, size=  *32768, type=e, bootable'"
at=$((2048 * 512))
mcopy -n -i "$disk@@$at" ::boot.scr ::rvbench.bin "$out/" 2>/dev/null
check "uboot-disk: the FAT holds build/rvbench.bin" cmp -s "$bin" "$out/rvbench.bin"
check "uboot-disk: the FAT holds build/boot.scr" cmp -s "$build/boot.scr" "$out/boot.scr"
check "boot.scr is a U-Boot script image" \
	sh -c "dumpimage -l '$out/boot.scr' | grep -q 'Script'"

# ---- the boot
uboot_boot "$disk" "rvbench qemu through U-Boot"
check_eq "U-Boot on virt: rvbench qemu exits 0 (complete, verified run)" 0 "$rc"
log=$out/run/uart.log
# The countdown redraws itself with backspaces: "2\b\b\b 1\b\b\b 0".
check "U-Boot counted its autoboot down to 0 (no byte reached it)" \
	sh -c "grep -a 'Hit any key to stop autoboot' '$log' | tr -d '\b\r' | grep -q ' 0 *\$'"
check "U-Boot's distro boot found boot.scr" grep -a -q 'Found U-Boot script /boot.scr' "$log"
check "booti moved the image to 0x80200000" grep -a -q 'Moving Image from 0x[0-9a-f]* to 0x80200000' "$log"
check_eq "boot.cmd's bootargs reached the firmware: 200 addi100 samples" 200 \
	"$(bench_rows "$out/run/samples.csv" addi100 0 | wc -l)"
check_eq "QEMU powered off by itself (SBI shutdown, rvbench.exit=auto)" 0 \
	"$(grep -c '"stopped_by_rvbench": true' "$out/run/meta.json")"

# Leave build/uboot-disk.img as `make uboot-disk` makes it.
make -s --no-print-directory BUILD="$build" uboot-disk >/dev/null 2>&1
