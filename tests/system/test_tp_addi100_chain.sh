#!/bin/sh
# tp_addi100's chain of 100 dependent addi stays between its tracepoints
# (src/benches/tp_addi100.c): the asm is volatile and clobbers memory, as
# TP_START's and TP_STOP's counter reads do, so GCC keeps the order of
# the source. Read off the disassembly of tp_addi100_run: TP_START's
# rdinstret and rdcycle, then the 100 `addi x, x, 1` (objdump: `add
# x,x,1`) on one register with nothing between them, then TP_STOP's
# rdcycle and rdinstret, no other counter read. Under QEMU -icount
# shift=0 a call is then exactly 150 instructions (run()'s but its
# `ret`): 1 (mv) + 16 (TP_START: the hart's slot, open = 1, the two reads
# and their stores) + 100 + 33 (TP_STOP: the two reads, the slot, the
# log entry); its region reads 100 plus the tracepoints' own cost
# (tests/system/test_harts.sh: cycles 100 + tp-effective, instret 105).
#   tests/system/test_tp_addi100_chain.sh BUILD
. tests/system/lib.sh
build=$1
fresh_out tp_addi100_chain

# The order of the counter reads and the chain in tp_addi100_run: one word
# per read (rdinstret, rdcycle) and "chain" for 100 consecutive adds of 1
# to one register; "broken" if the adds are not one run of 100.
order=$(riscv64-unknown-elf-objdump -d --disassemble=tp_addi100_run "$build/rvbench.elf" | awk -F'\t' '
	function flush() {
		if (n == 100) printf " chain"; else if (n) printf " broken"
		n = 0; reg = ""
	}
	/^ *[0-9a-f]+:\t/ {
		split($4, op, ",")
		if ($3 == "add" && op[1] == op[2] && op[3] == "1" && (n == 0 || op[1] == reg)) {
			n++; reg = op[1]; next
		}
		flush()
		if ($3 == "rdcycle" || $3 == "rdinstret") printf " %s", $3
	}
	END { flush(); print "" }' | sed 's/^ //')
check_eq "tp_addi100_run: TP_START's reads, the 100 addi, TP_STOP's reads, in that order" \
	"rdinstret rdcycle chain rdcycle rdinstret" "$order"

"$build/host/rvbench" qemu --icount 0 -o "$out/run" --bootargs 'rvbench.run=tp_addi100' \
	"$build/rvbench.elf" >"$out/run.stdout" 2>&1
check_eq "tp_addi100 collects a complete, verified run" 0 "$?"
s=$out/run/summary.csv
check_eq "tp_addi100: every sample 150 instructions (1 + 16 + 100 + 33), verified" "150 150 150 ok" \
	"$(tr -d '\r' <"$s" | awk -F, -v b="$(csv_col "$s" bench)" -v lo="$(csv_col "$s" min)" \
		-v hi="$(csv_col "$s" max)" -v i="$(csv_col "$s" instret_median)" -v v="$(csv_col "$s" verify)" \
		'NR > 1 && $b == "tp_addi100" {print $lo, $hi, $i, $v}')"
check_eq "every region it logs holds the chain: instret 105 (100 + the pair's 5)" 105 \
	"$(grep -a '@RVB .* TP key=2 ' "$out/run/uart.log" | sed 's/.* instret=\([0-9]*\) .*/\1/' | sort -u | paste -sd' ' -)"
