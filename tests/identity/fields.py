#!/usr/bin/env python3
"""What differs between two UART captures of the same scenario, field by field.

    fields.py A.log B.log

Prints one line per place that differs, as a key that names the record
type, the block's benchmark (or the hart) and the field, e.g.
"END addi100 checksum" or "HART 1 run_cycles"; "STRUCTURE ..." when the
records themselves differ (another type, other keys, a line more or less).
Human lines are compared benchmark by benchmark ("human <benchmark>"), and
the S lines of a block as one record ("S <benchmark> data").

Under QEMU -icount the cycle and time counters count every instruction the
firmware runs, and some values are addresses: the run tag (and so every
line's CRC), the harts' cycle counts, tracepoint start times, the samples
of benchmarks that wait for a timer tick, trap addresses and sums of
pointers change with any change of the firmware's code, even one nop.
check.sh measures that set on the earlier commit with a few instructions
and a page or more added, and accepts a change only where those do the
same.
"""
import re
import sys

MACHINE = re.compile(rb"@RVB ([0-9a-f]{8}) (\d+) ([A-Z]+) ?(.*) \*[0-9A-F]{4}\r?$")


def parse(path):
    """Machine records [type, [(key, value)], block] and human lines by block.

    The S lines of a block are one record: how many lines its samples take
    depends on the values. Human lines are gathered under the benchmark
    whose block they follow, in order.
    """
    records, human = [], {}
    names, block = {}, "-"
    for raw in open(path, "rb").read().split(b"\n"):
        m = MACHINE.search(raw)
        if not m:
            text = raw.rstrip(b"\r")
            if text:
                human.setdefault(block, []).append(text)
            continue
        rtype = m.group(3).decode()
        fields = m.group(4).decode().split(" ") if m.group(4) else []
        if rtype == "S":
            kv = [("data", " ".join(fields[1:]))]
            ident = fields[0] if fields else "?"
        else:
            kv = [tuple(f.split("=", 1)) if "=" in f else (f, "") for f in fields]
            ident = dict(kv).get("id")
        if rtype == "BENCH":
            names[ident] = dict(kv).get("name", "?")
        if rtype in ("BENCH", "S", "END") or (rtype == "FAULT" and ident):
            block = names.get(ident, "?")
        if rtype == "HART":
            block = "hart " + dict(kv).get("id", "?")
        if rtype == "S" and records and records[-1][0] == "S" and records[-1][3] == ident:
            records[-1][1][0] = ("data", records[-1][1][0][1] + " | " + kv[0][1])
            continue
        records.append([rtype, kv, block, ident])
    return records, human


def differences(a_path, b_path):
    a_rec, a_hum = parse(a_path)
    b_rec, b_hum = parse(b_path)
    out = set()
    if len(a_rec) != len(b_rec):
        out.add("STRUCTURE record count %d vs %d" % (len(a_rec), len(b_rec)))
    for (at, akv, ab, _), (bt, bkv, bb, _) in zip(a_rec, b_rec):
        if at != bt or [k for k, _ in akv] != [k for k, _ in bkv]:
            out.add("STRUCTURE %s %s keys" % (at, ab))
            continue
        for (k, av), (_, bv) in zip(akv, bkv):
            if av != bv:
                out.add("%s %s %s" % (at, ab if at not in ("RUN", "TRAILER") else "-", k))
    for block in set(a_hum) | set(b_hum):
        if a_hum.get(block) != b_hum.get(block):
            out.add("human %s" % block)
    return out


def main():
    for d in sorted(differences(sys.argv[1], sys.argv[2])):
        print(d)


if __name__ == "__main__":
    main()
