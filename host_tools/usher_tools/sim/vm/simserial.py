"""The virtual USB serial (runs on the MicroPython VM): the VM's stdin and
stdout, which the host relays to a pseudo-terminal. Same contract as the
Pico's link: read() gives a byte or -1 and never blocks (select.poll, then
read(1), the only read that is safe after poll on rp2); write() takes what
fits now and never blocks.
"""

import select
import sys

from micropython import const

_CHUNK = const(512)  # at most this much per write: a pipe that polls writable takes it whole


class StdioSerial:
    def __init__(self) -> None:
        self.inp = sys.stdin.buffer
        self.out = sys.stdout.buffer
        self.pin = select.poll()
        self.pin.register(self.inp, select.POLLIN)
        self.pout = select.poll()
        self.pout.register(self.out, select.POLLOUT)
        self.one = bytearray(1)
        self.open = True

    def read(self) -> int:
        if not self.open:
            return -1
        for _obj, ev in self.pin.ipoll(0):
            if ev & select.POLLIN:
                if self.inp.readinto(self.one) == 1:
                    return self.one[0]
            # hang-up or end of input: the host closed the line
            self.open = False
            self.pin.unregister(self.inp)
            return -1
        return -1

    def write(self, data) -> int:
        for _obj, ev in self.pout.ipoll(0):
            if ev & select.POLLOUT:
                n = len(data)
                if n > _CHUNK:
                    data = memoryview(data)[:_CHUNK]
                    n = _CHUNK
                self.out.write(data)
                return n
        return 0
