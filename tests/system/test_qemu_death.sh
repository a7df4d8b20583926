#!/bin/sh
# QEMU that dies in the middle of a run, not stopped by rvbench (a crash,
# the OOM killer, a kill by hand): the results keep what arrived, and
# stderr says that QEMU died and how, not only meta.json's qemu_exit. A
# stand-in for QEMU (RVBENCH_QEMU) writes part of a recorded run, then
# kills itself or exits with an error; a whole run ended cleanly still
# says nothing.
. tests/system/lib.sh
build=$1
fresh_out qemu-death

fake=$out/fake-qemu
cat >"$fake" <<'SH'
#!/bin/sh
case "$1" in --version) echo "QEMU emulator version 8.2.2"; exit 0 ;; esac
log=tests/fixtures/qemu-sifive_u-300.log
case "$FAKE_QEMU" in
kill) head -c 4000 "$log"; kill -KILL $$ ;;
fail) head -c 4000 "$log"; echo "qemu: fatal: stand-in error" >&2; exit 1 ;;
whole) cat "$log"; exit 0 ;;
esac
SH
chmod +x "$fake"
touch "$out/image.elf"

run() {
	FAKE_QEMU=$1 RVBENCH_QEMU=$fake "$build/host/rvbench" qemu -q -o "$out/$1" "$out/image.elf" \
		>"$out/$1.stdout" 2>"$out/$1.stderr"
	echo $? >"$out/$1.rc"
}

run kill
check_eq "QEMU killed mid-run: exit 1" 1 "$(cat "$out/kill.rc")"
check "QEMU killed mid-run: stderr names the signal" \
	grep -q "^rvbench: qemu: QEMU was killed by signal KILL" "$out/kill.stderr"
check "QEMU killed mid-run: the samples that arrived are kept" \
	test "$(wc -l <"$out/kill/samples.csv")" -gt 10
check "QEMU killed mid-run: meta.json's qemu_exit" \
	meta_has "$out/kill/meta.json" '"qemu_exit": {"code": -1, "signal": 9, "stopped_by_rvbench": false}'

run fail
check_eq "QEMU failing mid-run: exit 1" 1 "$(cat "$out/fail.rc")"
check "QEMU failing mid-run: its own message passed on" \
	grep -q "^qemu: fatal: stand-in error" "$out/fail.stderr"
check "QEMU failing mid-run: stderr names its exit status" \
	grep -q "^rvbench: qemu: QEMU exited with status 1 before the run's trailer" "$out/fail.stderr"

run whole
check_eq "a whole run: exit 0" 0 "$(cat "$out/whole.rc")"
check "a whole run: stderr empty" test ! -s "$out/whole.stderr"
