#!/bin/sh
# Options the firmware refused reach the user: every "rvbench: error:"
# line of the stream is repeated on stderr, and a run that did not do what
# was asked exits 2 (a rejected bootargs word, a rvbench.run= selection of
# no benchmark), from QEMU and from a replay of its log alike.
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
fresh_out option-errors

"$rvb" qemu --machine sifive_u --icount 0 \
	--bootargs "rvbench.run=addi100 rvbench.samples=20 rvbench.frobnicate=1" \
	-o "$out/bad" "$build/rvbench.elf" >"$out/bad.stdout" 2>"$out/bad.stderr"
check_eq "a rejected bootargs word: exit 2" 2 "$?"
check "stderr repeats the firmware's error line" \
	grep -q -x 'rvbench: firmware: error: frobnicate=1: unknown key (see `help`); nothing changed' \
	"$out/bad.stderr"
check "stderr counts the rejected option" \
	grep -q 'run [0-9a-f]*: the firmware rejected 1 option ' "$out/bad.stderr"
check_eq "the run itself is kept: 20 measured samples" 20 \
	"$(bench_rows "$out/bad/samples.csv" addi100 0 | wc -l)"

"$rvb" replay -o "$out/bad-replay" "$out/bad/uart.log" >/dev/null 2>"$out/bad-replay.stderr"
check_eq "its replay: exit 2 as well" 2 "$?"
check "its replay repeats the error line" grep -q 'firmware: error: frobnicate=1' "$out/bad-replay.stderr"

"$rvb" qemu --machine sifive_u --icount 0 --bootargs "rvbench.run=no_such_bench" \
	-o "$out/none" "$build/rvbench.elf" >"$out/none.stdout" 2>"$out/none.stderr"
check_eq "a selection that matches nothing: exit 2" 2 "$?"
check "stderr says no benchmark was selected" grep -q 'no benchmark selected' "$out/none.stderr"
check "the firmware says it too, for a person at the board's terminal" \
	grep -a -q '^rvbench: error: run=no_such_bench: no benchmark matches; nothing runs' "$out/none/uart.log"

# -q: the progress lines (one per finished block without a terminal) are
# stderr's too; what must not be there is an error.
"$rvb" qemu -q --machine sifive_u --icount 0 --bootargs "rvbench.run=addi100 rvbench.samples=20" \
	-o "$out/good" "$build/rvbench.elf" >"$out/good.stdout" 2>"$out/good.stderr"
check_eq "good options: exit 0" 0 "$?"
check_eq "good options: nothing on stderr" "" "$(cat "$out/good.stderr")"

# QEMU itself refusing an option: a usage error, and no results directory
# for a machine that never ran.
"$rvb" qemu --machine sifive_u --icount 0 --qemu-args "-no-such-option" \
	-o "$out/qemu-refused" "$build/rvbench.elf" >/dev/null 2>"$out/qemu-refused.stderr"
check_eq "QEMU refusing an option: exit 2" 2 "$?"
check "its message, then ours" grep -q 'QEMU exited with status 1 before the machine wrote a byte' \
	"$out/qemu-refused.stderr"
check "no results directory left" test ! -e "$out/qemu-refused"

# rvbench.console=1 without --exec or --console: the firmware would wait at
# a prompt nobody types at until the timeout; refused up front.
"$rvb" qemu --machine sifive_u --icount 0 --bootargs "rvbench.run=addi100 rvbench.console=1" \
	-o "$out/console-alone" "$build/rvbench.elf" >/dev/null 2>"$out/console-alone.stderr"
check_eq "rvbench.console=1 without --exec or --console: exit 2" 2 "$?"
check "... saying why" grep -q 'nobody types there' "$out/console-alone.stderr"
check "... before anything ran" test ! -e "$out/console-alone"
for v in 01 0x1; do
	"$rvb" qemu --machine sifive_u --bootargs "rvbench.console=$v" -o "$out/console-$v" \
		"$build/rvbench.elf" >/dev/null 2>&1
	check_eq "rvbench.console=$v, read as the firmware reads it: refused too" 2 "$?"
done

# A parallel run under -icount: QEMU runs the harts in turn. The run
# completes well within a 100 ms budget (the harts' waits yield), and a
# warning says that a sample across a switch of harts counts the others'
# instructions. Not said with --icount off, nor with one hart. Cross-hart
# benchmarks still wait while measuring: their own warning.
"$rvb" qemu --smp 3 --icount 0 --bootargs 'rvbench.run=addi100 rvbench.parallel=1 rvbench.budget_ms=100' \
	-o "$out/par" "$build/rvbench.elf" >"$out/par.stdout" 2>"$out/par.stderr"
check_eq "rvbench.parallel=1 under -icount, a 100 ms budget: the run completes (exit 0)" 0 "$?"
check_eq "... every hart's addi100 ok and exact, min = p99 = 100 (two harts: 1 and 2)" \
	"1:100-100 2:100-100" \
	"$(awk '$1 == "addi100" && $NF == "ok" { print $3 ":" $5 "-" $7 }' "$out/par.stdout" | paste -sd' ')"
check "... and a warning says what -icount does to it" \
	grep -q -x "rvbench: qemu: warning: rvbench.parallel=1 under -icount: QEMU runs the harts in turn, so a sample across a switch of harts counts the other harts' instructions too: use --icount off to run them together (docs/methodology.md)" \
	"$out/par.stderr"
"$rvb" qemu --smp 3 --icount 0 --bootargs 'rvbench.run=addi100 rvbench.cross=1 rvbench.samples=5' \
	-o "$out/cross" "$build/rvbench.elf" >/dev/null 2>"$out/cross.stderr"
check "rvbench.cross=1 under -icount: a warning names the cure" \
	grep -q -x 'rvbench: qemu: warning: rvbench.cross=1 under -icount: QEMU runs the harts in turn, so the cross-hart benchmarks, which wait for their partner while measuring, wait until the budget ends their blocks (status timeout): use --icount off (docs/methodology.md)' \
	"$out/cross.stderr"
"$rvb" qemu --smp 3 --icount off --bootargs 'rvbench.run=addi100 rvbench.parallel=1 rvbench.samples=20 rvbench.warmup=2' \
	-o "$out/par-off" "$build/rvbench.elf" >/dev/null 2>"$out/par-off.stderr"
check_eq "... with --icount off: no warning, and the run completes (exit 0)" "0 0" \
	"$? $(grep -c 'warning' "$out/par-off.stderr")"
"$rvb" qemu --smp 3 --icount 0 --bootargs 'rvbench.run=addi100 rvbench.parallel=1 rvbench.parallel=0 rvbench.samples=20' \
	-o "$out/par-last" "$build/rvbench.elf" >/dev/null 2>"$out/par-last.stderr"
check_eq "... nor when a later word turns it off (exit 0)" "0 0" \
	"$? $(grep -c 'warning' "$out/par-last.stderr")"
