#!/bin/sh
# A benchmark that breaks gp and tp and then traps: the guard (src/guard.c)
# resumes the harness with the image's gp (__global_pointer$) and its own
# tp, not what the benchmark left (sret restores the trap frame, and
# longjmp restores neither). Benchmarks from tests/fixtures/
# clobbered-gp-bench (BENCH_DIR), on sifive_u under -icount, in this order
# (by name):
#   - gp_tp_clobber: gp = 0x100, tp = 0x200, then an ebreak: a FAULT at
#     the ebreak, the block ends with status=fault;
#   - gp_tp_intact: every call finds gp and tp as the boot put them;
#   - gp_tp_then_malloc: the run's first malloc(), whose sbrk() reads its
#     break gp-relative (linker relaxation), succeeds.
. tests/system/lib.sh
build=$1
fresh_out guard-gp-tp
fwbuild=$out/build

bench_dir_image "$fwbuild" tests/fixtures/clobbered-gp-bench
check_eq "an image with the gp/tp benchmarks builds" 0 "$?"
nm=${CROSS:-riscv64-unknown-elf-}nm
check "... and picolibc's sbrk addresses its break gp-relative there (what the malloc block needs gp for)" \
	sh -c "${CROSS:-riscv64-unknown-elf-}objdump -d --disassemble=sbrk '$fwbuild/rvbench.elf' | grep -q ',gp,'"

"$build/host/rvbench" qemu --machine sifive_u --icount 0 --timeout 60 -o "$out/run" \
	--bootargs "rvbench.run=gp_tp_clobber,gp_tp_intact,gp_tp_then_malloc,addi100 rvbench.samples=50" \
	"$fwbuild/rvbench.elf" >"$out/run.stdout" 2>&1
check_eq "the collector exits 1 (a benchmark faulted)" 1 "$?"
log=$out/run/uart.log
block_id() { sed -n "s/^@RVB [0-9a-f]* [0-9]* BENCH id=\([0-9]*\) name=$1 .*/\1/p" "$log"; }

ebreak=$($nm "$fwbuild/rvbench.elf" | sed -n 's/^0*\([0-9a-f]*\) t gp_tp_clobbered_ebreak$/\1/p')
id=$(block_id gp_tp_clobber)
check "gp_tp_clobber: FAULT at its ebreak (scause 3)" \
	grep -a -q "@RVB .* FAULT id=${id:-none} kind=exception scause=0x3 sepc=0x${ebreak:-none} " "$log"
check "... its block ends with status=fault" \
	grep -a -q "@RVB .* END id=${id:-none} count=0 .*status=fault " "$log"
id=$(block_id gp_tp_intact)
check "gp_tp_intact, after it: gp and tp are the boot's (verify ok)" \
	grep -a -q "@RVB .* END id=${id:-none} count=52 verify=ok .*status=ok " "$log"
id=$(block_id gp_tp_then_malloc)
check "gp_tp_then_malloc: its setup's malloc() succeeds (status ok, no FAULT)" sh -c \
	"grep -a -q '@RVB .* END id=${id:-none} count=52 .*status=ok ' '$log' && ! grep -a -q '@RVB .* FAULT id=${id:-none} ' '$log'"
s=$out/run/samples.csv
check_eq "addi100, in the same run, is exact" 100 \
	"$(bench_rows "$s" addi100 0 | distinct "$(csv_col "$s" cycles)")"
check "the run goes on to its end (trailer status=failed, done)" sh -c \
	"grep -a -q '@RVB .* TRAILER benches=4 .*status=failed ' '$log' && grep -a -q '^rvbench: done: 4 blocks, ' '$log'"
