#!/bin/sh
# Hardware events through the SBI PMU extension, end to end: QEMU virt
# with Sscofpmf under Debian's OpenSBI, rvbench.events on the command line
# and on the console, the columns in the CSV files and meta.json, an event
# QEMU does not implement refused by name, a platform without programmable
# counters, the analyses on an event column, and a stream of wire format 1.
. tests/system/lib.sh
build=$1
fresh_out events
rvb=$build/host/rvbench
cpu="-cpu rv64,sscofpmf=true"

# 1. cycles and instructions read through the SBI equal rdcycle and
#    rdinstret exactly, sample by sample, net of each one's overhead.
"$rvb" qemu --machine virt --smp 1 --icount 0 --qemu-args "$cpu" \
	--bootargs "rvbench.run=addi100,alu_mul_lat,branch_random,memcpy rvbench.samples=200 \
rvbench.events=cycles,instructions,branch-misses,dtlb-read-miss" \
	-o "$out/a" "$build/rvbench.elf" >"$out/a.stdout" 2>&1
check_eq "events run on virt exits 0" 0 "$?"
s=$out/a/samples.csv
c=$(csv_col "$s" cycles) i=$(csv_col "$s" instret)
ec=$(csv_col "$s" ev.cycles) ei=$(csv_col "$s" ev.instructions)
ed=$(csv_col "$s" ev.dtlb-read-miss)
check "samples.csv has ev.cycles, ev.instructions, ev.dtlb-read-miss" \
	test -n "$ec" -a -n "$ei" -a -n "$ed"
rows=$(tr -d '\r' <"$s" | awk -F, 'NR > 1' | wc -l)
check "samples.csv has rows" test "$rows" -gt 800
check_eq "ev.cycles equals cycles on every row" 0 \
	"$(tr -d '\r' <"$s" | awk -F, -v a="$c" -v b="$ec" 'NR > 1 && $a != $b' | wc -l)"
check_eq "ev.instructions equals instret on every row" 0 \
	"$(tr -d '\r' <"$s" | awk -F, -v a="$i" -v b="$ei" 'NR > 1 && $a != $b' | wc -l)"
check_eq "addi100: 100 cycles through the SBI" 100 \
	"$(bench_rows "$s" addi100 0 | distinct "$ec")"

# 1b. the same with fenced reads and batches of 3 calls
"$rvb" qemu --machine virt --smp 1 --icount 0 --qemu-args "$cpu" \
	--bootargs "rvbench.run=addi100,qsort,memcpy rvbench.samples=50 rvbench.counter=fenced \
rvbench.batch=3 rvbench.events=instructions,cycles" \
	-o "$out/fenced" "$build/rvbench.elf" >"$out/fenced.stdout" 2>&1
check_eq "fenced, batched events run exits 0" 0 "$?"
s2=$out/fenced/samples.csv
check_eq "fenced, batched: SBI cycles and instructions equal rdcycle and rdinstret on every row" \
	"0 $(($(wc -l <"$s2") - 1))" \
	"$(tr -d '\r' <"$s2" | awk -F, -v c="$(csv_col "$s2" cycles)" -v i="$(csv_col "$s2" instret)" \
		-v ec="$(csv_col "$s2" ev.cycles)" -v ei="$(csv_col "$s2" ev.instructions)" \
		'NR > 1 {n++; if ($c != $ec || $i != $ei) bad++} END {print bad + 0, n}')"

# 2. an event QEMU does not count: refused by name, no column of zeros
check "branch-misses refused by name on the console" \
	grep -a -q 'event branch-misses: refused by the SBI firmware (not-supported)' "$out/a/uart.log"
check "the PMU record names the refusal" \
	grep -a -q '@RVB .* PMU status=ok .*events=cycles,instructions,dtlb-read-miss refused=branch-misses:not-supported' \
	"$out/a/uart.log"
check_eq "no ev.branch-misses column" "" "$(csv_col "$s" ev.branch-misses)"
check_eq "meta.json: pmu events and refused" \
	"cycles,instructions,dtlb-read-miss branch-misses:not-supported" \
	"$(python3 -c 'import json,sys; p=json.load(open(sys.argv[1]))["runs"][0]["pmu"]; print(p["events"], p["refused"])' \
		"$out/a/meta.json")"

# 3. summary.csv: median and mean per call of each event
m=$(csv_col "$out/a/summary.csv" ev.cycles.median) p=$(csv_col "$out/a/summary.csv" ev.cycles.per_call)
check_eq "summary.csv: addi100's ev.cycles median and per call" "100 100.000" \
	"$(tr -d '\r' <"$out/a/summary.csv" | awk -F, -v m="$m" -v p="$p" '$2 == "addi100" {print $m, $p}')"

# 4. the console's set events, and the analyses on an event column
"$rvb" qemu --machine virt --smp 1 --icount 0 --qemu-args "$cpu" --bootargs "rvbench.samples=100" \
	--exec 'set events dtlb-read-miss; run mem_latency_rand' \
	-o "$out/b" "$build/rvbench.elf" >"$out/b.stdout" 2>&1
check_eq "console: set events and run exit 0" 0 "$?"
sb=$out/b/samples.csv
d=$(csv_col "$sb" ev.dtlb-read-miss) k=$(csv_col "$sb" params) w=$(csv_col "$sb" warmup)
check_eq "dtlb-read-miss: none on a 4 KiB chase (one page)" 0 \
	"$(tr -d '\r' <"$sb" | awk -F, -v d="$d" -v k="$k" -v w="$w" \
		'$k ~ /^size_kib=4;/ && $w == 0 {s += $d} END {print s + 0}')"
check "dtlb-read-miss: counted on a 4 MiB chase" test \
	"$(tr -d '\r' <"$sb" | awk -F, -v d="$d" -v k="$k" -v w="$w" \
		'$k ~ /^size_kib=4096;/ && $w == 0 {s += $d} END {print s + 0}')" -gt 1000
check "stats --metric dtlb-read-miss" sh -c \
	"'$rvb' stats --metric dtlb-read-miss '$out/b' >'$out/stats.txt' && grep -q 'median 0' '$out/stats.txt'"
"$rvb" compare --metric dtlb-read-miss "$out/b" "$out/b" >"$out/compare.txt" 2>&1
check_eq "compare --metric dtlb-read-miss exits 0" 0 "$?"
check "compare --metric bogus is a usage error" sh -c \
	"! '$rvb' compare --metric bogus '$out/b' '$out/b' 2>/dev/null"
check "plot --metric dtlb-read-miss draws" sh -c \
	"'$rvb' plot --metric dtlb-read-miss -b mem_latency_rand -o '$out/p.png' '$out/b' >/dev/null && test -s '$out/p-mem_latency_rand-sweep.png'"

# 5. sifive_u: no programmable counter behind the extension. cycles and
#    instructions go to the fixed counters, which must keep running for
#    rdcycle and rdinstret (also in the console's second run); the run
#    goes on without the rest.
"$rvb" qemu --machine sifive_u --smp 2 --icount 0 \
	--bootargs "rvbench.samples=20 rvbench.events=dtlb-read-miss,cycles,instructions" \
	--exec 'run addi100; run addi100' -o "$out/c" "$build/rvbench.elf" >"$out/c.stdout" 2>&1
check_eq "sifive_u with events exits 0" 0 "$?"
check "sifive_u: dtlb-read-miss refused" \
	grep -a -q 'event dtlb-read-miss: refused by the SBI firmware' "$out/c/uart.log"
sc=$out/c/samples.csv
check_eq "sifive_u: addi100 100 cycles in both runs, and through the SBI" "100 100" \
	"$(bench_rows "$sc" addi100 0 | distinct "$(csv_col "$sc" cycles)") $(bench_rows "$sc" addi100 0 | distinct "$(csv_col "$sc" ev.cycles)")"
check_eq "sifive_u: two runs of 20 samples" 40 "$(bench_rows "$sc" addi100 0 | wc -l)"

# 5b. the HiFive Unleashed's riscv,pmu node (scripts/images/fu540-pmu.sh)
#     in QEMU virt's device tree: Debian's OpenSBI reads it and takes the
#     U54's events (QEMU does not count the U54's selectors: only that they
#     are taken is checked here).
qemu-system-riscv64 -M virt,dumpdtb="$out/virt.dtb" $cpu -smp 1 -display none >/dev/null 2>&1
check "the FU540 node goes into a device tree" scripts/images/fu540-pmu.sh "$out/virt.dtb" "$out/fu540.dtb"
"$rvb" qemu --machine virt --smp 1 --icount 0 --qemu-args "$cpu -dtb $out/fu540.dtb" \
	--bootargs "rvbench.run=branch_random rvbench.samples=20 rvbench.events=branch-misses,raw:0x4000,cycles" \
	-o "$out/f" "$build/rvbench.elf" >"$out/f.stdout" 2>&1
check_eq "virt with the FU540 node exits 0" 0 "$?"
check "OpenSBI takes branch-misses and raw:0x4000 from the FU540 node" \
	grep -a -q '@RVB .* PMU status=ok .*events=branch-misses,raw:0x4000,cycles \*' "$out/f/uart.log"

# 6. a stream of wire format 1 still decodes, without event columns
"$rvb" replay tests/fixtures/firmware-v1/sifive_u.log -o "$out/v1" >/dev/null 2>&1
check_eq "format 1 stream replays with exit 0" 0 "$?"
check_eq "format 1: no event column" "" "$(head -n 1 "$out/v1/samples.csv" | grep -o 'ev\.')"

# 7. on sifive_u (no Sscofpmf) OpenSBI gives cycles and instructions the
#    fixed counters: configuring them must not reset mcycle under the run,
#    or the boot hart's run_cycles (HART record) wraps to about 2^64.
"$rvb" qemu -q --machine sifive_u --icount 0 \
	--bootargs "rvbench.run=addi100 rvbench.samples=20 rvbench.events=cycles,instructions" \
	-o "$out/fixed" "$build/rvbench.elf" >/dev/null 2>&1
check_eq "sifive_u with cycles,instructions exits 0" 0 "$?"
rc=$(grep -a '@RVB .* HART id=1 state=boot ' "$out/fixed/uart.log" | tr ' ' '\n' | sed -n 's/^run_cycles=//p')
check "the boot hart's run_cycles is sane ($rc, under 10^9), not wrapped" \
	test -n "$rc" -a "${#rc}" -le 9
