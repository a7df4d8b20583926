"""The UART stream's line check, for the test scripts that forge lines.

CRC-16/CCITT-FALSE as src/common/crc.h computes it, and a machine line
sealed with it (the C side writes the same in src/common/wire.c).
"""


def crc16(data):
    """CRC-16/CCITT-FALSE of bytes."""
    c = 0xFFFF
    for x in data:
        c ^= x << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x1021) & 0xFFFF if c & 0x8000 else (c << 1) & 0xFFFF
    return c


def reseal(body):
    """A machine line from its bytes up to and with the space before '*'."""
    return body + b"*%04X\r\n" % crc16(body)
