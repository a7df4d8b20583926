#!/bin/sh
# Device trees QEMU does not write but boards and boot loaders may: the
# firmware must read them as a kernel would. A memory node with two ranges,
# the image in the second (RAM split around a hole): the benchmarks' RAM
# is the image's range, not none because the first range lies below the
# image; stdout-path an alias with options ("serial0:115200n8"). And
# twelve cpu nodes listed with hart ids going down: the eight harts kept
# are 0..7, which rvbench can run on, not 11..4, which left out the boot
# hart.
. tests/system/lib.sh
build=$1
fresh_out odd-tree

qemu-system-riscv64 -M sifive_u,dumpdtb="$out/sifive_u.dtb" -smp 5 -display none >/dev/null 2>&1
dtc -q -I dtb -O dts -o "$out/sifive_u.dts" "$out/sifive_u.dtb"
sed -e 's/reg = <0x00 0x80000000 0x00 0x8000000>;/reg = <0x00 0x80000000 0x00 0x100000 0x00 0x80100000 0x00 0x7f00000>;/' \
	-e 's|stdout-path = "/soc/serial@10010000";|stdout-path = "serial0:115200n8";|' \
	"$out/sifive_u.dts" >"$out/split.dts"
dtc -q -I dts -O dtb -o "$out/split.dtb" "$out/split.dts"
check "the tree has the two ranges and the alias" sh -c \
	"grep -q '0x80100000 0x00 0x7f00000' '$out/split.dts' && grep -q 'serial0:115200n8' '$out/split.dts'"
"$build/host/rvbench" qemu --machine sifive_u --smp 5 --icount 0 --timeout 60 \
	--qemu-args "-dtb $out/split.dtb" --bootargs "rvbench.run=addi100" -o "$out/split" \
	"$build/rvbench.elf" >"$out/split.stdout" 2>&1
check_eq "rvbench qemu exits 0" 0 "$?"
log=$out/split/uart.log
check "the memory is the image's range" \
	grep -a -q '@RVB .* RUN .*mem_base=0x80100000 mem_size=0x7f00000 console=sifive,uart0 ' "$log"
check "the benchmarks get the RAM above the image" \
	grep -a -q '^rvbench: 110 MiB of RAM for benchmarks at 0x' "$log"

qemu-system-riscv64 -M virt,dumpdtb="$out/virt12.dtb" -smp 12 -display none >/dev/null 2>&1
dtc -q -I dtb -O dts -o "$out/virt12.dts" "$out/virt12.dtb"
# The cpu@N nodes of /cpus (two tabs deep) in reverse order, all else kept.
python3 - "$out/virt12.dts" "$out/down.dts" <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
out, cpus, i, first = [], [], 0, None
while i < len(lines):
    if lines[i].startswith("\t\tcpu@"):
        block, depth = [], 0
        while True:
            block.append(lines[i])
            depth += lines[i].count("{") - lines[i].count("}")
            i += 1
            if depth == 0:
                break
        if first is None:
            first = len(out)
        cpus.append(block)
        continue
    out.append(lines[i])
    i += 1
out[first:first] = [l for b in reversed(cpus) for l in b]
open(sys.argv[2], "w").write("\n".join(out))
PY
dtc -q -I dts -O dtb -o "$out/down.dtb" "$out/down.dts"
check_eq "the tree lists cpus 11 down to 0" "11 10 9 8 7 6 5 4 3 2 1 0" \
	"$(grep -o '^		cpu@[0-9]*' "$out/down.dts" | sed 's/.*@//' | tr '\n' ' ' | sed 's/ $//')"
"$build/host/rvbench" qemu --machine virt --smp 12 --memory 256M --icount 0 --timeout 60 \
	--qemu-args "-dtb $out/down.dtb" --bootargs "rvbench.run=addi100" -o "$out/down" \
	"$build/rvbench.elf" >"$out/down.stdout" 2>&1
check_eq "rvbench qemu exits 0" 0 "$?"
log=$out/down/uart.log
boot=$(sed -n 's/^Boot HART ID *: *\([0-9]*\).*/\1/p' "$log" | tr -d '\r' | head -n 1)
check "OpenSBI booted on a hart below 8 (the lottery: $boot)" [ "${boot:-99}" -lt 8 ]
harts=$(grep -a -o '@RVB .* RUN .* harts=[^ ]*' "$log" | sed 's/.*harts=//')
check_eq "harts 0..7 are all kept, the boot hart among them" "0 1 2 3 4 5 6 7" \
	"$(echo "$harts" | tr ',' '\n' | cut -d: -f1 | sort -n | tr '\n' ' ' | sed 's/ $//')"
check_eq "every kept hart can run (not started: the run uses one hart)" "boot stopped stopped stopped stopped stopped stopped stopped" \
	"$(echo "$harts" | tr ',' '\n' | cut -d: -f2 | sort | tr '\n' ' ' | sed 's/ $//')"
check "the four harts beyond are counted" \
	grep -a -q 'rvbench: 4 more harts in the device tree not used' "$log"
s=$out/down/samples.csv
check_eq "addi100 is exactly 100 net cycles" 100 \
	"$(bench_rows "$s" addi100 0 | distinct "$(csv_col "$s" cycles)")"

# A run that uses them starts every kept hart.
"$build/host/rvbench" qemu --machine virt --smp 12 --memory 256M --icount 0 --timeout 60 \
	--qemu-args "-dtb $out/down.dtb" --bootargs "rvbench.run=addi100 rvbench.parallel=1 rvbench.samples=20" \
	-o "$out/down-par" "$build/rvbench.elf" >"$out/down-par.stdout" 2>&1
check_eq "rvbench qemu, a parallel run: exits 0" 0 "$?"
harts=$(grep -a -o '@RVB .* RUN .* harts=[^ ]*' "$out/down-par/uart.log" | sed 's/.*harts=//')
check_eq "every kept hart runs" "boot online online online online online online online" \
	"$(echo "$harts" | tr ',' '\n' | cut -d: -f2 | sort | tr '\n' ' ' | sed 's/ $//')"
