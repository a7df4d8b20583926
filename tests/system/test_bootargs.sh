#!/bin/sh
# Run-time options through the kernel command line: valid ones apply, a bad
# one is reported by name and ignored, and the same seed gives the same
# bytes (under -icount the run is deterministic).
. tests/system/lib.sh
build=$1
out=$build/tests/bootargs
rm -rf "$out"
args='rvbench.samples=40 rvbench.warmup=3 rvbench.seed=0x1234 rvbench.frobnicate=1 rvbench.run=crc32,addi100'

for n in 1 2; do
	"$build/host/rvbench" qemu --machine sifive_u --icount 0 --bootargs "$args" \
		-o "$out/$n" "$build/rvbench.elf" >"$out.$n.stdout" 2>&1
	check_eq "run $n with a rejected option exits 2 (the others applied)" 2 "$?"
done
check "the rejected option is repeated on stderr" \
	grep -q '^rvbench: firmware: error: frobnicate=1: unknown key' "$out.1.stdout"
s=$out/1/samples.csv
check_eq "rvbench.run= selects crc32 and addi100 only" "addi100 crc32" \
	"$(tr -d '\r' <"$s" | awk -F, 'NR > 1 {print $2}' | sort -u | tr '\n' ' ' | sed 's/ $//')"
check_eq "rvbench.samples=40: 40 measured crc32 samples" 40 "$(bench_rows "$s" crc32 0 | wc -l)"
check_eq "rvbench.warmup=3: 3 warmup crc32 samples" 3 "$(bench_rows "$s" crc32 1 | wc -l)"
check "rvbench.seed=0x1234 is in the run header" \
	grep -a -q '@RVB .* RUN .*seed=0x1234 ' "$out/1/uart.log"
check "the unknown option is reported by name" \
	grep -a -q 'error: frobnicate=1: unknown key' "$out/1/uart.log"
check "the run header counts one bad option" \
	grep -a -q '@RVB .* RUN .*bad_options=1 ' "$out/1/uart.log"
check "same seed, same image: byte-identical samples.csv" \
	cmp -s "$out/1/samples.csv" "$out/2/samples.csv"
