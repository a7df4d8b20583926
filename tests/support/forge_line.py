#!/usr/bin/env python3
"""Forges a wire line as a hostile user would: copies uart.log, changes the
first value of the S line with sequence number SEQ (cycles times FACTOR)
and recomputes that line's CRC-16, so the line itself is valid.

usage: forge_line.py IN OUT SEQ FACTOR MODE
MODE replace: the forged line takes the place of the real one (only the
              run's CRC-32 can tell);
     add:     the forged line follows the real one (two lines, one seq).
"""
import sys


def crc16(data):
    """CRC-16/CCITT-FALSE, as src/common/crc.h."""
    c = 0xFFFF
    for x in data:
        c ^= x << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x1021) & 0xFFFF if c & 0x8000 else (c << 1) & 0xFFFF
    return c


def forge(line, factor):
    body = line.rstrip(b"\r\n")[:-5]  # without " *XXXX"... keeps the space
    words = body.split(b" ")
    # @RVB TAG SEQ S ID FIRST N d C,I C,I ...
    if words[3] != b"S" or words[7] != b"d":
        raise SystemExit("forge_line: not a decimal S line: %r" % line)
    cyc, ins = words[8].split(b",")
    words[8] = b"%d,%s" % (int(cyc) * factor, ins)
    body = b" ".join(words)
    return body + b"*%04X\r\n" % crc16(body)


def main():
    src, dst, seq, factor, mode = sys.argv[1:6]
    out = []
    done = False
    with open(src, "rb") as f:
        for line in f:
            w = line.split(b" ")
            if not done and len(w) > 3 and w[0] == b"@RVB" and w[2] == seq.encode() \
                    and w[3] == b"S":
                bad = forge(line, int(factor))
                out.append(bad if mode == "replace" else line)
                if mode == "add":
                    out.append(bad)
                done = True
            else:
                out.append(line)
    if not done:
        raise SystemExit("forge_line: no S line with seq %s" % seq)
    with open(dst, "wb") as f:
        f.writelines(out)


main()
