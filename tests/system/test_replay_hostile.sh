#!/bin/sh
# Hostile streams replayed end to end, made from a captured firmware log
# with CRC-valid lines added: an S line of a block the RUN line never
# announced, a line past the trailer's seq that comes before the trailer,
# S lines of blocks without a BENCH line naming huge sample indices, BENCH
# lines announcing 2^22 samples that never come, and a firmware error
# line holding a NUL. Each is named, nothing made up is
# listed as lost, --allow-partial forgives none of them, and the collector
# stays small.
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
log=tests/fixtures/firmware/sifive_u.log
fresh_out replay_hostile

# hostile.py IN OUT MODE: IN with lines added (tests/support/wire_crc.py
# seals them). The run has 4 blocks; its tag and its TRAILER's seq are
# read from the log, which `make fixtures` captures anew.
cat >"$out/hostile.py" <<'EOF'
import sys
sys.path.insert(0, "tests/support")
from wire_crc import reseal

src, dst, mode = sys.argv[1:4]
lines = open(src, "rb").read().splitlines(keepends=True)
trailer = next(i for i, l in enumerate(lines) if b" TRAILER " in l)
tag, last = lines[trailer].split()[1:3]
past = int(last) + 1 # the first seq past the trailer's
def line(body):
    return reseal(b"@RVB " + tag + b" " + body.encode() + b" ")
if mode == "unannounced":
    lines.insert(trailer, line("%d S 7 0 1 d 106,104" % past))
elif mode == "tp-before":
    lines.insert(trailer, line("%d TP key=1 hart=1 start=5 cycles=10 instret=10" % past))
elif mode == "tp-after":
    lines.insert(trailer + 1, line("%d TP key=1 hart=1 start=5 cycles=10 instret=10" % past))
elif mode == "headerless":
    run = next(l for l in lines if b" 0 RUN " in l)
    lines = [reseal(run.rstrip(b"\r\n")[:-5].replace(b" benches=4 ", b" benches=4096 "))]
    lines += [line("%d S %d 4194303 1 d 7,7" % (i + 1, i)) for i in range(4096)]
elif mode == "announced":
    lines = [reseal(b"@RVB 0000abcd 0 RUN fmt=2 seed=0x1 benches=32 ")]
    for i in range(32):
        lines.append(reseal(b"@RVB 0000abcd %d BENCH id=%d name=x hart=1 group=0 batch=1 warmup=0"
                            b" samples=4194304 input_range=0 oh_cycles=0 oh_instret=0 " % (2 * i + 1, i)))
        lines.append(reseal(b"@RVB 0000abcd %d S %d 0 1 d 7,7 " % (2 * i + 2, i)))
elif mode == "nul":
    lines.insert(0, b"rvbench: error: samples=0\0: expected 1..65535\x1b[2J\r\n")
open(dst, "wb").writelines(lines)
EOF
# The same tag and seq, for the checks.
tag=$(sed -n 's/^@RVB \([0-9a-f]*\) [0-9]* TRAILER .*/\1/p' "$log")
past=$(($(sed -n 's/^@RVB [0-9a-f]* \([0-9]*\) TRAILER .*/\1/p' "$log") + 1))
gen() {
	python3 "$out/hostile.py" "$log" "$out/$1.log" "$1"
}
forge() {
	gen "$1"
	"$rvb" replay --allow-partial -o "$out/$1" "$out/$1.log" >"$out/$1.stdout" 2>"$out/$1.stderr"
}

forge unannounced
check_eq "an S line of a block never announced: exit 1 despite --allow-partial" 1 "$?"
check "its line is named" grep -q "seq $past: S line for a block the RUN line never announced" \
	"$out/unannounced.stdout"
check_eq "no block made up in gaps.csv" "run,block,bench,first,last,count,reason" \
	"$(tr -d '\r' <"$out/unannounced/gaps.csv")"
check_eq "nor in summary.csv: the 4 blocks announced" "addi100 crc32 empty udiv" \
	"$(tr -d '\r' <"$out/unannounced/summary.csv" | sed 1d | distinct 2)"
check_eq "nor in samples.csv" "addi100 crc32 empty udiv" \
	"$(tr -d '\r' <"$out/unannounced/samples.csv" | sed 1d | distinct 2)"
check "meta.json counts the line invalid" grep -q '"invalid": 1' "$out/unannounced/meta.json"

for where in before after; do
	forge tp-$where
	check_eq "a line past the trailer's seq, $where it: exit 1 despite --allow-partial" 1 "$?"
	check "$where it: named" grep -q "^run $tag: incomplete .*seq $past: line after the trailer" \
		"$out/tp-$where.stdout"
done

# Under a limit: without the budget this asks for gigabytes.
gen headerless
(ulimit -v 1000000
"$rvb" replay --allow-partial -o "$out/headerless-1g" "$out/headerless.log" \
	>"$out/headerless-1g.stdout" 2>"$out/headerless-1g.stderr")
check_eq "4096 headerless blocks naming sample 2^22-1, within 1 GB: exit 1, not an abort" 1 "$?"
check "the lines past the budget are named" grep -q \
	"seq 5: S line of a block without a BENCH line, past the samples kept for such blocks" \
	"$out/headerless-1g.stdout"
check "and counted" grep -q "^run $tag: incomplete (4096 blocks, 4 samples, 4092 lines rejected)" \
	"$out/headerless-1g.stdout"

forge nul
check_eq "a firmware error line with a NUL: exit 0 (the run header rejected nothing)" 0 "$?"
check_eq "the line shown whole, the NUL as \\x00" \
	'rvbench: firmware: error: samples=0\x00: expected 1..65535\x1b[2J' "$(cat "$out/nul.stderr")"

# 32 BENCH lines announcing 2^22 samples each (64 MiB of store apiece),
# one sample each: the stores are not all mapped at once (1 GiB at most),
# so the collector stays far below the 2 GiB they would take.
gen announced
if ! /usr/bin/time -f %M true >/dev/null 2>&1; then
	skip_rest "no GNU time (/usr/bin/time) to measure the collector's memory"
fi
/usr/bin/time -f %M -o "$out/announced.rss" "$rvb" replay -o "$out/announced" "$out/announced.log" \
	>"$out/announced.stdout" 2>"$out/announced.stderr"
check_eq "32 blocks announcing 2^22 samples, one sample each: exit 1" 1 "$?"
check "their samples are named missing" grep -q "^run 0000abcd: incomplete (32 blocks, 32 samples" \
	"$out/announced.stdout"
rss=$(tail -n 1 "$out/announced.rss")
check "at most 1.5 GiB resident (was 2.1 GiB: every store mapped), $rss KiB" \
	test "$rss" -lt 1572864
