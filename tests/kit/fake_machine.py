"""A hand-written stand-in for MicroPython's `machine`, for tests.

    m = Machine()
    hw = lcd114.make(m)          # a profile only sees m.Pin, m.SPI, m.I2C, m.PWM, m.freq
    m.pin(15).level = 0          # the key on GP15 is pressed (active low)
    m.log                        # what the board would see, in order

Every output a driver makes lands in one ordered log, so a test can replay the
bus the way a panel would: ("pin", id, value) when an output pin changes,
("spi", id, bytes) for each SPI write, ("i2c", addr, bytes) for each I2C
transaction (writevto's buffers joined, as the wire sees them), and
("pwm", pin id, duty_u16).
"""


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, machine, id, mode=-1, pull=-1, value=None):  # noqa: A002 - machine.Pin's name
        self.m = machine
        self.id = id
        self.mode = Pin.IN
        self.pull = -1
        self.out = 0  # level this pin drives when an output
        self.level = None  # level a test applies from outside; None = not driven
        self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None):
        if mode != -1:
            self.mode = mode
        if pull != -1:
            self.pull = pull
        if value is not None:
            self.value(value)

    def value(self, v=None):
        if v is None:
            if self.mode == Pin.OUT:
                return self.out
            if self.level is not None:
                return self.level
            if self.pull == Pin.PULL_UP:
                return 1
            return 0  # floating input or pulled down
        self.out = 1 if v else 0
        if self.mode == Pin.OUT:
            self.m.log.append(("pin", self.id, self.out))
        return None

    def __call__(self, v=None):
        return self.value(v)

    def irq(self, handler=None, trigger=IRQ_FALLING, hard=False):
        self.handler = handler
        self.trigger = trigger

    def tap(self):
        """A press and release the poll never sees (it happened during a save):
        only the falling-edge interrupt knows."""
        handler = getattr(self, "handler", None)
        if handler is not None and self.trigger & Pin.IRQ_FALLING:
            handler(self)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)


class SPI:
    def __init__(self, machine, id, baudrate=1000000, polarity=0, phase=0, bits=8, sck=None, mosi=None, miso=None):  # noqa: A002
        self.m = machine
        self.id = id
        self.baudrate = baudrate
        self.polarity = polarity
        self.phase = phase
        self.sck = sck
        self.mosi = mosi
        self.miso = miso

    def init(self, baudrate=1000000, **kw):
        self.baudrate = baudrate

    def write(self, buf):
        self.m.log.append(("spi", self.id, bytes(buf) if self.m.keep else len(buf)))


class I2C:
    def __init__(self, machine, id, scl=None, sda=None, freq=400000):  # noqa: A002
        self.m = machine
        self.id = id
        self.scl = scl
        self.sda = sda
        self.freq = freq

    def scan(self):
        return list(self.m.i2c_devices)

    def _check(self, addr):
        if addr not in self.m.i2c_devices:
            raise OSError(19)  # ENODEV, what rp2 raises for a missing device

    def readfrom(self, addr, n, stop=True):
        self._check(addr)
        return bytes(n)

    def writeto(self, addr, buf, stop=True):
        self._check(addr)
        self.m.log.append(("i2c", addr, bytes(buf) if self.m.keep else len(buf)))
        return len(buf)

    def writevto(self, addr, bufs, stop=True):
        self._check(addr)
        data = b"".join(bytes(b) for b in bufs)
        self.m.log.append(("i2c", addr, data if self.m.keep else len(data)))
        return len(data)


class PWM:
    def __init__(self, machine, pin, freq=-1, duty_u16=-1):
        self.m = machine
        self.pin = pin
        self._freq = 0
        self._duty = 0
        if freq >= 0:
            self.freq(freq)
        if duty_u16 >= 0:
            self.duty_u16(duty_u16)

    def freq(self, f=None):
        if f is None:
            return self._freq
        self._freq = f
        return None

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        if not 0 <= d <= 65535:
            raise ValueError("duty out of range")
        self._duty = d
        self.m.log.append(("pwm", self.pin.id, d))
        return None

    def deinit(self):
        self._duty = 0


class _Factory:
    """Calling it builds the fake bound to one Machine; constants stay reachable
    as attributes (machine.Pin.OUT), just as on the real module."""

    def __init__(self, machine, cls):
        self._m = machine
        self._cls = cls

    def __call__(self, *args, **kw):
        obj = self._cls(self._m, *args, **kw)
        if self._cls is Pin:
            self._m.pins[obj.id] = obj
            if obj.id in self._m.held:
                obj.level = 0  # a key held down since power-on
        return obj


class _PinFactory(_Factory):
    IRQ_FALLING = Pin.IRQ_FALLING
    IRQ_RISING = Pin.IRQ_RISING
    IN = Pin.IN
    OUT = Pin.OUT
    OPEN_DRAIN = Pin.OPEN_DRAIN
    PULL_UP = Pin.PULL_UP
    PULL_DOWN = Pin.PULL_DOWN


class Machine:
    def __init__(self, i2c_devices=(0x3C,)):
        self.log = []
        self.pins = {}  # id -> the last Pin built for it
        self.held = []  # pins pulled low from the start (keys held at power-on)
        self.keep = True  # log the bytes of each bus write (False: only their count, for long runs)
        self.i2c_devices = list(i2c_devices)
        self.Pin = _PinFactory(self, Pin)
        self.SPI = _Factory(self, SPI)
        self.I2C = _Factory(self, I2C)
        self.PWM = _Factory(self, PWM)
        self.cpu_hz = 125_000_000
        self.peri_hz = 48_000_000  # the rp2 port's peripheral clock at boot

    def freq(self, hz=None, peri=None):
        """machine.freq(): the system clock; (hz, peri) sets both, and as on
        the rp2 port the peripheral clock is 48 MHz or the system clock's."""
        if hz is None:
            return self.cpu_hz
        if peri is not None and peri not in (48_000_000, hz):
            raise ValueError("peripheral freq must be 48_000_000 or the same as the MCU freq")
        self.cpu_hz = hz
        if peri is not None:
            self.peri_hz = peri
        return None

    def pin(self, id):  # noqa: A002
        return self.pins[id]

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
