#!/bin/sh
# fu540-pmu.sh IN.dtb OUT.dtb
# Writes OUT.dtb: IN.dtb with its /pmu node replaced by the HiFive
# Unleashed's (FU540-C000 U54 cores), which OpenSBI reads at boot to map
# SBI PMU events to mhpmcounter3 and mhpmcounter4 (docs/hardware.md,
# "Hardware events on the U54"). The same properties as the U-Boot `fdt`
# commands shown there. Needs fdtput (Debian's device-tree-compiler).
#
# An mhpmevent value of the U54 is an event class in bits 7:0 and a mask
# of that class's events in the bits above (the FU540-C000 manual,
# "Hardware Performance Monitor"): class 0 instruction commit events
# (bits 8..25), class 1 microarchitectural events (bits 8..18), class 2
# memory system events (bits 8..12).
set -eu
. "$(dirname "$0")/lib.sh"
[ $# = 2 ] || die "usage: fu540-pmu.sh IN.dtb OUT.dtb"
need_tool fdtput device-tree-compiler
tmp=$2.tmp
cp "$1" "$tmp"
# Any /pmu node of IN (QEMU virt has its own) is replaced, not merged.
fdtput -r "$tmp" /pmu 2>/dev/null || true
fdtput -c "$tmp" /pmu
fdtput -t s "$tmp" /pmu compatible riscv,pmu
# SBI event -> the U54 selector written to mhpmevent (event, hi, lo).
#   0x00004 cache-misses    class 2: I-cache miss | D-cache miss or MMIO
#   0x00005 branches        class 0: conditional branch retired
#   0x00006 branch-misses   class 1: branch direction | target misprediction
#   0x10001 l1d-read-miss   class 2: D-cache miss or MMIO (reads and writes)
#   0x10009 l1i-read-miss   class 2: I-cache miss
#   0x10019 dtlb-read-miss  class 2: data TLB miss (reads and writes)
#   0x10021 itlb-read-miss  class 2: instruction TLB miss
fdtput -t x "$tmp" /pmu riscv,event-to-mhpmevent \
	0x00004 0 0x0302 \
	0x00005 0 0x4000 \
	0x00006 0 0x6001 \
	0x10001 0 0x0202 \
	0x10009 0 0x0102 \
	0x10019 0 0x1002 \
	0x10021 0 0x0802
# Which counters may count them: cycles and instret on their fixed
# counters (0, 2), the rest on mhpmcounter3 and 4 (mask 0x18).
fdtput -t x "$tmp" /pmu riscv,event-to-mhpmcounters \
	0x00001 0x00001 0x01 \
	0x00002 0x00002 0x04 \
	0x00004 0x00006 0x18 \
	0x10001 0x10001 0x18 \
	0x10009 0x10009 0x18 \
	0x10019 0x10019 0x18 \
	0x10021 0x10021 0x18
# raw:0xNNNN: any mask of one class, on counters 3 and 4. Each row: the
# selector's fixed bits (hi, lo), a mask with the free event bits clear
# (hi, lo), the counters (OpenSBI 1.1's five-cell rows).
fdtput -t x "$tmp" /pmu riscv,raw-event-to-mhpmcounters \
	0x0 0x0 0xffffffff 0xfc0000ff 0x18 \
	0x0 0x1 0xffffffff 0xfff800ff 0x18 \
	0x0 0x2 0xffffffff 0xffffe0ff 0x18
mv "$tmp" "$2"
