"""The one stand-in for MicroPython's `machine`, as the rp2 port has it: what
the board profiles, the drivers and the app use (Pin, SPI, I2C, PWM, freq,
unique_id, reset, idle). It runs on the MicroPython VMs (the simulator's unix
port, the WebAssembly port) and on CPython (the tests' kit).

    m = Machine(port)          # handed where the Pico passes the module
    hw = lcd114.make(m)        # m.Pin, m.SPI... are classes bound to m
    m.set_levels(levels)       # the host's input levels; edge interrupts fire

Pin state is per GPIO, not per object, as on the chip: two Pin(8) are the
same wire. What differs between runtimes is the Port, where the outputs go:
the simulator's streams them down its channel to the host's panel
(sim/vm/simlink.py), the WebAssembly port's drops them (the page reads the
driver's frame buffer; web/vm/webdev.py watches the backlight), the tests'
kit logs them (tests/kit/fake_machine.py). Input levels come from the host
through `set_levels`, or from `force` while the simulator finds its keys.

Signal, SoftSPI, SoftI2C and the rest load from standin_extra on first use:
this module's bytecode sits in the heap the app would have to itself.
"""

try:
    from micropython import const
except ImportError:  # CPython: the tests' kit

    def const(x):  # type: ignore[misc]
        return x


_NPINS = const(32)
_EIO = const(5)  # a device that does not ACK, as the rp2 port reports it
UID = b"\xe6\x60\x58\x38\x83\x51\x5a\x2f"  # fixed: runs are reproducible


class Port:
    """Where a machine's outputs go: one subclass per runtime, overriding
    what it shows. The calls, all of them dropped here but reset:

    pin(n, v)              GPIO n's output latch changed to v
    mode(n, mode, pull)    GPIO n was configured
    conf(what, args)       a bus or PWM was set up: "spi", "i2c" or "pwm" and its numbers
    spi(bus, buf)          one SPI write
    i2c(bus, addr, buf)    one I2C write to a device that answered
    i2cv(bus, addr, bufs)  one I2C transaction of several buffers (writevto)
    pwm(pin, duty)         a PWM's duty_u16 changed, as the pin puts it out (inverted if asked)
    reset()                machine.reset(): never returns on the chip
    """

    def _drop(self, *args) -> None:
        pass

    pin = mode = conf = spi = i2c = i2cv = pwm = _drop  # one function: less bytecode in the VM's heap

    def reset(self) -> None:
        raise NotImplementedError("machine.reset")


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


def _pid(p) -> int:
    return -1 if p is None else _pin_id(p)


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    ALT = 3
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    m = None  # the Machine: set on the class its machine binds

    def __init__(self, id, mode=-1, pull=-1, value=None, **kw) -> None:  # noqa: A002 - machine.Pin's name
        self.id = _pin_id(id)
        self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None, **kw) -> None:
        m = self.m
        n = self.id
        if value is not None:  # the latch first, as the rp2 port sets it: no glitch
            m.latch(n, value)
        changed = False
        if mode is not None and mode >= 0 and m.modes[n] != mode:
            m.modes[n] = mode
            changed = True
        if pull is None:
            pull = 0
        if pull >= 0 and m.pulls[n] != pull:
            m.pulls[n] = pull
            changed = True
        if changed:
            m.port.mode(n, m.modes[n], m.pulls[n])

    def value(self, v=None):
        m = self.m
        n = self.id
        if v is None:
            mode = m.modes[n]
            if mode == 1:  # OUT reads back its latch
                return (m.out >> n) & 1
            if mode == 2 and not (m.out >> n) & 1:  # open drain pulled low
                return 0
            return m.level(n)
        m.latch(n, v)
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self) -> None:
        self.m.latch(self.id, 1)

    def off(self) -> None:
        self.m.latch(self.id, 0)

    def toggle(self) -> None:
        self.m.latch(self.id, not (self.m.out >> self.id) & 1)

    def irq(self, handler=None, trigger=12, hard=False):
        if handler is None:
            self.m.irqs.pop(self.id, None)
        else:
            self.m.irqs[self.id] = (handler, trigger, self)
        return None

    def __repr__(self) -> str:
        return "Pin(GPIO%d)" % self.id


class SPI:
    MSB = 1
    LSB = 0

    m = None

    def __init__(
        self, id, baudrate=1000000, *, polarity=0, phase=0, bits=8, firstbit=1, sck=None, mosi=None, miso=None
    ):  # noqa: A002
        self.id = id
        self.init(baudrate, polarity=polarity, phase=phase, bits=bits, firstbit=firstbit, sck=sck, mosi=mosi, miso=miso)

    def init(self, baudrate=1000000, *, polarity=0, phase=0, bits=8, firstbit=1, sck=None, mosi=None, miso=None):
        self.baudrate = baudrate
        self.m.port.conf("spi", (self.id, baudrate, polarity, phase, bits, firstbit, _pid(sck), _pid(mosi), _pid(miso)))

    def deinit(self) -> None:
        pass

    def write(self, buf) -> None:
        self.m.port.spi(self.id, buf)


class I2C:
    m = None

    def __init__(self, id=0, *, scl=None, sda=None, freq=400000, timeout=50000):  # noqa: A002
        self.id = id
        self.init(scl=scl, sda=sda, freq=freq)

    def init(self, *, scl=None, sda=None, freq=400000, **kw) -> None:
        self.m.port.conf("i2c", (self.id, freq, _pid(scl), _pid(sda)))

    def deinit(self) -> None:
        pass

    def scan(self) -> list:
        return list(self.m.i2c_devices)

    def _check(self, addr: int) -> None:
        if addr not in self.m.i2c_devices:
            raise OSError(_EIO)

    def readfrom(self, addr: int, n: int, stop: bool = True) -> bytes:
        """A device that is there answers (zeros), as the board's probe for
        the OLED's address reads it; one that is not, EIO."""
        self._check(addr)
        return bytes(n)

    def writeto(self, addr: int, buf, stop: bool = True) -> int:
        self._check(addr)
        self.m.port.i2c(self.id, addr, buf)
        return len(buf)

    def writevto(self, addr: int, vector, stop: bool = True) -> int:
        self._check(addr)
        self.m.port.i2cv(self.id, addr, vector)
        n = 0
        for b in vector:
            n += len(b)
        return n


class PWM:
    m = None

    def __init__(self, dest, *, freq=-1, duty_u16=-1, invert=False):
        self.pin = _pin_id(dest)
        self._freq = 1000
        self._duty = 0
        self.invert = invert
        self.init(freq=freq, duty_u16=duty_u16)

    def init(self, *, freq=-1, duty_u16=-1) -> None:
        if freq >= 0:
            self.freq(freq)
        if duty_u16 >= 0:
            self.duty_u16(duty_u16)

    def freq(self, f=None):
        if f is None:
            return self._freq
        self._freq = int(f)
        self.m.port.conf("pwm", (self.pin, self._freq))
        return None

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        d = max(0, min(65535, int(d)))  # the rp2 port caps it too
        self._duty = d
        self.m.port.pwm(self.pin, 65535 - d if self.invert else d)
        return None

    def deinit(self) -> None:
        self.duty_u16(0)


class Machine:
    """One board's `machine`: its GPIOs' state, its buses' devices, its port."""

    pin_class = Pin  # a kit may bind a subclass with what only tests need

    def __init__(self, port=None, i2c_devices=(0x3C,)) -> None:
        self.port = port if port is not None else Port()
        self.i2c_devices = list(i2c_devices)  # I2C addresses that answer
        self.out = 0  # output latches, one bit per GPIO
        self.modes = bytearray(b"\xff" * _NPINS)  # 255: never configured
        self.pulls = bytearray(_NPINS)  # 0 none, 1 up, 2 down
        self.levels = 0  # input levels the host sets...
        self.driven = 0  # ...on these GPIOs (the keys)
        self.forced = 0  # key probing: these inputs read...
        self.force_levels = 0  # ...these levels
        self.irqs = {}  # GPIO -> (handler, trigger, Pin)
        self.uid = UID
        self.cpu_hz = 125_000_000
        self.peri_hz = 48_000_000  # the rp2 port's peripheral clock at boot
        self.Pin = _bind(self.pin_class, self)
        self.SPI = _bind(SPI, self)
        self.I2C = _bind(I2C, self)
        self.PWM = _bind(PWM, self)

    # ---- what the firmware calls, as on the `machine` module

    def freq(self, hz=None, peri=None):
        """The system clock; (hz, peri) sets both, and as on the rp2 port the
        peripheral clock is 48 MHz or the system clock's."""
        if hz is None:
            return self.cpu_hz
        if peri is not None and peri not in (48_000_000, hz):
            raise ValueError("peripheral freq must be 48_000_000 or the same as the MCU freq")
        self.cpu_hz = hz
        if peri is not None:
            self.peri_hz = peri
        return None

    def unique_id(self) -> bytes:
        return self.uid

    def reset(self) -> None:
        self.port.reset()

    def idle(self) -> None:
        pass

    def __getattr__(self, name):
        # the rarely used parts load on first use: their bytecode is not the Pico's heap cost
        import standin_extra

        return standin_extra.part(self, name)

    # ---- the pins, for the classes and the runtime's host

    def latch(self, n: int, v) -> None:
        bit = 1 << n
        if v:
            if self.out & bit:
                return
            self.out |= bit
        else:
            if not self.out & bit:
                return
            self.out &= ~bit
        self.port.pin(n, 1 if v else 0)

    def level(self, n: int) -> int:
        """What input GPIO n reads: forced, else the host's level, else its pull (floating reads low)."""
        bit = 1 << n
        if self.forced & bit:
            return 1 if self.force_levels & bit else 0
        if self.driven & bit:
            return 1 if self.levels & bit else 0
        return 1 if self.pulls[n] == 1 else 0

    def drive(self, mask: int, levels: int) -> None:
        """From now on the host sets these inputs; they start at `levels` (no edge)."""
        self.driven = mask
        self.levels = levels

    def set_levels(self, levels: int) -> None:
        """New input levels from the host: edge interrupts fire as driven pins change."""
        old = self.levels
        self.levels = levels
        if old == levels or not self.irqs:
            return
        for n in list(self.irqs):
            bit = 1 << n
            if (old ^ levels) & bit and self.driven & bit:
                handler, trigger, pin = self.irqs[n]
                if (levels & bit and trigger & 8) or (not levels & bit and trigger & 4):
                    handler(pin)

    def force(self, mask: int, levels: int) -> None:
        """Override input levels while the simulator finds which pin each key reads."""
        self.forced = mask
        self.force_levels = levels

    def input_pins(self) -> list:
        return [n for n in range(_NPINS) if self.modes[n] == 0 or self.modes[n] == 2]


def _bind(cls, machine):
    """`cls` as one machine's: machine.Pin(8) is a pin of that machine, and
    machine.Pin.OUT is there as on the real module."""
    return type(cls.__name__, (cls,), {"m": machine})
