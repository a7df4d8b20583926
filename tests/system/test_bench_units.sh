#!/bin/sh
# Benchmark directories built the way their authors build them, each one
# unit with a namespace of its own (bench-units.mk): two directories that
# both define main, input_data and sort (tests/fixtures/clash-a, clash-b)
# and the FIR kernel of examples/fir-kernel, wrapped unmodified, in one
# image; each verifies its own result. The flags of every benchmark,
# built-in ones too, reach meta.json and `rvbench stats`.
. tests/system/lib.sh
build=$1
fwbuild=$build/tests/units-build
out=$build/tests/units
rm -rf "$out"
mkdir -p "$out"
dirs="tests/fixtures/clash-a tests/fixtures/clash-b examples/fir-kernel"

make --no-print-directory -s BUILD="$fwbuild" BENCH_DIR="$dirs" firmware >"$out/make.log" 2>&1
check_eq "three benchmark directories build into one image" 0 "$?"
nm=${CROSS:-riscv64-unknown-elf-}nm
check_eq "the image holds three functions named main, each local to its unit" "t t t" \
	"$($nm "$fwbuild/rvbench.elf" | awk '$3 == "main" {print $2}' | tr '\n' ' ' | sed 's/ $//')"
check_eq "... and three objects named input_data" 3 \
	"$($nm "$fwbuild/rvbench.elf" | awk '$3 == "input_data"' | wc -l)"

timeout 300 "$build/host/rvbench" qemu --machine sifive_u --icount 0 \
	--bootargs "rvbench.run=clash_a,clash_b,fir,addi100 rvbench.samples=20 rvbench.warmup=2" \
	-o "$out/run" "$fwbuild/rvbench.elf" >"$out/run.stdout" 2>&1
check_eq "the run completes" 0 "$?"
u=$out/run/uart.log
for b in clash_a clash_b fir; do
	id=$(grep -a "@RVB .* BENCH .*name=$b " "$u" | tr ' ' '\n' | sed -n 's/^id=//p')
	check "$b verifies its own result" grep -a -q "@RVB .* END id=$id .*verify=ok .*status=ok " "$u"
done

m=$out/run/meta.json
cflags_of() { # the cflags of benchmark $1 in meta.json
	python3 -c 'import json, sys
for b in json.load(open(sys.argv[1]))["runs"][0]["benches"]:
    if b["name"] == sys.argv[2]:
        print(b["cflags"])' "$m" "$1"
}
check "meta.json: a unit's own flags and includes (clash_b: rvbench.mk)" \
	sh -c "echo '$(cflags_of clash_b)' | grep -q -- '-std=gnu11 .*-O1 -DCLASH_B_ORDER=-1 .*-Itests/fixtures/clash-b/inc'"
check "meta.json: the example's flags (-O3 -funroll-loops)" \
	sh -c "echo '$(cflags_of fir)' | grep -q -- '-std=gnu11 .*-O3 -funroll-loops'"
check "meta.json: a built-in benchmark's flags (the harness's: -std=c11 -Werror)" \
	sh -c "echo '$(cflags_of addi100)' | grep -q -- '-std=c11 .*-Werror'"
check "rvbench stats shows what each benchmark was built with" \
	sh -c "'$build/host/rvbench' stats '$out/run' | grep -A1 '^clash_b ' | grep -q '^  built with: .*-DCLASH_B_ORDER=-1'"
check "gnu11 keeps FP contraction: the FIR kernel uses fmadd.d" \
	sh -c "${CROSS:-riscv64-unknown-elf-}objdump -d $fwbuild/fw/bench-units/3-fir-kernel/obj/kernel/fir.o | grep -q fmadd.d"

# A warning in a user's directory is shown, not fatal.
mkdir -p "$out/warns"
cat >"$out/warns/w.c" <<'EOF2'
#include "rvbench.h"
static uint64_t run(void *state, uint64_t input) { int unused; (void)state; return input; }
BENCH(warns, .run = run);
EOF2
make --no-print-directory -s BUILD="$fwbuild" BENCH_DIR="$out/warns" \
	"$fwbuild/fw/bench-units/1-warns.o" >"$out/warns.log" 2>&1
check_eq "a directory whose code warns builds" 0 "$?"
check "... and the warning is shown" grep -q 'warning: unused variable' "$out/warns.log"

# Flags from the command line replace the directory's.
make --no-print-directory -s BUILD="$fwbuild" BENCH_DIR=tests/fixtures/clash-b \
	BENCH_CFLAGS="-O2 -DCLASH_B_ORDER=-1 -DFROM_COMMAND_LINE" \
	"$fwbuild/fw/bench-units/1-clash-b.o" >"$out/cmdline.log" 2>&1
check_eq "BENCH_CFLAGS on the command line builds" 0 "$?"
check "... and is what the unit records" grep -q -- '-DFROM_COMMAND_LINE' "$fwbuild/fw/bench-units/1-clash-b/cflags.txt"

check "make's default goal is all, whatever BENCH_DIR brings" \
	sh -c "make -p -n --no-print-directory BUILD='$fwbuild' BENCH_DIR='$dirs' 2>/dev/null | grep -q '^.DEFAULT_GOAL := all$'"

# docs/writing-benchmarks.md shows the example's two files as they are.
doc=docs/writing-benchmarks.md
for f in rvbench.mk fir_bench.c; do
	sed -n "/^<!-- file: examples\/fir-kernel\/$f -->\$/,/^\`\`\`\$/p" "$doc" | sed '1,2d;$d' >"$out/doc-$f"
	check "the document shows examples/fir-kernel/$f as it is" cmp -s "$out/doc-$f" "examples/fir-kernel/$f"
done
