#!/bin/sh
# Benchmark names are unique. A BENCH_DIR benchmark named like a built-in
# one does not link, and the linker's message names it; a second
# descriptor of one name that reaches the image anyway (made by hand, not
# with BENCH()) is reported at boot and never runs. Each image is built in
# its own BUILD directory under the test's, leaving $build alone.
. tests/system/lib.sh
build=$1
tmp=$build/tests/bench-names
rm -rf "$tmp"
mkdir -p "$tmp/same-name"

cat >"$tmp/same-name/addi100.c" <<'EOF'
#include "rvbench.h"

static uint64_t run(void *state, uint64_t input)
{
	(void)state;
	return input;
}

BENCH(addi100, .run = run);
EOF
make --no-print-directory -s BUILD="$tmp/build-same-name" BENCH_DIR="$tmp/same-name" firmware \
	>"$tmp/same-name.log" 2>&1
check "an image with a second benchmark named addi100 does not build" test "$?" -ne 0
check "the link error names the duplicate (rvbench_bench_addi100)" \
	grep -q "multiple definition of .rvbench_bench_addi100" "$tmp/same-name.log"

hand_made_image "$tmp/same-string" '"addi100"'
check_eq "an image with a hand-made descriptor named addi100 builds" 0 "$?"
timeout 120 "$build/host/rvbench" qemu --machine sifive_u --icount 0 \
	--bootargs "rvbench.run=addi100 rvbench.samples=20" -o "$tmp/out" \
	"$tmp/same-string/build/rvbench.elf" >"$tmp/out.stdout" 2>&1
check "the firmware says two benchmarks are named addi100" \
	grep -a -q '^rvbench: error: two benchmarks are named addi100' "$tmp/out/uart.log"
check_eq "only the first addi100 runs" 1 "$(grep -a -c '@RVB .* BENCH .*name=addi100 ' "$tmp/out/uart.log")"
check_eq "that run completes" ok "$(trailer_field "$tmp/out/uart.log" status)"
