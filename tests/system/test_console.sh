#!/bin/sh
# The firmware's UART console driven by `rvbench qemu --exec`: commands are
# sent one at a time once the prompt is there, every run they start is
# collected, error answers are reported but lose no data (exit status 0),
# and without --exec the firmware is told not to listen at all.
. tests/system/lib.sh
build=$1
out=$build/tests/console
rm -rf "$out"
mkdir -p "$out"
rvb=$build/host/rvbench

# 1. A script of two runs, a changed counter and two bad commands.
"$rvb" qemu --icount 0 -o "$out/exec" \
	--exec 'set samples 20; set warmup 2; run addi100; set counter fenced; run addi*; set samples 0; bogus' \
	"$build/rvbench.elf" >"$out/exec.stdout" 2>"$out/exec.stderr"
check_eq "a script whose commands partly fail exits 0 (bad commands lose no data)" 0 "$?"
u=$out/exec/uart.log
s=$out/exec/samples.csv
m=$out/exec/meta.json
check_eq "two RUN headers in uart.log" 2 "$(grep -a -c '^@RVB [0-9a-f]* 0 RUN ' "$u")"
check_eq "two trailers in uart.log" 2 "$(grep -a -c '^@RVB [0-9a-f]* [0-9]* TRAILER .*status=ok' "$u")"
check_eq "two runs in samples.csv" 2 \
	"$(tr -d '\r' <"$s" | awk -F, -v c="$(csv_col "$s" run)" 'NR > 1 {print $c}' | sort -u | wc -l)"
check_eq "22 addi100 rows (20 measured + 2 warmup) in each run" "22 22" \
	"$(tr -d '\r' <"$s" | awk -F, -v r="$(csv_col "$s" run)" -v b="$(csv_col "$s" bench)" \
		'NR > 1 && $b == "addi100" {n[$r]++} END {for (k in n) print n[k]}' | paste -sd' ' -)"
check_eq "only addi100 ran (addi* matches it alone)" "addi100" \
	"$(tr -d '\r' <"$s" | awk -F, -v b="$(csv_col "$s" bench)" 'NR > 1 {print $b}' | sort -u | paste -sd' ' -)"
check "the first run's header says counter=plain" sh -c \
	"grep -a '^@RVB [0-9a-f]* 0 RUN ' '$u' | sed -n 1p | grep -q ' counter=plain '"
check "the second run's header says counter=fenced" sh -c \
	"grep -a '^@RVB [0-9a-f]* 0 RUN ' '$u' | sed -n 2p | grep -q ' counter=fenced '"
check "the set samples 0 error is in uart.log" \
	grep -a -q '^rvbench: error: samples=0: ' "$u"
check "the bogus command's error is in uart.log" \
	grep -a -q "^rvbench: error: unknown command 'bogus'" "$u"
check "... and both are reported on stderr" sh -c \
	"grep -q \"console: 'set samples 0': error: \" '$out/exec.stderr' &&
	 grep -q \"console: 'bogus': error: unknown command\" '$out/exec.stderr'"
check_eq "each command was typed at its own prompt, in order, then exit" \
	"set samples 20|set warmup 2|run addi100|set counter fenced|run addi*|set samples 0|bogus|exit" \
	"$(tr -d '\r' <"$u" | sed -n 's/^rvbench> //p' | paste -sd'|' -)"
check_eq "both runs kept the settings of the earlier set commands" 2 \
	"$(grep -a -c 'BENCH id=0 name=addi100 .* warmup=2 .*samples=20 ' "$u")"
check "nothing crashed: no trap, no fault" sh -c "! grep -a -q 'TRAP\|FAULT' '$u'"
check "the firmware ended the session: QEMU exited by itself with 0" \
	meta_has "$m" '"qemu_exit": {"code": 0, "signal": 0, "stopped_by_rvbench": false}'
check "meta.json records the end of the console session" grep -q '"end": "done"' "$m"
check "the firmware was told to wait at its prompt" \
	grep -q '"rvbench.exit=reboot rvbench.console=1 mem_latency_rand.size_kib=4,64,4096 mem_latency_seq.size_kib=4,64,4096"' "$m"
check "the human lines were shown on stdout, machine lines not" sh -c \
	"grep -q '^rvbench> run addi100' '$out/exec.stdout' && ! grep -q '^@RVB ' '$out/exec.stdout'"

# 2. Without --exec, nothing is written and the firmware does not listen.
"$rvb" qemu --icount 0 --bootargs 'rvbench.run=addi100 rvbench.samples=5 rvbench.warmup=0' \
	-o "$out/plain" "$build/rvbench.elf" >"$out/plain.stdout" 2>&1
check_eq "without --exec one run, exit 0" 0 "$?"
check "... with rvbench.listen_ms=0 and no console" sh -c \
	"grep -q '\"rvbench.exit=reboot rvbench.listen_ms=0 mem_latency_rand.size_kib=[0-9,]* mem_latency_seq.size_kib=[0-9,]* rvbench.run=' '$out/plain/meta.json' &&
	 ! grep -a -q 'rvbench> ' '$out/plain/uart.log'"

# 3. A script without a run: every command answered is a success.
"$rvb" qemu --icount 0 --exec 'list; show' -o "$out/list" "$build/rvbench.elf" \
	>"$out/list.stdout" 2>"$out/list.stderr"
check_eq "--exec 'list; show' (no run) exits 0" 0 "$?"
check "its answers are on stdout" sh -c \
	"grep -q '^addi100 ' '$out/list.stdout' && grep -q '^seed=0x' '$out/list.stdout'"

# 4. Commands never sent (an exit in the middle) are missing runs: status 1.
"$rvb" qemu --icount 0 --exec 'set samples 5; exit; run addi100' -o "$out/cut" \
	"$build/rvbench.elf" >"$out/cut.stdout" 2>"$out/cut.stderr"
check_eq "a script cut short by its own exit exits 1" 1 "$?"
check "... naming the command not sent" grep -q "console: 2 of 3 commands done; 'run addi100' was not sent" \
	"$out/cut.stderr"

# 5. Usage errors.
"$rvb" qemu --exec ' ; ' "$build/rvbench.elf" >/dev/null 2>"$out/usage1"
check_eq "--exec without a command is a usage error" 2 "$?"
"$rvb" qemu --exec help --console "$build/rvbench.elf" >/dev/null 2>"$out/usage2"
check_eq "--exec with --console is a usage error" 2 "$?"
check "... saying why" grep -q 'exclude each other' "$out/usage2"
"$rvb" replay --exec help "$u" >/dev/null 2>&1
check_eq "replay has no --exec" 2 "$?"

# 5. A live console session and a replay of its log end alike. A console
# mistake, answered at once, does not mark the runs after it; a rejected
# word of the kernel command line does, and reaches stderr; a run that
# selects nothing is an error either way.
"$rvb" qemu --icount 0 --exec 'set samples 0; set samples 5; set warmup 0; run addi100' \
	-o "$out/mistake" "$build/rvbench.elf" >/dev/null 2>&1
check_eq "a console mistake, then a good run: exit 0" 0 "$?"
check "... its run header counts no rejected option" \
	grep -a -q '^@RVB [0-9a-f]* 0 RUN .* bad_options=0 ' "$out/mistake/uart.log"
"$rvb" replay -o "$out/mistake-replay" "$out/mistake/uart.log" >/dev/null 2>&1
check_eq "... and its replay: exit 0 as well" 0 "$?"
"$rvb" qemu --icount 0 --bootargs 'rvbench.samples=0' --exec 'set samples 3; run addi100' \
	-o "$out/bootarg" "$build/rvbench.elf" >/dev/null 2>"$out/bootarg.stderr"
check_eq "a rejected kernel command line word with --exec: exit 2" 2 "$?"
check "... its error line on stderr" \
	grep -q '^rvbench: firmware: error: samples=0: ' "$out/bootarg.stderr"
"$rvb" replay -o "$out/bootarg-replay" "$out/bootarg/uart.log" >/dev/null 2>&1
check_eq "... and its replay: exit 2 as well" 2 "$?"
"$rvb" qemu --icount 0 --exec 'run no_such_bench' -o "$out/nothing" "$build/rvbench.elf" \
	>/dev/null 2>"$out/nothing.stderr"
check_eq "a console run that selects nothing: exit 2" 2 "$?"
check "... said on stderr" grep -q 'no benchmark selected' "$out/nothing.stderr"
