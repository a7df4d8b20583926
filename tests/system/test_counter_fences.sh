#!/bin/sh
# The fences of rvbench.counter=fenced (and the one after prepare()) order
# the counter reads themselves: for FENCE a CSR read is device input (I),
# so only `fence iorw, iorw` (0x0ff0000f) keeps rdcycle and rdinstret on
# their side of the body's loads and stores; `fence rw, rw` (0x0330000f)
# leaves them unordered (src/harness.c). Checked in the image's measuring
# loops, then under -icount: the fences cost what the calibration removes,
# so fenced and plain reads give the same net samples.
. tests/system/lib.sh
build=$1
fresh_out counter_fences
objdump=${CROSS:-riscv64-unknown-elf-}objdump

# fences FUNCTION: the encodings of the fences in FUNCTION, one a line.
fences() {
	"$objdump" -d --disassemble="$1" "$build/rvbench.elf" |
		awk '$3 ~ /^fence/ {print $2}'
}

for f in fenced_single fenced_batch fenced_prepared fenced_single_ev fenced_batch_ev \
	fenced_prepared_ev plain_prepared plain_prepared_ev harness_selfcheck harness_self_timed; do
	fences "$f" >"$out/$f"
	check "$f has fences" test -s "$out/$f"
	check_eq "$f: every fence is fence iorw, iorw" "0ff0000f" "$(sort -u "$out/$f" | paste -sd' ' -)"
done
for f in plain_single plain_batch plain_single_ev plain_batch_ev; do
	check_eq "$f reads the counters without a fence" 0 "$(fences "$f" | wc -l)"
done

q() { # q NAME BOOTARGS: one collection into $out/NAME
	"$build/host/rvbench" qemu --machine sifive_u --icount 0 --bootargs "$2" \
		-o "$out/$1" "$build/rvbench.elf" >"$out/$1.stdout" 2>&1
}
runs='rvbench.run=addi100,qsort,empty rvbench.samples=100 rvbench.warmup=5 rvbench.batch=3'
q plain "$runs"
check_eq "plain reads: a complete run" 0 "$?"
q fenced "$runs rvbench.counter=fenced"
check_eq "fenced reads: a complete run" 0 "$?"
s=$out/fenced/samples.csv
check_eq "fenced: addi100 reads exactly 300 a sample of 3 calls" 300 \
	"$(bench_rows "$s" addi100 0 | distinct "$(csv_col "$s" cycles)")"
check_eq "fenced: empty reads exactly 0" 0 \
	"$(bench_rows "$s" empty 0 | distinct "$(csv_col "$s" cycles)")"
# Net columns (cycles, instret) of every row, plain against fenced.
net() {
	c=$(csv_col "$1" cycles)
	i=$(csv_col "$1" instret)
	tr -d '\r' <"$1" | awk -F, -v c="$c" -v i="$i" 'NR > 1 {print $2, $c, $i}'
}
net "$out/plain/samples.csv" >"$out/plain.net"
net "$s" >"$out/fenced.net"
check_eq "plain and fenced rows (3 benchmarks x 105)" 315 "$(wc -l <"$out/fenced.net")"
check "fenced and plain reads give the same net samples (qsort's prepare() too)" \
	cmp -s "$out/plain.net" "$out/fenced.net"
