#!/usr/bin/env python3
"""Forges a wire line as a hostile user would: copies uart.log, changes the
first value of the S line with sequence number SEQ (cycles times FACTOR)
and recomputes that line's CRC-16, so the line itself is valid.

usage: forge_line.py IN OUT SEQ FACTOR MODE
MODE replace: the forged line takes the place of the real one (only the
              run's CRC-32 can tell);
     add:     the forged line follows the real one (two lines, one seq).
       forge_line.py IN OUT SEQ OLD NEW sub
     sub:     in the line with sequence number SEQ (any record), OLD is
              replaced by NEW and the CRC-16 recomputed.
"""
import sys

from wire_crc import reseal


def forge(line, factor):
    body = line.rstrip(b"\r\n")[:-5]  # without " *XXXX"... keeps the space
    words = body.split(b" ")
    # @RVB TAG SEQ S ID FIRST N d C,I C,I ...
    if words[3] != b"S" or words[7] != b"d":
        raise SystemExit("forge_line: not a decimal S line: %r" % line)
    cyc, ins = words[8].split(b",")
    words[8] = b"%d,%s" % (int(cyc) * factor, ins)
    body = b" ".join(words)
    return reseal(body)


def substitute(line, old, new):
    body = line.rstrip(b"\r\n")[:-5].replace(old.encode(), new.encode())
    return reseal(body)


def main():
    src, dst, seq, factor = sys.argv[1:5]
    mode = sys.argv[5] if sys.argv[5] in ("replace", "add") else sys.argv[-1]
    out = []
    done = False
    with open(src, "rb") as f:
        for line in f:
            w = line.split(b" ")
            if mode == "sub" and not done and len(w) > 3 and w[0] == b"@RVB" \
                    and w[2] == seq.encode():
                out.append(substitute(line, factor, sys.argv[5]))
                done = True
            elif not done and len(w) > 3 and w[0] == b"@RVB" and w[2] == seq.encode() \
                    and w[3] == b"S":
                bad = forge(line, int(factor))
                out.append(bad if mode == "replace" else line)
                if mode == "add":
                    out.append(bad)
                done = True
            else:
                out.append(line)
    if not done:
        raise SystemExit("forge_line: no such line with seq %s" % seq)
    with open(dst, "wb") as f:
        f.writelines(out)


main()
