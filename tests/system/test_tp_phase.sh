#!/bin/sh
# Every tracepoint says its block and the part of it its TP_START ran in
# (TP id= phase=, tracepoints.csv's id and phase): tp_addi100 logs one
# pair per call, so a block of W warmup and N measured samples of batch B
# has exactly W*B entries in its warmup and N*B in its measured calls, on
# one hart, in a Kanata group sweep (a block per group, its own batch)
# and in a parallel run (a block per hart, each on its own counter).
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
fresh_out tp-phase

# tp_rows DIR: "id hart phase" of each tracepoints.csv row, counted.
tp_rows() {
	i=$(csv_col "$1/tracepoints.csv" id)
	h=$(csv_col "$1/tracepoints.csv" hart)
	p=$(csv_col "$1/tracepoints.csv" phase)
	tail -n +2 "$1/tracepoints.csv" | tr -d '\r' |
		awk -F, -v i="$i" -v h="$h" -v p="$p" '{print $i, $h, $p}' | sort | uniq -c |
		awk '{print $2 "/" $3 "/" $4 "=" $1}' | tr '\n' ' ' | sed 's/ $//'
}
# wire_rows UARTLOG: the same, from the TP records themselves.
wire_rows() {
	grep -a '@RVB [0-9a-f]* [0-9]* TP ' "$1" | tr ' ' '\n' |
		awk -F= '$1 == "hart" {h = $2} $1 == "id" {i = $2} $1 == "phase" {print i, h, $2}' |
		sort | uniq -c | awk '{print $2 "/" $3 "/" $4 "=" $1}' | tr '\n' ' ' | sed 's/ $//'
}

"$rvb" qemu --smp 2 --icount 0 -o "$out/one" \
	--bootargs 'rvbench.run=tp_addi100 rvbench.warmup=3 rvbench.samples=5 rvbench.batch=2' \
	"$build/rvbench.elf" >"$out/one.out" 2>&1
check_eq "one hart: the run completes" 0 "$?"
check_eq "one hart: 3x2 warmup and 5x2 measured entries, all of block 0 (wire)" \
	"0/1/measured=10 0/1/warmup=6" "$(wire_rows "$out/one/uart.log")"
check_eq "one hart: the same in tracepoints.csv" \
	"0/1/measured=10 0/1/warmup=6" "$(tp_rows "$out/one")"
check_eq "tracepoints.csv's header" "run,key,hart,start,cycles,instret,id,phase" \
	"$(head -n 1 "$out/one/tracepoints.csv" | tr -d '\r')"
# Each part's entries start after the last of the one before.
check_eq "one hart: every warmup entry starts before every measured one" "ok" \
	"$(tail -n +2 "$out/one/tracepoints.csv" | tr -d '\r' | awk -F, '
		$8 == "warmup" && $4 > w {w = $4}
		$8 == "measured" && (m == "" || $4 < m) {m = $4}
		END {print (w != "" && m != "" && w < m) ? "ok" : "no"}')"

"$rvb" qemu --smp 2 --icount 0 -o "$out/groups" \
	--bootargs 'rvbench.run=tp_addi100 rvbench.warmup=2 rvbench.groups=2 rvbench.initial=1 rvbench.delta=1 rvbench.size=3' \
	"$build/rvbench.elf" >"$out/groups.out" 2>&1
check_eq "group sweep: the run completes" 0 "$?"
check_eq "group sweep: block 0 batch 1, block 1 batch 2, each its own" \
	"0/1/measured=3 0/1/warmup=2 1/1/measured=6 1/1/warmup=4" "$(tp_rows "$out/groups")"

"$rvb" qemu --smp 3 --icount 0 -o "$out/par" \
	--bootargs 'rvbench.run=tp_addi100 rvbench.warmup=2 rvbench.samples=3 rvbench.parallel=1' \
	"$build/rvbench.elf" >"$out/par.out" 2>&1
check_eq "parallel: the run completes" 0 "$?"
check_eq "parallel: hart 1's entries in block 0, hart 2's in block 1" \
	"0/1/measured=3 0/1/warmup=2 1/2/measured=3 1/2/warmup=2" "$(tp_rows "$out/par")"
check_eq "parallel: block 1 is hart 2's (BENCH)" "2" \
	"$(grep -a ' BENCH id=1 ' "$out/par/uart.log" | tr ' ' '\n' | sed -n 's/^hart=//p')"

# A fleet of this result and one from before the two columns (its
# tracepoints.csv without them): the merged file has both columns, this
# member's values in them and the older member's rows empty there.
cp -r "$out/one" "$out/older"
tr -d '\r' <"$out/one/tracepoints.csv" | cut -d, -f1-6 | sed 's/$/\r/' >"$out/older/tracepoints.csv"
"$rvb" fleet -o "$out/fleet" "$out/older" "$out/one" >/dev/null 2>"$out/fleet.err"
check_eq "fleet of a new and an older result: exit 0" 0 "$?"
check_eq "the merged tracepoints.csv keeps id and phase" "device,run,key,hart,start,cycles,instret,id,phase" \
	"$(head -n 1 "$out/fleet/tracepoints.csv" | tr -d '\r')"
check_eq "... the new member's 16 rows with them, the older member's 16 without" "16 16" \
	"$(tail -n +2 "$out/fleet/tracepoints.csv" | tr -d '\r' |
	   awk -F, '$9 != "" {n++} $9 == "" {o++} END {print n + 0, o + 0}')"
