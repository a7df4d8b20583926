#!/bin/sh
# `rvbench replay` from an input that can be read only once (a pipe, a
# FIFO): the first lines that tell a LAVA job log from a UART log must not
# be lost to the decoding. The result is the one of the same file by name.
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
log=tests/fixtures/firmware/sifive_u.log
fresh_out replay-stream

"$rvb" replay -o "$out/file" "$log" >/dev/null 2>&1
check_eq "by name: exit 0" 0 "$?"

cat "$log" | "$rvb" replay -o "$out/pipe" /dev/stdin >"$out/pipe.txt" 2>&1
check_eq "from a pipe: exit 0" 0 "$?"
check "from a pipe: the run is complete" grep -q "complete (4 blocks, 1600 samples, 0 lines rejected)" "$out/pipe.txt"
check "from a pipe: uart.log is the whole input" cmp -s "$log" "$out/pipe/uart.log"
check "from a pipe: samples.csv as by name" cmp -s "$out/file/samples.csv" "$out/pipe/samples.csv"
check "from a pipe: meta.json names the input as given" grep -q '"file": "/dev/stdin"' "$out/pipe/meta.json"

mkfifo "$out/fifo"
cat "$log" >"$out/fifo" &
"$rvb" replay -o "$out/fifo-out" "$out/fifo" >/dev/null 2>&1
check_eq "from a FIFO: exit 0" 0 "$?"
wait
check "from a FIFO: samples.csv as by name" cmp -s "$out/file/samples.csv" "$out/fifo-out/samples.csv"

# A LAVA job log through a pipe is still told apart from a UART log.
lava=tests/fixtures/lava/qemu-sifive_u.jsonl
cat "$lava" | "$rvb" replay -o "$out/lava-pipe" /dev/stdin >"$out/lava.txt" 2>&1
check_eq "a LAVA job log from a pipe: exit 0" 0 "$?"
check "a LAVA job log from a pipe: decoded as one" grep -q '"lava": {' "$out/lava-pipe/meta.json"
check "a LAVA job log from a pipe: the run is complete" grep -q "complete (3 blocks, 3300 samples" "$out/lava.txt"

"$rvb" replay -o "$out/dir" "$out/file" >/dev/null 2>"$out/dir.err"
check_eq "a directory as the input: exit 2" 2 "$?"
check "... saying so" grep -q "replay: $out/file is a directory: give its uart.log" "$out/dir.err"
