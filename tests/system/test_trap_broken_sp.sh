#!/bin/sh
# A trap taken with sp outside the hart's stack slot (a benchmark broke
# sp): each hart's trap entry (boot/trap_vector.S) checks sp against its
# slot and saves the frame on the hart's emergency stack instead of where
# sp points (no memory there: the save faults, and so does every retry,
# forever; another hart's slot: written over), then handles the trap as
# any other. Benchmarks from tests/fixtures/broken-sp-bench (BENCH_DIR),
# on sifive_u under -icount:
#   - sp_unmapped_push: sp = 0x100, then a push: its store access fault is
#     the guard's, a FAULT record at the push, the block ends with
#     status=fault and the run goes on to its end;
#   - sp_unmapped_ebreak: sp = 0x100, an ebreak the handler steps over:
#     the trap comes back, with sp as it was (verify ok);
#   - sp_other_slot_ebreak: the same with sp at the top of the last slot
#     (hart 7: none on this machine), whose top 1 KiB stays untouched.
. tests/system/lib.sh
build=$1
fresh_out trap-broken-sp
fwbuild=$out/build

bench_dir_image "$fwbuild" tests/fixtures/broken-sp-bench
check_eq "an image with the broken-sp benchmarks builds" 0 "$?"

"$build/host/rvbench" qemu --machine sifive_u --icount 0 --timeout 60 -o "$out/run" \
	--bootargs "rvbench.run=sp_unmapped_push,sp_unmapped_ebreak,sp_other_slot_ebreak,addi100 rvbench.samples=50" \
	"$fwbuild/rvbench.elf" >"$out/run.stdout" 2>&1
check_eq "the collector exits 1 (a benchmark faulted)" 1 "$?"
log=$out/run/uart.log
# The block id of benchmark $1 (the run's order is by name).
block_id() { sed -n "s/^@RVB [0-9a-f]* [0-9]* BENCH id=\([0-9]*\) name=$1 .*/\1/p" "$log"; }

push=$(${CROSS:-riscv64-unknown-elf-}nm "$fwbuild/rvbench.elf" |
	sed -n 's/^0*\([0-9a-f]*\) t broken_sp_push$/\1/p')
id=$(block_id sp_unmapped_push)
check "sp_unmapped_push: FAULT at the push, a store access fault (scause 7) at 0x100 - 16 + 8" \
	grep -a -q "@RVB .* FAULT id=${id:-none} kind=exception scause=0x7 sepc=0x${push:-none} stval=0xf8 " "$log"
check "... its block ends with status=fault" \
	grep -a -q "@RVB .* END id=${id:-none} count=0 .*status=fault " "$log"
for b in sp_unmapped_ebreak sp_other_slot_ebreak; do
	id=$(block_id $b)
	check "$b: every trap came back, sp as it was (50 + 2 warmup calls, verify ok)" \
		grep -a -q "@RVB .* END id=${id:-none} count=52 verify=ok .*status=ok " "$log"
done
s=$out/run/samples.csv
check_eq "addi100, in the same run, is exact" 100 \
	"$(bench_rows "$s" addi100 0 | distinct "$(csv_col "$s" cycles)")"
check "the run goes on to a trailer with status=failed" \
	grep -a -q '@RVB .* TRAILER benches=4 .*status=failed ' "$log"
check "... and to its end" grep -a -q '^rvbench: done: 4 blocks, ' "$log"
check "... and QEMU ended by itself, not by the timeout" meta_has "$out/run/meta.json" '"end": "trailer"'
