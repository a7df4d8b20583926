#!/bin/sh
# A device tree of more nodes than the table start-up keeps for it
# (FDT_INDEX_MAX_NODES, platform/fdt_index.h), as QEMU virt writes for
# 34 harts or more: the firmware reads it through a table of its size
# from the heap, so the platform is the tree's, not the defaults of an
# unusable tree. QEMU's virt tree for one hart, with 1,100 empty nodes
# added, stands in for it: OpenSBI takes many seconds over real harts.
. tests/system/lib.sh
build=$1
out=$build/tests/big-tree
rm -rf "$out"
mkdir -p "$out"

qemu-system-riscv64 -M virt,dumpdtb="$out/virt.dtb" -smp 1 -display none >/dev/null 2>&1
dtc -q -I dtb -O dts -o "$out/virt.dts" "$out/virt.dtb"
i=0
while [ $i -lt 1100 ]; do
	echo "/ { filler@$i { }; };"
	i=$((i + 1))
done >>"$out/virt.dts"
dtc -q -I dts -O dtb -p 4096 -o "$out/big.dtb" "$out/virt.dts"
nodes=$(dtc -q -I dtb -O dts "$out/big.dtb" | grep -c '{')
check "the tree has more nodes than the firmware's table ($nodes > 128)" [ "$nodes" -gt 128 ]

"$build/host/rvbench" qemu --machine virt --smp 1 --icount 0 --qemu-args "-dtb $out/big.dtb" \
	--bootargs "rvbench.run=addi100" -o "$out/run" "$build/rvbench.elf" >"$out/stdout" 2>&1
check_eq "rvbench qemu exits 0" 0 "$?"
check "no complaint about the device tree" sh -c "! grep -a -q 'device tree' '$out/run/uart.log'"
check "the model, console and timebase are the tree's" \
	grep -a -q '@RVB .* RUN .*model=riscv-virtio,qemu .*timebase=10000000 .*console=ns16550a ' \
	"$out/run/uart.log"
check "the memory is the tree's" grep -a -q '@RVB .* RUN .*mem_base=0x80000000 mem_size=0x8000000 ' \
	"$out/run/uart.log"
s=$out/run/samples.csv
check_eq "addi100 is exactly 100 net cycles" 100 \
	"$(bench_rows "$s" addi100 0 | distinct "$(csv_col "$s" cycles)")"
