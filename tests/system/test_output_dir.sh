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
	meta_has "$out/keep/meta.json" '"decoded_again": {"end": "[a-z-]*"}'
"$rvb" stats "$out/keep" >/dev/null 2>&1
check_eq "in place: meta.json still reads back (stats)" 0 "$?"
"$rvb" replay -o "$out/keep" --device-name board-8 "$out/keep/uart.log" >/dev/null 2>&1
check "in place: --device-name still wins" grep -q '"device_name": "board-8"' "$out/keep/meta.json"
mv "$out/keep/meta.json" "$out/keep/meta.json.stale"
"$rvb" replay -o "$out/keep" "$out/keep/uart.log" >/dev/null 2>&1
check "in place after a failed write: the source kept from meta.json.stale" \
	grep -q "\"file\": \"$log\"" "$out/keep/meta.json"

# A uart.log cut short (a file size limit here; a full disk, then room
# again, alike: tests/system/test_full_disk.sh) while the result files
# still fit: the results are decoded from every byte, meta.json says that
# uart.log holds only the first of them ("uart_log"), the exit status is
# 2, and the advice is to decode the input itself, not the cut copy.
# Boot messages before the run make the stream outgrow the limit.
fw=tests/fixtures/firmware/sifive_u.log
long=$out/long.log
yes 'U-Boot 2023.01: a line of the boot before the run, no record of it' | head -c 124000 >"$long"
cat "$fw" >>"$long"
size=$(wc -c <"$long")
"$rvb" replay -o "$out/whole" "$fw" >/dev/null 2>&1
(ulimit -f 250 && "$rvb" replay -o "$out/cut" "$long") >"$out/cut.stdout" 2>"$out/cut.stderr"
check_eq "uart.log cut by a file size limit: exit 2" 2 "$?"
check_eq "... uart.log holds the first 128000 bytes" 128000 "$(wc -c <"$out/cut/uart.log")"
check "... meta.json says so" meta_has "$out/cut/meta.json" "\"uart_log\": {\"bytes\": 128000, \"complete\": false, \"stream_bytes\": $size, \"error\": \"File too large\"}"
check "... the results are decoded from the whole input" cmp -s "$out/whole/samples.csv" "$out/cut/samples.csv"
check "... stderr says what uart.log holds" \
	grep -q "$out/cut/uart.log holds only the first 128000 of the $size bytes of $long (File too large)" "$out/cut.stderr"
check "... and to decode the input itself, not the cut copy" grep -q "decode $long itself" "$out/cut.stderr"
check "... the summary says uart.log is cut" grep -q "^results in $out/cut (its uart.log cut short" "$out/cut.stdout"
cp "$out/cut/meta.json" "$out/cut.meta"

# Decoding that uart.log again in place would replace results decoded
# from the whole stream with those of the part kept: refused, nothing
# changed. Into another directory it is decoded, said to be a part.
"$rvb" replay -o "$out/cut" "$out/cut/uart.log" >/dev/null 2>"$out/again.stderr"
check_eq "a cut uart.log decoded again in place: exit 2" 2 "$?"
check "... refused, saying why" grep -q "replay: $out/cut/uart.log holds only the first 128000 of the $size bytes of its stream (File too large, says $out/cut/meta.json), and the results in $out/cut were decoded from all of them" "$out/again.stderr"
check "... samples.csv kept" cmp -s "$out/whole/samples.csv" "$out/cut/samples.csv"
check "... meta.json kept" cmp -s "$out/cut.meta" "$out/cut/meta.json"
"$rvb" replay -o "$out/part" "$out/cut/uart.log" >"$out/part.stdout" 2>"$out/part.stderr"
check_eq "a cut uart.log decoded into another directory: exit 1 (a run cut short)" 1 "$?"
check "... said to hold part of its stream" \
	grep -q "replay: $out/cut/uart.log holds only the first 128000 of the $size bytes of its stream" "$out/part.stderr"
check "... the summary says the results are of a part" grep -q "^results in $out/part (of part of a stream" "$out/part.stdout"
check "... its meta.json says so again" \
	meta_has "$out/part/meta.json" "\"uart_log\": {\"bytes\": 128000, \"complete\": false, \"stream_bytes\": $size,"
"$rvb" replay -o "$out/part" "$out/part/uart.log" >/dev/null 2>&1
check_eq "... and decoded again in place there (the same part): exit 1" 1 "$?"
check "... still said to be a part" \
	meta_has "$out/part/meta.json" "\"uart_log\": {\"bytes\": 128000, \"complete\": false, \"stream_bytes\": $size,"

# The copy and the result files both cut: nothing changed in the
# directory, and the advice names the input, which is whole.
"$rvb" replay -o "$out/none" "$fw" >/dev/null 2>&1
cp "$out/none/meta.json" "$out/none.meta"
(ulimit -f 40 && "$rvb" replay --force -o "$out/none" "$long") >"$out/none.stdout" 2>&1
check_eq "copy and results cut: exit 2" 2 "$?"
check "... the advice: decode the input again" \
	grep -q "^results NOT written in $out/none: nothing there was changed; $long, the input, is as it was: decode it again into a directory with room: rvbench replay $long -o DIR" "$out/none.stdout"
check "... the earlier results kept" cmp -s "$out/none.meta" "$out/none/meta.json"
check "... and their uart.log" cmp -s "$fw" "$out/none/uart.log"
check "... no .tmp left" test -z "$(find "$out/none" -name '.*.tmp')"
(ulimit -f 40 && "$rvb" replay -o "$out/fresh" "$long") >/dev/null 2>&1
check_eq "copy and results cut in a new directory: exit 2" 2 "$?"
check "... the directory made for them removed again" test ! -e "$out/fresh"
