#!/bin/sh
# prepare(), exactly, under -icount (tests/fixtures/prepare-bench): an
# in-place insertion sort of a reversed array. Restored by prepare()
# before every call, every sample counts the same instructions, warmup
# included, in per-call samples and in batches (N calls, N times the
# count); never restored, the count drops after the first call. verify()
# checks that prepare() saw every call's index, in order, below the count
# setup() was told. In a parallel run every hart prepares its own calls.
. tests/system/lib.sh
build=$1
fwbuild=$build/tests/prepare-build
out=$build/tests/prepare
rm -rf "$out"
mkdir -p "$out"

make --no-print-directory -s BUILD="$fwbuild" BENCH_DIR=tests/fixtures/prepare-bench firmware \
	>"$out/make.log" 2>&1
check_eq "an image with prepare-bench builds" 0 "$?"

q() { # q NAME SMP ICOUNT BOOTARGS
	timeout 300 "$build/host/rvbench" qemu --machine sifive_u --smp "$2" --icount "$3" \
		--bootargs "$4" -o "$out/$1" "$fwbuild/rvbench.elf" >"$out/$1.stdout" 2>&1
}
# instret of BENCH's samples, warmup (1) or measured (0), in index order.
instret_of() {
	bench_rows "$1/samples.csv" "$2" "$3" | distinct "$(csv_col "$1/samples.csv" instret)"
}
first_instret() {
	c=$(csv_col "$1/samples.csv" instret)
	i=$(csv_col "$1/samples.csv" index)
	bench_rows "$1/samples.csv" "$2" 1 | awk -F, -v c="$c" -v i="$i" '$i == 0 {print $c}'
}

q single 2 0 'rvbench.run=isort_prepared,isort_stale rvbench.samples=100 rvbench.warmup=5'
check_eq "the run completes" 0 "$?"
u=$out/single/uart.log
check "isort_prepared verifies: prepare() ran before every call, in order" \
	grep -a -q '@RVB .* END id=0 count=105 verify=ok .*status=ok ' "$u"
check "isort_stale verifies" grep -a -q '@RVB .* END id=1 count=105 verify=ok .*status=ok ' "$u"
p=$(instret_of "$out/single" isort_prepared 0)
check "isort_prepared: one instruction count over every measured sample ($p)" \
	test -n "$p" -a "$(echo "$p" | wc -w)" = 1
check_eq "... and the same over its warmup, the first call included" "$p" \
	"$(instret_of "$out/single" isort_prepared 1)"
s=$(instret_of "$out/single" isort_stale 0)
check "isort_stale: one, smaller, count after the first call ($s)" \
	test -n "$s" -a "$(echo "$s" | wc -w)" = 1 -a "${s:-0}" -lt "${p:-0}"
check_eq "isort_stale: its first call sorts the reversed array (as isort_prepared's calls)" \
	"$p" "$(first_instret "$out/single" isort_stale)"

q batch 2 0 'rvbench.run=isort_prepared rvbench.samples=50 rvbench.warmup=2 rvbench.batch=4'
check_eq "a run with batch=4 completes" 0 "$?"
check "isort_prepared with batch=4 verifies (prepare() before each of the 4 calls)" \
	grep -a -q '@RVB .* END id=0 count=52 verify=ok .*status=ok ' "$out/batch/uart.log"
check_eq "a batch of 4 counts exactly 4 calls, prepare() left out" "$((4 * ${p:-0}))" \
	"$(instret_of "$out/batch" isort_prepared 0)"

q fenced 2 0 'rvbench.run=isort_prepared rvbench.samples=50 rvbench.warmup=2 rvbench.batch=3 rvbench.counter=fenced'
check_eq "fenced counters, batch=3: exactly 3 calls" "$((3 * ${p:-0}))" \
	"$(instret_of "$out/fenced" isort_prepared 0)"

q parallel 5 off 'rvbench.run=isort_prepared rvbench.samples=50 rvbench.warmup=2 rvbench.parallel=1'
check_eq "a parallel run completes" 0 "$?"
check_eq "every hart's block of the parallel run verifies" 4 \
	"$(grep -a -c '@RVB .* END id=[0-9]* count=52 verify=ok .*status=ok ' "$out/parallel/uart.log")"

# Hardware events through the SBI read in the prepared loop as cycles and
# instret are (each call its own pair of reads, summed over the batch):
# on sifive_u cycles and instructions land on the fixed counters, and must
# equal rdcycle and rdinstret on every row.
q events 2 0 'rvbench.run=isort_prepared rvbench.samples=50 rvbench.warmup=5 rvbench.batch=3 rvbench.events=cycles,instructions'
check_eq "prepared, batched, with events: the run completes" 0 "$?"
s=$out/events/samples.csv
check_eq "prepared: SBI cycles and instructions equal rdcycle and rdinstret on all 55 rows" "0 55" \
	"$(tr -d '\r' <"$s" | awk -F, -v c="$(csv_col "$s" cycles)" -v i="$(csv_col "$s" instret)" \
		-v ec="$(csv_col "$s" ev.cycles)" -v ei="$(csv_col "$s" ev.instructions)" \
		'NR > 1 {n++; if ($c != $ec || $i != $ei) bad++} END {print bad + 0, n + 0}')"
