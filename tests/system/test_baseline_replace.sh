#!/bin/sh
# rvbench baseline save --force over a baseline that holds more than
# files (a directory someone put in it): the old baseline is moved aside
# whole and the new one saved (exit 0). Before, the old one was emptied in
# place, its directory could then not be replaced (exit 2), and neither
# baseline was left: "whole or absent" (docs/statistics.md) broken, the
# reference of a CI gate gone.
. tests/system/lib.sh
build=$(cd "$1" && pwd)
rvb=$build/host/rvbench
fw=$build/rvbench.elf
fresh_out baseline-replace

"$rvb" qemu -q -o "$out/a" --bootargs 'rvbench.run=addi100' "$fw" >/dev/null 2>&1
check_eq "A: addi100 (exit 0)" 0 "$?"
"$rvb" qemu -q -o "$out/b" --bootargs 'rvbench.run=addi100,crc32' "$fw" >/dev/null 2>&1
check_eq "B: addi100, crc32 (exit 0)" 0 "$?"
mkdir "$out/cwd"
(cd "$out/cwd" && "$rvb" baseline save ref "$out/a" >/dev/null 2>&1)
check_eq "baseline save ref A: exit 0" 0 "$?"
mkdir "$out/cwd/results/baselines/ref/notes"
(cd "$out/cwd" && "$rvb" baseline save --force ref "$out/b" >/dev/null 2>"$out/force.err")
check_eq "baseline save --force ref B over a baseline with a directory in it: exit 0" 0 "$?"
check "... B's samples are the baseline" cmp -s "$out/b/samples.csv" \
	"$out/cwd/results/baselines/ref/samples.csv"
check "... the old one, kept aside, is named" grep -q 'kept in results/baselines/.ref.old' \
	"$out/force.err"
(cd "$out/cwd" && "$rvb" baseline list) >"$out/list.txt" 2>&1
check "... list shows ref, with B's 2 blocks" grep -q '^ref  *2 blocks measured' "$out/list.txt"
# The copy kept aside still there: a second --force leaves ref as it is.
(cd "$out/cwd" && "$rvb" baseline save --force ref "$out/a" >/dev/null 2>&1)
check_eq "a second --force while the old copy is still aside: exit 2" 2 "$?"
check "... ref is still B's" cmp -s "$out/b/samples.csv" "$out/cwd/results/baselines/ref/samples.csv"
rm -rf "$out/cwd/results/baselines/.ref.old"
(cd "$out/cwd" && "$rvb" baseline save --force ref "$out/a" >/dev/null 2>&1)
check_eq "once it is removed: exit 0" 0 "$?"
check "... ref is A's" cmp -s "$out/a/samples.csv" "$out/cwd/results/baselines/ref/samples.csv"
check "... and nothing is left aside" test ! -e "$out/cwd/results/baselines/.ref.old"
