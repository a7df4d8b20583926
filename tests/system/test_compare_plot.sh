#!/bin/sh
# compare --plot: the figure's title says what each side is, its
# directory (or DIR:BENCH) as given and what measured it, from meta.json
# as every figure's title says it (results_csv.h's machine: the model,
# QEMU and its -icount or the core clock, the device); each side on a line
# of its own (was: "A = DIR   B = DIR" alone). Two sides named DIR:BENCH
# with one benchmark: a panel titled by the name once (was: "alloc vs
# alloc [live=256]").
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
fresh_out compare-plot
need_gnuplot
. tests/system/plot_capture.sh

# A: a board's log (no QEMU: its clock), B: the same stream as QEMU
# -icount measured it.
"$rvb" replay --device-name board-a -o "$out/a" tests/fixtures/firmware/sifive_u.log >/dev/null 2>&1
check_eq "the fixture replays (exit 0)" 0 "$?"
mkdir -p "$out/b"
cp "$out/a/samples.csv" "$out/a/summary.csv" "$out/a/gaps.csv" "$out/b/"
python3 - "$out/a/meta.json" "$out/b/meta.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
m["source"] = {"kind": "qemu", "icount": "0", "qemu_version": "7.2.22"}
del m["device_name"]
json.dump(m, open(sys.argv[2], "w"))
PY
capture "$out/cap" compare --plot "$out/ab.png" "$out/a" "$out/b" >/dev/null 2>"$out/ab.err"
check_eq "compare --plot A B: exit 0" 0 "$?"
gp=$(fig_dir "$out/cap" ab.png)/cmp.gp
check_eq "the title: each side as given, with its machine, a line each" \
	"set multiplot layout 2,2 title 'CDF overlay' . \"\\n\" . 'A = ' . '$out/a (SiFive HiFive Unleashed A00, 33.333 MHz; device board-a)' . \"\\n\" . 'B = ' . '$out/b (SiFive HiFive Unleashed A00, QEMU 7.2.22 -icount: instructions, not cycles)'" \
	"$(grep '^set multiplot ' "$gp")"
check "a panel of one benchmark: its name" grep -q -x "set title 'addi100'" "$gp"
check "the PNG drawn" test -s "$out/ab.png"

# Without meta.json's model and source (--no-check): the side as given.
mkdir -p "$out/bare"
cp "$out/a/samples.csv" "$out/bare/"
capture "$out/cap" compare --no-check --plot "$out/bare.png" "$out/bare" "$out/bare" \
	>/dev/null 2>&1
check_eq "a side meta.json says nothing of: its directory alone" \
	"set multiplot layout 2,2 title 'CDF overlay' . \"\\n\" . 'A = ' . '$out/bare' . \"\\n\" . 'B = ' . '$out/bare'" \
	"$(grep '^set multiplot ' "$(fig_dir "$out/cap" bare.png)/cmp.gp")"

# DIR:BENCH on both sides, one benchmark: named once in the panel's title;
# two benchmarks: both.
capture "$out/cap" compare --plot "$out/one.png" "$out/a:crc32" "$out/b:crc32" >/dev/null 2>&1
check_eq "DIR:BENCH A B: exit 0" 0 "$?"
gp=$(fig_dir "$out/cap" one.png)/cmp.gp
check "one benchmark: its name once (was: 'crc32 vs crc32')" \
	grep -q -x "set title 'crc32'" "$gp"
check_eq "... the sides as given" \
	"set multiplot layout 1,1 title 'CDF overlay' . \"\\n\" . 'A = ' . '$out/a:crc32 (SiFive HiFive Unleashed A00, 33.333 MHz; device board-a)' . \"\\n\" . 'B = ' . '$out/b:crc32 (SiFive HiFive Unleashed A00, QEMU 7.2.22 -icount: instructions, not cycles)'" \
	"$(grep '^set multiplot ' "$gp")"
check "the text table too: 'crc32', not 'crc32 vs crc32'" \
	sh -c '"$1" compare "$2:crc32" "$3:crc32" | grep -q "^crc32 "' - "$rvb" "$out/a" "$out/b"
check "... and no 'vs' in it" \
	sh -c '! "$1" compare "$2:crc32" "$3:crc32" | grep -q " vs "' - "$rvb" "$out/a" "$out/b"
capture "$out/cap" compare --plot "$out/two.png" "$out/a:crc32" "$out/b:udiv" >/dev/null 2>&1
check "two benchmarks: both named" \
	grep -q -x "set title 'crc32 vs udiv'" "$(fig_dir "$out/cap" two.png)/cmp.gp"
