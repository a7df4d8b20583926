#!/usr/bin/env python3
"""Damaged copies of a UART log, for the byte-identity check.

    damage.py LOG OUTDIR COUNT SEED

Writes OUTDIR/NNN.log: each the log with one kind of damage, chosen and
placed by a seeded generator, so the same arguments give the same files.
Kinds: bit flips, dropped, inserted and duplicated bytes, dropped and
duplicated lines, truncation, and CRC-valid edits of machine lines (a
field's value changed, a field removed or repeated, a record's type
changed, with the line's CRC-16 recomputed) that reach the collector's
checks of each record's content, not just its CRC.
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from wire_crc import reseal  # noqa: E402


VALUES = [b"0", b"1", b"2", b"-1", b"-0", b"00", b"x", b"", b"0x", b"0x1",
          b"4095", b"4096", b"4294967295", b"4294967296",
          b"18446744073709551615", b"18446744073709551616", b"%ZZ", b"%00",
          b"ok", b"fail", b"none", b"fault", b"skipped", b"verify-failed",
          b"auto", b"r", b"d", b"AAAA", b"%41bc"]
TYPES = [b"RUN", b"OVERHEAD", b"BENCH", b"S", b"FAULT", b"END", b"TP",
         b"HART", b"TRAILER", b"NEW"]


def edit_machine_line(rng, line):
    star = line.rfind(b" *")
    if not line.startswith(b"@RVB ") or star < 0:
        return None
    parts = line[:star].split(b" ")
    head, fields = parts[:4], parts[4:]
    kind = rng.randrange(5)
    if kind == 0 and fields:  # a value changed
        i = rng.randrange(len(fields))
        key, eq, _ = fields[i].partition(b"=")
        fields[i] = key + eq + rng.choice(VALUES) if eq else rng.choice(VALUES)
    elif kind == 1 and fields:  # a field removed
        del fields[rng.randrange(len(fields))]
    elif kind == 2 and fields:  # a field repeated with another value
        i = rng.randrange(len(fields))
        key, eq, _ = fields[i].partition(b"=")
        fields.insert(rng.randrange(len(fields) + 1), key + eq + rng.choice(VALUES))
    elif kind == 3:  # another record type
        head[3] = rng.choice(TYPES)
    else:  # another sequence number (a duplicate or a gap)
        head[2] = b"%d" % max(0, int(head[2]) + rng.choice([-2, -1, 1, 5]))
    return reseal(b" ".join(head + fields) + b" ")


def damage(rng, data):
    lines = data.splitlines(keepends=True)
    machine = [i for i, l in enumerate(lines) if l.startswith(b"@RVB ")]
    kind = rng.randrange(9)
    if kind == 0:  # bit flips
        b = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            p = rng.randrange(len(b))
            b[p] ^= 1 << rng.randrange(8)
        return bytes(b)
    if kind == 1:  # bytes dropped
        p = rng.randrange(len(data))
        return data[:p] + data[p + rng.randint(1, 40):]
    if kind == 2:  # bytes inserted
        p = rng.randrange(len(data))
        return data[:p] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 20))) + data[p:]
    if kind == 3:  # a chunk duplicated
        p = rng.randrange(len(data))
        q = min(len(data), p + rng.randint(1, 2000))
        return data[:q] + data[p:q] + data[q:]
    if kind == 4:  # machine lines dropped
        drop = set(rng.sample(machine, min(len(machine), rng.randint(1, 5))))
        return b"".join(l for i, l in enumerate(lines) if i not in drop)
    if kind == 5:  # a machine line duplicated, maybe far away
        i = rng.choice(machine)
        j = rng.randrange(len(lines) + 1)
        return b"".join(lines[:j] + [lines[i]] + lines[j:])
    if kind == 6:  # truncated
        return data[:rng.randrange(len(data))]
    # kinds 7, 8: CRC-valid edits of 1..3 machine lines
    for _ in range(rng.randint(1, 3)):
        i = rng.choice(machine)
        edited = edit_machine_line(rng, lines[i])
        if edited is not None:
            lines[i] = edited
    return b"".join(lines)


def main():
    log, outdir, count, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    data = open(log, "rb").read()
    rng = random.Random(seed)
    for n in range(count):
        with open("%s/%03d.log" % (outdir, n), "wb") as f:
            f.write(damage(rng, data))


if __name__ == "__main__":
    main()
