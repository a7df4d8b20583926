#!/bin/sh
# rvbench stats says what its numbers count, once, above them: instr under
# QEMU -icount (the cycles column then holds emulated instructions, as
# meta.json's source says), cycles otherwise, the metric's name with
# --metric; the code-path lines name no unit of their own (they said
# "cycles min" of -icount's instructions). One sample, one group: no
# "1 samples", "1 groups".
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
fresh_out stats-unit

timeout 120 "$rvb" qemu -q --icount 0 -o "$out/one" \
	--bootargs 'rvbench.run=addi100 rvbench.samples=1 rvbench.warmup=0' "$build/rvbench.elf" \
	>/dev/null 2>&1
check_eq "a run of addi100 with one sample under -icount: exit 0" 0 "$?"
"$rvb" stats "$out/one" >"$out/one.txt" 2>&1
check_eq "stats of it: the unit said on the first line, instr" \
	"unit: instr, QEMU -icount's emulated instruction counts, not cycles of a machine; per sample of \`batch\` calls, variances in instr^2" \
	"$(head -n 1 "$out/one.txt")"
check_eq "... and once" 1 "$(grep -c '^unit: ' "$out/one.txt")"
check "the block's heading: 1 sample, not '1 samples'" \
	grep -q -x 'addi100 (run [0-9a-f]*, hart [0-9]*, group 0, batch 1): 1 sample' "$out/one.txt"
check "the mode: 1 of 1 sample" grep -q -x -F '  mode 100: 1 of 1 sample (100.0 %)' "$out/one.txt"
check_eq "the code path: no 'cycles' of instructions, 1 sample" \
	'    instret 100: 1 sample (100.0 %), min 100 median 100 max 100 mean 100.000' \
	"$(grep '^    instret ' "$out/one.txt")"
check_eq "no word 'cycles' below the unit line of an -icount run" 0 \
	"$(tail -n +2 "$out/one.txt" | grep -c cycles)"

"$rvb" stats --metric instret "$out/one" >"$out/instret.txt" 2>&1
check_eq "--metric instret: the unit is the metric's" \
	"unit: instret, the instructions retired (rdinstret); per sample of \`batch\` calls, variances in instret^2" \
	"$(head -n 1 "$out/instret.txt")"

# A group run of one group: "1 group"; its slope of the samples on N,
# not "of cycles".
timeout 120 "$rvb" qemu -q --icount 0 -o "$out/grp" --bootargs \
	'rvbench.run=addi100 rvbench.groups=1 rvbench.initial=4 rvbench.size=3 rvbench.samples=3' \
	"$build/rvbench.elf" >/dev/null 2>&1
check_eq "a group run of one group: exit 0" 0 "$?"
"$rvb" stats "$out/grp" >"$out/grp.txt" 2>&1
check "its heading: 1 group, not '1 groups'" \
	grep -q '^addi100 (run [0-9a-f]*, hart [0-9]*): group run, 1 group; Kanata' "$out/grp.txt"
check "its slope: of the samples on N, 3 samples" \
	grep -q '^  slope (least squares of the samples on N, 3 samples): ' "$out/grp.txt"

# Not under -icount (a replayed log: no QEMU source): cycles.
"$rvb" replay -o "$out/rep" tests/fixtures/firmware/sifive_u.log >/dev/null 2>&1
"$rvb" stats "$out/rep" addi100 >"$out/rep.txt" 2>&1
check_eq "a run not under -icount: cycles" \
	"unit: cycles, as the cycle counter (rdcycle) read them; per sample of \`batch\` calls, variances in cycles^2" \
	"$(head -n 1 "$out/rep.txt")"
check_eq "... its code path in the same words" \
	'    instret 100: 300 samples (100.0 %), min 100 median 100 max 100 mean 100.000' \
	"$(grep '^    instret ' "$out/rep.txt")"

# Without meta.json (--no-check) nothing says whether -icount counted.
mkdir -p "$out/nometa"
cp "$out/rep/samples.csv" "$out/nometa/"
"$rvb" stats --no-check "$out/nometa" addi100 >"$out/nometa.txt" 2>/dev/null
check_eq "without meta.json: the column named, the doubt said" \
	"unit: cycles, as samples.csv's cycles column has them (no meta.json to say whether they are QEMU -icount's instructions); per sample of \`batch\` calls, variances in cycles^2" \
	"$(head -n 1 "$out/nometa.txt")"

# qemu -v prints the statistics under the run's table, which said the unit.
timeout 120 "$rvb" qemu -q -v --icount 0 -o "$out/v" \
	--bootargs 'rvbench.run=addi100 rvbench.samples=1 rvbench.warmup=0' "$build/rvbench.elf" \
	>"$out/v.txt" 2>&1
check_eq "qemu -v: the statistics refer to the table's unit" \
	"unit: as the run's table above says; per sample of \`batch\` calls, variances in its square" \
	"$(grep -A 1 '^statistics (' "$out/v.txt" | tail -n 1)"
check "... which said instr" grep -q "^unit: instr, QEMU -icount's" "$out/v.txt"

# A BENCH that selects nothing: no unit line above the message.
"$rvb" stats "$out/one" 'nothing*' >"$out/none.txt" 2>/dev/null
check_eq "nothing selected: nothing on stdout" "" "$(cat "$out/none.txt")"

# A self-timed block counting its own unit (timer_irq_ticks: tick) says
# so in its heading; the line above says such a block does.
timeout 120 "$rvb" qemu -q --icount 0 -o "$out/ticks" \
	--bootargs 'rvbench.run=addi100,timer_irq_ticks rvbench.samples=5' "$build/rvbench.elf" \
	>/dev/null 2>&1
check_eq "a run with timer_irq_ticks: exit 0" 0 "$?"
"$rvb" stats "$out/ticks" >"$out/ticks.txt" 2>&1
check_eq "the run's unit, and that a block counts another" \
	"unit: instr, QEMU -icount's emulated instruction counts, not cycles of a machine; per sample of \`batch\` calls, variances in instr^2 (a block that counts another says so)" \
	"$(head -n 1 "$out/ticks.txt")"
check "timer_irq_ticks: in tick" \
	grep -q -x 'timer_irq_ticks \[lead_ticks=50\] (run [0-9a-f]*, hart [0-9]*, group 0, batch 1): 5 samples, in tick' \
	"$out/ticks.txt"
check "addi100: the run's unit, nothing added" \
	grep -q -x 'addi100 (run [0-9a-f]*, hart [0-9]*, group 0, batch 1): 5 samples' "$out/ticks.txt"
