#!/bin/sh
# The ALU and branch benchmarks (src/benches/alu.c, branch.c) under QEMU
# -icount shift=0, where a sample is exactly the instructions of one call
# of run() less the calibration's body (a lone `ret`, boot/empty_body.S):
# run()'s own instructions but its `ret`. Each count below is read off the
# code, instruction by instruction, and every sample of a block must be it
# (min = max = the median instret).
#
#   alu_{add,mul}_lat   sll, add (the pair's address), ld x, ld y, then the
#                       16 operations: 20. The chain alone: no other
#                       chain's start value computed for nothing (it was 23,
#                       3 dead adds of x + 1, x + 2, x + 3).
#   alu_{div,rem}_lat   the same 4, then 16 x (divu|remu, xor): 36 (was 39).
#   alu_{add,mul}_tput  the 4, 3 adds (x + 1, x + 2, x + 3: the other
#                       chains), 16 operations, 3 adds (the sum of the 4
#                       chains): 26.
#   alu_{div,rem}_tput  the 4, the 3, 16 x 2, the 3: 42.
#   branch_*            sll, add, ld (the word), li 64, li 0, then 64 x
#                       (andi, bnez, addi, j or nop, srli, addi, bnez): 453,
#                       the same for random, patterned and always-taken
#                       bits (docs/writing-benchmarks.md, "Exact under
#                       -icount"): on a board the difference between them
#                       is the misprediction cost alone.
#
# And the ALU's operand pairs stay in the L1 data cache: input_range pairs
# of 16 bytes, at most half of the U54's 32 KiB L1 (it was 4096 pairs,
# 64 KiB: at most half of them could be in the L1, so at least half the
# calls began their latency chain with an L2 access).
#   tests/system/test_bench_instret.sh BUILD
. tests/system/lib.sh
build=$1
fresh_out bench_instret

"$build/host/rvbench" qemu --machine virt --icount 0 -o "$out/run" \
	--bootargs 'rvbench.run=alu_*,branch_* rvbench.samples=50 rvbench.warmup=5' \
	"$build/rvbench.elf" >"$out/run.stdout" 2>&1
check_eq "the ALU and branch benchmarks collect a complete, verified run" 0 "$?"
s=$out/run/summary.csv
cb=$(csv_col "$s" bench); cmin=$(csv_col "$s" min); cmax=$(csv_col "$s" max)
ci=$(csv_col "$s" instret_median); cv=$(csv_col "$s" verify)
# count BENCH: its block's exact count (min = max = instret), else "-"
count() {
	tr -d '\r' <"$s" | awk -F, -v b="$cb" -v lo="$cmin" -v hi="$cmax" -v i="$ci" -v v="$cv" \
		-v name="$1" 'NR > 1 && $b == name {print ($lo == $hi && $lo == $i && $v == "ok") ? $lo : "-"}'
}
for op in add mul; do
	check_eq "alu_${op}_lat: 4 to fetch the pair, 16 ${op}s, nothing else" 20 "$(count alu_${op}_lat)"
	check_eq "alu_${op}_tput: 4, 3 chain starts, 16 ${op}s, 3 adds" 26 "$(count alu_${op}_tput)"
done
for op in div rem; do
	check_eq "alu_${op}_lat: 4 to fetch the pair, 16 (${op}u, xor), nothing else" 36 "$(count alu_${op}_lat)"
	check_eq "alu_${op}_tput: 4, 3 chain starts, 16 (${op}u, xor), 3 adds" 42 "$(count alu_${op}_tput)"
done
check_eq "branch_random, branch_pattern, branch_always: 5 + 64 x 7 instructions each" \
	"453 453 453" "$(count branch_random) $(count branch_pattern) $(count branch_always)"

u=$out/run/uart.log
for b in alu_add_lat alu_add_tput alu_mul_lat alu_mul_tput alu_div_lat alu_div_tput alu_rem_lat alu_rem_tput; do
	r=$(grep -a "@RVB .* BENCH .*name=$b " "$u" | tr ' ' '\n' | sed -n 's/^input_range=//p')
	check "$b: its ${r:-?} operand pairs (16 bytes each) fit in half of the U54's 32 KiB L1" \
		test -n "$r" -a "${r:-0}" -ge 64 -a $((${r:-0} * 16)) -le 16384
done
