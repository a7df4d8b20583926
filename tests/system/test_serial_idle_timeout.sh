#!/bin/sh
# rvbench serial's --timeout is a watchdog on silence, not on the length of
# the run: a board that streams for longer than the timeout, but is never
# quiet that long, is collected to its trailer; one that goes quiet is
# stopped with a message saying so. --max-time bounds the whole collection.
# The board is played on the master side of a pseudo-terminal.
. tests/system/lib.sh
build=$1
fresh_out serial-idle-timeout

# board.py RVB OUT NAME PACE_S PARTS ARGS...: runs `rvbench serial ARGS
# -o OUT/NAME` on a pty and writes the fixture's log to it in PARTS equal
# parts, PACE_S seconds apart, then keeps the master open (silent) until
# rvbench exits; OUT/NAME.rc, .stdout, .stderr, .secs (its wall time).
cat >"$out/board.py" <<'PY'
import os, pty, subprocess, sys, time
rvb, out, name, pace, parts = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]), int(sys.argv[5])
log = open("tests/fixtures/qemu-sifive_u-300.log", "rb").read()
if parts < 0:  # half the run only, at once: then silence
    log, parts = log[: len(log) // 2], 1
m, s = pty.openpty()
d = out + "/" + name
t0 = time.monotonic()
p = subprocess.Popen([rvb, "serial", "--port", os.ttyname(s)] + sys.argv[6:] + ["-o", d],
                     stdout=open(d + ".stdout", "wb"), stderr=open(d + ".stderr", "wb"))
os.close(s)
# The collector opens the port before the bytes.
for _ in range(200):
    if os.path.exists(d + "/uart.log"):
        break
    time.sleep(0.05)
time.sleep(0.2)
step = (len(log) + parts - 1) // parts
for i in range(parts):
    if p.poll() is not None:
        break
    if i:
        time.sleep(pace)
    try:
        os.write(m, log[i * step:(i + 1) * step])
    except OSError:
        break
rc = p.wait(timeout=60)
open(d + ".rc", "w").write("%d\n" % rc)
open(d + ".secs", "w").write("%d\n" % int(time.monotonic() - t0))
os.close(m)
PY

# 1. 6 s of streaming, a part every 0.25 s, under --timeout 2: three times
# the timeout in all, never silent for more than an eighth of it.
python3 "$out/board.py" "$build/host/rvbench" "$out" live 0.25 24 --timeout 2
check_eq "a board streaming for longer than --timeout: exit 0" 0 "$(cat "$out/live.rc")"
check "it is collected to its trailer" meta_has "$out/live/meta.json" '"end": "trailer"'
check "meta.json keeps the timeout" meta_has "$out/live/meta.json" '"timeout_s": 2'
check "it ran longer than the timeout" test "$(cat "$out/live.secs")" -ge 5
check "no timeout is said" sh -c "! grep -q 'timeout' '$out/live.stderr'"

# 2. Half a run, then silence: stopped after --timeout 1 s of it.
python3 "$out/board.py" "$build/host/rvbench" "$out" silent 0 -1 --timeout 1
check_eq "a board gone silent: exit 1" 1 "$(cat "$out/silent.rc")"
check "stderr says the port was silent for --timeout" \
	grep -q "^rvbench: serial: no byte from /dev/pts/[0-9]* for 1 s (--timeout): stopped; the results hold what arrived before$" \
	"$out/silent.stderr"
check "meta.json: the collection ended on the timeout" meta_has "$out/silent/meta.json" '"end": "timeout"'
check "the summary says how the collection ended" grep -q "^collection ended: timeout$" "$out/silent.stdout"
check "the samples that arrived are kept" test "$(wc -l <"$out/silent/samples.csv")" -gt 50
check "stopped within a few seconds" test "$(cat "$out/silent.secs")" -le 10

# 3. --max-time bounds the whole, however busy the port: the same 6 s
# stream under --max-time 2 stops in its middle.
python3 "$out/board.py" "$build/host/rvbench" "$out" maxtime 0.25 24 --timeout 30 --max-time 2
check_eq "a stream longer than --max-time: exit 1" 1 "$(cat "$out/maxtime.rc")"
check "stderr says --max-time was reached while bytes arrived" \
	grep -q "^rvbench: serial: the collection reached --max-time (2 s) while /dev/pts/[0-9]* was still sending: stopped; the results hold what arrived before$" \
	"$out/maxtime.stderr"
check "meta.json: the collection ended on --max-time" \
	meta_has "$out/maxtime/meta.json" '"timeout_s": 30, "max_time_s": 2, "end": "max-time"'
check "the summary says how the collection ended" grep -q "^collection ended: max-time$" "$out/maxtime.stdout"

# 4. A bad --max-time is refused by name.
"$build/host/rvbench" serial --port /dev/null --max-time 2s >/dev/null 2>"$out/bad.stderr"
check_eq "--max-time 2s: exit 2" 2 "$?"
check "--max-time 2s is named" grep -q "^rvbench: serial: --max-time must be whole seconds, not '2s'$" \
	"$out/bad.stderr"
