"""A hand-written fake `machine` for board profiles (runs on the MicroPython VM).

Only what board profiles and drivers use lives here (Signal, SoftI2C,
SoftSPI and the like load from simextra on first use): this module's
bytecode sits in the heap the app would have to itself on the Pico.

The simulator passes this module where the Pico passes `machine`:
`lcd114.make(simmachine)`. Same class names and the methods the drivers use;
the buses stream what the driver sends to the simulator host, which emulates
the panel controller. Input pins read the levels the host sends with each
sleep reply (the virtual buttons). Pin state is per GPIO, not per object, as
on the chip: two `Pin(8)` objects are the same wire.
"""

import simlink
from micropython import const

_NPINS = const(32)

_link = None
_out = 0  # output latch, one bit per GPIO
_mode = bytearray(b"\xff" * _NPINS)  # 255 = never configured
_pull = bytearray(_NPINS)  # 0 none, 1 up, 2 down
_driven = 0  # GPIOs whose input level the host sets (the buttons)
_force_mask = 0  # key probing: override these input levels...
_force_levels = 0  # ...with these
_irqs = {}  # GPIO -> (handler, trigger, Pin)
_i2c_present = [0x3C]


def attach(link, i2c_addresses=None) -> None:
    global _link, _i2c_present
    _link = link
    link.on_levels = _levels_changed
    if i2c_addresses is not None:
        _i2c_present = list(i2c_addresses)


def _pin_id(p) -> int:
    if isinstance(p, Pin):
        return p.id
    if isinstance(p, int):
        n = p
    elif isinstance(p, str) and p[:2] == "GP":
        n = int(p[2:])
    elif p == "LED":
        n = 25
    else:
        raise ValueError("invalid pin")
    if not 0 <= n < _NPINS:
        raise ValueError("invalid pin")
    return n


def _input_level(n: int) -> int:
    bit = 1 << n
    if _force_mask & bit:
        return 1 if _force_levels & bit else 0
    if _driven & bit:
        return 1 if _link.levels & bit else 0
    return 1 if _pull[n] == 1 else 0  # a floating pin reads low


def _send_level(n: int, v: int) -> None:
    global _out
    bit = 1 << n
    if v:
        if _out & bit:
            return
        _out |= bit
    else:
        if not _out & bit:
            return
        _out &= ~bit
    _link.small(simlink.PIN, n, v)


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    ALT = 3
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, value=None, **kw) -> None:
        self.id = _pin_id(id)
        self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None, **kw) -> None:
        n = self.id
        if value is not None:
            _send_level(n, 1 if value else 0)
        changed = False
        if mode is not None and mode >= 0 and _mode[n] != mode:
            _mode[n] = mode
            changed = True
        if pull is None:
            pull = 0
        if pull >= 0 and _pull[n] != pull:
            _pull[n] = pull
            changed = True
        if changed:
            _link.small(simlink.MODE, n, _mode[n], _pull[n])

    def value(self, v=None):
        n = self.id
        if v is None:
            m = _mode[n]
            if m == 1:  # OUT reads back its latch
                return 1 if _out & (1 << n) else 0
            if m == 2 and not _out & (1 << n):  # open drain pulled low
                return 0
            return _input_level(n)
        _send_level(n, 1 if v else 0)
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self) -> None:
        _send_level(self.id, 1)

    def off(self) -> None:
        _send_level(self.id, 0)

    def toggle(self) -> None:
        _send_level(self.id, 0 if _out & (1 << self.id) else 1)

    def irq(self, handler=None, trigger=12, hard=False):
        if handler is None:
            _irqs.pop(self.id, None)
        else:
            _irqs[self.id] = (handler, trigger, self)
        return None

    def __repr__(self) -> str:
        return "Pin(GPIO%d)" % self.id


def _levels_changed(old: int, new: int) -> None:
    # pin interrupts fire after the sleep in which the level changed
    if not _irqs:
        return
    for n in list(_irqs):
        bit = 1 << n
        if (old ^ new) & bit and _driven & bit:
            handler, trigger, pin = _irqs[n]
            if (new & bit and trigger & 8) or (not new & bit and trigger & 4):
                handler(pin)


def _pid(p) -> int:
    return -1 if p is None else _pin_id(p)


class SPI:
    MSB = 1
    LSB = 0

    def __init__(
        self, id, baudrate=1000000, *, polarity=0, phase=0, bits=8, firstbit=1, sck=None, mosi=None, miso=None
    ):  # noqa: E501
        self.id = id
        self.init(baudrate, polarity=polarity, phase=phase, bits=bits, firstbit=firstbit, sck=sck, mosi=mosi, miso=miso)

    def init(self, baudrate=1000000, *, polarity=0, phase=0, bits=8, firstbit=1, sck=None, mosi=None, miso=None):  # noqa: E501
        self.baudrate = baudrate
        _link.text(
            simlink.CONF,
            "spi %s %d %d %d %d %d %d %d %d"
            % (self.id, baudrate, polarity, phase, bits, firstbit, _pid(sck), _pid(mosi), _pid(miso)),
        )

    def deinit(self) -> None:
        pass

    def write(self, buf) -> None:
        _link.bus(simlink.SPI, self.id & 255, 0, buf)


def _nodev() -> OSError:
    return OSError(5)  # EIO: no ACK, as the rp2 port reports it


class I2C:
    def __init__(self, id=0, *, scl=None, sda=None, freq=400000, timeout=50000):
        self.id = id
        self.init(scl=scl, sda=sda, freq=freq)

    def init(self, *, scl=None, sda=None, freq=400000, **kw) -> None:
        _link.text(simlink.CONF, "i2c %s %d %d %d" % (self.id, freq, _pid(scl), _pid(sda)))

    def deinit(self) -> None:
        pass

    def scan(self) -> list:
        return list(_i2c_present)

    def writeto(self, addr: int, buf, stop: bool = True) -> int:
        if addr not in _i2c_present:
            raise _nodev()
        _link.bus(simlink.I2C, self.id & 255, addr, buf)
        return len(buf)

    def writevto(self, addr: int, vector, stop: bool = True) -> int:
        if addr not in _i2c_present:
            raise _nodev()
        _link.busv(simlink.I2C, self.id & 255, addr, vector)
        n = 0
        for b in vector:
            n += len(b)
        return n


class PWM:
    def __init__(self, dest, *, freq=-1, duty_u16=-1, invert=False):
        self.pin = _pin_id(dest)
        self._freq = 1000
        self._duty = 0
        self.invert = invert
        if freq >= 0:
            self.freq(freq)
        if duty_u16 >= 0:
            self.duty_u16(duty_u16)

    def init(self, *, freq=-1, duty_u16=-1) -> None:
        if freq >= 0:
            self.freq(freq)
        if duty_u16 >= 0:
            self.duty_u16(duty_u16)

    def freq(self, f=None):
        if f is None:
            return self._freq
        self._freq = int(f)
        _link.text(simlink.CONF, "pwm %d %d" % (self.pin, self._freq))
        return None

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        d = max(0, min(65535, int(d)))
        self._duty = d
        out = 65535 - d if self.invert else d
        _link.small(simlink.PWM, self.pin, out & 255, out >> 8)
        return None

    def deinit(self) -> None:
        self.duty_u16(0)


def freq(hz=None, peri=None):
    # (hz, peri): the system and peripheral clocks, as the rp2 port takes them
    return 125000000 if hz is None else None


def unique_id() -> bytes:
    return b"\xe6\x60\x58\x38\x83\x51\x5a\x2f"  # fixed: runs are reproducible


def reset() -> None:
    _link.halt(simlink.RESET)


def idle() -> None:
    pass


def __getattr__(name: str):
    # the rarely used parts load on first use: their bytecode is not the Pico's heap cost
    import simextra

    return getattr(simextra, name)


# --- used by simboot only -------------------------------------------------


def input_pins() -> list:
    out = [n for n in range(_NPINS) if _mode[n] == 0 or _mode[n] == 2]
    return out


def force(mask: int, levels: int) -> None:
    """Override input levels while sim_main finds which pin each key reads."""
    global _force_mask, _force_levels
    _force_mask = mask
    _force_levels = levels


def drive(mask: int, idle_levels: int) -> None:
    """From now on the host sets these inputs; until its first reply they sit idle."""
    global _driven
    _driven = mask
    _link.levels = idle_levels
