#!/bin/sh
# What a person or the line sends the firmware's console, typed straight
# into QEMU's UART: line noise in the listen window does not hold the run
# at the prompt, an arrow key is not typed as "[A", a byte outside
# printable ASCII refuses its line (a tab is a space), `set exit` takes
# effect (and says when the SBI cannot shut down), `set harts` (started
# at boot) is refused, `show` marks a list it cuts.
. tests/system/lib.sh
build=$1
fresh_out console-input
fw=$build/rvbench.elf

# qemu_raw APPEND SECONDS: the firmware on sifive_u, the UART on stdin/stdout,
# for at most SECONDS; its exit status is timeout's (124: it stopped QEMU).
qemu_raw() {
	timeout "$2" qemu-system-riscv64 -M sifive_u -smp 2 -display none -monitor none \
		-serial stdio -bios default -kernel "$fw" -no-reboot -append "$1"
}

# 1. A NUL and a 0xff (a USB serial adapter plugged in) in a 1 s window.
printf '\000\377' | qemu_raw "rvbench.exit=reboot rvbench.listen_ms=1000 rvbench.run=addi100 rvbench.samples=5 rvbench.warmup=0" 20 \
	>"$out/noise.log" 2>&1
check_eq "line noise in the listen window: QEMU ends by itself" 0 "$?"
check "... after the run" grep -a -q '^@RVB [0-9a-f]* [0-9]* TRAILER .*status=ok' "$out/noise.log"

# 2. An arrow key (ESC [ A) in a command, then show and exit.
{ sleep 1; printf 'set samples 3\033[A\r'; sleep 0.5; printf 'set harts 2\r'; sleep 0.5
  printf 'set warmup 7\033\r'; sleep 0.5; printf '\033\033[Dset batch 2\r'; sleep 0.5
  printf 'set listen_ms 5\r'; sleep 0.5
  printf 'set qsort.n %s; show\r' "$(seq -s, 1000 1023)"; sleep 0.5
  printf 'set exit shutdown\r'; sleep 0.5; printf 'exit\r'; sleep 4; } |
	qemu_raw "rvbench.exit=reboot rvbench.console=1" 8 >"$out/keys.log" 2>&1
status=$?
check "an arrow key is not typed: ok: samples=3" grep -a -q '^ok: samples=3.$' "$out/keys.log"
check "set harts is refused: read once at boot" \
	grep -a -q '^rvbench: error: harts: read once at boot' "$out/keys.log"
check "... and set listen_ms" grep -a -q '^rvbench: error: listen_ms: read once at boot' "$out/keys.log"
check "an ESC then Enter: the Enter still ends the line" grep -a -q '^ok: warmup=7.$' "$out/keys.log"
check "ESC ESC [ D (Alt+arrow): nothing typed" grep -a -q '^ok: batch=2.$' "$out/keys.log"
check "show cuts a long sweep list visibly" \
	grep -a -q '^qsort.n=1000,1001,.*,\.\.\. (24 values)' "$out/keys.log"
check "set exit shutdown is taken: exit tries it (not a reboot, as the command line said)" \
	grep -a -q '^rvbench: shutdown is not supported here' "$out/keys.log"
check_eq "... and parks where the SBI cannot shut down: QEMU did not end by itself" 124 "$status"

# 3. Bytes outside printable ASCII: a UTF-8 letter refuses its line whole
#    (dropped, "1é00" ran as 100), a tab separates words like a space.
{ sleep 1; printf 'set samples 1\303\25100\r'; sleep 0.5; printf 'set\tsamples 500\r'; sleep 0.5
  printf 'set warmup 1\001\r'; sleep 0.5; printf 'exit\r'; sleep 3; } |
	qemu_raw "rvbench.exit=reboot rvbench.console=1" 8 >"$out/bytes.log" 2>&1
check "a UTF-8 letter: the line is refused, naming the byte" \
	grep -a -q '^rvbench: error: line with byte 0xc3 (only printable ASCII is taken) ignored.$' \
	"$out/bytes.log"
check "... and nothing of it taken" sh -c "! grep -a -q '^ok: samples=100' '$out/bytes.log'"
check "a control byte (0x01) likewise" \
	grep -a -q '^rvbench: error: line with byte 0x01 (only printable ASCII is taken) ignored.$' \
	"$out/bytes.log"
check "a tab separates words: ok: samples=500" grep -a -q '^ok: samples=500.$' "$out/bytes.log"

# 4. A line longer than the firmware sends whole (STREAM_SAY_MAX, 253):
#    show's settings line with a 179-byte run= is cut, and says so with
#    "..." rather than ending mid-name as if that were all.
run=$(python3 -c "
names = ['addi100', 'crc32', 'memcpy', 'qsort', 'udiv', 'memset']
s = ','.join(names[i % 6] for i in range(40))
print(s[:179].rstrip(','))")
{ sleep 1; printf 'show\r'; sleep 0.5; printf 'exit\r'; sleep 2; } |
	qemu_raw "rvbench.exit=reboot rvbench.console=1 rvbench.initial=1000000 rvbench.delta=1000000 rvbench.run=$run" 8 \
	>"$out/long.log" 2>&1
line=$(grep -a '^groups=' "$out/long.log" | tr -d '\r')
check_eq "the settings line is cut to 253 characters" 253 "${#line}"
check "... its last three are the cut marker, after the run= it could hold" \
	sh -c "case '$line' in 'groups=0 initial=1000000 delta=1000000 size=30 budget_ms=10000 exit=reboot run=addi100,crc32,'*...) exit 0;; esac; exit 1"
