#!/bin/sh
# A block that keeps the board quiet for longer than the boot action's
# timeout (2 minutes on qemu) and shorter than the job's --timeout: the
# monitor must wait for it. LAVA's monitor waits for each END as long as
# the connection's timeout, which comes from the action that opened the
# connection; the job gives that action the run's timeout, so the run
# goes on to its trailer instead of "lava test monitoring has timed out"
# after 120 s with the rest of the run never read. About 2.5 minutes.
. tests/system/lib.sh
build=$1
fresh_out lava-timeout
out=$(cd "$out" && pwd)
rvb=$build/host/rvbench
# demo_hang spins until the watchdog stops it: 135 s of silence, in host
# time (-icount off). addi100 comes first and passes.
args='rvbench.run=demo_hang,addi100 rvbench.samples=100 rvbench.budget_ms=135000'

"$rvb" lava job --image "$build/rvbench.elf" --icount off --timeout 5 --bootargs "$args" \
	-o "$out/job.yaml"
check_eq "lava job writes the job" 0 "$?"
check "the connection lasts as long as the run" \
	grep -qx '      execute-qemu: {minutes: 5}' "$out/job.yaml"

timeout 600 lava-run --job-id $$ --output-dir "$out/lava" --device tests/lava/devices/qemu-sifive_u.yaml \
	"$out/job.yaml" >"$out/lava.stdout" 2>"$out/lava.log"
check_eq "lava-run runs the job" 0 "$?"
check "the monitor waited the run's 300 s for each block" \
	grep -q '"msg": "test monitoring timeout: 300 seconds"' "$out/lava.log"
check_eq "the monitor did not time out" 0 "$(grep -c 'lava test monitoring has timed out' "$out/lava.log")"
check "the monitor found the trailer" grep -q 'ok: end string found, lava test monitoring stopped' "$out/lava.log"
check "the silent block is a failed test case (its watchdog)" \
	grep -q '"case": "demo_hang", "definition": "rvbench".*"result": "fail"' "$out/lava.log"
check "the block before it passed" \
	grep -q '"case": "addi100", "definition": "rvbench".*"result": "pass"' "$out/lava.log"

"$rvb" replay -o "$out/replay" "$out/lava.log" >"$out/replay.stdout" 2>&1
check_eq "the log replays (demo_hang timed out: 1)" 1 "$?"
check "the run is whole: both blocks and the trailer" \
	grep -q '^run [0-9a-f]*: failed (2 blocks' "$out/replay.stdout"
check "demo_hang ended by its watchdog" grep -q 'status=timeout' "$out/replay/uart.log"
