# Helpers for the system tests (sourced). Each check prints one TAP-style
# line, "ok - what" or "not ok - what", that tests/run-all.sh counts.

check() {
	what=$1
	shift
	if "$@"; then
		echo "ok - $what"
	else
		echo "not ok - $what"
	fi
}

# skip_rest WHY: the rest of the script cannot run here (no way to mount a
# tmpfs without root, say): said as "# SKIP WHY", which tests/tally.sh
# counts as skipped, not passed, and the script ends as run to its end.
skip_rest() {
	echo "# SKIP $*"
	echo "$TAP_END"
	exit 0
}

# check_eq WHAT EXPECTED ACTUAL
check_eq() {
	if [ "$2" = "$3" ]; then
		echo "ok - $1"
	else
		echo "not ok - $1: expected '$2', got '$3'"
	fi
}

# meta_has FILE REGEX: FILE, a meta.json, parsed (python3's json; a key
# twice refused) and dumped again on one line, keys in their order
# ({"a": 1, "b": [2, {"c": null}]}), matches REGEX (Python's re): a check
# of values as the document has them, whatever the writer's layout.
meta_has() {
	python3 - "$1" "$2" <<'PY'
import json, re, sys
def once(pairs):
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ValueError("a key twice: %r" % keys)
    return dict(pairs)
with open(sys.argv[1], encoding="utf-8") as f:
    flat = json.dumps(json.load(f, object_pairs_hook=once), ensure_ascii=False)
sys.exit(0 if re.search(sys.argv[2], flat) else 1)
PY
}

# csv_col FILE NAME: the column number of NAME in FILE's header.
csv_col() {
	head -n 1 "$1" | tr -d '\r' | tr ',' '\n' | grep -n -x "$2" | cut -d: -f1
}

# trailer_field UARTLOG KEY: KEY's value in the TRAILER record.
trailer_field() {
	grep -a '@RVB [0-9a-f]* [0-9]* TRAILER ' "$1" | tail -n 1 | tr ' ' '\n' | sed -n "s/^$2=//p"
}

# bench_rows SAMPLES BENCH WARMUP(0|1): rows of BENCH with that warmup flag.
bench_rows() {
	b=$(csv_col "$1" bench)
	w=$(csv_col "$1" warmup)
	tr -d '\r' <"$1" | awk -F, -v b="$b" -v w="$w" -v name="$2" -v want="$3" \
		'NR > 1 && $b == name && $w == want' 
}

# distinct VALUES of column COL over rows on stdin (one per line, sorted).
distinct() {
	awk -F, -v c="$1" '{print $c}' | sort -u | tr '\n' ' ' | sed 's/ $//'
}

# fresh_out NAME: $out, an empty $build/tests/NAME for a test's files.
fresh_out() {
	out=$build/tests/$1
	rm -rf "$out"
	mkdir -p "$out"
}

# Debian's OpenSBI fw_jump and S-mode U-Boot, the chain a board boots.
FW_JUMP=/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_jump.bin
UBOOT_SMODE=/usr/lib/u-boot/qemu-riscv64_smode/u-boot.bin

# uboot_boot DISK WHAT: fw_jump (-bios) and U-Boot (-kernel) on QEMU virt
# boot DISK through `rvbench qemu` into $out/run; its exit status in $rc,
# the time it took printed as a comment. U-Boot's countdown busy-waits,
# ~10 s of emulated instructions under -icount: the chain runs on host
# time.
uboot_boot() {
	start=$(date +%s)
	"$build/host/rvbench" qemu --machine virt --memory 256M --icount off --timeout 60 -o "$out/run" \
		--qemu-args "-bios $FW_JUMP -drive file=$1,format=raw,if=virtio,readonly=on" \
		"$UBOOT_SMODE" >"$out/run.stdout" 2>&1
	rc=$?
	echo "# $2 took $(($(date +%s) - start)) s"
}

# meta_for_samples DIR [STATUS [DEVICE]]: a meta.json for a hand-made
# DIR/samples.csv, as `rvbench` writes it for a run of STATUS (default
# complete) on the board named DEVICE (given: device_name; "" or none:
# null) whose blocks all arrived whole:
# one run per tag, one block per (run, block) with its rows as "received"
# and its warmup rows as "warmup", as many samples due as its highest
# index says. The readers check
# samples.csv against it (host-tools/output/results_check.h).
meta_for_samples() {
	python3 - "$1" "${2:-complete}" "${3:-}" <<'PY'
import csv, json, sys
d, status, device = sys.argv[1], sys.argv[2], sys.argv[3]
runs = {}
with open(d + "/samples.csv", newline="") as f:
    for row in csv.DictReader(f):
        run = runs.setdefault(row["run"], {})
        b = run.setdefault(int(row["block"]), {"name": row["bench"], "warmup": 0, "rows": 0, "end": 0})
        b["warmup"] += row["warmup"] == "1"
        b["rows"] += 1
        b["end"] = max(b["end"], int(row["index"]) + 1)
meta = {"status": status, "runs": [
    {"tag": tag, "status": status, "benches": [
        {"id": i, "name": b["name"], "warmup": b["warmup"], "samples": b["end"] - b["warmup"],
         "received": b["rows"], "status": "ok"}
        for i, b in sorted(blocks.items())]}
    for tag, blocks in runs.items()]}
if device:
    meta["device_name"] = device
with open(d + "/meta.json", "w") as f:
    json.dump(meta, f, indent=2)
PY
}

# need_gnuplot: the figures' checks need gnuplot (Debian gnuplot-nox, one
# of make's packages): without it, one failing line and the test ends.
need_gnuplot() {
	if ! command -v gnuplot >/dev/null 2>&1; then
		echo "not ok - gnuplot is missing (Debian gnuplot-nox, one of make's packages): the figures' checks cannot run"
		exit 0
	fi
}

# bench_dir_image BUILD DIR: the firmware with the benchmarks of DIR
# (BENCH_DIR) into BUILD/rvbench.elf; returns make's status, its output in
# BUILD.log.
bench_dir_image() {
	make --no-print-directory -s BUILD="$1" BENCH_DIR="$2" firmware >"$1.log" 2>&1
}

# hand_made_image DIR NAME: builds DIR/build/rvbench.elf with one more
# benchmark whose descriptor is written by hand, not with BENCH() (which
# checks the name at compile time), named by the C string literal NAME;
# returns make's status, make's output in DIR/build.log.
hand_made_image() {
	mkdir -p "$1/src"
	cat >"$1/src/by_hand.c" <<C_SRC
#include "rvbench.h"

static uint64_t run(void *state, uint64_t input)
{
	(void)state;
	return input;
}

const struct bench by_hand __attribute__((used, section(".rvbench_bench.zz_by_hand"), aligned(8))) = {
	.name = $2, .run = run,
};
C_SRC
	make --no-print-directory -s BUILD="$1/build" BENCH_DIR="$1/src" firmware >"$1/build.log" 2>&1
}
