#!/bin/sh
# Stopping a collection: SIGINT, SIGTERM, SIGHUP (the terminal closed) and
# SIGPIPE (the reader gone) all end `rvbench qemu` alike, once samples
# are arriving: what was received is decoded and written, meta.json says
# the collection was interrupted, the exit status is 1 and no .tmp file
# stays. A file size limit (SIGXFSZ) is ignored: the write error is
# reported with exit 2, like a full disk, and no .tmp file stays either.
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
fresh_out signals

# no_tmp DIR: no temporary file in DIR.
no_tmp() {
	[ -z "$(find "$1" -name '*.tmp')" ]
}

for sig in INT TERM HUP PIPE; do
	d=$out/$sig
	# 60000 samples a block: the run lasts long enough to be stopped.
	"$rvb" qemu --machine sifive_u --icount 0 --bootargs "rvbench.samples=60000" \
		-o "$d" "$build/rvbench.elf" >"$d.stdout" 2>"$d.stderr" &
	pid=$!
	i=0
	while [ $i -lt 300 ] && ! grep -a -q '^@RVB [0-9a-f]* [0-9]* S ' "$d/uart.log" 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	kill -s "$sig" $pid
	wait $pid
	check_eq "SIG$sig: exit 1" 1 "$?"
	check "SIG$sig: meta.json says the collection was interrupted" \
		grep -q '"end": "interrupted"' "$d/meta.json"
	check "SIG$sig: samples.csv holds the samples received" \
		test "$(wc -l <"$d/samples.csv")" -gt 1
	check "SIG$sig: stderr names the signal" grep -q "interrupted by $sig" "$d.stderr"
	check "SIG$sig: no .tmp file left" no_tmp "$d"
done

# A file size limit of 40 blocks: uart.log (8 KiB) fits, samples.csv not.
d=$out/XFSZ
(ulimit -f 40 && "$rvb" replay -o "$d" tests/fixtures/firmware/sifive_u.log) \
	>"$d.stdout" 2>"$d.stderr"
check_eq "a file size limit: exit 2" 2 "$?"
check "a file size limit: the write error is said" grep -q "File too large" "$d.stderr"
check "a file size limit: no .tmp file left" no_tmp "$d"

# The reader of stdout gone before the summary (a pipe whose read end is
# closed): the files are all written, and the exit status is 1, as for
# SIGPIPE during the collection, not 0 for a summary nobody saw.
d=$out/reader-gone
python3 - "$rvb" "$d" <<'PY' >"$d.rc"
import os, subprocess, sys
r, w = os.pipe()
os.close(r)
rc = subprocess.call([sys.argv[1], "replay", "-o", sys.argv[2],
                      "tests/fixtures/firmware/sifive_u.log"], stdout=w,
                     stderr=subprocess.DEVNULL)
print(rc)
PY
check_eq "stdout's reader gone: exit 1" 1 "$(cat "$d.rc")"
check "stdout's reader gone: meta.json written" test -s "$d/meta.json"
check "stdout's reader gone: no .tmp file left" no_tmp "$d"

# The same for `rvbench qemu -j`: a signal to rvbench stops every
# instance, each writes what it received, and rvbench exits 1. Not one
# signal of the four left pending while the instances run to their end
# (minutes): after 60 s rvbench is killed, and the check fails.
for sig in INT TERM HUP PIPE; do
	d=$out/fan-$sig
	"$rvb" qemu -j 2 --repeat 2 --icount 0 --bootargs "rvbench.samples=60000" \
		-o "$d" "$build/rvbench.elf" >"$d.stdout" 2>"$d.stderr" &
	pid=$!
	i=0
	# Samples arriving from both instances: each has some to write.
	while [ $i -lt 300 ] && [ "$(grep -a -l '^@RVB [0-9a-f]* [0-9]* S ' "$d"/runs/*/uart.log 2>/dev/null | wc -l)" -lt 2 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	kill -s "$sig" $pid
	i=0
	while [ $i -lt 600 ] && kill -0 $pid 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	kill -s KILL $pid 2>/dev/null
	wait $pid
	check_eq "qemu -j, SIG$sig: exit 1 (137: still running after 60 s)" 1 "$?"
	check_eq "qemu -j, SIG$sig: each instance's meta.json says it was interrupted" 2 \
		"$(grep -l '"end": "interrupted"' "$d"/runs/*/meta.json 2>/dev/null | wc -l)"
	check "qemu -j, SIG$sig: no .tmp file left" no_tmp "$d"
done
