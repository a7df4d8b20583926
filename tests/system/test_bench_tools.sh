#!/bin/sh
# The stream's benchmark tools (docs/performance.md) still build and tell
# the truth: make bench-codec meets the wire-size target (a size, not a
# speed), a synthetic stream in encoding r and the same samples in decimal
# give byte-identical samples.csv and summary.csv through rvbench replay,
# bench_collector decodes every sample, and make bench-boot's tool boots
# both images and prints its tables. No timing is asserted.
#   tests/system/test_bench_tools.sh BUILD
. tests/system/lib.sh
build=${1:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if ! make -s BUILD="$build" "$build/bench/bench_codec" "$build/bench/make_stream" \
	"$build/bench/bench_collector" "$build/host/rvbench" >"$tmp/make.log" 2>&1; then
	echo "not ok - bench tools build"
	sed 's/^/# /' "$tmp/make.log" | head -20
	exit 0
fi
echo "ok - bench tools build"

# Bytes per sample of encoding r on the tight reference set: at most 1.5.
"$build/bench/bench_codec" >"$tmp/codec.txt"
tight=$(awk '$1 == "tight" { print $4 }' "$tmp/codec.txt")
check "bench-codec: encoding r takes ${tight:-?} <= 1.5 bytes a tight sample" \
	awk -v v="$tight" 'BEGIN { exit !(v != "" && v + 0 > 0 && v + 0 <= 1.5) }'

"$build/bench/make_stream" r 2 >"$tmp/r.log"
"$build/bench/make_stream" d 2 >"$tmp/d.log"
"$build/host/rvbench" replay -o "$tmp/r" "$tmp/r.log" >"$tmp/r.out" 2>&1
check_eq "replay of the encoding-r stream: exit status" 0 $?
"$build/host/rvbench" replay -o "$tmp/d" "$tmp/d.log" >"$tmp/d.out" 2>&1
check_eq "replay of the decimal stream: exit status" 0 $?
check_eq "samples.csv: 200,000 rows" 200001 "$(wc -l <"$tmp/r/samples.csv")"
check "samples.csv: identical from encoding r and from decimal" \
	cmp -s "$tmp/r/samples.csv" "$tmp/d/samples.csv"
check "summary.csv: identical from encoding r and from decimal" \
	cmp -s "$tmp/r/summary.csv" "$tmp/d/summary.csv"

mkdir "$tmp/bc"
"$build/bench/bench_collector" "$tmp/r.log" "$tmp/bc" >"$tmp/bc.txt" 2>&1
check_eq "bench_collector: exit status" 0 $?
check "bench_collector: 200000 samples decoded" grep -q ' 200000 samples: decode' "$tmp/bc.txt"
check "bench_collector: the CLI's samples.csv" cmp -s "$tmp/bc/samples.csv" "$tmp/r/samples.csv"

# make bench-boot's tool, one boot of each image: it finds rvbench's first
# sample and the floor's line on both machines and prints both tables.
if make -s BUILD="$build" "$build/bench/boot_time" "$build/bench/boot_floor.elf" \
	"$build/rvbench.elf" >"$tmp/boot-make.log" 2>&1; then
	"$build/bench/boot_time" 1 "$build/rvbench.elf" "$build/bench/boot_floor.elf" \
		>"$tmp/boot.txt" 2>&1
	check_eq "boot_time: exit status" 0 $?
	check_eq "boot_time: a ratio line in each table (wall, CPU)" 2 \
		"$(grep -c '^ratio rvbench / floor  *[0-9.]*x  *[0-9.]*x  *[0-9.]*x  *[0-9.]*x$' "$tmp/boot.txt")"
	# One pair per machine has a median but no 95% interval (it needs 6).
	check_eq "boot_time: a paired line in each table, no CI from one boot" 2 \
		"$(grep -c '^boot by boot, median \[95% CI\]  *[0-9.]*x \[no CI\]  *[0-9.]*x \[no CI\]$' "$tmp/boot.txt")"
	"$build/bench/boot_time" 0 "$build/rvbench.elf" "$build/bench/boot_floor.elf" >/dev/null 2>&1
	check_eq "boot_time: 0 boots is a usage error" 2 $?
else
	echo "not ok - boot_time and the floor build"
	sed 's/^/# /' "$tmp/boot-make.log" | head -20
fi
