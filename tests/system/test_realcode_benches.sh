#!/bin/sh
# The built-in benchmarks that measure real code (src/benches/lpm_lookup.c,
# qsort.c), on QEMU sifive_u:
#  - lpm_lookup sizes its trie by what its table needs, so every hart of a
#    parallel run builds its own (before, the boot hart's setup took all
#    the arena had left and the last harts' setups failed). Under
#    --icount off, where the harts run together; nothing here reads a
#    time.
#  - qsort's copy of its input is made by prepare(), outside the measured
#    interval: under -icount shift=0 a sample of n=2 is exactly picolibc's
#    qsort() of 2 elements, 101 instructions when they are in order, 146
#    when not (with the copy inside it was 135 and 180).
#   tests/system/test_realcode_benches.sh BUILD
. tests/system/lib.sh
build=${1:-build}
fresh_out realcode
q() { # q NAME ICOUNT BOOTARGS: one collection into $out/NAME
	"$build/host/rvbench" qemu --machine sifive_u --icount "$2" --bootargs "$3" \
		-o "$out/$1" "$build/rvbench.elf" >"$out/$1.stdout" 2>&1
}

q lpm-par off 'rvbench.run=lpm_lookup rvbench.parallel=1 rvbench.samples=20 rvbench.warmup=2 lpm_lookup.prefixes=20000'
check_eq "lpm_lookup prefixes=20000 on 4 harts at once: the run completes (exit 0)" 0 "$?"
u=$out/lpm-par/uart.log
check_eq "... 4 blocks, each measured and verified" "4 4" \
	"$(grep -a -c '@RVB .* END id=[0-9]* count=22 verify=ok .*status=ok ' "$u") \
$(grep -a -c '@RVB .* END id=' "$u")"
check "... no hart's setup failed" sh -c "! grep -a -q 'setup-failed' '$u'"

q qsort2 0 'rvbench.run=qsort qsort.n=2 rvbench.samples=50 rvbench.warmup=5'
check_eq "qsort n=2 under -icount: collects, verified" "0 ok" \
	"$? $(grep -a '@RVB .* END id=0 ' "$out/qsort2/uart.log" | tr ' ' '\n' | sed -n 's/^verify=//p')"
s=$out/qsort2/samples.csv
check_eq "qsort n=2: every measured sample is qsort() alone, 101 or 146 instructions" "101 146" \
	"$(bench_rows "$s" qsort 0 | distinct "$(csv_col "$s" instret)")"
