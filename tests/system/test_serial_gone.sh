#!/bin/sh
# A serial port that vanishes in the middle of a run (the USB adapter
# pulled; here the other end of a pseudo-terminal closed): the collector
# says so on stderr and in meta.json ("end": "port-gone"), keeps what
# arrived, and exits 1.
. tests/system/lib.sh
build=$1
fresh_out serial-gone

python3 - "$build/host/rvbench" "$out" <<'PY'
import os, pty, subprocess, sys, time
rvb, out = sys.argv[1], sys.argv[2]
log = open("tests/fixtures/qemu-sifive_u-300.log", "rb").read()
m, s = pty.openpty()
name = os.ttyname(s)
p = subprocess.Popen([rvb, "serial", "--port", name, "--timeout", "60", "-o", out + "/run"],
                     stdout=open(out + "/stdout", "wb"), stderr=open(out + "/stderr", "wb"))
os.close(s)
# The collector opens the port (read-only, exclusive) before the bytes.
for _ in range(100):
    if os.path.exists(out + "/run/uart.log"):
        break
    time.sleep(0.05)
time.sleep(0.2)
os.write(m, log[: len(log) // 2])
time.sleep(0.5)
os.close(m)
rc = p.wait(timeout=30)
open(out + "/rc", "w").write("%d\n" % rc)
PY
check_eq "a port gone in the middle of a run: exit 1" 1 "$(cat "$out/rc")"
check "stderr says the port went away" \
	grep -q "^rvbench: serial: /dev/pts/[0-9]* went away (unplugged" "$out/stderr"
check "meta.json: the collection ended with the port gone" \
	grep -q '"end": "port-gone"' "$out/run/meta.json"
check "the summary says how the collection ended" \
	grep -q "^collection ended: port-gone" "$out/stdout"
check "the samples that arrived are kept" test "$(wc -l <"$out/run/samples.csv")" -gt 100
