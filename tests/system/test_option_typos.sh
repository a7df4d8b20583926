#!/bin/sh
# Typing mistakes in what the firmware is told are said and counted, never
# passed over: a rvbench.run= pattern that selects nothing beside others
# that do (the run goes on with those, exit 2), from the command line and
# from the console (that run marked, not the next); a misspelt "rvbench."
# prefix (a misspelt rvbench.run= runs nothing); a control byte in a word,
# shown as <0xHH> so that the error line reaches stderr whole.
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
fresh_out option-typos

"$rvb" qemu --icount 0 --bootargs 'rvbench.run=addi100,lpm_lokup rvbench.samples=20' \
	-o "$out/pattern" "$build/rvbench.elf" >/dev/null 2>"$out/pattern.stderr"
check_eq "rvbench.run= with a pattern that selects nothing: exit 2" 2 "$?"
check "... the pattern named on stderr" grep -q -x "rvbench: firmware: error: run=: 'lpm_lokup' selects no benchmark (demos, and cross-hart benchmarks without cross=1, only by exact name; see \`list\`); the others run" \
	"$out/pattern.stderr"
check "... counted in the run header" grep -a -q '@RVB .* RUN .*bad_options=1 ' "$out/pattern/uart.log"
check_eq "... and the others ran: 20 addi100 samples" 20 \
	"$(bench_rows "$out/pattern/samples.csv" addi100 0 | wc -l)"

"$rvb" qemu --icount 0 --bootargs 'rvbench.run=addi100,demo*,circ*' --exec 'set samples 5; run' \
	-o "$out/by-name" "$build/rvbench.elf" >/dev/null 2>"$out/by-name.stderr"
check_eq "demo* and circ* (by exact name only) in a console run: exit 2" 2 "$?"
check_eq "... each said" 2 "$(grep -c "error: run=: '\(demo\|circ\)\*' selects no benchmark" "$out/by-name.stderr")"

"$rvb" qemu --icount 0 --exec 'set samples 5; run addi100,empty_typo; run addi100' \
	-o "$out/console" "$build/rvbench.elf" >/dev/null 2>"$out/console.stderr"
check_eq "a console run with a pattern that selects nothing: exit 2" 2 "$?"
check_eq "... that run marked, not the next" "bad_options=1 bad_options=0" \
	"$(grep -a -o '@RVB .* RUN .*' "$out/console/uart.log" | grep -o 'bad_options=[0-9]*' | paste -sd' ')"
check "... the pattern named" grep -q "error: run=: 'empty_typo' selects no benchmark" "$out/console.stderr"

"$rvb" qemu --icount 0 --bootargs 'rvbench.run=addi100 rvbench.samples=5 rvbnech.run=crc32 RVBENCH.seed=7' \
	-o "$out/prefix" "$build/rvbench.elf" >/dev/null 2>"$out/prefix.stderr"
check_eq "misspelt prefixes: exit 2" 2 "$?"
check "... rvbnech.run= named, and nothing runs" grep -q -x 'rvbench: firmware: error: rvbnech.run=crc32: not read: the options are rvbench.KEY=VALUE (a misspelt prefix?); no benchmark runs' \
	"$out/prefix.stderr"
check "... RVBENCH.seed= named" grep -q -x 'rvbench: firmware: error: RVBENCH.seed=7: not read: the options are rvbench.KEY=VALUE (a misspelt prefix?); nothing changed' \
	"$out/prefix.stderr"
check "... the run header: no benchmark, 2 options refused" \
	grep -a -q '@RVB .* RUN .*benches=0 .*bad_options=2 \|@RVB .* RUN .*bad_options=2 .*benches=0 ' "$out/prefix/uart.log"

"$rvb" qemu --icount 0 --bootargs "$(printf 'rvbench.run=addi100 rvbench.samples=5\r rvbench.warmup=0\033[31m')" \
	-o "$out/ctl" "$build/rvbench.elf" >/dev/null 2>"$out/ctl.stderr"
check_eq "control bytes in words: exit 2" 2 "$?"
check "... a CR shown, the line whole on stderr" grep -q -x 'rvbench: firmware: error: samples=5<0x0d>: expected a whole number in 1..65535; nothing changed' \
	"$out/ctl.stderr"
check "... an ESC shown, not sent" sh -c "! grep -a -q '$(printf '\033')' '$out/ctl/uart.log'"

# A misspelt run key selects nothing, as a misspelt prefix does (it left
# the selection alone: the whole suite ran where crc32 was asked for); an
# empty events= and a parameter without its '=' are refused by name (they
# were taken without a word: no event counted, the size left at its default).
"$rvb" qemu --icount 0 --bootargs 'rvbench.run=addi100 rvbench.samples=5 rvbench.RUN=crc32 rvbench.events= memcpy.size 4096' \
	-o "$out/keys" "$build/rvbench.elf" >/dev/null 2>"$out/keys.stderr"
check_eq "a misspelt run key, an empty events=, a parameter without its value: exit 2" 2 "$?"
check "... rvbench.RUN= named, and nothing runs" grep -q -x 'rvbench: firmware: error: RUN=crc32: unknown key (see `help`); no benchmark runs' \
	"$out/keys.stderr"
check "... events= named" grep -q -x 'rvbench: firmware: error: events=: expected comma-separated event names, or none; nothing changed' \
	"$out/keys.stderr"
check "... memcpy.size named" grep -q -x 'rvbench: firmware: error: memcpy.size: expected BENCH.PARAM=VALUE; nothing changed' \
	"$out/keys.stderr"
check "... the run header: no benchmark, 3 options refused" \
	grep -a -q '@RVB .* RUN .*benches=0 .*bad_options=3 \|@RVB .* RUN .*bad_options=3 .*benches=0 ' "$out/keys/uart.log"
