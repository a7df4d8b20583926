#!/bin/sh
# A benchmark name can reach a gnuplot script, a CSV and the terminal, and
# was once a way to run a command: a name holding a line end (%0A on the
# wire) ended the gnuplot command it was quoted in, and the rest of the
# name ran as one (system "..."). Names are 1 to 64 bytes of
# [A-Za-z0-9_.:+-] now, refused elsewhere by the firmware and by the
# collector, and every string is escaped for where it goes.
#
#   - a CRC-valid stream naming a benchmark so, replayed: the collector
#     says it refused the name, no file holds it, plotting runs nothing
#   - a hand-made result directory with a quote-laden name: refused by the
#     readers (exit 2); plotted with --no-check, gnuplot runs nothing
#   - firmware: BENCH() with a 65-byte name does not compile; a hand-made
#     descriptor with a line end in its name is refused at boot, never run
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
fresh_out hostile-name
pwned=$out/PWNED

# wire_stream NAME [MODEL]: a run whose one benchmark is called NAME and
# whose machine MODEL (as on the wire, %XX-escaped), every line with its
# right CRC-16.
wire_stream() {
	python3 - "$1" "${2:-m}" <<'PY'
import sys
sys.path.insert(0, "tests/support")
from wire_crc import reseal
def line(body):
    sys.stdout.buffer.write(reseal(("@RVB 1a2b3c4d " + body + " ").encode()))
line("0 RUN fmt=1 fw=synth model=%s hart=0 harts=0 timebase=1000000 mem_base=0x80000000 "
     "mem_size=0x8000000 console=x seed=0x1 counter=plain warmup=0 budget_ms=0 benches=1 "
     "bad_options=0" % sys.argv[2])
line("1 CTX clock_hz=1000000")
line("2 BENCH id=0 name=%s hart=0 group=0 batch=1 warmup=0 samples=4 input_range=0 "
     "oh_cycles=0 oh_instret=0" % sys.argv[1])
line("3 S 0 0 4 d 100,10 110,10 120,10 130,10")
line("4 END id=0 count=4 verify=none status=ok")
line("5 TRAILER benches=1 samples=4 crc32=0x0 status=ok")
PY
}

# 1. The stream: x<LF>system "touch $pwned"<LF>#
esc_pwned=$(printf '%s' "$pwned" | sed 's/%/%25/g; s/ /%20/g')
wire_stream "x%0Asystem%20%22touch%20$esc_pwned%22%0A%23" >"$out/hostile.log"
"$rvb" replay -o "$out/replay" "$out/hostile.log" >"$out/replay.out" 2>&1
check "the collector says it refused the name" \
	grep -q 'BENCH name outside \[A-Za-z0-9_.:+-\], 1 to 64 bytes (refused)' "$out/replay.out"
check "meta.json lists the refusal among the run's problems" \
	grep -q 'BENCH name outside' "$out/replay/meta.json"
check "no result file holds the name" sh -c "! grep -l 'touch' '$out/replay/'*.csv"
check "the summary never printed the name's line end" sh -c "! grep -q '^system' '$out/replay.out'"
"$rvb" plot -o "$out/replay.png" "$out/replay" >"$out/plot1.out" 2>&1
check "plotting the replay runs no command" test ! -e "$pwned"

# The terminal: a model that clears the screen and forges a line is
# printed escaped.
wire_stream "tight" "m%1B[2J%0Aforged" >"$out/model.log"
"$rvb" replay -o "$out/model" "$out/model.log" >"$out/model.out" 2>&1
check "a control byte from the stream never reaches the terminal" \
	sh -c "! grep -q \"\$(printf '\\033')\" '$out/model.out' && ! grep -q '^forged' '$out/model.out'"
check "... it is shown as \\xNN" grep -q 'machine: m\\x1B\[2J\\x0Aforged,' "$out/model.out"

# 2. A result directory made by hand, the name a gnuplot expression.
mkdir -p "$out/hand"
name="x' . system(\"touch $pwned\") . '"
{
	printf 'run,bench,block,params,hart,group,batch,index,warmup,input,cycles,instret,cycles_raw,instret_raw,flags\r\n'
	for i in 0 1 2 3 4 5 6 7; do
		printf '0000000a,"%s",0,,1,0,1,%d,0,0,%d,10,%d,14,0\r\n' "$(printf '%s' "$name" | sed 's/"/""/g')" \
			"$i" $((100 + i)) $((106 + i))
	done
} >"$out/hand/samples.csv"
meta_for_samples "$out/hand"
"$rvb" stats "$out/hand" >/dev/null 2>"$out/stats.err"
check_eq "stats refuses a name outside the safe set (exit 2)" 2 "$?"
check "... and says so" grep -q "bench name .* outside \[A-Za-z0-9_.:+-\]" "$out/stats.err"
# gnuplot-nox is one of make's packages (scripts/install-deps.sh).
"$rvb" plot --no-check -o "$out/hand.png" "$out/hand" >"$out/plot2.out" 2>&1
check_eq "plot --no-check draws it" 0 "$?"
check "... and runs no command" test ! -e "$pwned"
check "... the image exists" test -s "$(cat "$out/plot2.out")"
"$rvb" stats --no-check "$out/hand" >"$out/stats.out" 2>&1
check "stats --no-check prints the name as it is, quotes and all, on one line" \
	grep -q "^x' \. system(\"touch .*PWNED\") \. ' (run 0000000a" "$out/stats.out"

# 3. The firmware. Each image in its own BUILD directory under the test's.
mkdir -p "$out/long"
long=b$(printf '%064d' 0)
cat >"$out/long/long.c" <<EOF
#include "rvbench.h"

static uint64_t run(void *state, uint64_t input)
{
	(void)state;
	return input;
}

BENCH($long, .run = run);
EOF
make --no-print-directory -s BUILD="$out/build-long" BENCH_DIR="$out/long" firmware \
	>"$out/long.log" 2>&1
check "an image with a 65-byte benchmark name does not build" test "$?" -ne 0
check "... and the compiler says why" grep -q "is longer than 64 bytes" "$out/long.log"

hand_made_image "$out/by-hand" '"evil\nname"'
check_eq "an image with a hand-made descriptor named evil<LF>name builds" 0 "$?"
timeout 120 "$rvb" qemu --machine sifive_u --icount 0 \
	--bootargs "rvbench.run=addi100 rvbench.samples=20" -o "$out/fw" \
	"$out/by-hand/build/rvbench.elf" >"$out/fw.out" 2>&1
check "the firmware refuses the name at boot" \
	grep -a -q '^rvbench: error: benchmark [0-9]* of the image has a name outside \[A-Za-z0-9_.:+-\]' \
	"$out/fw/uart.log"
check "... and never prints it" sh -c "! grep -a -q '^name' '$out/fw/uart.log'"
check_eq "the selected benchmark runs and the run completes" ok "$(trailer_field "$out/fw/uart.log" status)"
