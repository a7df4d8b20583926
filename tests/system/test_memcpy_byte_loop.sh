#!/bin/sh
# impl=0 of memcpy and memset is "what Debian's picolibc (built for size)
# gives" (src/benches/memcpy.c, docs/methodology.md: 6 instructions a byte
# for memcpy). Under QEMU -icount shift=0 a block's count is exact, so the
# cost of one more byte is the count's growth from 1024 to 4096 bytes over
# 3072; it must be the length of picolibc's own loop, read from the libc.a
# the image is linked against (rvbench.map names it). A C byte loop that
# GCC compiles into 5 instructions a byte is not that.
. tests/system/lib.sh
build=$1
fresh_out memcpy_byte_loop
objdump=riscv64-unknown-elf-objdump

# loop_len FUNC: the instructions of FUNC's one loop in picolibc's libc.a,
# from its backward branch's target to the branch.
libc=$(grep -o '/[^ ()]*/libc\.a' "$build/rvbench.map" | head -n 1)
loop_len() {
	"$objdump" -d --disassemble="$1" "$libc" 2>/dev/null | awk '
		function hex(h,  v, i) {
			v = 0
			for (i = 1; i <= length(h); i++)
				v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
			return v
		}
		/^ *[0-9a-f]+:\t/ {
			a = hex(substr($1, 1, length($1) - 1)); addr[n++] = a
			if ($0 ~ /\tb(nez|ne|ltu|geu)\t/ && match($0, /,[0-9a-f]+ </)) {
				t = hex(substr($0, RSTART + 1, RLENGTH - 3))
				if (t < a) { c = 0; for (i = 0; i < n; i++) if (addr[i] >= t) c++; print c; exit }
			}
		}'
}
copy_loop=$(loop_len memcpy)
set_loop=$(loop_len memset)
check "picolibc's memcpy and memset loops read from $libc ($copy_loop, $set_loop)" \
	test -n "$copy_loop" -a -n "$set_loop"

"$build/host/rvbench" qemu --icount 0 -o "$out/run" \
	--bootargs 'rvbench.run=memcpy,memset rvbench.samples=5 rvbench.warmup=2 memcpy.impl=0 memcpy.size=1024,4096 memset.impl=0 memset.size=1024,4096' \
	"$build/rvbench.elf" >"$out/run.stdout" 2>&1
check_eq "impl=0 at 1 and 4 KiB collects a complete run" 0 "$?"
s=$out/run/summary.csv
cb=$(csv_col "$s" bench); cp=$(csv_col "$s" params); cmin=$(csv_col "$s" min)
cmax=$(csv_col "$s" max); cv=$(csv_col "$s" verify)
# count BENCH SIZE: the block's exact count (min = max), else "-"
count() {
	tr -d '\r' <"$s" | awk -F, -v b="$cb" -v p="$cp" -v lo="$cmin" -v hi="$cmax" \
		-v name="$1" -v want="^size=$2;.*impl=0\$" \
		'NR > 1 && $b == name && $p ~ want {print ($lo == $hi) ? $lo : "-"}'
}
check_eq "every block verified" "ok" "$(tr -d '\r' <"$s" | awk -F, -v c="$cv" 'NR > 1 {print $c}' | sort -u)"
c1=$(count memcpy 1024); c4=$(count memcpy 4096)
s1=$(count memset 1024); s4=$(count memset 4096)
check "memcpy impl=0 costs picolibc's $copy_loop instructions a byte ($c1 at 1 KiB, $c4 at 4 KiB)" \
	test "$c1" != - -a "$c4" != - -a -n "$copy_loop" -a $((c4 - c1)) = $((3072 * ${copy_loop:-0}))
check "memset impl=0 costs picolibc's $set_loop instructions a byte ($s1 at 1 KiB, $s4 at 4 KiB)" \
	test "$s1" != - -a "$s4" != - -a -n "$set_loop" -a $((s4 - s1)) = $((3072 * ${set_loop:-0}))
