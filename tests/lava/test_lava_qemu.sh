#!/bin/sh
# The job `rvbench lava job` writes, run by LAVA's own dispatcher
# (lava-run, no server) on the qemu device configuration of
# tests/lava/devices/: its log replayed gives exactly the samples of a
# direct `rvbench qemu` run of the same image and bootargs under -icount,
# and LAVA's test cases say what each block's END said.
. tests/system/lib.sh
build=$1
fresh_out lava-qemu
out=$(cd "$out" && pwd)
rvb=$build/host/rvbench
# demo_fault fails on purpose: a failed test case, and exit status 1 both ways.
args='rvbench.run=addi100,empty,udiv,crc32,hash_lookup,branch_random,demo_fault rvbench.samples=500'

"$rvb" lava job --image "$build/rvbench.elf" --bootargs "$args" --timeout 5 -o "$out/job.yaml"
check_eq "lava job writes the qemu job" 0 "$?"

# The job id names the dispatcher's work directory: one of this process.
start=$(date +%s)
timeout 600 lava-run --job-id $$ --output-dir "$out/lava" --device tests/lava/devices/qemu-sifive_u.yaml \
	"$out/job.yaml" >"$out/lava.stdout" 2>"$out/lava.log"
check_eq "lava-run runs the job" 0 "$?"
echo "# lava-run took $(($(date +%s) - start)) s"
check "LAVA says the job passed" grep -q '"msg": {"case": "job", "definition": "lava", "result": "pass"}' "$out/lava.log"
check "QEMU ran under -icount, -smp 5, from the job's image_arg" \
	grep -q 'Boot command: .*qemu-system-riscv64 -machine sifive_u .* -smp 5 -icount shift=0,sleep=off -no-reboot' "$out/lava.log"

"$rvb" replay --lava-job $$ --device-name qemu-sifive_u -o "$out/replay" "$out/lava.log" >"$out/replay.stdout" 2>&1
check_eq "the LAVA log replays (demo_fault failed: 1)" 1 "$?"
"$rvb" qemu --machine sifive_u --smp 5 --icount 0 --memory 512M --bootargs "$args" -o "$out/direct" \
	"$build/rvbench.elf" >"$out/direct.stdout" 2>&1
check_eq "the direct run (demo_fault failed: 1)" 1 "$?"

# samples.csv without its run column (a tag each boot draws anew).
samples() {
	c=$(csv_col "$1" run)
	tr -d '\r' <"$1" | cut -d, -f"$c" --complement
}
samples "$out/replay/samples.csv" >"$out/replay.samples"
samples "$out/direct/samples.csv" >"$out/direct.samples"
check "the same samples through LAVA as directly" cmp -s "$out/replay.samples" "$out/direct.samples"
check_eq "every block's samples are there" \
	"$(awk 'END {print NR - 1}' "$out/direct.samples")" "$(awk 'END {print NR - 1}' "$out/replay.samples")"
check "the LAVA run announced its 7 blocks" meta_has "$out/replay/meta.json" '"benches": 7, "bad_options": 0'
check_eq "the same verdict on both runs" "$(grep -m1 '"status"' "$out/direct/meta.json")" \
	"$(grep -m1 '"status"' "$out/replay/meta.json")"
check "meta.json keeps the job id" meta_has "$out/replay/meta.json" "\"lava\": {\"job\": \"$$\""

# LAVA's test cases: one per block, its result from END's status.
lava_cases=$(sed -n 's/.*"msg": {"case": "\([^"]*\)", "definition": "rvbench".*"result": "\([a-z]*\)".*/\1 \2/p' \
	"$out/lava.log" | sort | tr '\n' ' ')
end_cases=$(grep -a '@RVB [0-9a-f]* [0-9]* BENCH ' "$out/direct/uart.log" | sed 's/.* id=\([0-9]*\) name=\([^ ]*\) .*/\1 \2/' |
	while read -r id name; do
		st=$(grep -a "@RVB [0-9a-f]* [0-9]* END id=$id " "$out/direct/uart.log" | sed 's/.* status=\([a-z-]*\).*/\1/')
		case $st in ok) r=pass ;; skipped) r=skip ;; *) r=fail ;; esac
		echo "$name $r"
	done | sort | tr '\n' ' ')
check_eq "LAVA's test cases are the blocks, passed or failed by END" "$end_cases" "$lava_cases"
check "demo_fault is a failed test case" grep -q '"case": "demo_fault", "definition": "rvbench".*"result": "fail"' "$out/lava.log"

# A block far longer than the 4000 characters LAVA searches: host-time
# counters (-icount off) and many samples make its S lines tens of KB.
# Its test case is still there, named and passed.
"$rvb" lava job --image "$build/rvbench.elf" --icount off --timeout 5 \
	--bootargs 'rvbench.run=crc32 rvbench.samples=20000' -o "$out/big.yaml"
timeout 600 lava-run --job-id $$ --output-dir "$out/lava-big" --device tests/lava/devices/qemu-sifive_u.yaml \
	"$out/big.yaml" >"$out/big.stdout" 2>"$out/big.log"
check_eq "lava-run runs the job of a long block" 0 "$?"
"$rvb" replay -o "$out/big" "$out/big.log" >/dev/null 2>&1
check_eq "its log replays to a complete run" 0 "$?"
bytes=$(awk '/"lvl": "target", "msg": "@RVB [0-9a-f]* [0-9]* S 0 /' "$out/big.log" | wc -c)
check "its samples took more than 4000 characters ($bytes)" test "$bytes" -gt 4000
check "the long block is a passed test case" \
	grep -q '"case": "crc32", "definition": "rvbench".*"result": "pass"' "$out/big.log"
