"""The Pico's USB serial (which is also its REPL) as a non-blocking byte pipe.

Only `read(1)` after a poll is safe on rp2; writes go out only when the port
can take them, so a host that opened the port and stopped reading never
freezes the device. On the Pico, usher.boot turns kbd_intr off while the app
runs (a stray 0x03 is a byte, not an interrupt); tools ask the link for the
REPL instead (op "repl").
The same code serves the simulator, whose stdin/stdout stand for the USB."""

try:
    from typing import Any
except ImportError:  # MicroPython: annotations are never evaluated
    pass

import select
import sys


class UsbSerial:
    def __init__(self, inp=None, out=None) -> None:
        inp = inp or getattr(sys.stdin, "buffer", sys.stdin)
        self.inp: Any = inp
        self.out: Any = out or getattr(sys.stdout, "buffer", sys.stdout)
        self.one = bytearray(1)  # read into, so a byte costs no allocation
        self.rpoll = select.poll()
        self.rpoll.register(self.inp, select.POLLIN)
        # bound once: a flood of host bytes is read a byte at a time
        self.ipoll = self.rpoll.ipoll
        self.readinto: Any = inp.readinto
        self.wpoll = select.poll()
        self.wpoll.register(self.out, select.POLLOUT)

    def read(self) -> int:
        """One byte, or -1 when nothing is waiting. Never blocks. On rp2 the
        poll and the read each run the USB stack's task: ipoll and readinto
        allocate nothing besides (garbage drains about a third faster)."""
        for _ in self.ipoll(0):
            break
        else:
            return -1
        one = self.one
        if not self.readinto(one):
            return -1
        return one[0]

    def write(self, data: bytes) -> int:
        """Write what the port takes now; returns the count (0 if it is full)."""
        if not self.wpoll.poll(0):
            return 0
        n = self.out.write(data)
        try:
            self.out.flush()
        except (AttributeError, OSError):
            pass
        return len(data) if n is None else n
