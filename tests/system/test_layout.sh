#!/bin/sh
# Where the image puts what it writes before its first sample. The default
# image keeps it in the 2 MiB after PAYLOAD_BASE, with the code: under QEMU
# each 2 MiB region first written costs the host clearing all of it
# (docs/performance.md). An image with a big benchmark (BENCH_DIR) cannot,
# and still links and runs: the layout is a speed-up, not a limit.
. tests/system/lib.sh
build=$1
fwbuild=$build/tests/layout-build
out=$build/tests/layout
rm -rf "$out"
mkdir -p "$out"
nm=${CROSS:-riscv64-unknown-elf-}nm

# The value of symbol $2 in image $1, in decimal.
sym() {
	printf '%d' "0x$($nm "$1" | sed -n "s/^\([0-9a-f]*\) . $2\$/\1/p")"
}

early=$(sym "$build/rvbench.elf" __noinit_last_early)
check "the default image: the first 64 KiB of the samples lie in the 2 MiB after 0x80200000" \
	[ "$((early + 0x10000))" -le "$((0x80400000))" ]

make --no-print-directory -s BUILD="$fwbuild" BENCH_DIR=tests/fixtures/big-bench firmware \
	>"$out/make.log" 2>&1
check_eq "an image with 256 KiB more of tables links" 0 "$?"
early=$(sym "$fwbuild/rvbench.elf" __noinit_last_early)
check "... and its buffers lie past the first 2 MiB" [ "$early" -gt "$((0x80400000))" ]
"$build/host/rvbench" qemu --machine sifive_u --icount 0 \
	--bootargs "rvbench.run=big_table,addi100 rvbench.samples=50" -o "$out/run" \
	"$fwbuild/rvbench.elf" >"$out/stdout" 2>&1
check_eq "... and runs" 0 "$?"
s=$out/run/samples.csv
check_eq "addi100 in that image is exact" 100 \
	"$(bench_rows "$s" addi100 0 | distinct "$(csv_col "$s" cycles)")"
