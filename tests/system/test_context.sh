#!/bin/sh
# The run's context (CTX, CPU and BUILD records, meta.json's "context"):
# on QEMU sifive_u the PRCI's core clock (QEMU's PRCI comes out of reset
# with the core on hfclk, 33333333 Hz, and the core PLL at divr 1, divf 31,
# divq 3), the L2 geometry of the ccache node and "unknown" for its
# WayEnable (QEMU has no L2 controller); on both machines OpenSBI 1.1
# (implementation id 1, version 0x10001, SBI 1.0), each hart's ISA and MMU,
# the firmware's build; on virt, which has neither PRCI nor L2, "unknown".
# compare and fleet read every run's context, and "unknown" where a
# source cannot tell (a replayed log's QEMU).
. tests/system/lib.sh
build=$1
out=$build/tests/context
rm -rf "$out"
mkdir -p "$out"

# meta.json's value at a path of keys (python3's json: an independent reader)
field() {
	python3 -c 'import json, sys
v = json.load(open(sys.argv[1]))
for k in sys.argv[2:]:
    v = v[int(k)] if isinstance(v, list) else v[k]
print(json.dumps(v) if isinstance(v, (dict, list)) else v)' "$@"
}
# Does text $1 match extended regex $2?
matches() { printf '%s\n' "$1" | grep -Eq -- "$2"; }

args='rvbench.run=addi100 rvbench.samples=20 rvbench.warmup=2'
"$build/host/rvbench" qemu --machine sifive_u --smp 5 --icount 0 --device-name 'bench box 1' \
	--bootargs "$args" -o "$out/su" "$build/rvbench.elf" >"$out/su.stdout" 2>&1
check_eq "sifive_u: rvbench qemu exits 0" 0 "$?"
m=$out/su/meta.json
check_eq "sifive_u: core clock from the PRCI (core on hfclk)" 33333333 "$(field "$m" runs 0 context clock_hz)"
check_eq "sifive_u: the clock's source" prci-hfclk "$(field "$m" runs 0 context clock_source)"
check_eq "sifive_u: the reference clock from the device tree's hfclk" 33333333 \
	"$(field "$m" runs 0 context clock_ref_hz)"
check_eq "sifive_u: COREPLLCFG0 as QEMU's PRCI resets it" 0x820187c1 \
	"$(field "$m" runs 0 context core_pll_cfg)"
check_eq "sifive_u: L2 geometry from the ccache node" '{"size": 2097152, "sets": 1024, "block": 64, "level": 2, "ways_enabled": "unknown"}' \
	"$(field "$m" runs 0 context l2)"
check_eq "sifive_u: OpenSBI's implementation id" 1 "$(field "$m" runs 0 context sbi impl_id)"
check_eq "sifive_u: OpenSBI's version" 0x10001 "$(field "$m" runs 0 context sbi impl_version)"
check_eq "sifive_u: OpenSBI 1.1" 1.1 "$(field "$m" runs 0 context sbi impl_version_text)"
check_eq "sifive_u: SBI spec 1.0" 1.0 "$(field "$m" runs 0 context sbi spec_version)"
check_eq "sifive_u: five harts described" 5 \
	"$(field "$m" runs 0 context harts | python3 -c 'import json, sys; print(len(json.load(sys.stdin)))')"
check_eq "sifive_u: the E51's ISA" rv64imac_zicsr_zifencei "$(field "$m" runs 0 context harts 0 isa)"
check_eq "sifive_u: the E51 has no mmu-type" unknown "$(field "$m" runs 0 context harts 0 mmu)"
check_eq "sifive_u: a U54's MMU" riscv,sv48 "$(field "$m" runs 0 context harts 1 mmu)"
# Format 3: the four U54s, alike, in one CPU line; each hart in meta.json.
check_eq "sifive_u: two CPU lines, the E51's and the U54s'" \
	"CPU id=0 isa=rv64imac_zicsr_zifencei|CPU id=1 last=4 isa=rv64imafdc_zicsr_zifencei mmu=riscv,sv48" \
	"$(grep -a -o 'CPU id=[^*]*' "$out/su/uart.log" | sed 's/ $//' | paste -sd '|')"
for h in 2 3 4; do
	check_eq "sifive_u: U54 hart $h from that line" "$h rv64imafdc_zicsr_zifencei riscv,sv48" \
		"$(field "$m" runs 0 context harts $h id) $(field "$m" runs 0 context harts $h isa) $(field "$m" runs 0 context harts $h mmu)"
done
check "sifive_u: the firmware's commit" matches "$(field "$m" runs 0 context firmware commit)" '^([0-9a-f]{12}(-dirty)?|unknown)$'
check "sifive_u: the firmware's compiler" matches "$(field "$m" runs 0 context firmware cc)" '^riscv64-unknown-elf-gcc [0-9]'
check "sifive_u: the harness's flags" matches "$(field "$m" runs 0 context firmware cflags)" '-march=rv64gc .*-O2'
check "the host tool's commit" matches "$(field "$m" host commit)" '^([0-9a-f]{12}(-dirty)?|unknown)$'
check_eq "the QEMU version" "$(qemu-system-riscv64 --version | sed -n '1s/^QEMU emulator version \([0-9.]*\).*/\1/p')" \
	"$(field "$m" source qemu_version)"
check_eq "--device-name is kept" 'bench box 1' "$(field "$m" device_name)"
check "the screen shows the machine line" grep -q '^machine: bench box 1 - SiFive HiFive Unleashed A00, 5 harts, clock 33.333 MHz (prci-hfclk), L2 2048 KiB' "$out/su.stdout"
check "the screen shows the software line" grep -q '^software: OpenSBI 1.1 (SBI 1.0), firmware 0.1.0 .*; cycles: QEMU -icount' "$out/su.stdout"

"$build/host/rvbench" qemu --machine virt --smp 2 --icount 0 --bootargs "$args" -o "$out/virt" \
	"$build/rvbench.elf" >"$out/virt.stdout" 2>&1
check_eq "virt: rvbench qemu exits 0" 0 "$?"
m=$out/virt/meta.json
check_eq "virt: no PRCI and no clock-frequency: clock unknown" unknown "$(field "$m" runs 0 context clock_hz)"
check_eq "virt: no L2 node: unknown" unknown "$(field "$m" runs 0 context l2 size)"
check_eq "virt: OpenSBI 1.1 too" 0x10001 "$(field "$m" runs 0 context sbi impl_version)"
check "virt: hart 0's ISA" matches "$(field "$m" runs 0 context harts 0 isa)" '^rv64imafdch_zicsr_zifencei'
check_eq "virt: hart 0's MMU" riscv,sv48 "$(field "$m" runs 0 context harts 0 mmu)"
check_eq "no --device-name: null" None "$(field "$m" device_name)"

"$build/host/rvbench" compare "$out/su" "$out/virt" >/dev/null 2>"$out/compare.err"
check_eq "compare across machines still compares" 0 "$?"
check "compare warns of the different clock" grep -q 'warning: different core clock: A 33333333 Hz (prci-hfclk), B unknown' "$out/compare.err"
check "compare warns of the different L2" grep -q 'warning: different L2 cache' "$out/compare.err"
check "compare warns of the measuring hart's different ISA (the U54's, virt's rv64 with H)" \
	grep -q '^rvbench: compare: warning: different ISA of the measuring hart: A rv64imafdc_zicsr_zifencei, B rv64imafdch_' "$out/compare.err"
"$build/host/rvbench" compare --strict "$out/su" "$out/virt" >/dev/null 2>&1
check_eq "compare --strict across machines exits 2" 2 "$?"
"$build/host/rvbench" compare --strict "$out/su" "$out/su" >/dev/null 2>"$out/same.err"
check_eq "compare --strict of one context with itself exits 0" 0 "$?"
check "no warning for the same context" sh -c "! grep -q warning '$out/same.err'"

# A replayed log says nothing of the QEMU that sent it: "unknown", not
# "none" (which is a board's: no QEMU).
"$build/host/rvbench" replay -o "$out/re" "$out/su/uart.log" >/dev/null 2>&1
check_eq "replay of the sifive_u log exits 0" 0 "$?"
"$build/host/rvbench" compare "$out/su" "$out/re" >/dev/null 2>"$out/re.err"
check "a replay's QEMU version is unknown" grep -q \
	"warning: different QEMU version: A $(field "$out/su/meta.json" source qemu_version), B unknown\$" "$out/re.err"

# A fleet of both machines merged: every run's context counts, so the
# comparison with one machine names the model and clock its runs differ in.
"$build/host/rvbench" fleet -o "$out/both" "$out/su" "$out/virt" >/dev/null 2>&1
check_eq "fleet of sifive_u and virt exits 0" 0 "$?"
"$build/host/rvbench" compare "$out/su" "$out/both" >/dev/null 2>"$out/both.err"
check "compare with a fleet warns of the model its runs differ in" grep -q \
	'warning: different machine model: A SiFive HiFive Unleashed A00, B varies between runs: SiFive HiFive Unleashed A00; riscv-virtio,qemu$' \
	"$out/both.err"
check "... and of the clock" grep -q \
	'warning: different core clock: A 33333333 Hz (prci-hfclk), B varies between runs: 33333333 Hz (prci-hfclk); unknown$' \
	"$out/both.err"
