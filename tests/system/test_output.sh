#!/bin/sh
# What a person reads: the one-screen table of the built-in suite (one row
# per block, parameters, unit, status), the progress lines of a log, -q and
# -v, stats and plot on results/latest, a console script without a run,
# nothing of QEMU's own when rvbench stops it, stats refusing a samples.csv
# cut short, and baseline list showing every baseline saved.
. tests/system/lib.sh
build=$1
fresh_out output
rvb=$(cd "$build/host" && pwd)/rvbench
elf=$(cd "$build" && pwd)/rvbench.elf

# 1. The default run, as make run starts it; stderr is not a terminal.
"$rvb" qemu --machine sifive_u --smp 5 --icount 0 -o "$out/suite" "$elf" >"$out/suite.stdout" 2>"$out/suite.stderr"
check_eq "the built-in suite collects a complete run" 0 "$?"
blocks=$(($(wc -l <"$out/suite/summary.csv") - 1))
lines=$(cat "$out/suite.stdout" "$out/suite.stderr" | wc -l)
check "stdout and stderr together stay on a screen or two: $lines lines for $blocks blocks" [ "$lines" -le 120 ]
check "the table's heading names every column" \
	grep -q -x 'benchmark  *params  *count  *min  *median  *p99  *mad  *per call  *unit  *status  *work' "$out/suite.stdout"
ticks=$(grep -c '^timer_irq_ticks .*  tick   ok' "$out/suite.stdout")
check_eq "one row per block, each with its unit and status (timer_irq_ticks in tick)" "$blocks 1" \
	"$(($(grep -c '  instr  ok' "$out/suite.stdout") + ticks)) $ticks"
check "a sweep is one row per parameter value" \
	grep -q '^mem_latency_rand  *size_kib=4096 steps=64  ' "$out/suite.stdout"
check "memcpy's bytes per cycle (here per instruction)" \
	grep -q '^memcpy  *size=4096 src_off=0 dst_off=0 impl=1 .*  ok  *3\.2953 byte/instr$' "$out/suite.stdout"
check "the unit is said once under the table" grep -q "^unit: instr, QEMU -icount's" "$out/suite.stdout"
check "no per-block statistics without -v" sh -c "! grep -q 'CI of the mean' '$out/suite.stdout'"
check_eq "stderr: one line per finished block" "$blocks" "$(grep -c '^block [0-9]*/[0-9]*  ' "$out/suite.stderr")"
check_eq "a block's line: name, parameters, median per call, status" \
	"block 17/$blocks  lpm_lookup prefixes=100000  median 22 instr/call  ok" \
	"$(grep "^block 17/" "$out/suite.stderr")"

# 2. -q: no progress; -v: every block's statistics; a fault's status.
"$rvb" qemu -q -v --icount 0 -o "$out/fault" --bootargs 'rvbench.run=addi100,demo_fault' "$elf" \
	>"$out/fault.stdout" 2>"$out/fault.stderr"
check_eq "a faulting benchmark fails the run" 1 "$?"
check_eq "-q: nothing on stderr" "" "$(cat "$out/fault.stderr")"
check "-v: the full statistics follow the table" grep -q '95 % CI of the mean' "$out/fault.stdout"
check "the faulted block's status is fault" grep -q '^demo_fault  *-  *0  *-  *-  *-  *-  *-  *fault$' "$out/fault.stdout"

# 3. stats and plot default to results/latest (relative to where they run).
mkdir -p "$out/cwd/results"
ln -s "$(cd "$out/suite" && pwd)" "$out/cwd/results/latest"
(cd "$out/cwd" && "$rvb" stats >stats.txt 2>&1)
check_eq "stats without DIR reads results/latest" 0 "$?"
check "stats without DIR: the suite's statistics" grep -q '^lpm_lookup_fixed \[prefixes=100000\]' "$out/cwd/stats.txt"
(cd "$out/cwd" && "$rvb" stats results/latest 'mem_latency_*' >one.txt 2>&1)
check_eq "stats DIR BENCH: only the benchmarks that match" "mem_latency_rand mem_latency_seq" \
	"$(grep -o '^[a-z_]* \[' "$out/cwd/one.txt" | tr -d ' [' | sort -u | tr '\n' ' ' | sed 's/ $//')"
(cd "$out/cwd" && "$rvb" stats results/latest 'no_such_*' >none.txt 2>&1)
check_eq "stats DIR BENCH that matches nothing: exit 2, as plot -b" 2 "$?"
check "... saying so" grep -q "stats: no benchmark of results/latest matches 'no_such_\*'" "$out/cwd/none.txt"
# gnuplot-nox is one of make's packages (scripts/install-deps.sh).
(cd "$out/cwd" && "$rvb" plot -b addi100 >/dev/null 2>&1)
check_eq "plot without DIR draws into results/latest" 0 "$?"
check "plot without DIR: the image is there" [ -s "$out/suite/plot-addi100.png" ]

# 4. A console script that starts no run is not "no run found".
"$rvb" qemu --icount 0 -o "$out/list" --exec 'list; show' "$elf" >"$out/list.stdout" 2>&1
check_eq "--exec 'list; show' exits 0" 0 "$?"
check "--exec 'list; show' does not say 'no run found'" sh -c "! grep -q 'no run found' '$out/list.stdout'"
check "--exec 'list; show' says no run was asked for" \
	grep -q '^no run: the console commands start none$' "$out/list.stdout"

# 5. rvbench stops QEMU on its timeout: QEMU's "terminating on signal"
# stays out of the output.
"$rvb" qemu --icount 0 --timeout 2 -o "$out/hang" --bootargs 'rvbench.run=demo_hang rvbench.budget_ms=0' \
	"$elf" >"$out/hang.stdout" 2>&1
check_eq "a run stopped on the timeout is incomplete" 1 "$?"
check "QEMU's 'terminating on signal' is not shown" sh -c "! grep -q 'terminating on signal' '$out/hang.stdout'"

# 6. On a terminal (script(1) gives rvbench a pty): one status line,
# redrawn in place, with the block, i of n, its samples and the bytes/s;
# cleared before the table, and no per-block log lines.
# script(1) is in util-linux, on every Debian system.
if ! command -v script >/dev/null; then
	echo "not ok - script(1) (util-linux) is missing: the terminal checks cannot run"
else
	script -qec "'$rvb' qemu --icount 0 -o '$out/tty' --bootargs 'rvbench.run=lpm*,qsort' '$elf'" \
		/dev/null >"$out/tty.raw" 2>&1
	check_eq "on a terminal the run completes" 0 "$?"
	tr '\r' '\n' <"$out/tty.raw" >"$out/tty.lines"
	check "the status line names the block, i of n, samples and bytes/s" \
		grep -q '^block [1-4]/4 [a-z_]* [a-z_=0-9]*: [0-9]*/[0-9]* samples, [0-9]* B/s' "$out/tty.lines"
	check "the status line is redrawn in place (carriage return, erase)" \
		grep -q "$(printf '\r')block .*$(printf '\033')\[K" "$out/tty.raw"
	check "no per-block log lines on a terminal" sh -c "! grep -q '^block [0-9]*/[0-9]*  ' '$out/tty.lines'"
	check "the table follows" grep -q '^lpm_lookup_fixed  *prefixes=100000 ' "$out/tty.lines"
fi

# 7. stats of a samples.csv cut inside its last value: refused, not
# statistics of a "4" that was "45"; the file and line named.
"$rvb" replay tests/fixtures/firmware/events.log -o "$out/cut" >/dev/null 2>&1
truncate -s -3 "$out/cut/samples.csv"
"$rvb" stats "$out/cut" --metric dtlb-read-miss -f csv >/dev/null 2>"$out/cut.err"
check_eq "stats of a samples.csv cut in its last field: exit 2" 2 "$?"
check "... the file and its last line named" grep -q \
	"^rvbench: stats: $out/cut/samples.csv:[0-9]*: the last line has no line end: the file was cut short" \
	"$out/cut.err"

# 8. baseline list shows every saved baseline, whatever its name ends
# with: keep.tmp is a valid name, and saving keep beside it leaves it be.
mkdir -p "$out/bl"
suite=$(cd "$out/suite" && pwd) # the subshell below runs elsewhere
(cd "$out/bl" && "$rvb" baseline save keep.tmp "$suite" >/dev/null 2>&1 &&
	"$rvb" baseline save keep "$suite" >/dev/null 2>&1 &&
	"$rvb" baseline list >list.txt 2>&1)
check_eq "baseline save keep.tmp, then keep: exit 0" 0 "$?"
check_eq "baseline list names both" "keep keep.tmp" \
	"$(awk '{print $1}' "$out/bl/list.txt" | tr '\n' ' ' | sed 's/ $//')"
check "keep.tmp kept whole beside keep" \
	cmp -s "$out/suite/samples.csv" "$out/bl/results/baselines/keep.tmp/samples.csv"
check "no scratch directory left" sh -c "[ -z \"\$(ls -A '$out/bl/results/baselines' | grep '^\\.')\" ]"
