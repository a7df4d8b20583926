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

# An input with no run in it (an empty file, junk, a samples.csv given by
# mistake, from a pipe too) is an input error: exit 2, said on stderr,
# nothing on stdout, no result directory and results/latest not moved;
# the input is the raw data, so no copy of it is kept either.
: >"$out/empty.log"
printf 'garbage\r\n\001\002 no record here\n' >"$out/junk.log"
rvb_abs=$(cd "$(dirname "$rvb")" && pwd)/rvbench
abs=$(cd "$out" && pwd) # for commands run in another directory
mkdir -p "$out/cwd"
log_abs=$(pwd)/$log
(cd "$out/cwd" && "$rvb_abs" replay "$log_abs" >/dev/null 2>&1)
latest=$(readlink "$out/cwd/results/latest")
check "a result in results/ first, results/latest on it" test -s "$out/cwd/results/$latest/meta.json"
for f in empty.log junk.log file/samples.csv; do
	(cd "$out/cwd" && "$rvb_abs" replay "$abs/$f" >"$abs/norun.stdout" 2>"$abs/norun.stderr")
	check_eq "no run in $f: exit 2" 2 "$?"
	check "... said on stderr" grep -q "^rvbench: replay: no run found in $abs/$f (.*): no results written, results/latest not moved" "$out/norun.stderr"
	check_eq "... nothing on stdout" "" "$(cat "$out/norun.stdout")"
	check_eq "... results/latest not moved" "$latest" "$(readlink "$out/cwd/results/latest")"
	check_eq "... no other result directory" "1" "$(ls "$out/cwd/results" | grep -vc '^latest$')"
	"$rvb" replay -o "$out/norun-o" "$out/$f" >/dev/null 2>&1
	check_eq "... with -o: exit 2" 2 "$?"
	check "... with -o: no directory made" test ! -e "$out/norun-o"
done
printf 'garbage\n' | "$rvb" replay -o "$out/norun-pipe" /dev/stdin >/dev/null 2>"$out/norun.stderr"
check_eq "no run from a pipe: exit 2" 2 "$?"
check "... said on stderr" grep -q "no run found in /dev/stdin" "$out/norun.stderr"
check "... no directory made" test ! -e "$out/norun-pipe"
# Over earlier results (--force), and in place: they stay as they were.
cp -R "$out/file" "$out/kept"
"$rvb" replay --force -o "$out/file" "$out/junk.log" >/dev/null 2>&1
check_eq "no run, --force over earlier results: exit 2" 2 "$?"
check "... their files kept, uart.log too" diff -r -q "$out/kept" "$out/file"
mkdir -p "$out/junkdir"
cp "$out/junk.log" "$out/junkdir/uart.log"
"$rvb" replay -o "$out/junkdir" "$out/junkdir/uart.log" >/dev/null 2>"$out/norun.stderr"
check_eq "no run in DIR/uart.log decoded in place: exit 2" 2 "$?"
check "... nothing written there" test "$(ls "$out/junkdir")" = uart.log
