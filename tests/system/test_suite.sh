#!/bin/sh
# The built-in suite under QEMU -icount shift=0, on small sizes: every
# benchmark runs and verifies on sifive_u and virt; the exact properties
# (instret per pointer-chase step, lpm_lookup's checksum against the host's
# linear-scan reference); bad input refused before measuring; and the worked
# example of docs/writing-benchmarks.md built out of tree into a CSV.
. tests/system/lib.sh
build=$1
out=$build/tests/suite
rm -rf "$out"
mkdir -p "$out"
q() { # q NAME MACHINE BOOTARGS [ELF]: one collection into $out/NAME
	"$build/host/rvbench" qemu --machine "$2" --icount 0 --bootargs "$3" \
		-o "$out/$1" "${4:-$build/rvbench.elf}" >"$out/$1.stdout" 2>&1
}
# END / BENCH field of block ID in a uart.log: rec LOG TYPE ID KEY
rec() {
	grep -a "@RVB [0-9a-f]* [0-9]* $2 id=$3 " "$1" | tail -n 1 | tr ' ' '\n' | sed -n "s/^$4=//p"
}

SMALL='rvbench.samples=50 rvbench.warmup=10 rvbench.budget_ms=2000 lpm_lookup.prefixes=1000 lpm_lookup_seq.prefixes=1000
lpm_lookup_fixed.prefixes=1000 memcpy.size=256 memcpy_misaligned.size=256 memset.size=256
memset_misaligned.size=256 mem_latency_rand.size_kib=16 mem_latency_seq.size_kib=16'
SMALL=$(echo $SMALL)
NEW='alloc alu_add_lat alu_add_tput alu_div_lat alu_div_tput alu_mul_lat alu_mul_tput alu_rem_lat
alu_rem_tput branch_always branch_pattern branch_random crc32 hash_lookup lpm_lookup lpm_lookup_fixed
lpm_lookup_seq mem_latency_rand mem_latency_seq memcpy memcpy_misaligned memset memset_misaligned qsort'

# 1. Every built-in, both machines (a 2 s watchdog: a hang costs 2 s, not 10).
for m in sifive_u virt; do
	q "all-$m" $m "$SMALL"
	check_eq "$m: the whole suite collects a complete, verified run" 0 "$?"
	s=$out/all-$m/summary.csv
	cv=$(csv_col "$s" verify); cb=$(csv_col "$s" bench)
	check_eq "$m: no benchmark failed verify" "" \
		"$(tr -d '\r' <"$s" | awk -F, -v v="$cv" -v b="$cb" 'NR > 1 && $v != "ok" && $v != "none" {print $b}')"
	missing=
	for b in $NEW; do
		tr -d '\r' <"$s" | awk -F, -v c="$cb" -v v="$cv" -v n="$b" '$c == n && $v == "ok" {f = 1} END {exit !f}' ||
			missing="$missing $b"
	done
	check_eq "$m: each built-in ran and verified itself" "" "$missing"
done

# 2. Pointer chasing: instret is the same at every working-set size and
# grows by exactly 10 per 8 steps (8 loads, addi, bnez); every sample alike.
# (On virt: it boots in a fraction of the time sifive_u takes.)
for v in rand seq; do
	for kib in 4 1024; do
		for steps in 64 128; do
			q "chase-$v-$kib-$steps" virt "rvbench.run=mem_latency_$v rvbench.samples=30 \
mem_latency_$v.size_kib=$kib mem_latency_$v.steps=$steps"
			u=$out/chase-$v-$kib-$steps/uart.log
			eval "i_${v}_${kib}_${steps}=$(rec "$u" END 0 path_instret)"
			check_eq "mem_latency_$v size_kib=$kib steps=$steps: verified, every sample on one path" \
				"ok 0" "$(rec "$u" END 0 verify) $(rec "$u" END 0 path_differs)"
		done
	done
	eval "a=\$i_${v}_4_64 b=\$i_${v}_4_128 c=\$i_${v}_1024_64 d=\$i_${v}_1024_128"
	check_eq "mem_latency_$v: instret per 64 steps is exactly 80 at 4 KiB and 1 MiB" "80 80" \
		"$((b - a)) $((d - c))"
	check_eq "mem_latency_$v: instret does not depend on the working set" "$a $b" "$c $d"
done

# 3. lpm_lookup against the host's linear scan, at another seed, per call
# and in a group sweep (batch 3 and 5).
ref=$build/tests/test_lpm_reference
lpm_check() { # lpm_check NAME: every lpm block of a run equals the reference
	u=$out/$1/uart.log
	seed=$(grep -a '@RVB .* RUN ' "$u" | tr ' ' '\n' | sed -n 's/^seed=//p')
	for id in $(grep -a '@RVB .* BENCH .*name=lpm_lookup' "$u" | tr ' ' '\n' | sed -n 's/^id=//p'); do
		name=$(rec "$u" BENCH "$id" name)
		case $name in lpm_lookup_seq) v=seq ;; lpm_lookup_fixed) v=fixed ;; *) v=rand ;; esac
		want=$("$ref" --checksum $v "$seed" "$(rec "$u" BENCH "$id" p.prefixes)" \
			"$(rec "$u" BENCH "$id" inputs_n)" "$(rec "$u" BENCH "$id" batch)")
		check_eq "$1: block $id ($name, batch $(rec "$u" BENCH "$id" batch)) checksum = host reference" \
			"$want" "$(rec "$u" END "$id" checksum)"
	done
}
"$ref" --checksum rnd 1 1000 300 1 >/dev/null 2>&1
check_eq "the reference refuses a variant it does not know (exit 2), not reading it as rand" 2 "$?"
"$ref" --checksum rand 1 10x0 300 1 >/dev/null 2>&1
check_eq "... and a number with a typo (exit 2)" 2 "$?"
q lpm sifive_u 'rvbench.run=lpm_lookup* rvbench.seed=0x1234abcd rvbench.samples=200
lpm_lookup.prefixes=3000 lpm_lookup_seq.prefixes=1000 lpm_lookup_fixed.prefixes=1000'
check_eq "lpm_lookup at seed 0x1234abcd collects a complete run" 0 "$?"
lpm_check lpm
q lpm-groups virt 'rvbench.run=lpm_lookup rvbench.seed=7 rvbench.groups=2 rvbench.initial=3
rvbench.delta=2 rvbench.size=40 rvbench.warmup=5 lpm_lookup.prefixes=1000'
check_eq "lpm_lookup in a group sweep collects a complete run" 0 "$?"
lpm_check lpm-groups

# 4. Bad input: refused before measuring, the limit named, the run goes on.
q bad virt 'rvbench.run=mem_latency_rand,udiv rvbench.samples=20 mem_latency_rand.size_kib=2'
u=$out/bad/uart.log
check "a size below the range is refused with the range" \
	grep -a -q '^rvbench: error: .*mem_latency_rand.size_kib=2.*4\.\.16777216' "$u"
q big sifive_u 'rvbench.run=mem_latency_rand,udiv rvbench.samples=20 mem_latency_rand.size_kib=16777216'
check_eq "a working set larger than RAM is skipped, and the run does not fail" 0 "$?"
u=$out/big/uart.log
check "... skipped in setup, naming what the arena holds" \
	grep -a -q '^mem_latency_rand: skipped, nothing measured: size_kib=16777216 does not fit, the arena holds [0-9]* KiB' "$u"
check "... before measuring anything, the reason in the END record" \
	grep -a -q '@RVB .* END id=0 count=0 .*status=skipped .*reason=size_kib=16777216%20does%20not%20fit' "$u"
check "... and the next benchmark still runs" grep -a -q '@RVB .* END id=1 .*verify=ok .*status=ok ' "$u"
q steps virt 'rvbench.run=mem_latency_seq rvbench.samples=20 mem_latency_seq.steps=12'
check "steps that are not a multiple of 8 are refused by name" \
	grep -a -q '^mem_latency_seq: setup-failed, nothing measured: steps=12 is not a multiple of 8' "$out/steps/uart.log"

# 5. The worked example of docs/writing-benchmarks.md, out of tree, as the
# document says; and a failing verify() that does not stop the run.
doc=docs/writing-benchmarks.md
sed -n '/^<!-- file: examples\/first-bench\/isqrt.c -->$/,/^```$/p' "$doc" | sed '1,2d;$d' >"$out/isqrt.c"
check "the document shows examples/first-bench/isqrt.c as it is" cmp -s "$out/isqrt.c" examples/first-bench/isqrt.c
make -s -j4 BUILD="$out/build-example" BENCH_DIR=examples/first-bench firmware >"$out/make-example.log" 2>&1
check_eq "the example builds out of tree (make BENCH_DIR=examples/first-bench)" 0 "$?"
q example sifive_u 'rvbench.run=isqrt' "$out/build-example/rvbench.elf"
check_eq "the example runs and verifies" 0 "$?"
check_eq "its samples.csv has 50 warmup + 2000 samples (its own defaults)" "50 2000" \
	"$(bench_rows "$out/example/samples.csv" isqrt 1 | wc -l) $(bench_rows "$out/example/samples.csv" isqrt 0 | wc -l)"
q example-bits virt 'rvbench.run=isqrt rvbench.samples=100 isqrt.bits=64' "$out/build-example/rvbench.elf"
check "its parameter is set at run time" grep -a -q '@RVB .* BENCH .*name=isqrt .*p.bits=64 ' "$out/example-bits/uart.log"
make -s -j4 BUILD="$out/build-broken" BENCH_DIR=examples/broken-verify firmware >"$out/make-broken.log" 2>&1
q broken sifive_u 'rvbench.run=off_by_one,udiv rvbench.samples=20' "$out/build-broken/rvbench.elf"
check_eq "a failing verify() makes the collector exit 1" 1 "$?"
u=$out/broken/uart.log
check "... marks that benchmark verify-failed" grep -a -q '@RVB .* END id=0 .*verify=fail .*status=verify-failed ' "$u"
check "... and the run goes on" grep -a -q '@RVB .* END id=1 .*verify=ok .*status=ok ' "$u"
