#!/bin/sh
# An -o directory that already holds files is never overwritten unasked:
# refused with exit 2 and left as it was, unless --force. An empty one is
# fine, and so is decoding DIR/uart.log again into DIR, which keeps what
# meta.json said of the stream's source.
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
log=tests/fixtures/qemu-sifive_u-300.log
fresh_out output-dir

"$rvb" replay -o "$out/a" "$log" >/dev/null 2>&1
check_eq "a new directory: exit 0" 0 "$?"
cp "$out/a/meta.json" "$out/meta.before"
echo "notes" >"$out/a/notes.txt"

"$rvb" replay -o "$out/a" tests/fixtures/firmware/sifive_u.log >/dev/null 2>"$out/again.stderr"
check_eq "the same directory again: exit 2" 2 "$?"
check "the refusal names the directory and --force" \
	grep -q "output directory $out/a is not empty (choose another, or --force" "$out/again.stderr"
check "its files are left as they were" cmp -s "$out/a/meta.json" "$out/meta.before"

"$rvb" replay --force -o "$out/a" tests/fixtures/firmware/sifive_u.log >/dev/null 2>&1
check_eq "with --force: exit 0" 0 "$?"
tag=$(grep -a -o '^@RVB [0-9a-f]* 0 RUN ' tests/fixtures/firmware/sifive_u.log | cut -d' ' -f2)
check "with --force: the new results are there" grep -q "\"tag\": \"$tag\"" "$out/a/meta.json"
check "with --force: other files are left alone" test -f "$out/a/notes.txt"

mkdir -p "$out/empty"
"$rvb" replay -o "$out/empty" "$log" >/dev/null 2>&1
check_eq "an existing empty directory: exit 0" 0 "$?"

"$rvb" replay -o "$out/empty" "$out/empty/uart.log" >/dev/null 2>&1
check_eq "DIR/uart.log decoded again into DIR: exit 0" 0 "$?"

# Decoding in place keeps what only meta.json knew: how the stream was
# collected (here the first replay's input) and the device's name.
"$rvb" replay -o "$out/keep" --device-name board-7 "$log" >/dev/null 2>&1
"$rvb" replay -o "$out/keep" "$out/keep/uart.log" >/dev/null 2>"$out/keep.stderr"
check_eq "in place: exit 0" 0 "$?"
check "in place: the device's name kept" grep -q '"device_name": "board-7"' "$out/keep/meta.json"
check "in place: the source kept (the first replay's input)" \
	grep -q "\"file\": \"$log\"" "$out/keep/meta.json"
check "in place: marked decoded again, with this decoding's end" \
	grep -q '"decoded_again": {"end": "[a-z-]*"}' "$out/keep/meta.json"
"$rvb" stats "$out/keep" >/dev/null 2>&1
check_eq "in place: meta.json still reads back (stats)" 0 "$?"
"$rvb" replay -o "$out/keep" --device-name board-8 "$out/keep/uart.log" >/dev/null 2>&1
check "in place: --device-name still wins" grep -q '"device_name": "board-8"' "$out/keep/meta.json"
mv "$out/keep/meta.json" "$out/keep/meta.json.stale"
"$rvb" replay -o "$out/keep" "$out/keep/uart.log" >/dev/null 2>&1
check "in place after a failed write: the source kept from meta.json.stale" \
	grep -q "\"file\": \"$log\"" "$out/keep/meta.json"
