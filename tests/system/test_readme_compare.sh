#!/bin/sh
# The README's compare, baseline and report example, run exactly as the
# README writes it (the block after "<!-- example: compare -->"), in an
# empty directory where build/ is this build: each command's exit status,
# the table the README shows (byte for byte: under -icount every value is
# exact), the baseline's files, the gate's reasons and the report's pages.
. tests/system/lib.sh
build=$1
fresh_out readme-compare
repo=$(pwd)
ln -s "$(cd "$build" && pwd)" "$out/build"

# The commands: the lines of the example block that are not comments.
awk '/^<!-- example: compare -->$/ { want = 1; next }
     want && /^```sh$/ { inside = 1; next }
     inside && /^```$/ { exit }
     inside && !/^#/ && NF' README.md >"$out/commands.sh"
# The table the README shows under "The `compare --by size` above prints".
awk '/^The `compare --by size` above prints/ { want = 1; next }
     want && /^```$/ { if (inside) exit; inside = 1; next }
     inside' README.md >"$out/readme-table.txt"
check_eq "the README's example has seven commands" 7 "$(wc -l <"$out/commands.sh" | tr -d ' ')"
check_eq "the README shows a table of seven lines" 7 "$(wc -l <"$out/readme-table.txt" | tr -d ' ')"

# Each command in turn, its output and status kept by its number.
n=0
while IFS= read -r cmd; do
	n=$((n + 1))
	(cd "$out" && eval "$cmd") >"$out/out.$n" 2>"$out/err.$n" </dev/null
	echo $? >"$out/rc.$n"
done <"$out/commands.sh"
cd "$repo" || exit 1

rcs=$(cat "$out"/rc.1 "$out"/rc.2 "$out"/rc.3 "$out"/rc.4 "$out"/rc.5 "$out"/rc.6 "$out"/rc.7 | tr '\n' ' ')
check_eq "exit statuses: qemu 0, qemu 0, compare 0, save 0, list 0, the gate 1, report 0" \
	"0 0 0 0 0 1 0 " "$rcs"
check "compare --by size prints the README's table, byte for byte" \
	cmp -s "$out/readme-table.txt" "$out/out.3"
check "baseline save kept a copy of the result under results/baselines" \
	sh -c "cmp -s '$out/results/copy-1k/samples.csv' '$out/results/baselines/copy-1k/samples.csv' && cmp -s '$out/results/copy-1k/meta.json' '$out/results/baselines/copy-1k/meta.json'"
check "baseline save names the block without a sample (impl=2 at 1 KiB, skipped by design)" \
	grep -q -x -F "rvbench: baseline: no samples of memcpy size=1024;src_off=0;dst_off=0;impl=2: block 2 of run $(sed -n 's/.*"tag": *"\([0-9a-f]*\)".*/\1/p' "$out/results/copy-1k/meta.json" | head -n 1) ended with status skipped (impl=2 (builtin) has sizes 8, 64, 256, 512, 4096, 32768, 262144 and 1048576 only, not 1024)" "$out/err.4"
check_eq "baseline list names it, with its blocks and samples" "copy-1k              2 blocks measured, 100 samples, 1 without a sample" \
	"$(cat "$out/out.5")"
check_eq "the gate names both slower rows, with their change" 2 \
	"$(grep -E -c '^rvbench: compare: memcpy size=1024->4096;src_off=0;dst_off=0;impl=[01] is slower by \+2(75\.53|99\.66)% \(limit 5 %\)$' "$out/err.6")"
check "the gate does not count A's skipped block (impl=2 at 1 KiB: by design) as a failure" \
	sh -c "test -f '$out/err.6' && ! grep -q skipped '$out/err.6'"
"$out/build/host/rvbench" compare --fail-above 5 "$out/results/copy-1k" "$out/results/copy-1k" >/dev/null 2>"$out/self.err"
check_eq "a result against itself passes the gate, its skipped block on both sides" 0 "$?"
check "the gate compared the baseline (A = results/baselines/copy-1k)" \
	grep -q '^A = results/baselines/copy-1k, B = results/copy-4k$' "$out/out.6"
check "report wrote index.html and report.md" \
	test -s "$out/results/copy-4k/index.html" -a -s "$out/results/copy-4k/report.md"
check "index.html needs no JavaScript and fetches nothing" \
	sh -c "! grep -qi -e '<script' -e 'http://' -e 'https://' -e '<link' '$out/results/copy-4k/index.html'"
check "index.html links each block's plot, and every link is a file beside it" \
	sh -c "cd '$out/results/copy-4k' && links=\$(grep -o 'href=\"[^\"]*\"' index.html | sed 's/href=\"//; s/\"\$//') && [ \$(echo \"\$links\" | grep -c '^plot-memcpy-size=4096-src_off=0-dst_off=0-impl=[012]\.png\$') = 3 ] && for l in \$links; do test -f \"\$l\" || exit 1; done"
check "the page says the cycles are instructions under -icount, and the seed" \
	sh -c "grep -q 'QEMU -icount counts one cycle per instruction' '$out/results/copy-4k/index.html' && grep -q '<th>seed</th><td>0x5256424e43480001</td>' '$out/results/copy-4k/index.html'"
check "report.md has the summary row of each block" \
	sh -c "[ \$(grep -c '^| \`memcpy\` | \`size=4096;src_off=0;dst_off=0;impl=[012]\` | 1 | 50 |' '$out/results/copy-4k/report.md') = 3 ]"

# What the README does not show: the same comparison without --by has
# nothing to compare (exit 2, and the hint), nor with a --by that no block
# has; a second save refuses to
# overwrite; --format md; an incomplete B fails the gate even when equal.
"$out/build/host/rvbench" compare "$out/results/copy-1k" "$out/results/copy-4k" >/dev/null 2>"$out/none.err"
check_eq "without --by nothing is compared: exit 2" 2 "$?"
check "... and the message says why and hints at --by" grep -q 'nothing compared.*--by PARAM' "$out/none.err"
"$out/build/host/rvbench" compare --by no_such_param "$out/results/copy-1k" "$out/results/copy-4k" >/dev/null 2>"$out/by.err"
check_eq "--by a parameter no block has: exit 2, not a silent plain comparison" 2 "$?"
check "... naming it" grep -q 'compare: --by no_such_param: no block of A or B has that parameter' "$out/by.err"
(cd "$out" && build/host/rvbench baseline save copy-1k results/copy-1k) >/dev/null 2>"$out/again.err"
check_eq "baseline save does not overwrite a baseline without --force" 2 "$?"
(cd "$out" && build/host/rvbench baseline save --force copy-1k results/copy-4k) >/dev/null 2>&1
check "... and replaces it with --force" \
	cmp -s "$out/results/copy-4k/samples.csv" "$out/results/baselines/copy-1k/samples.csv"
"$out/build/host/rvbench" compare --format md --by size "$out/results/copy-1k" "$out/results/copy-4k" >"$out/md.txt" 2>&1
check "--format md: a Markdown row per comparison, slower in bold" \
	grep -q '^| `memcpy` | `size=1024->4096;src_off=0;dst_off=0;impl=0` | 6151 | 24583 | +299.66% | \[+299.66%, +299.66%\] | 7.07e-18 | \*\*slower\*\* |$' "$out/md.txt"
check "--format md: the geometric mean closes the table" grep -q '^| \*\*geomean\*\* | | 1426.9 | 5527.8 | +287.41% |' "$out/md.txt"
cp -r "$out/results/copy-4k" "$out/damaged"
printf 'run,block,bench,first,last,count,reason\r\n%s,0,memcpy,10,19,10,lost\r\n' \
	"$(sed -n 2p "$out/damaged/samples.csv" | cut -d, -f1)" >"$out/damaged/gaps.csv"
"$out/build/host/rvbench" compare --fail-above 5 "$out/results/copy-4k" "$out/damaged" >/dev/null 2>"$out/gap.err"
check_eq "the gate fails on B's lost samples, though nothing got slower" 1 "$?"
check "... naming the block" grep -q 'memcpy size=4096;src_off=0;dst_off=0;impl=0 is incomplete (10 samples lost (gaps.csv))' "$out/gap.err"
"$out/build/host/rvbench" compare --by size --fail-above 5 "$out/damaged" "$out/results/copy-1k" >/dev/null 2>"$out/miss.err"
check_eq "the gate fails on a benchmark of A that B skipped" 1 "$?"
check "... naming it, with B's reason" grep -q -x -F 'rvbench: compare: gate: memcpy size=4096;src_off=0;dst_off=0;impl=2: B: skipped (impl=2 (builtin) has sizes 8, 64, 256, 512, 4096, 32768, 262144 and 1048576 only, not 1024): not compared' "$out/miss.err"
# A block that faulted before its first sample has no row, yet fails the gate.
cp -r "$out/results/copy-4k" "$out/faulted"
run=$(sed -n 2p "$out/faulted/samples.csv" | cut -d, -f1)
printf '%s,demo_fault,9,,1,0,1,0,,,,,,,,,,0,0,0,,none,fault,0,0x0,,,,trap,,\r\n' "$run" >>"$out/faulted/summary.csv"
python3 - "$out/faulted/meta.json" <<'PY' # the block in meta.json too, which summary.csv is checked against
import json, sys
m = json.load(open(sys.argv[1]))
m["runs"][0]["benches"].append({"id": 9, "name": "demo_fault", "warmup": 0, "samples": 0,
                                "received": 0, "status": "fault"})
json.dump(m, open(sys.argv[1], "w"), indent=2)
PY
"$out/build/host/rvbench" compare --fail-above 5 "$out/results/copy-4k" "$out/faulted" >/dev/null 2>"$out/fault.err"
check_eq "the gate fails on B's faulted block without samples" 1 "$?"
check "... naming it" grep -q "gate: B: demo_fault (block 9 of run $run) is incomplete (status fault)" "$out/fault.err"
"$out/build/host/rvbench" compare "$out/results/copy-4k" "$out/faulted" >/dev/null 2>&1
check_eq "without the gate the same comparison exits 0" 0 "$?"
# --format csv: the values of a row, and the usual midrank p beside the verdict's.
"$out/build/host/rvbench" compare -f csv --by size "$out/results/copy-1k" "$out/results/copy-4k" >"$out/cmp.csv" 2>&1
check "--format csv: a row with medians, change, CI, p, verdict, B's params, p_midrank" \
	grep -q '^memcpy,memcpy,size=1024;src_off=0;dst_off=0;impl=0,0,,1,50,50,6151,24583,299.658592,3.99658592098846,3.99658592098846,7.06607e-18,slower,size=4096;src_off=0;dst_off=0;impl=0,,2.62802e-23' "$out/cmp.csv"
