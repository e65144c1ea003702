"""The device end of the simulator's channel (runs on the MicroPython VM).

Two inherited pipes. Device -> host: framed messages, a type byte and a
little-endian u32 payload length, then the payload. Small messages batch in a
256-byte buffer; bulk bus data goes straight to the pipe, so the heap never
holds more than the driver's own buffers. Host -> device: a 16-byte reply to
each sleep request (ticks, time, input levels, command, argument).

The message types are mirrored in usher_tools/sim/protocol.py. `SimPort` is
the `machine` stand-in's port here: its pins and buses become messages.
"""

import gc

from micropython import const
from standin_machine import Port

_BUF = const(256)
_SMALL = const(64)  # bus writes up to this size are copied into the batch

# message types (ASCII, so a hex dump reads)
PIN = const(0x50)  # P: pin id, level
MODE = const(0x4D)  # M: pin id, mode, pull
SPI = const(0x53)  # S: bus id, 0, data...
I2C = const(0x49)  # I: bus id, address, data...
PWM = const(0x44)  # D: pin id, duty lo, duty hi
CONF = const(0x43)  # C: text describing a bus or PWM setup
SLEEP = const(0x54)  # T: u32 ms, u32 live heap (or 0xFFFFFFFF), u32 flash operations
KEYS = const(0x4B)  # K: JSON, the profile's keys and the pins they read
HELLO = const(0x48)  # H: JSON, boot figures
CUT = const(0x5A)  # Z: the power cut hit; the host kills the VM
RESET = const(0x52)  # R: machine.reset(); the host restarts the VM
EXIT = const(0x58)  # X: JSON, the end-of-run report

# commands in a sleep reply
CMD_NONE = const(0)
CMD_CUT = const(1)  # power cut after `arg` more flash writes
CMD_CUT_TORN = const(2)  # same, and the cut write lands half done
CMD_STOP = const(3)  # end the run: SystemExit out of sleep_ms


class Link:
    def __init__(self, rx, tx) -> None:
        self.rx = rx  # the two pipes, opened as files
        self.tx = tx
        self.buf = bytearray(_BUF)
        self.mv = memoryview(self.buf)
        self.n = 0
        self.hdr = bytearray(7)
        self.reply = bytearray(16)
        self.ticks = 0
        self.time = 0
        self.levels = 0
        self.flash = None  # the FileFlash, for power-cut commands and its write count
        self.on_levels = None  # callable(levels) when a reply changes them (pin interrupts)
        self.probe = 1  # measure the live heap every `probe` sleeps (0 = never)
        self.count = 0

    def flush(self) -> None:
        if self.n:
            self.tx.write(self.mv[: self.n])
            self.n = 0

    def begin(self, t: int, n: int) -> int:
        """Reserve a message with an n-byte payload in the batch; return the payload offset."""
        if self.n + 5 + n > _BUF:
            self.flush()
        b = self.buf
        i = self.n
        b[i] = t
        b[i + 1] = n & 255
        b[i + 2] = (n >> 8) & 255
        b[i + 3] = (n >> 16) & 255
        b[i + 4] = (n >> 24) & 255
        self.n = i + 5 + n
        return i + 5

    def small(self, t: int, a: int, b: int = -1, c: int = -1) -> None:
        n = 1 if b < 0 else (2 if c < 0 else 3)
        i = self.begin(t, n)
        buf = self.buf
        buf[i] = a
        if n > 1:
            buf[i + 1] = b
        if n > 2:
            buf[i + 2] = c

    def _big_header(self, t: int, n: int, a: int, b: int) -> None:
        self.flush()
        h = self.hdr
        h[0] = t
        h[1] = n & 255
        h[2] = (n >> 8) & 255
        h[3] = (n >> 16) & 255
        h[4] = (n >> 24) & 255
        h[5] = a
        h[6] = b
        self.tx.write(h)

    def bus(self, t: int, a: int, b: int, data) -> None:
        """A bus write: two prefix bytes (bus id, address) and the data as sent."""
        n = len(data)
        if n <= _SMALL:
            i = self.begin(t, n + 2)
            self.buf[i] = a
            self.buf[i + 1] = b
            self.mv[i + 2 : i + 2 + n] = data
        else:
            self._big_header(t, n + 2, a, b)
            self.tx.write(data)

    def busv(self, t: int, a: int, b: int, parts) -> None:
        """One bus transaction made of several buffers (I2C.writevto)."""
        n = 0
        for p in parts:
            n += len(p)
        if n <= _SMALL:
            i = self.begin(t, n + 2) + 2
            self.buf[i - 2] = a
            self.buf[i - 1] = b
            for p in parts:
                k = len(p)
                self.mv[i : i + k] = p
                i += k
        else:
            self._big_header(t, n + 2, a, b)
            for p in parts:
                self.tx.write(p)

    def text(self, t: int, s: str) -> None:
        data = s.encode()
        self._big_header(t, len(data) + 2, 0, 0)
        self.tx.write(data)
        self.flush()

    def _u32(self, i: int, v: int) -> None:
        b = self.buf
        b[i] = v & 255
        b[i + 1] = (v >> 8) & 255
        b[i + 2] = (v >> 16) & 255
        b[i + 3] = (v >> 24) & 255

    def sync(self, ms: int) -> None:
        """Tell the host the device sleeps `ms`; block for its reply; act on its command."""
        live = 0xFFFFFFFF
        if self.probe:
            self.count += 1
            if self.count >= self.probe:
                # micropython.mem_peak() counts every byte ever allocated (a collection
                # does not lower it); what is live after a collection is the real need
                self.count = 0
                gc.collect()
                live = gc.mem_alloc()
        i = self.begin(SLEEP, 12)
        self._u32(i, ms)
        self._u32(i + 4, live)
        fl = self.flash
        self._u32(i + 8, fl.ops if fl is not None else 0)
        self.flush()
        r = self.reply
        if self.rx.readinto(r) != 16:
            raise SystemExit(3)  # the host is gone
        self.ticks = r[0] | (r[1] << 8) | (r[2] << 16) | (r[3] << 24)
        self.time = r[4] | (r[5] << 8) | (r[6] << 16) | (r[7] << 24)
        old = self.levels
        self.levels = r[8] | (r[9] << 8) | (r[10] << 16) | (r[11] << 24)
        cmd = r[12]
        if cmd:
            arg = r[13] | (r[14] << 8) | (r[15] << 16)
            if cmd == CMD_STOP:
                raise SystemExit(0)
            if fl is not None and (cmd == CMD_CUT or cmd == CMD_CUT_TORN):
                fl.arm(arg, cmd == CMD_CUT_TORN)
        if old != self.levels and self.on_levels is not None:
            self.on_levels(self.levels)

    def halt(self, t: int) -> None:
        """Send `t` (power cut, reset) and wait for the host to end this process."""
        self.small(t, 0)
        self.flush()
        while True:
            if self.rx.readinto(self.reply) != 16:
                raise SystemExit(3)


class SimPort(Port):
    """The stand-in machine's outputs, down the channel: the host emulates the
    panel's controller from the bus bytes and the pins (usher_tools/sim/runner.py)."""

    def __init__(self, link) -> None:
        self.link = link

    def pin(self, n: int, v: int) -> None:
        self.link.small(PIN, n, v)

    def mode(self, n: int, mode: int, pull: int) -> None:
        self.link.small(MODE, n, mode, pull)

    def conf(self, what: str, args) -> None:
        self.link.text(CONF, " ".join([what] + [str(a) for a in args]))

    def spi(self, bus: int, buf) -> None:
        self.link.bus(SPI, bus & 255, 0, buf)

    def i2c(self, bus: int, addr: int, buf) -> None:
        self.link.bus(I2C, bus & 255, addr, buf)

    def i2cv(self, bus: int, addr: int, bufs) -> None:
        self.link.busv(I2C, bus & 255, addr, bufs)

    def pwm(self, pin: int, duty: int) -> None:
        self.link.small(PWM, pin, duty & 255, duty >> 8)

    def reset(self) -> None:
        self.link.halt(RESET)
