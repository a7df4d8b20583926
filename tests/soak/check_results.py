#!/usr/bin/env python3
"""One result directory of `rvbench qemu` checked against itself and against
what happened to the collection (tests/soak/soak.sh).

usage: check_results.py DIR EXIT END BAD
  EXIT: rvbench's exit status; END: none, INT, TERM, HUP, PIPE or timeout
  (what the soak did); BAD: the rejected bootargs word given, or "-".
Prints a one-line summary and exits 0, or prints each inconsistency and
exits 1.
"""
import csv
import glob
import json
import os
import sys

d, rc, end, bad = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
errors = []


def err(msg):
    errors.append(msg)


def rows(name):
    with open(os.path.join(d, name), newline="") as f:
        return list(csv.DictReader(f))


tmp = [p for p in glob.glob(os.path.join(d, "**", "*.tmp"), recursive=True)]
tmp += glob.glob(os.path.join(d, ".*.tmp"))
if tmp:
    err("temporary files left: %s" % ", ".join(sorted(set(tmp))))
if rc not in (0, 1, 2):
    err("exit status %d: not 0, 1 or 2 (killed?)" % rc)
meta_path = os.path.join(d, "meta.json")
if not os.path.exists(meta_path):
    err("no meta.json")
    print("\n".join(errors))
    sys.exit(1)
meta = json.load(open(meta_path))
for f in meta["files"]:
    if not os.path.exists(os.path.join(d, f)):
        err("meta.json names %s, which is missing" % f)
if errors:
    print("\n".join(errors))
    sys.exit(1)

samples, summary, gaps = rows("samples.csv"), rows("summary.csv"), rows("gaps.csv")
count = {}
for r in samples:
    k = (r["run"], int(r["block"]))
    count[k] = count.get(k, 0) + 1
summ = {(r["run"], int(r["block"])): r for r in summary}
gap_count, open_gap = {}, set()
for g in gaps:
    k = (g["run"], int(g["block"]))
    if g["count"] == "":
        open_gap.add(k)
    else:
        gap_count[k] = gap_count.get(k, 0) + int(g["count"])

total_blocks = 0
bad_options = 0
empty_selection = False
for run in meta["runs"]:
    tag = run["tag"]
    got = 0
    ids = set()
    for b in run["benches"]:
        k = (tag, b["id"])
        ids.add(b["id"])
        total_blocks += 1
        rec = b.get("received", 0)
        got += rec
        if count.get(k, 0) != rec:
            err("run %s block %d: samples.csv has %d rows, meta.json %d received"
                % (tag, b["id"], count.get(k, 0), rec))
        if k not in summ:
            err("run %s block %d: no row in summary.csv" % k)
        elif b.get("status") is not None and summ[k]["status"] != b["status"]:
            err("run %s block %d: summary.csv status %s, meta.json %s"
                % (tag, b["id"], summ[k]["status"], b["status"]))
        if "samples" in b and k not in open_gap:
            want = b["warmup"] + b["samples"]
            if rec + gap_count.get(k, 0) != want:
                err("run %s block %d: %d received + %d in gaps.csv != %d announced"
                    % (tag, b["id"], rec, gap_count.get(k, 0), want))
    if run["samples_received"] != got:
        err("run %s: samples_received %d, blocks hold %d" % (tag, run["samples_received"], got))
    declared = run["config"].get("benches")
    if isinstance(declared, int):
        if declared == 0:
            empty_selection = True
        for i in range(declared):
            if i not in ids and (tag, i) not in open_gap:
                err("run %s: block %d of %d neither received nor in gaps.csv" % (tag, i, declared))
    n = run["config"].get("bad_options")
    if isinstance(n, int):
        bad_options += n
for k in count:
    if k not in summ:
        err("run %s block %d: samples without a block in summary.csv" % k)

src_end = meta["source"].get("end")
complete = meta["status"] == "complete" and all(r["result"] == "ok" for r in meta["runs"])
refused = bad_options > 0 or empty_selection
if refused and rc != 2:
    err("the firmware refused an option (or selected nothing) but the exit status is %d" % rc)
if bad != "-" and meta["runs"] and not refused:
    err("%s was given but the run header shows no rejected option" % bad)
if src_end == "interrupted" and rc == 0:
    err("interrupted, yet exit 0")
if src_end == "interrupted" and end in ("none", "timeout"):
    err("interrupted, but no signal was sent")
if rc == 0 and not (complete and src_end == "trailer"):
    err("exit 0 for a run that is not complete and ok (end %s)" % src_end)
if complete and src_end == "trailer" and not refused and rc != 0:
    err("a complete run with exit %d" % rc)
if errors:
    print("\n".join(errors))
    sys.exit(1)
print("end %s, %d runs, %d blocks, %d samples, %d gap rows"
      % (src_end, len(meta["runs"]), total_blocks, len(samples), len(gaps)))
