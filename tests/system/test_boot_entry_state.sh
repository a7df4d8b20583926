#!/bin/sh
# boot/entry.S as a loader other than QEMU's -kernel ELF path enters it:
# build/rvbench.bin, raw, at 0x80200000 (as booti leaves it), entered in
# S-mode by a few instructions of a previous stage (QEMU's -kernel, behind
# OpenSBI fw_dynamic) that
#   - leave sstatus.SIE set, sscratch and stvec pointing anywhere
#     (Documentation/riscv/boot.rst promises only a0, a1 and satp = 0):
#     the entry must mask interrupts, set its own stvec and sscratch, and
#     the run, other harts and traps included, go on as usual; QEMU's CPU
#     log (-d cpu) at rvbench_main's first instruction shows what the
#     entry left: sstatus.SIE clear, sscratch the hart id, stvec the
#     hart's own trap entry;
#   - pass an a1 that is no device tree (unreadable memory): the first
#     read of it traps before the console exists; the run must end with a
#     FAULT record and a trailer, and QEMU by itself, not hang silently.
. tests/system/lib.sh
build=$1
fresh_out boot-entry-state
cc=${CROSS:-riscv64-unknown-elf-}gcc

cat >"$out/shim.S" <<'EOF'
	.option norvc
	.globl _start
_start:
#ifdef DIRTY
	csrsi	sstatus, 2		/* sstatus.SIE = 1 */
	li	t0, 0x1000
	csrw	sscratch, t0
	csrw	stvec, t0		/* QEMU virt's boot ROM: a trap there is lost */
#endif
#ifdef BAD_A1
	li	a1, BAD_A1
#endif
	li	t0, 0x80200000
	jr	t0
EOF
for v in dirty:-DDIRTY bada1:-DBAD_A1=0x90000000; do
	$cc -nostdlib -march=rv64gc -mabi=lp64d -Wl,-N -Wl,-Ttext=0x8f000000 \
		-Wl,--no-warn-rwx-segments ${v#*:} "$out/shim.S" -o "$out/shim-${v%%:*}.elf"
	check_eq "the ${v%%:*} shim builds" 0 "$?"
done
raw="-device loader,file=$build/rvbench.bin,addr=0x80200000,force-raw=on"

"$build/host/rvbench" qemu --machine virt --smp 2 --memory 256M --icount off --timeout 60 \
	--qemu-args "$raw" -o "$out/dirty" \
	--bootargs "rvbench.run=addi100,circle,ipi_latency,trap_ebreak,timer_irq rvbench.parallel=1 rvbench.samples=20" \
	"$out/shim-dirty.elf" >"$out/dirty.stdout" 2>&1
check_eq "entered with SIE set, stvec and sscratch stale: rvbench qemu exits 0" 0 "$?"
log=$out/dirty/uart.log
# Either may boot: OpenSBI's lottery picks the boot hart.
check "... both harts ran" grep -a -q -E '@RVB .* RUN .* harts=(0:boot,1:online|0:online,1:boot) ' "$log"
check "... no trap was fatal, no hart failed" sh -c "! grep -a -q -E 'FAULT|FAILED' '$log'"
check_eq "... trailer status ok" ok "$(trailer_field "$log" status)"

# The same entry, with QEMU logging the CPU's state (-d cpu; nochain: every
# block entered is logged) at one address, rvbench_main's first
# instruction: HART_SETUP is done there. mstatus bit 1 is sstatus.SIE.
nm=${CROSS:-riscv64-unknown-elf-}nm
sym() { $nm "$build/rvbench.elf" | sed -n "s/^0*\([0-9a-f]*\) T $1\$/\1/p"; }
main=$(sym rvbench_main)
entries=$(sym trap_entries)
"$build/host/rvbench" qemu --machine virt --smp 2 --memory 256M --icount off --timeout 60 \
	--qemu-args "$raw -d cpu,nochain -dfilter 0x$main+2 -D $out/cpu.log" -o "$out/state" \
	--bootargs "rvbench.run=addi100 rvbench.samples=20" \
	"$out/shim-dirty.elf" >"$out/state.stdout" 2>&1
check_eq "entered so again, with QEMU's CPU log at rvbench_main: rvbench qemu exits 0" 0 "$?"
reg() { sed -n "s/^ $1  *\([0-9a-f]*\)\$/\1/p" "$out/cpu.log"; }
check_eq "... rvbench_main was entered once" 1 "$(reg mstatus | wc -l)"
mstatus=$(reg mstatus | tail -c 9) # its low 32 bits: sh's arithmetic is signed 64-bit
check_eq "... with sstatus.SIE clear" 0 "$((0x${mstatus:-2} & 2))"
hart=$(reg mhartid)
check_eq "... sscratch the hart id" "$((0x${hart:-ff}))" "$((0x$(reg sscratch)))"
check_eq "... stvec that hart's own trap entry (trap_entries + id * 64)" \
	"$((0x${entries:-0} + 0x${hart:-ff} * 64))" "$((0x$(reg stvec)))"

"$build/host/rvbench" qemu --machine virt --memory 256M --icount 0 --timeout 60 \
	--qemu-args "$raw" -o "$out/bada1" --bootargs "rvbench.run=addi100" \
	"$out/shim-bada1.elf" >"$out/bada1.stdout" 2>&1
check_eq "a1 unreadable: rvbench qemu reports a failed run (exit 1)" 1 "$?"
log=$out/bada1/uart.log
check "... the load access fault at a1 is reported" \
	grep -a -q '@RVB .* FAULT kind=exception scause=0x5 .*stval=0x90000000' "$log"
check_eq "... the trailer says fault" fault "$(trailer_field "$log" status)"
check "... and QEMU ended by itself, not by the timeout" \
	sh -c "! grep -q '\"end\": *\"timeout\"' '$out/bada1/meta.json'"
