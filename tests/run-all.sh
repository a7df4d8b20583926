#!/bin/sh
# Runs every test and ends with one line CI reads: "N passed, N failed".
#   tests/run-all.sh BUILD UNIT_TEST_BINARY...
# Unit tests are cmocka binaries (their own "[  PASSED  ] N test(s)" lines
# are counted); system tests are tests/system/test_*.sh, each printing
# "ok - ..." or "not ok - ..." per check (TAP style).
set -u
build=$1
shift

passed=0
failed=0
skipped=0
log=$build/tests/log
mkdir -p "$log"

# Device trees from QEMU's own machine models, for the FDT reader's tests.
fixtures=$build/tests/fixtures
mkdir -p "$fixtures"
qemu-system-riscv64 -M sifive_u,dumpdtb="$fixtures/sifive_u.dtb" -smp 5 -display none >/dev/null 2>&1
qemu-system-riscv64 -M virt,dumpdtb="$fixtures/virt.dtb" -display none >/dev/null 2>&1
# More harts than rvbench has stack slots for (boot/layout.h): test_boot_hart.
qemu-system-riscv64 -M virt,dumpdtb="$fixtures/virt12.dtb" -smp 12 -display none >/dev/null 2>&1
export RVBENCH_FIXTURES="$fixtures"

. tests/tally.sh

for t in "$@"; do
	name=$(basename "$t")
	out=$log/$name.out
	"$t" >"$out" 2>&1
	rc=$?
	n=$(sed -n 's/^\[==========\] Running \([0-9]*\) test.*/\1/p' "$out" | awk '{s += $1} END {print s + 0}')
	p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$out" | awk '{s += $1} END {print s + 0}')
	f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$out" | awk '{s += $1} END {print s + 0}')
	if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
		f=1 # crashed (a sanitizer report) before cmocka could count
	fi
	# Every test cmocka announced must have passed or failed: a binary
	# that stopped on the way (an exit(0) in the code under test) or
	# announced nothing has not passed what it did not run.
	if [ "$n" = 0 ] || [ $((p + f)) -lt "$n" ]; then
		f=$((f + 1))
		echo "[  FAILED  ] $name: $((p + f - 1)) of $n announced tests ended" >>"$out"
	fi
	tally "unit  " "$name" "$p" "$f" "$out" '^\[  (FAILED|ERROR) |ERROR|runtime error|Sanitizer' 20
done

run_tap system "$build" tests/system/test_*.sh

summary
