#!/bin/sh
# A kernel command line longer than 255 bytes is read whole. The firmware
# once copied /chosen/bootargs into 256 bytes: an option across byte 255
# was cut, and the cut word applied as another valid value
# (rvbench.samples=1234 read as rvbench.samples=12). Here QEMU's -append
# puts rvbench.samples=1234 across byte 255 and another option past byte
# 600; both apply. An rvbench option too long to read is refused whole,
# by name of the rule, never cut.
. tests/system/lib.sh
build=$1
fresh_out long-bootargs

# Foreign words up to byte 236, the option from byte 237 (its first 18
# bytes up to byte 255: "rvbench.samples=12"), then more up to byte 600.
args="rvbench.run=addi100"
while [ ${#args} -lt 226 ]; do args="$args pad.x=${#args}"; done
while [ ${#args} -lt 236 ]; do args="${args}y"; done
args="$args rvbench.samples=1234"
check_eq "the option starts at byte 237" 237 "$(( $(printf '%s' "$args" | sed 's/ rvbench.samples=1234$//' | wc -c) + 1 ))"
while [ ${#args} -lt 600 ]; do args="$args filler.z=${#args}"; done
args="$args rvbench.warmup=7"

"$build/host/rvbench" qemu --machine sifive_u --icount 0 --bootargs "$args" \
	-o "$out/run" "$build/rvbench.elf" >"$out/run.stdout" 2>&1
check_eq "a ${#args}-byte command line: the run exits 0" 0 "$?"
u=$out/run/uart.log
check "rvbench.samples=1234, across byte 255, applies whole" \
	grep -a -q '@RVB .* BENCH .*name=addi100 .*warmup=7 .*samples=1234 ' "$u"
check_eq "1234 measured samples" 1234 "$(bench_rows "$out/run/samples.csv" addi100 0 | wc -l)"
check "no option was refused" grep -a -q '@RVB .* RUN .*bad_options=0 ' "$u"

# An option longer than the parser reads (191 bytes): refused, not cut.
long="rvbench.run=addi100$(printf ',x%0200d' 0)"
"$build/host/rvbench" qemu --machine sifive_u --icount 0 \
	--bootargs "rvbench.samples=20 $long" -o "$out/long" "$build/rvbench.elf" \
	>"$out/long.stdout" 2>&1
check "a ${#long}-byte option is refused, not cut" \
	grep -a -q "error: a ${#long}-byte rvbench option is too long (at most 191 bytes): not applied" \
	"$out/long/uart.log"
check "the run header counts it" grep -a -q '@RVB .* RUN .*bad_options=1 ' "$out/long/uart.log"
