#!/bin/sh
# Kanata's primary sd (equation 3.2) on a real group run: qsort's inputs
# vary and the N calls of a sample share one, so its sd is n/a beyond
# N = 1, said once; addi100 runs one input throughout, so its sd stands
# (0 under -icount, every call the same).
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
fresh_out kanata-input

# groups_col FILE: the primary sd column of the group table, a row a group.
groups_col() {
	awk '/ primary sd   CoV P %$/ { on = 1; next } /^  z = / { on = 0 }
	     on && $1 ~ /^[0-9]+$/ { print $(NF-1) }' "$1"
}

"$rvb" qemu -q -o "$out/g" --bootargs 'rvbench.run=qsort,addi100 rvbench.groups=3 rvbench.initial=1 rvbench.delta=3 rvbench.size=20' \
	"$build/rvbench.elf" >/dev/null 2>&1
check_eq "the group run completes (exit 0)" 0 "$?"
"$rvb" stats "$out/g" qsort >"$out/qsort.txt" 2>&1
check_eq "qsort: the primary sd of N = 1, then n/a for N = 4 and 7" "number n/a n/a" \
	"$(groups_col "$out/qsort.txt" | sed 's/^[0-9.]*$/number/' | paste -sd' ')"
check "... and why, once" grep -q '^  primary sd n/a: the N calls of a sample share its input: not independent (equation 3.2 holds for independent calls)$' "$out/qsort.txt"
"$rvb" stats "$out/g" addi100 >"$out/addi.txt" 2>&1
check_eq "addi100 (one input): a primary sd in every group" "0.00 0.00 0.00" \
	"$(groups_col "$out/addi.txt" | paste -sd' ')"
check "... and no n/a line" sh -c "! grep -q 'primary sd n/a' '$out/addi.txt'"
