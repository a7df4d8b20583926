#!/bin/sh
# Settings accepted that the run does not use: initial=, delta= and size=
# without a group sweep, batch= and samples= in one. Each took no effect
# without a word; now the firmware says so (a warning, not counted: a
# --matrix over groups=0,N with one size= is a valid experiment) and the
# collector repeats the line on stderr.
. tests/system/lib.sh
build=$1
fresh_out unused-settings

"$build/host/rvbench" qemu --icount 0 --timeout 60 -o "$out/no-sweep" \
	--bootargs "rvbench.run=addi100 rvbench.samples=10 rvbench.size=100" \
	"$build/rvbench.elf" >"$out/no-sweep.stdout" 2>"$out/no-sweep.stderr"
check_eq "size= without groups=: the run exits 0" 0 "$?"
check "the firmware says size= is not used" grep -a -q -F \
	'rvbench: warning: size= not used: they set a group sweep, and groups= is 0' \
	"$out/no-sweep/uart.log"
check "the collector repeats it on stderr" grep -q -x -F \
	'rvbench: firmware: warning: size= not used: they set a group sweep, and groups= is 0' \
	"$out/no-sweep.stderr"
check "it is no rejected option" grep -a -q '@RVB .* RUN .* bad_options=0 ' "$out/no-sweep/uart.log"

"$build/host/rvbench" qemu --icount 0 --timeout 60 -o "$out/sweep" \
	--bootargs "rvbench.run=addi100 rvbench.groups=2 rvbench.initial=1 rvbench.delta=1 rvbench.size=5 rvbench.samples=7" \
	"$build/rvbench.elf" >"$out/sweep.stdout" 2>"$out/sweep.stderr"
check_eq "samples= in a group sweep: the run exits 0" 0 "$?"
check "the collector says samples= is not used in the sweep" grep -q -x -F \
	"rvbench: firmware: warning: samples= not used: a group sweep's batches are initial + g * delta, its samples per group size=" \
	"$out/sweep.stderr"
check_eq "each group has size= samples, not samples=" "5 5" \
	"$(grep -a -o 'BENCH id=[01] .* samples=[0-9]*' "$out/sweep/uart.log" | sed 's/.* samples=//' | tr '\n' ' ' | sed 's/ $//')"

"$build/host/rvbench" qemu --icount 0 --timeout 60 -o "$out/used" \
	--bootargs "rvbench.run=addi100 rvbench.groups=2 rvbench.initial=1 rvbench.delta=1 rvbench.size=5" \
	"$build/rvbench.elf" >"$out/used.stdout" 2>"$out/used.stderr"
check_eq "a sweep that uses every setting given: exit 0" 0 "$?"
check "... and no warning" sh -c "! grep -a -q 'warning' '$out/used/uart.log' '$out/used.stderr'"
