#!/bin/sh
# What rvbench writes can be read back, by rvbench and by other tools,
# whatever a CRC-valid stream holds: a captured log with its lines changed
# (tests/support/forge_line.py seals them again), replayed, then read by
# `rvbench stats`, Python's csv and json modules (what pandas and jq
# expect: RFC 4180 and RFC 8259, no NaN) and jansson through `stats`.
#  - a block parameter whose value holds ';', '=', a quote, a line end and
#    a '%' (the wire's %XX escapes): the params column stays one
#    unambiguous NAME=value list that rvbench itself reads back;
#  - a 64-bit value beyond 2^63 (and 2^53) in a BENCH line: meta.json
#    stays readable by jansson, and no integer loses precision in a
#    reader that holds numbers as doubles (jq 1.6, JavaScript).
. tests/system/lib.sh
build=$1
rvb=$build/host/rvbench
log=tests/fixtures/firmware/sifive_u.log
forge=tests/support/forge_line.py
fresh_out results-reread

# The seq of addi100's BENCH line in the fixture.
seq=$(grep -a ' BENCH id=0 name=addi100 ' "$log" | awk '{print $3}')

# 1. A parameter with every separator of the params column in its value.
python3 "$forge" "$log" "$out/p.log" "$seq" "oh_method=min" \
	"oh_method=min p.x=a%3By%3D2%25 p.y=%0A%22q%2C" sub
"$rvb" replay "$out/p.log" -o "$out/p" -q >/dev/null 2>"$out/p.err"
check "a parameter with ';', '=', '%', a quote and a line end: replayed (exit 0)" \
	test $? -eq 0
"$rvb" stats "$out/p" >/dev/null 2>"$out/p.stats.err"
check "... and rvbench stats reads its own samples.csv back (exit 0): $(head -c 200 "$out/p.stats.err")" \
	test $? -eq 0
"$rvb" stats -f csv "$out/p" >"$out/p.stats.csv" 2>/dev/null
check "... and its csv export too" test $? -eq 0
cat >"$out/params.py" <<'EOF'
import csv, sys
# The params column: NAME=value joined by ';', each of the two parameters
# once, so that splitting on ';' and then on the first '=' gives them back.
for name in sys.argv[1:]:
    with open(name, newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["bench"] == "addi100"]
    assert rows, name
    for r in rows:
        parts = r["params"].split(";")
        keys = [p.split("=", 1)[0] for p in parts]
        assert keys == ["x", "y"], (name, r["params"])
        assert not any(ord(c) < 0x20 or c == "\x7f" for c in r["params"]), (name, r["params"])
print("ok")
EOF
res=$(python3 "$out/params.py" "$out/p/samples.csv" "$out/p/summary.csv" "$out/p.stats.csv" 2>&1 | tail -n 1)
check_eq "the params column is two NAME=value fields without a control byte, in samples.csv, summary.csv and the csv export" "ok" "$res"

# 2. A hart number of 2^64 - 1 and an overhead of 2^53 + 1: legal u64
#    values on the wire.
python3 "$forge" "$log" "$out/b1.log" "$seq" "hart=1 " "hart=18446744073709551615 " sub
python3 "$forge" "$out/b1.log" "$out/b.log" "$seq" "oh_instret=4 " "oh_instret=9007199254740993 " sub
"$rvb" replay "$out/b.log" -o "$out/b" -q >/dev/null 2>"$out/b.err"
st=$?
check "a BENCH line with 64-bit values replayed (exit 0 or 1, not 2): $st" test "$st" -le 1
"$rvb" stats "$out/b" >/dev/null 2>"$out/b.stats.err"
st=$?
check "... and rvbench stats reads its meta.json back (jansson; not exit 2): $(head -c 200 "$out/b.stats.err")" \
	test "$st" -le 1
cat >"$out/bigint.py" <<'EOF'
import json, sys
# Every integer of meta.json survives a reader that holds numbers as
# doubles (RFC 8259, section 6: beyond 2^53 they are not interoperable).
def walk(v, path):
    if isinstance(v, bool):
        return
    if isinstance(v, int):
        assert abs(v) <= 2**53 - 1, "%s: %d" % (path, v)
    elif isinstance(v, float):
        assert v == v and abs(v) != float("inf"), path
    elif isinstance(v, dict):
        for k, x in v.items():
            walk(x, path + "." + k)
    elif isinstance(v, list):
        for i, x in enumerate(v):
            walk(x, "%s[%d]" % (path, i))
def no_constant(c):
    raise ValueError("not JSON: " + c)
meta = json.load(open(sys.argv[1], encoding="utf-8"), parse_constant=no_constant)
walk(meta, "meta")
b = meta["runs"][0]["benches"][0]
# The exact value, as a string of digits.
assert str(b["hart"]) == "18446744073709551615", b["hart"]
assert str(b["overhead"]["instret"]) == "9007199254740993", b["overhead"]
print("ok")
EOF
res=$(python3 "$out/bigint.py" "$out/b/meta.json" 2>&1 | tail -n 1)
check_eq "meta.json: no integer beyond 2^53 as a JSON number, the exact values kept" "ok" "$res"

# 3. Two runs of the same benchmarks in one directory (a console session
#    that ran twice; here two captured logs one after the other): every
#    gbench-json entry has a name of its own, or Google Benchmark's
#    compare.py takes the two runs for repetitions of one benchmark.
cat tests/fixtures/qemu-sifive_u-300.log "$log" >"$out/two.log"
"$rvb" replay "$out/two.log" -o "$out/two" -q >/dev/null 2>&1
"$rvb" stats -f gbench-json "$out/two" >"$out/two.gb" 2>/dev/null
check "two runs: gbench-json written (exit 0)" test $? -eq 0
res=$(python3 -c '
import collections, json, sys
b = json.load(open(sys.argv[1]))["benchmarks"]
dup = [k for k, v in collections.Counter(x["name"] for x in b).items() if v > 1]
print("ok" if b and not dup else "duplicate names: %s" % dup[:4])' "$out/two.gb" 2>&1 | tail -n 1)
check_eq "two runs: every gbench-json name once" "ok" "$res"
