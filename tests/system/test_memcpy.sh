#!/bin/sh
# The memcpy family side by side under QEMU -icount shift=0, where a copy
# measures exactly its instruction count: rvbench's word copy of 4 KiB
# (aligned) within 1,600 instructions, far below the byte loop; GCC's
# inline expansion next to them; the misaligned copy on its own (merging)
# path; memset alike. Every sample of a block is the same count.
. tests/system/lib.sh
build=$1
out=$build/tests/memcpy
rm -rf "$out"
mkdir -p "$out"
"$build/host/rvbench" qemu --icount 0 -o "$out/run" \
	--bootargs 'rvbench.run=memcpy*,memset* rvbench.samples=10 rvbench.warmup=2' \
	"$build/rvbench.elf" >"$out/run.stdout" 2>&1
check_eq "the memcpy family collects a complete run" 0 "$?"
s=$out/run/summary.csv
cb=$(csv_col "$s" bench); cp=$(csv_col "$s" params); cmin=$(csv_col "$s" min)
cmax=$(csv_col "$s" max); cv=$(csv_col "$s" verify); ci=$(csv_col "$s" instret_median)
# cyc BENCH IMPL: min cycles of that block, "-" unless min = max = instret
cyc() {
	tr -d '\r' <"$s" | awk -F, -v b="$cb" -v p="$cp" -v lo="$cmin" -v hi="$cmax" -v i="$ci" \
		-v name="$1" -v want="size=4096;.*impl=$2\$" \
		'NR > 1 && $b == name && $p ~ want {print ($lo == $hi && $lo == $i) ? $lo : "-"}'
}
check_eq "every block verified" "ok" "$(tr -d '\r' <"$s" | awk -F, -v c="$cv" 'NR > 1 {print $c}' | sort -u)"
check_eq "one block per implementation: byte, word, builtin; byte, word for the others" \
	"3 2 2 2" "$(for b in memcpy memcpy_misaligned memset memset_misaligned; do
		tr -d '\r' <"$s" | awk -F, -v c="$cb" -v n="$b" '$c == n' | wc -l; done | tr '\n' ' ' | sed 's/ $//')"
word=$(cyc memcpy 1); byte=$(cyc memcpy 0); builtin=$(cyc memcpy 2)
mis=$(cyc memcpy_misaligned 1); set=$(cyc memset 1); setbyte=$(cyc memset 0)
check "memcpy impl=1 of 4096 aligned bytes: exact, at most 1600 instructions ($word)" \
	test "$word" != - -a "$word" -le 1600
check "... a tenth of the byte loop or less ($byte)" test "$byte" != - -a "$byte" -ge $((10 * word))
check "... GCC's inline __builtin_memcpy measured next to it ($builtin)" \
	test "$builtin" != - -a "$builtin" -le 2000
check "memcpy_misaligned impl=1 measures its own path: more than aligned, less than bytes ($mis)" \
	test "$mis" != - -a "$mis" -gt "$word" -a "$mis" -lt "$byte"
check "memset impl=1 of 4096 bytes: at most 800 instructions, a tenth of the byte loop ($set, $setbyte)" \
	test "$set" != - -a "$set" -le 800 -a "$setbyte" -ge $((10 * set))
