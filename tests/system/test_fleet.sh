#!/bin/sh
# Many result directories as one (rvbench fleet) and many QEMU instances at
# once (rvbench qemu -j N --repeat R --matrix): the statistics between
# devices on directories whose values are worked out by hand, the merged
# directory read by stats and compare (fleet against fleet), the outlier
# rule when MAD is 0, batch sizes kept apart, a report whose columns stay
# aligned, a standard output or a disk that cannot take the report or the
# merge, and a fan-out whose samples are the same whatever -j is (under
# -icount).
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
fresh_out fleet

# fleet_col FILE BENCH NAME: column NAME of BENCH's row in a fleet.csv.
fleet_col() {
	c=$(csv_col "$1" "$3")
	tr -d '\r' <"$1" | awk -F, -v c="$c" -v b="$2" '$1 == b {print $c}'
}

# ---- five devices written by hand -----------------------------------------
# Bench "spread": device medians 100 102 98 101 150, each device's samples
# m-2..m+2. Fleet median 101 (nearest rank), MAD 1, CV 0.202341; board-e's
# z = 49 / 1.4826 = 33.05 > 3.5. ANOVA: SSW 5 x 10 = 50 on 20 df (2.5);
# SSB = 5 x 1988.8 = 9944 on 4 df (2486); n0 5; var_between
# (2486 - 2.5) / 5 = 496.7; F 994.4. Bench "flat": 50 everywhere.
# synth DIR MEDIAN SCALE: a result directory (no device_name when DIR's
# name is board-e: the directory names the device).
synth() {
	mkdir -p "$1"
	{
		printf 'run,bench,block,params,hart,group,batch,index,warmup,cycles,instret\r\n'
		i=0
		for d in -2 -1 0 1 2; do
			printf 'abcd0001,spread,0,,1,0,1,%d,0,%d,10\r\n' $i $((($2 + d) * $3))
			printf 'abcd0001,flat,1,,1,0,1,%d,0,%d,10\r\n' $i $((50 * $3))
			i=$((i + 1))
		done
	} >"$1/samples.csv"
	name=$(basename "$1")
	[ "$name" = board-e ] && name='' # one device without a name
	meta_for_samples "$1" complete "$name"
}
set -- a:100 b:102 c:98 d:101 e:150
for dm in "$@"; do
	synth "$out/A/board-${dm%%:*}" "${dm#*:}" 1
	synth "$out/B/board-${dm%%:*}" "${dm#*:}" 2 # every device twice as slow
done
"$rvb" fleet -o "$out/fleetA" "$out"/A/board-* >"$out/fleetA.txt" 2>&1
check_eq "fleet of five directories exits 0" 0 "$?"
"$rvb" fleet -o "$out/fleetB" "$out"/B/board-* >"$out/fleetB.txt" 2>&1
check_eq "the second fleet exits 0" 0 "$?"
f=$out/fleetA/fleet.csv
check_eq "spread: five devices" 5 "$(fleet_col "$f" spread devices)"
check_eq "spread: median of the device medians" 101 "$(fleet_col "$f" spread median)"
check_eq "spread: min, max" "98 150" "$(fleet_col "$f" spread min) $(fleet_col "$f" spread max)"
check_eq "spread: MAD of the device medians" 1 "$(fleet_col "$f" spread mad)"
check_eq "spread: coefficient of variation" 0.202341 "$(fleet_col "$f" spread cv)"
check_eq "spread: board-e is the outlier (its directory names it)" board-e \
	"$(fleet_col "$f" spread outliers)"
check_eq "spread: degrees of freedom between, within" "4 20" \
	"$(fleet_col "$f" spread df_between) $(fleet_col "$f" spread df_within)"
check_eq "spread: variance between devices" 496.700000 "$(fleet_col "$f" spread var_between)"
check_eq "spread: variance within devices" 2.500000 "$(fleet_col "$f" spread var_within)"
check_eq "spread: F" 994.400000 "$(fleet_col "$f" spread f)"
check_eq "flat: no spread, no outlier, no F" "50 0 0.000000  " \
	"$(fleet_col "$f" flat median) $(fleet_col "$f" flat mad) $(fleet_col "$f" flat cv) $(fleet_col "$f" flat outliers) $(fleet_col "$f" flat f)"
check_eq "board-e's z-score and distance in fleet_devices.csv" "board-e,5,150,33.050047,1,48.514851" \
	"$(tr -d '\r' <"$out/fleetA/fleet_devices.csv" | grep '^spread,' | grep board-e | cut -d, -f6-)"
check "the report names the outlier with its median" \
	grep -q 'board-e (median 150, +48.51 %, z 33.1)' "$out/fleetA.txt"
check "hand-made results without a source: the report counts cycles" \
	grep -q '^median cycles across devices' "$out/fleetA.txt"
check_eq "merged samples.csv: device column, runs renamed" "board-a,board-a/abcd0001,spread" \
	"$(tr -d '\r' <"$out/fleetA/samples.csv" | sed -n 2p | cut -d, -f1-3)"
check_eq "merged samples.csv: every row of every member" 51 \
	"$(wc -l <"$out/fleetA/samples.csv" | tr -d ' ')"
check "merged meta.json lists the five members" \
	sh -c "[ \$(grep -c '\"label\"' '$out/fleetA/meta.json') = 5 ]"
"$rvb" stats "$out/fleetA" >"$out/stats.txt" 2>&1
check_eq "stats reads the merged directory" 0 "$?"
check "stats shows each device's run" grep -q 'run board-c/abcd0001' "$out/stats.txt"
"$rvb" compare "$out/fleetA" "$out/fleetA" >"$out/cmp-same.txt" 2>&1
check_eq "compare: a fleet against itself passes --fail-above" 0 "$?"
"$rvb" compare --fail-above 5 "$out/fleetA" "$out/fleetB" >"$out/cmp-slow.txt" 2>&1
check_eq "compare: a fleet twice as slow trips --fail-above 5" 1 "$?"
"$rvb" fleet --fail-on-outlier "$out"/A/board-* >/dev/null 2>&1
check_eq "--fail-on-outlier exits 1" 1 "$?"
"$rvb" fleet -o "$out/fleetA" "$out"/A/board-* >/dev/null 2>&1
check_eq "a merged directory is not written over without --force" 2 "$?"
"$rvb" fleet "$out"/A/board-a "$out"/A/../A/board-a >/dev/null 2>&1
check_eq "one directory twice is refused" 2 "$?"
"$rvb" fleet "$out/fleetA" "$out"/A/board-a >/dev/null 2>&1
check_eq "a merged fleet is not a member" 2 "$?"

# hand DIR DEVICE BENCH BLOCK PARAMS BATCH CYCLES...: DIR's samples.csv
# (made if new) gets a measured sample of block BLOCK per CYCLES, and its
# meta.json names the device DEVICE.
hand() {
	h_dir=$1 h_dev=$2 h_bench=$3 h_block=$4 h_params=$5 h_batch=$6
	shift 6
	mkdir -p "$h_dir"
	[ -f "$h_dir/samples.csv" ] ||
		printf 'run,bench,block,params,hart,group,batch,index,warmup,cycles,instret\r\n' \
			>"$h_dir/samples.csv"
	h_i=0
	for h_c in "$@"; do
		printf 'abcd0002,%s,%s,%s,1,0,%s,%d,0,%s,10\r\n' "$h_bench" "$h_block" "$h_params" \
			"$h_batch" $h_i "$h_c" >>"$h_dir/samples.csv"
		h_i=$((h_i + 1))
	done
	meta_for_samples "$h_dir" complete "$h_dev"
}

# ---- MAD 0: devices that agree exactly, and one that does not -----------------
# "flat" at 100 on d1..d3 and 10^4 times that on d4: MAD 0. The mean
# absolute deviation once used as the scale gave d4 z = k / 1.2533 (2.39 of
# three devices, 3.19 of four) whatever its value: never an outlier. Now a
# device more than 1 % off the median is, with z inf.
for d in 1 2 3; do hand "$out/Z/d$d" "d$d" flat 0 '' 1 100 100 100; done
hand "$out/Z/d4" d4 flat 0 '' 1 1000000 1000000 1000000
"$rvb" fleet --fail-on-outlier -o "$out/zero4" "$out"/Z/d1 "$out"/Z/d2 "$out"/Z/d3 "$out"/Z/d4 \
	>"$out/zero4.txt" 2>&1
check_eq "MAD 0, four devices, one 10^4 times slower: --fail-on-outlier exits 1" 1 "$?"
check_eq "... it is the outlier" d4 "$(fleet_col "$out/zero4/fleet.csv" flat outliers)"
check_eq "... z inf (a deviation over a spread of 0), 999900 % off" "d4,3,1000000,inf,1,999900.000000" \
	"$(tr -d '\r' <"$out/zero4/fleet_devices.csv" | grep '^flat,.*,d4,' | cut -d, -f6-)"
check_eq "... the devices that agree: z 0, no outlier" "d1,3,100,0.000000,0,0.000000" \
	"$(tr -d '\r' <"$out/zero4/fleet_devices.csv" | grep '^flat,.*,d1,' | cut -d, -f6-)"
check "... the report names it with its distance and says the rule" sh -c \
	"grep -q 'd4 (median 1000000, +999900.00 %, z inf)' '$out/zero4.txt' &&
	 grep -q '^outlier: |z| > 3.5 (modified z-score); when MAD is 0, more than 1 % off the median (z inf)\$' '$out/zero4.txt'"
"$rvb" fleet --fail-on-outlier "$out"/Z/d1 "$out"/Z/d2 "$out"/Z/d4 >/dev/null 2>&1
check_eq "MAD 0, three devices, one 10^4 times slower: --fail-on-outlier exits 1" 1 "$?"
"$rvb" fleet --fail-on-outlier "$out"/Z/d1 "$out"/Z/d4 >/dev/null 2>&1
check_eq "two devices are never judged: exit 0" 0 "$?"
# Five devices, four at 1000: one at 1001 (0.1 % off) is no outlier (the
# old scale flagged it, z 3.99), one at 1011 (1.1 %) is.
for d in 1 2 3 4; do hand "$out/Z5/e$d" "e$d" flat 0 '' 1 1000 1000 1000; done
hand "$out/Z5/e5" e5 flat 0 '' 1 1001 1001 1001
"$rvb" fleet --fail-on-outlier -o "$out/zero5" "$out"/Z5/e* >/dev/null 2>&1
check_eq "MAD 0, five devices, one 0.1 % off: no outlier, exit 0" "0 " \
	"$? $(fleet_col "$out/zero5/fleet.csv" flat outliers)"
rm -r "$out/Z5/e5"
hand "$out/Z5/e5" e5 flat 0 '' 1 1011 1011 1011
"$rvb" fleet --fail-on-outlier -o "$out/zero5b" "$out"/Z5/e* >/dev/null 2>&1
check_eq "MAD 0, five devices, one 1.1 % off: the outlier, exit 1" "1 e5" \
	"$? $(fleet_col "$out/zero5b/fleet.csv" flat outliers)"

# ---- batch sizes: never pooled ----------------------------------------------
# n1 and n2 run addi with N=1 (medians 101); n3 with N=10 (a sample of 10
# calls, median 1010). Once one row pooled them (3 devices, between %
# 100.00) under n1's N; compare refuses to compare two batch sizes.
hand "$out/N/n1" n1 addi 0 '' 1 100 101 102
hand "$out/N/n2" n2 addi 0 '' 1 100 101 102
hand "$out/N/n3" n3 addi 0 '' 10 1000 1010 1020
"$rvb" fleet -o "$out/batches" "$out"/N/n1 "$out"/N/n2 "$out"/N/n3 >"$out/batches.txt" 2>&1
check_eq "batch sizes: fleet exits 0" 0 "$?"
check_eq "a row per batch size: N=1 on 2 devices (median 101), N=10 on 1 (median 1010)" \
	"1 2 101;10 1 1010;" \
	"$(tr -d '\r' <"$out/batches/fleet.csv" | awk -F, '$1 == "addi" {printf "%s %s %s;", $4, $6, $8}')"
check "each row's label says its N" sh -c \
	"grep -q '^addi g0 N=1  ' '$out/batches.txt' && grep -q '^addi g0 N=10  ' '$out/batches.txt'"

# ---- the report's columns: aligned whatever a label's or a number's width ----
# memcpy's parameters make a label of 45 characters, 10^3 against 2 x 10^6
# a var between of 13 digits (once pushed out of a fixed %-36s and %14s).
for d in 1 2 3; do
	v=1000
	[ $d = 3 ] && v=2000000
	hand "$out/W/w$d" "w$d" memcpy 0 'size=4096;src_off=0;dst_off=0;impl=0' 1 $v $((v + 1)) $((v + 2))
	hand "$out/W/w$d" "w$d" x 1 '' 1 $((d * 10)) $((d * 10 + 1)) $((d * 10 + 2))
done
"$rvb" fleet "$out"/W/w1 "$out"/W/w2 "$out"/W/w3 >"$out/wide.txt" 2>&1
check_eq "long labels and values: fleet exits 0" 0 "$?"
# aligned FILE: every cell of the two tables ends where its header ends.
aligned() {
	python3 - "$1" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().split("\n")
bad = 0
for i, head in enumerate(lines):
    if not head.startswith("benchmark "):
        continue
    ends = [m.end() for m in re.finditer(r"\S+( %)?( between| within)?", head)][1:]
    if head.endswith("outliers"):
        ends = ends[:-1]
    for row in lines[i + 1:]:
        if not row:
            break
        for e in ends:
            if not (row[e - 1] != " " and (e == len(row) or row[e] == " ")):
                print("misaligned at column %d: %r" % (e, row))
                bad = 1
sys.exit(bad)
PY
}
check "every column lines up with its header (both tables)" aligned "$out/wide.txt"
check "the long label is shown whole" grep -q '^memcpy \[size=4096;src_off=0;dst_off=0;impl=0\]  ' \
	"$out/wide.txt"
check "the 13-digit var between is shown whole" grep -q '  1332000333333.000  ' "$out/wide.txt"

# ---- three boards from one recorded log ------------------------------------
for b in 1 2 3; do
	"$rvb" replay --device-name "board-$b" -o "$out/replay/$b" tests/fixtures/firmware/sifive_u.log \
		>/dev/null 2>&1
done
"$rvb" fleet -o "$out/replayed" "$out"/replay/1 "$out"/replay/2 "$out"/replay/3 \
	>"$out/replayed.txt" 2>&1
check_eq "fleet of three replayed logs exits 0" 0 "$?"
check_eq "the devices come from --device-name" "board-1 board-2 board-3" \
	"$(tr -d '\r' <"$out/replayed/fleet_devices.csv" | awk -F, '$1 == "addi100" {print $6}' | tr '\n' ' ' | sed 's/ $//')"
check "the report shows each board's machine model" \
	grep -q 'board-2 *SiFive HiFive Unleashed A00 *1  complete' "$out/replayed.txt"
check_eq "the merged meta.json keeps each run's context" 3 \
	"$(grep -c '"clock_hz": 33333333' "$out/replayed/meta.json")"
"$rvb" compare --strict "$out/replay/1" "$out/replayed" >"$out/cmp-one.txt" 2>&1
check_eq "compare --strict: one board against the fleet of three (same context)" 0 "$?"

# ---- members that failed: a replayed fault.log and a block timed out ------
# fault.log's run ends failed: addi100 ok, demo_fault faulted (no samples).
"$rvb" replay --device-name board-f -o "$out/replay/f" tests/fixtures/firmware/fault.log \
	>/dev/null 2>&1
"$rvb" fleet -o "$out/faulted" "$out"/replay/1 "$out"/replay/2 "$out"/replay/f \
	>"$out/faulted.txt" 2>"$out/faulted.err"
check_eq "a member whose run failed: fleet exits 1" 1 "$?"
check "the header says not all is ok" grep -q '3 result directories, all complete, NOT all ok' \
	"$out/faulted.txt"
check "the device of the failed run is FAILED" \
	grep -q 'board-f *SiFive HiFive Unleashed A00 *1  FAILED' "$out/faulted.txt"
check "the failed run is listed under not ok" grep -q '^  board-f *run result failed' \
	"$out/faulted.txt"
check "the faulted block is listed under not ok" \
	grep -q '^  board-f *demo_fault block 1: status fault' "$out/faulted.txt"
check_eq "the ok block of the failed run still counts: addi100 on 3 devices" 3 \
	"$(fleet_col "$out/faulted/fleet.csv" addi100 devices)"
check "the merged meta.json says failed" grep -q '^  "result": "failed"' "$out/faulted/meta.json"
"$rvb" fleet --format csv "$out"/replay/1 "$out"/replay/f >/dev/null 2>&1
check_eq "--format csv exits 1 as well" 1 "$?"
# A block whose samples arrived but whose status is not ok (a timeout):
# board-a's "flat" leaves the statistics (four devices, not five).
mkdir -p "$out/T"
for d in a b c d e; do cp -r "$out/A/board-$d" "$out/T/"; done
printf 'run,bench,block,params,hart,group,batch,count,status\r\nabcd0001,spread,0,,1,0,1,5,ok\r\nabcd0001,flat,1,,1,0,1,5,timeout\r\n' \
	>"$out/T/board-a/summary.csv"
python3 - "$out/T/board-a/meta.json" <<'PY' # the same timeout in meta.json
import json, sys
m = json.load(open(sys.argv[1]))
next(b for b in m["runs"][0]["benches"] if b["id"] == 1)["status"] = "timeout"
json.dump(m, open(sys.argv[1], "w"), indent=2)
PY
"$rvb" fleet -o "$out/timedout" "$out"/T/board-* >"$out/timedout.txt" 2>&1
check_eq "a block that timed out: fleet exits 1" 1 "$?"
check_eq "flat: the timed-out block is left out (4 devices), spread keeps 5" "4 5" \
	"$(fleet_col "$out/timedout/fleet.csv" flat devices) $(fleet_col "$out/timedout/fleet.csv" spread devices)"
check "the timed-out block is listed under not ok" \
	grep -q '^  board-a *flat block 1: status timeout' "$out/timedout.txt"

# ---- a standard output or a disk that cannot take it -----------------------
for fmt in csv text; do
	"$rvb" fleet -f $fmt "$out"/A/board-* >/dev/full 2>"$out/full-$fmt.err"
	check_eq "fleet -f $fmt > /dev/full: exit 2, not a report lost unsaid" 2 "$?"
	check "... the cause said" \
		grep -q '^rvbench: fleet: cannot write the standard output: No space left on device$' \
		"$out/full-$fmt.err"
done
# --force over an earlier merge (fleet A), the new one (fleet B) cut by a
# file size limit (a full disk, EFBIG) that its samples.csv passes and its
# meta.json does not: the earlier result stays whole, never B's samples
# under A's meta.json.
"$rvb" fleet -o "$out/probe" "$out"/B/board-* >/dev/null 2>&1
blocks=$(($(wc -c <"$out/probe/samples.csv") / 512 + 1))
check "the limit, $blocks blocks, lets samples.csv through, not meta.json" \
	[ "$(wc -c <"$out/probe/meta.json")" -gt $((blocks * 512)) ]
"$rvb" fleet -o "$out/over" "$out"/A/board-* >/dev/null 2>&1
cp "$out/over/samples.csv" "$out/over-samples.before"
(trap '' XFSZ && ulimit -f $blocks && "$rvb" fleet --force -o "$out/over" "$out"/B/board-*) \
	>/dev/null 2>"$out/over.err"
check_eq "fleet --force, its meta.json too big to write: exit 2" 2 "$?"
check "... the file, the cause and the earlier result's fate said" grep -q \
	"^rvbench: fleet: cannot write $out/over/meta.json: File too large; the earlier result in $out/over is left as it was\$" \
	"$out/over.err"
check "... the earlier samples.csv as it was" cmp -s "$out/over/samples.csv" "$out/over-samples.before"
check "... no temporary file left" sh -c "! ls -A '$out/over' | grep -q '^\\.'"
"$rvb" stats "$out/over" >/dev/null 2>&1
check_eq "... and stats reads the earlier result" 0 "$?"

# ---- fan-out: the same samples whatever -j is -----------------------------
args='rvbench.run=addi100,qsort rvbench.samples=20 rvbench.warmup=2'
for j in 1 3; do
	"$rvb" qemu -j $j --repeat 3 --icount 0 --bootargs "$args" -o "$out/j$j" \
		"$build/rvbench.elf" >"$out/j$j.stdout" 2>"$out/j$j.stderr"
	check_eq "qemu -j $j --repeat 3 exits 0" 0 "$?"
done
check_eq "three instance directories" "01 02 03" "$(cd "$out/j3/runs" && ls -d ?? | tr '\n' ' ' | sed 's/ $//')"
for n in 01 02 03; do
	check "instance $n: same samples.csv with -j1 and -j3" \
		cmp -s "$out/j1/runs/$n/samples.csv" "$out/j3/runs/$n/samples.csv"
done
check "merged samples.csv identical with -j1 and -j3" \
	cmp -s "$out/j1/samples.csv" "$out/j3/samples.csv"
check "merged fleet.csv identical with -j1 and -j3" \
	cmp -s "$out/j1/fleet.csv" "$out/j3/fleet.csv"
check_eq "addi100 under -icount: 100 cycles on every instance, no spread" "3 100 100 100 0" \
	"$(for c in devices median min max mad; do fleet_col "$out/j3/fleet.csv" addi100 $c; done | tr '\n' ' ' | sed 's/ $//')"
check_eq "merged: 3 devices x 20 addi100 samples" 60 \
	"$(tr -d '\r' <"$out/j3/samples.csv" | awk -F, '$3 == "addi100" && $10 == 0' | wc -l | tr -d ' ')"
"$rvb" compare --strict --fail-above 0 "$out/j1" "$out/j3" >"$out/cmp-j.txt" 2>&1
check_eq "compare --strict: the -j1 fleet against the -j3 fleet (one context)" 0 "$?"

check "under -icount the fan-out's report counts instructions" \
	grep -q '^median instr across devices' "$out/j3.stdout"
# The reviewers' case: three QEMU instances that agree exactly (MAD 0) and
# a copy of one whose cycles are 10^4 times larger, a device of its own.
mkdir -p "$out/slow"
cp -r "$out/j3/runs/01" "$out/slow/d4"
python3 - "$out/slow/d4" <<'PY'
import csv, json, sys
d = sys.argv[1]
rows = list(csv.reader(open(d + "/samples.csv", newline="")))
c = rows[0].index("cycles")
for r in rows[1:]:
    r[c] = str(int(r[c]) * 10**4)
csv.writer(open(d + "/samples.csv", "w", newline=""), lineterminator="\r\n").writerows(rows)
m = json.load(open(d + "/meta.json"))
m["device_name"] = "qemu-slow"
json.dump(m, open(d + "/meta.json", "w"), indent=2)
PY
"$rvb" fleet --fail-on-outlier -o "$out/slowfleet" "$out"/j3/runs/01 "$out"/j3/runs/02 \
	"$out"/j3/runs/03 "$out/slow/d4" >"$out/slowfleet.txt" 2>&1
check_eq "QEMU instances that agree and one 10^4 times slower: --fail-on-outlier exits 1" 1 "$?"
check_eq "... it is the outlier of addi100 and qsort" "qemu-slow qemu-slow" \
	"$(fleet_col "$out/slowfleet/fleet.csv" addi100 outliers) $(fleet_col "$out/slowfleet/fleet.csv" qsort outliers)"
check_eq "... with z inf, 999900 % off" "inf,1,999900.000000" \
	"$(tr -d '\r' <"$out/slowfleet/fleet_devices.csv" | grep '^addi100,.*,qemu-slow,' | cut -d, -f9-)"

# An -o directory that holds files: refused as for one collection, unless
# --force (then written, and again over its own fan-out).
small='rvbench.run=addi100 rvbench.samples=5 rvbench.warmup=1'
mkdir -p "$out/taken" && echo keep >"$out/taken/notes.txt"
"$rvb" qemu -j 2 --repeat 2 --icount 0 --bootargs "$small" -o "$out/taken" \
	"$build/rvbench.elf" >/dev/null 2>"$out/taken.err"
check_eq "qemu -j into a directory holding files: refused (exit 2)" 2 "$?"
check "the refusal says why" grep -q 'is not empty (choose another, or --force' "$out/taken.err"
check "nothing was written there" sh -c "[ ! -e '$out/taken/runs' ] && [ ! -e '$out/taken/meta.json' ]"
for pass in 1 2; do
	"$rvb" qemu -j 2 --repeat 2 --icount 0 --bootargs "$small" --force -o "$out/taken" \
		"$build/rvbench.elf" >/dev/null 2>"$out/taken-force$pass.err"
	check_eq "qemu -j --force into it (pass $pass): exit 0" 0 "$?"
done
check_eq "--force: two instances merged, addi100 on 2 devices" 2 \
	"$(fleet_col "$out/taken/fleet.csv" addi100 devices)"

check "like contexts: no note on the fleet of replays" sh -c "! grep -q 'note: the devices differ' '$out/replayed.txt'"
"$rvb" fleet "$out/replay/1" "$out/replay/2" "$out/j3/runs/01" >"$out/mixed.txt" 2>&1
check "a QEMU run among replays: the report notes the cycle counting" \
	grep -q 'note: the devices differ in cycle counting (icount mode): unknown (replay) (board-1); QEMU, icount 0 (qemu-01)' \
	"$out/mixed.txt"

# A matrix: one instance per seed; qsort's work depends on its input.
"$rvb" qemu -j 2 --matrix 'rvbench.seed=1,2,3' --icount 0 --bootargs "$args" -o "$out/m" \
	"$build/rvbench.elf" >"$out/m.stdout" 2>"$out/m.stderr"
check_eq "qemu --matrix rvbench.seed=1,2,3 exits 0" 0 "$?"
check "each instance got its seed" sh -c "grep -a -q ' RUN .*seed=0x2 ' '$out/m/runs/02/uart.log' && \
	grep -a -q ' RUN .*seed=0x3 ' '$out/m/runs/03/uart.log'"
check_eq "the seeds are the devices" "qemu-01 rvbench.seed=1;qemu-02 rvbench.seed=2;qemu-03 rvbench.seed=3" \
	"$(tr -d '\r' <"$out/m/fleet_devices.csv" | awk -F, '$1 == "addi100" {print $6}' | tr '\n' ';' | sed 's/;$//')"
check "qsort differs between seeds (max > min)" sh -c \
	"tr -d '\r' <'$out/m/fleet.csv' | awk -F, '\$1 == \"qsort\" && \$10 > \$9 {f = 1} END {exit !f}'"
"$rvb" qemu --repeat 2 --console "$build/rvbench.elf" >/dev/null 2>&1
check_eq "--console with --repeat is refused" 2 "$?"
"$rvb" qemu --matrix 'rvbench.seed=' "$build/rvbench.elf" >/dev/null 2>&1
check_eq "an empty matrix value is refused" 2 "$?"
