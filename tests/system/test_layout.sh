#!/bin/sh
# Where the image puts what it writes before its first sample. The default
# image keeps it in the 2 MiB after PAYLOAD_BASE, with the code: under QEMU
# each 2 MiB region first written costs the host clearing all of it
# (docs/performance.md); its link checks that too (linker/rvbench.ld.S).
# An image with a big benchmark (BENCH_DIR) cannot, and still links and
# runs: the layout is a speed-up, not a limit.
. tests/system/lib.sh
build=$1
fwbuild=$build/tests/layout-build
out=$build/tests/layout
rm -rf "$out"
mkdir -p "$out"
nm=${CROSS:-riscv64-unknown-elf-}nm

# The value of symbol $2 in image $1, in decimal; none: "missing", which
# no comparison below takes for a number.
sym() {
	v=$($nm "$1" 2>/dev/null | sed -n "s/^\([0-9a-f]*\) . $2\$/\1/p")
	if [ -n "$v" ]; then printf '%d' "0x$v"; else echo missing; fi
}
# The end of the first 2 MiB after the image's start (PAYLOAD_BASE).
region_end() {
	base=$(sym "$1" __image_start)
	[ "$base" = missing ] && echo missing || echo $((base + 0x200000))
}

early=$(sym "$build/rvbench.elf" __noinit_last_early)
end=$(region_end "$build/rvbench.elf")
check "the default image: the first 64 KiB of the samples lie in its first 2 MiB" \
	sh -c "[ $early != missing ] && [ $end != missing ] && [ \$(($early + 65536)) -le $end ]"

make --no-print-directory -s BUILD="$fwbuild" BENCH_DIR=tests/fixtures/big-bench firmware \
	>"$out/make.log" 2>&1
check_eq "an image with 256 KiB more of tables links" 0 "$?"
early=$(sym "$fwbuild/rvbench.elf" __noinit_last_early)
end=$(region_end "$fwbuild/rvbench.elf")
check "... and its buffers lie past the first 2 MiB" \
	sh -c "[ $early != missing ] && [ $end != missing ] && [ $early -gt $end ]"
"$build/host/rvbench" qemu --machine sifive_u --icount 0 \
	--bootargs "rvbench.run=big_table,addi100 rvbench.samples=50" -o "$out/run" \
	"$fwbuild/rvbench.elf" >"$out/stdout" 2>&1
check_eq "... and runs" 0 "$?"
s=$out/run/samples.csv
check_eq "addi100 in that image is exact" 100 \
	"$(bench_rows "$s" addi100 0 | distinct "$(csv_col "$s" cycles)")"
