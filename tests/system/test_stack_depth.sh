#!/bin/sh
# The per-hart stacks of boot/entry.S (HART_STACK_SIZE each, boot/layout.h)
# have no guard page (no MMU, and S-mode cannot set PMP): an overflow of
# hart k's stack writes silently into hart k-1's, and hart 0's into the
# TLS blocks and BSS below .stacks. So their use is measured: a run of
# every benchmark, the other harts in parallel, on QEMU virt with 4 harts;
# when it parks (rvbench.exit=park), QEMU's monitor saves .stacks. QEMU's
# RAM starts zeroed and .stacks is NOLOAD, so the lowest non-zero byte of
# a slot is its high-water mark. Each must stay below 3/4 of the slot,
# each started hart must have used its own slot, the others none. The
# harts' emergency trap stacks (.trap_stacks, boot/trap_vector.S), which
# only a trap taken with sp outside its slot writes, stay all zero.
. tests/system/lib.sh
build=$1
fresh_out stack-depth

python3 - "$build/rvbench.elf" "$out" >"$out/result" 2>"$out/stderr" <<'EOF'
import os, socket, subprocess, sys, time
elf, out = sys.argv[1:3]
nm = subprocess.run([os.environ.get("CROSS", "riscv64-unknown-elf-") + "nm", elf],
                    capture_output=True, text=True).stdout
syms = {f[2]: int(f[0], 16) for f in (l.split() for l in nm.splitlines()) if len(f) == 3}
start, end = syms["__stacks_start"], syms["__stacks_end"]
tstart, tend = syms["__trap_stacks_start"], syms["__trap_stacks_end"]
sock, log, dump = out + "/mon.sock", out + "/uart.log", out + "/stacks.bin"
tdump = out + "/trap_stacks.bin"
q = subprocess.Popen(["qemu-system-riscv64", "-M", "virt", "-smp", "4", "-m", "256M",
    "-display", "none", "-monitor", "unix:%s,server,nowait" % sock, "-serial", "file:" + log,
    "-kernel", elf, "-append",
    "rvbench.exit=park rvbench.listen_ms=0 rvbench.samples=30 rvbench.parallel=1"])
try:
    t0 = time.time()
    while time.time() - t0 < 400:
        time.sleep(1)
        if os.path.exists(log) and b"finished; parked" in open(log, "rb").read():
            break
    else:
        sys.exit("no end of the run in %s" % log)
    s = socket.socket(socket.AF_UNIX)
    s.settimeout(10)
    s.connect(sock)
    s.sendall(b'pmemsave 0x%x 0x%x "%s"\n' % (start, end - start, dump.encode()))
    s.sendall(b'pmemsave 0x%x 0x%x "%s"\n' % (tstart, tend - tstart, tdump.encode()))
    t0 = time.time()
    while time.time() - t0 < 30 and not (os.path.exists(dump) and os.path.getsize(dump) == end - start
                                         and os.path.exists(tdump) and os.path.getsize(tdump) == tend - tstart):
        time.sleep(0.5)
    s.sendall(b"quit\n")
finally:
    try:
        q.wait(timeout=20)
    except subprocess.TimeoutExpired:
        q.kill()
data = open(dump, "rb").read()
slot = (end - start) // 8
for h in range(8):
    b = data[h * slot:(h + 1) * slot]
    lo = next((i for i, c in enumerate(b) if c), slot)
    print(h, slot - lo, slot)
t = open(tdump, "rb").read()
open(out + "/trap_stacks", "w").write("%d %d\n" % (len(t), sum(1 for c in t if c)))
EOF
check_eq "the run parked and QEMU's monitor saved .stacks" 0 "$?"
sed 's/^/# hart /; s/ \([0-9]*\) \([0-9]*\)$/: \1 of \2 bytes used/' "$out/result"
check_eq "a slot for each of 8 hart ids" 8 "$(wc -l <"$out/result")"
check "every hart's stack stays below 3/4 of its slot" \
	awk '$2 * 4 >= $3 * 3 { bad = 1 } END { exit bad || NR != 8 }' "$out/result"
check "the boot hart (0) and harts 1..3 used their own slots" \
	awk '$1 <= 3 && $2 == 0 { bad = 1 } END { exit bad || NR != 8 }' "$out/result"
check "harts 4..7 (not in this machine) left theirs untouched" \
	awk '$1 >= 4 && $2 != 0 { bad = 1 } END { exit bad || NR != 8 }' "$out/result"
check_eq "the emergency trap stacks (8 of 4 KiB) were not written: no trap had sp outside its slot" \
	"32768 0" "$(cat "$out/trap_stacks" 2>/dev/null)"
