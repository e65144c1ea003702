"""The host end of the device channel: message types (mirroring
vm/simlink.py), a frame reader and the 16-byte sleep reply."""

import struct

PIN = ord("P")  # pin id, level
MODE = ord("M")  # pin id, mode, pull
SPI = ord("S")  # bus id, 0, data...
I2C = ord("I")  # bus id, address, data...
PWM = ord("D")  # pin id, duty lo, duty hi
CONF = ord("C")  # 2 pad bytes, text
SLEEP = ord("T")  # u32 ms, u32 live heap (0xFFFFFFFF: not measured), u32 flash operations
KEYS = ord("K")  # 2 pad bytes, JSON
HELLO = ord("H")  # 2 pad bytes, JSON
CUT = ord("Z")
RESET = ord("R")
EXIT = ord("X")  # 2 pad bytes, JSON

CMD_NONE = 0
CMD_CUT = 1
CMD_CUT_TORN = 2
CMD_STOP = 3


_HDR = struct.Struct("<BI")
_REPLY = struct.Struct("<IIIB")
_SLEEP = struct.Struct("<III")

MASK30 = (1 << 30) - 1


def reply(ticks: int, time_s: int, levels: int, cmd: int = CMD_NONE, arg: int = 0) -> bytes:
    return _REPLY.pack(ticks & MASK30, time_s & 0xFFFFFFFF, levels & 0xFFFFFFFF, cmd) + (arg & 0xFFFFFF).to_bytes(
        3, "little"
    )


def sleep_fields(payload) -> tuple:
    """(ms, live heap, flash operations) of a SLEEP message."""
    return _SLEEP.unpack_from(payload)


class FrameReader:
    """Cuts the device's byte stream into (type, payload) frames."""

    def __init__(self) -> None:
        self.buf = bytearray()
        self.pos = 0

    def feed(self, data: bytes) -> None:
        if self.pos and self.pos == len(self.buf):
            self.buf.clear()
            self.pos = 0
        elif self.pos > 1 << 20:
            del self.buf[: self.pos]
            self.pos = 0
        self.buf += data

    def next(self):
        """The next whole frame as (type, memoryview payload), or None."""
        buf = self.buf
        if len(buf) - self.pos < 5:
            return None
        t, n = _HDR.unpack_from(buf, self.pos)
        start = self.pos + 5
        if len(buf) - start < n:
            return None
        self.pos = start + n
        return t, bytes(buf[start : start + n])
