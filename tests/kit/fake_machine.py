"""The tests' `machine`: the product's one stand-in (standin_machine, in
host_tools/usher_tools/standin/vm/) with a port that logs, and what only
tests need on top.

    m = Machine()
    hw = lcd114.make(m)          # a profile only sees m.Pin, m.SPI, m.I2C, m.PWM, m.freq
    m.pin(15).level = 0          # the key on GP15 is pressed (active low)
    m.log                        # what the board would see, in order

Every output a driver makes lands in one ordered log, so a test can replay the
bus the way a panel would: ("pin", id, value) when an output latch changes,
("spi", id, bytes) for each SPI write, ("i2c", addr, bytes) for each I2C
transaction (writevto's buffers joined, as the wire sees them), and
("pwm", pin id, duty_u16).
"""

from standin_machine import Machine as _Machine
from standin_machine import Pin as _Pin
from standin_machine import Port


class KitPin(_Pin):
    """The stand-in's pin, which a test can also lean on from outside."""

    @property
    def level(self):
        """The level a test applies from outside; None: not driven (the pull decides)."""
        bit = 1 << self.id
        if not self.m.driven & bit:
            return None
        return 1 if self.m.levels & bit else 0

    @level.setter
    def level(self, v):
        # no edge interrupt: a test fires one with tap(), or moves the pin with set()
        self.m.apply(self.id, v)

    def set(self, level):
        """The level changes as a finger changes it: the edge interrupt fires
        at once, between any two polls (the app may be busy drawing)."""
        m = self.m
        bit = 1 << self.id
        if not m.driven & bit:  # held from here on, from the level it reads now
            m.apply(self.id, self.value())
        m.set_levels(m.levels | bit if level else m.levels & ~bit)

    @property
    def pull(self):
        return self.m.pulls[self.id]

    def tap(self):
        """A press and release the poll never sees (it happened during a save):
        only the falling-edge interrupt knows."""
        irq = self.m.irqs.get(self.id)
        if irq is not None and irq[1] & KitPin.IRQ_FALLING:
            irq[0](self)


class _Log(Port):
    def __init__(self, machine):
        self.m = machine

    def pin(self, n, v):
        self.m.log.append(("pin", n, v))

    def spi(self, bus, buf):
        self.m.log.append(("spi", bus, bytes(buf) if self.m.keep else len(buf)))

    def i2c(self, bus, addr, buf):
        self.m.log.append(("i2c", addr, bytes(buf) if self.m.keep else len(buf)))

    def i2cv(self, bus, addr, bufs):
        data = b"".join(bytes(b) for b in bufs)
        self.m.log.append(("i2c", addr, data if self.m.keep else len(data)))

    def pwm(self, pin, duty):
        self.m.log.append(("pwm", pin, duty))


class Machine(_Machine):
    pin_class = KitPin

    def __init__(self, i2c_devices=(0x3C,)):
        self.log = []
        self.keep = True  # log the bytes of each bus write (False: only their count, for long runs)
        _Machine.__init__(self, _Log(self), i2c_devices)

    @property
    def held(self):
        """Pins pulled low from the start (keys held at power-on)."""
        return [n for n in range(32) if self.driven & (1 << n) and not self.levels & (1 << n)]

    @held.setter
    def held(self, pins):
        for n in pins:
            self.apply(n, 0)

    def apply(self, n, v):
        """GPIO n's input held at v from outside (None: let go)."""
        bit = 1 << n
        if v is None:
            self.driven &= ~bit
            return
        self.driven |= bit
        if v:
            self.levels |= bit
        else:
            self.levels &= ~bit

    def pin(self, id):  # noqa: A002
        return self.Pin(id)

    def key_pin(self, id=0):  # noqa: A002
        """An active-low key's pin, pulled up, as a profile makes it."""
        return self.Pin(id, KitPin.IN, KitPin.PULL_UP)

    def clear(self):
        self.log = []

    def entries(self, kind):
        return [e for e in self.log if e[0] == kind]


def no_sleep(ms):
    """Tests never wait in real time."""


def st7789_commands(log, dc_pin, cs_pin):
    """Replay an SPI log as an ST7789 sees it: a list of (command, [data chunks]).

    A byte with DC low is a command; bytes with DC high are its parameters or
    pixel data. Bytes sent while CS is high are ignored, as the panel would.
    Chunks stay separate so a full frame never needs one 64 KB buffer."""
    dc = 0
    cs = 1
    out = []
    for e in log:
        if e[0] == "pin":
            if e[1] == dc_pin:
                dc = e[2]
            elif e[1] == cs_pin:
                cs = e[2]
        elif e[0] == "spi" and cs == 0:
            if dc == 0:
                for b in e[2]:
                    out.append((b, []))
            elif out:
                out[-1][1].append(e[2])
    return out


def data_len(chunks):
    return sum(len(c) for c in chunks)


def joined(chunks):
    return b"".join(chunks)


def ssd1306_stream(log, addr=0x3C):
    """Split the I2C log to an SSD1306 into ("cmd", bytes) and ("data", bytes).

    Control byte 0x00 starts a command stream, 0x40 a data stream, 0x80 one command."""
    out = []
    for e in log:
        if e[0] != "i2c" or e[1] != addr or not e[2]:
            continue
        ctrl, rest = e[2][0], e[2][1:]
        if ctrl == 0x00:
            out.append(("cmd", rest))
        elif ctrl == 0x40:
            out.append(("data", rest))
        elif ctrl == 0x80:
            out.append(("cmd", rest[:1]))
        else:
            raise AssertionError("unknown control byte %x" % ctrl)
    return out
