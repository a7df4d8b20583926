#!/usr/bin/env python3
"""What differs between two UART captures of the same scenario, field by field.

    fields.py A.log B.log

Prints one line per place that differs, as a key that names the record
type, the block's benchmark (or the hart) and the field, e.g.
"END addi100 checksum" or "HART 1 run_cycles"; "STRUCTURE ..." when the
records themselves differ (another type, other keys, a line more or less).
Human lines are compared block by block ("human <benchmark>").

Under QEMU -icount the cycle and time counters count every instruction the
firmware runs, and some values are addresses: the run tag (and so every
line's CRC), the harts' cycle counts, tracepoint start times, the samples
of benchmarks that wait for a timer tick, trap addresses and sums of
pointers change with any change of the firmware's code, even one nop.
check.sh measures that set on the earlier commit with a nop and a page
added, and accepts a change only where the nop does the same.
"""
import re
import sys

MACHINE = re.compile(rb"@RVB ([0-9a-f]{8}) (\d+) ([A-Z]+) ?(.*) \*[0-9A-F]{4}\r?$")


def parse(path):
    """Machine records (type, [(key, value)], block) and human segments."""
    records, human, segment = [], [], []
    names, block = {}, "-"
    for raw in open(path, "rb").read().split(b"\n"):
        m = MACHINE.search(raw)
        if not m:
            text = raw.rstrip(b"\r")
            if text:
                segment.append(text)
            continue
        human.append((block, segment))
        segment = []
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
        records.append((rtype, kv, block))
    human.append((block, segment))
    return records, human


def differences(a_path, b_path):
    a_rec, a_hum = parse(a_path)
    b_rec, b_hum = parse(b_path)
    out = set()
    if len(a_rec) != len(b_rec):
        out.add("STRUCTURE record count %d vs %d" % (len(a_rec), len(b_rec)))
    for (at, akv, ab), (bt, bkv, bb) in zip(a_rec, b_rec):
        if at != bt or [k for k, _ in akv] != [k for k, _ in bkv]:
            out.add("STRUCTURE %s %s keys" % (at, ab))
            continue
        for (k, av), (_, bv) in zip(akv, bkv):
            if av != bv:
                out.add("%s %s %s" % (at, ab if at not in ("RUN", "TRAILER") else "-", k))
    for (ab, aseg), (_, bseg) in zip(a_hum, b_hum):
        if aseg != bseg:
            out.add("human %s" % ab)
    return out


def main():
    for d in sorted(differences(sys.argv[1], sys.argv[2])):
        print(d)


if __name__ == "__main__":
    main()
