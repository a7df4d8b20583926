#!/bin/sh
# The RISC-V Image header of build/rvbench.bin against the linked image
# itself (Linux Documentation/riscv/boot-image-header.rst, U-Boot's
# arch/riscv/lib/image.c), stricter than test_uboot.sh's header checks:
# there image_size is compared with the ELF's PT_LOAD footprint, which
# holds no BSS, heap or stacks (linker/rvbench.ld.S keeps them out of any
# segment), so an image_size of the file's size alone would pass it.
# Here every allocated section, NOBITS included, must lie inside
# [start, start + image_size): U-Boot's booti reserves exactly that range
# (lmb) before it places the device tree or an initrd.
. tests/system/lib.sh
build=$1
fresh_out image-header
bin=$build/rvbench.bin
elf=$build/rvbench.elf
readelf=${CROSS:-riscv64-unknown-elf-}readelf
nm=${CROSS:-riscv64-unknown-elf-}nm

# le OFFSET BYTES: the little-endian unsigned field of rvbench.bin, decimal.
le() {
	od -A n -t u1 -j "$1" -N "$2" "$bin" |
		awk '{ for (i = 1; i <= NF; i++) b[n++] = $i }
		     END { v = 0; for (i = n - 1; i >= 0; i--) v = v * 256 + b[i]; printf "%.0f\n", v }'
}
sym() {
	v=$($nm "$elf" | sed -n "s/^\([0-9a-f]*\) . $1\$/\1/p")
	[ -n "$v" ] && printf '%d\n' "0x$v" || echo missing
}

start=$(sym __image_start)
entry=$(sym boot_hart_entry)
check_eq "the image starts at 0x80200000 (fw_jump's next address)" $((0x80200000)) "$start"
check_eq "header: text_offset is the link address less RAM base 0x80000000" \
	$((start - 0x80000000)) "$(le 8 8)"
check_eq "header: text_offset is 2 MiB aligned (Documentation/riscv/boot.rst, rv64)" 0 \
	$(($(le 8 8) % 2097152))

# code0 is one uncompressed jal x0: its target must be boot_hart_entry.
insn=$(le 0 4)
check_eq "header: code0 is 'jal x0' (opcode 0x6f, rd 0)" 111 $((insn & 0xfff))
imm=$(( ((insn >> 31) & 1) << 20 | ((insn >> 12) & 0xff) << 12 | ((insn >> 20) & 1) << 11 | ((insn >> 21) & 0x3ff) << 1 ))
[ $((imm >> 20)) = 1 ] && imm=$((imm - (1 << 21)))
check_eq "header: code0 jumps to boot_hart_entry" "$entry" $((start + imm))
check_eq "header: code1 is 0" 0 "$(le 4 4)"
check_eq "header: flags 0 (little endian)" 0 "$(le 24 8)"
check_eq "header: version 0.2 (major in bits 16-31)" 2 "$(le 32 4)"
check_eq "header: res1, res2 are 0" "0 0" "$(le 36 4) $(le 40 8)"
check_eq "header: res3 (the PE/COFF offset) is 0: no EFI stub" 0 "$(le 60 4)"
printf 'RISCV\000\000\000RSC\005' >"$out/magic"
check "header: magic at 48, magic2 at 56" cmp -s -i 48:0 -n 12 "$bin" "$out/magic"

size=$(le 16 8)
check_eq "header: image_size is __image_end - __image_start" $(($(sym __image_end) - start)) "$size"
# Every SHF_ALLOC section (the A flag), PROGBITS or NOBITS, ends inside it.
worst=0
worst_name=none
for e in $($readelf -SW "$elf" | sed 's/^ *\[ *[0-9]*\] *//' |
	awk '$1 ~ /^\./ && $7 ~ /A/ { print $1 "=0x" $3 "+0x" $5 }'); do
	end=$((${e#*=} - start))
	[ "$end" -gt "$worst" ] && worst=$end && worst_name=${e%%=*}
done
echo "# image_size $size; the last allocated byte: $worst_name ends at +$worst"
check "header: image_size covers every allocated section, BSS, heap and stacks included" \
	[ "$worst" -gt 0 -a "$size" -ge "$worst" ]
for s in __bss_end __stacks_end __heap_end; do
	v=$(sym $s)
	check "header: image_size covers $s" [ "$v" != missing -a $((v - start)) -le "$size" ]
done
check "header: image_size stays below fw_jump's device tree at 0x82200000" \
	[ $((start + size)) -le $((0x82200000)) ]
data=$($readelf -SW "$elf" | sed 's/^ *\[ *[0-9]*\] *//' | awk '$1 == ".data" { print "0x" $3 "+0x" $5 }')
check_eq "rvbench.bin is the image's bytes from its start: its size is .data's end" \
	$(($data - start)) "$(wc -c <"$bin")"
