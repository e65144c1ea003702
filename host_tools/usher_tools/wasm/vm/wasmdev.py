"""The 32-bit heap meter's device side: runs on the MicroPython WebAssembly
port (32-bit) under Node, driven call by call by runner.mjs.

On that port `gc.collect()` inside Python only marks a collection as due; it
runs when control returns to JavaScript (no stack to scan then), and in the
meantime the heap grows instead of failing. So every step the host drives
(one app tick) is its own call that ends with
`gc.collect()`, and the next call reads `gc.mem_alloc()` first thing: the
live heap after that step, collected. `alloc_now()` read at the end of a
step, before its garbage is gone, bounds the step's own peak from above.

Everything here is imported before the firmware and is measured as the
harness's own heap (`harness_heap`), which the host subtracts, as the
simulator subtracts its allowance.

Parts:
- a fake `machine` (Pin, SPI, I2C, PWM): input levels come from the host
  each tick, bus writes are counted and dropped (the frame buffer is the
  driver's own, a real framebuf);
- a lockstep clock, a USB serial over fixed buffers, a storage wrapper that
  can cut the power after N writes;
- the app loop of usher.app.run, one tick per call.

The meter's portable-test protocol is the development kit's
(usher_devkit/meter/vm/vmtests.py), not part of this file.
"""

import gc
import sys

from micropython import const

_NPINS = const(32)
_MASK = const(0x3FFFFFFF)
_HALF = const(0x20000000)
TICK_MS = const(20)  # usher.app.TICK_MS: the loop sleeps this long after each tick

# ---------------------------------------------------------------- machine

_levels = 0  # input levels the host drives (one bit per GPIO)
_out = 0  # output latch
_mode = bytearray(b"\xff" * _NPINS)
_pull = bytearray(_NPINS)
_irqs = {}
_i2c_present = [0x3C]
bus_bytes = [0]  # bytes written to SPI/I2C (the panel's traffic)


def _pin_id(p):
    if isinstance(p, Pin):
        return p.id
    if isinstance(p, int):
        return p
    if isinstance(p, str) and p[:2] == "GP":
        return int(p[2:])
    return 25


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    ALT = 3
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, value=None, **kw):
        self.id = _pin_id(id)
        self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None, **kw):
        n = self.id
        if value is not None:
            self.value(value)
        if mode is not None and mode >= 0:
            _mode[n] = mode
        if pull is not None and pull >= 0:
            _pull[n] = pull

    def value(self, v=None):
        global _out
        n = self.id
        bit = 1 << n
        if v is None:
            if _mode[n] == 1:
                return 1 if _out & bit else 0
            if _drive_mask & bit:
                return 1 if _levels & bit else 0
            return 1 if _pull[n] == 1 else 0
        if v:
            _out |= bit
        else:
            _out &= ~bit
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    def irq(self, handler=None, trigger=12, hard=False):
        if handler is None:
            _irqs.pop(self.id, None)
        else:
            _irqs[self.id] = (handler, trigger, self)


class SPI:
    MSB = 1
    LSB = 0

    def __init__(self, id, baudrate=1000000, **kw):
        self.id = id

    def init(self, *a, **kw):
        pass

    def deinit(self):
        pass

    def write(self, buf):
        bus_bytes[0] += len(buf)


class I2C:
    def __init__(self, id=0, **kw):
        self.id = id

    def init(self, *a, **kw):
        pass

    def scan(self):
        return list(_i2c_present)

    def writeto(self, addr, buf, stop=True):
        if addr not in _i2c_present:
            raise OSError(5)
        bus_bytes[0] += len(buf)
        return len(buf)

    def readfrom(self, addr, n, stop=True):
        """A read, as the board's probe for the OLED's address does it: a
        device that is there answers (zeros), one that is not, EIO."""
        if addr not in _i2c_present:
            raise OSError(5)
        return bytes(n)

    def writevto(self, addr, vector, stop=True):
        if addr not in _i2c_present:
            raise OSError(5)
        n = 0
        for b in vector:
            n += len(b)
        bus_bytes[0] += n
        return n


class PWM:
    def __init__(self, dest, *, freq=-1, duty_u16=-1, invert=False):
        self.pin = _pin_id(dest)
        self._freq = 1000
        self._duty = 0

    def init(self, **kw):
        pass

    def freq(self, f=None):
        if f is None:
            return self._freq
        self._freq = int(f)
        return None

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        self._duty = d
        return None

    def deinit(self):
        pass


def unique_id():
    return b"\xe6\x60\x58\x38\x83\x51\x5a\x2f"


def freq(hz=None, peri=None):
    # (hz, peri): the system and peripheral clocks, as the rp2 port takes them
    return 125000000 if hz is None else None


def idle():
    pass


machine = sys.modules[__name__]  # what a profile's make() is given
_drive_mask = 0  # inputs the host drives (the keys' pins)


def set_levels(levels):
    """New input levels from the host; edge interrupts fire as the pins change."""
    global _levels
    old = _levels
    _levels = levels
    if old == levels or not _irqs:
        return
    for n in list(_irqs):
        bit = 1 << n
        if (old ^ levels) & bit and _drive_mask & bit:
            handler, trigger, pin = _irqs[n]
            if (levels & bit and trigger & 8) or (not levels & bit and trigger & 4):
                handler(pin)


# ---------------------------------------------------------------- clock, serial, storage


class Clock:
    """Lockstep: time moves only when the host says (one tick = TICK_MS)."""

    def __init__(self, ticks0, time0):
        self.ticks = ticks0 & _MASK
        self.t0 = time0
        self.ms = 0

    def ticks_ms(self):
        return self.ticks

    def ticks_diff(self, a, b):
        return ((a - b + _HALF) & _MASK) - _HALF

    def ticks_add(self, t, d):
        return (t + d) & _MASK

    def advance(self, n):
        self.ticks = (self.ticks + n) & _MASK
        self.ms += n

    def sleep_ms(self, n):
        if n > 0:
            self.advance(n)

    def time(self):
        return self.t0 + self.ms // 1000 if self.t0 else 0


SERIAL_BUF = const(4096)


class Serial:
    """The USB serial over two fixed buffers (on the Pico these live in the
    USB stack, outside the heap): the host fills `inp`, drains `out`."""

    def __init__(self):
        self.inp = bytearray(SERIAL_BUF)
        self.n_in = 0
        self.pos = 0
        self.out = bytearray(SERIAL_BUF)
        self.n_out = 0

    def read(self):
        if self.pos >= self.n_in:
            return -1
        b = self.inp[self.pos]
        self.pos += 1
        return b

    def write(self, data):
        n = min(len(data), SERIAL_BUF - self.n_out)
        if n > 0:
            self.out[self.n_out : self.n_out + n] = data[:n] if n < len(data) else data
            self.n_out += n
        return n

    def feed(self, data):
        if self.pos:
            left = self.n_in - self.pos
            self.inp[:left] = self.inp[self.pos : self.n_in]
            self.n_in = left
            self.pos = 0
        n = min(len(data), SERIAL_BUF - self.n_in)
        self.inp[self.n_in : self.n_in + n] = data[:n]
        self.n_in += n
        return n


class PowerCut(BaseException):
    """The power went: not an Exception, so no handler in the firmware stops it."""


class CutStorage:
    """The firmware's storage with a power cut that can be armed, as the
    simulator's `powercut after-writes N [torn]`: N more flash writes land,
    the next is cut. Each storage write counts as two flash writes, its data
    and the metadata commit that makes it count (as in LittleFS): a cut
    between them, or at the data, loses the whole call; `torn` lets half of
    an append's data land first (the torn tail the firmware heals)."""

    WRITES = ("append", "write", "split", "remove", "rename")

    def __init__(self, inner):
        self.inner = inner
        self.left = -1
        self.torn = False

    def __getattr__(self, name):
        fn = getattr(self.inner, name)
        if name not in CutStorage.WRITES:
            return fn
        return self._guard(name, fn)

    def _guard(self, name, fn):
        def call(*args):
            if 0 <= self.left < 2:
                self.left = -1
                if self.torn and name == "append":
                    data = args[1]
                    fn(args[0], data[: len(data) // 2])
                raise PowerCut()
            if self.left > 0:
                self.left -= 2
            return fn(*args)

        return call


# ---------------------------------------------------------------- the app, tick by tick

_state = {}  # app, clock, serial, storage, hw; filled by boot()
_counts = [0, 0]  # ticks, events
last = [""]  # text of the last error, for the host
stats = [0]  # the app's memory recoveries


# This port's build freezes micropython-lib's Python extensions of these
# modules over the C ones (binascii in pure Python alone takes ~7 KB of heap).
# The Pico has only the C modules: the firmware gets those.
C_MODULES = ("os", "binascii", "time", "io", "collections")


def use_c_modules():
    for name in C_MODULES:
        try:
            sys.modules[name] = __import__("u" + name)
        except ImportError:
            pass


def setup(ticks0, time0):
    """Everything of the harness, before any firmware module is imported."""
    use_c_modules()
    _state["clock"] = Clock(ticks0, time0)
    _state["serial"] = Serial()
    _state["storage"] = CutStorage(None)
    gc.collect()


def boot(profile_mod, data_dir, seed):
    """As usher.boot and usher.app.run on the Pico: the profile, the storage,
    the app, its start and first tick. Returns '' or the error."""
    global _drive_mask
    try:
        clock = _state["clock"]
        __import__(profile_mod)
        prof = sys.modules[profile_mod]
        hw = prof.make(machine, sleep_ms=clock.sleep_ms)
        mask = 0
        levels = 0
        for name in hw.keys:
            k = hw.keys[name]
            pin = getattr(k, "pin", None)
            if pin is not None and _pull[pin.id] == 1:  # active low, pulled up: idle high
                mask |= 1 << pin.id
                levels |= 1 << pin.id
        _drive_mask = mask
        set_levels(levels)
        from usher.board.storage import DirStorage

        st = _state["storage"]
        st.inner = DirStorage(data_dir)
        from usher.app import App

        app = App(hw, clock, st, _state["serial"], seed)
        _state["hw"] = hw
        _state["storage"] = st
        _state["app"] = app
        app.start()
        _tick(app)
        return ""
    except PowerCut:
        return "power cut"
    except BaseException as e:  # noqa: B036 - the host must hear of anything
        sys.print_exception(e)
        return "error: %r" % (e,)
    finally:
        gc.collect()


def keys():
    """'name gpio logical;...' for the host's key map (all active low)."""
    hw = _state["hw"]
    out = []
    for name in hw.keys:
        pin = getattr(hw.keys[name], "pin", None)
        out.append("%s %d %s" % (name, pin.id if pin is not None else -1, hw.keymap.get(name, "?")))
    out.sort()
    return ";".join(out)


def _tick(app):
    try:
        app.tick()
    except MemoryError:
        stats[0] += 1
        app.recover()
    _counts[0] += 1


def step(levels, n):
    """n ticks of the app loop with these input levels (normally n = 1: the
    host collects and measures between calls). Returns the heap allocated
    before collection (an int), or why the app stopped (a str)."""
    app = _state.get("app")
    if app is None:
        return "off"
    clock = _state["clock"]
    try:
        for _ in range(n):
            clock.advance(TICK_MS)
            set_levels(levels)
            _tick(app)
        return gc.mem_alloc()  # before this tick's garbage goes: a bound on its peak
    except PowerCut:
        _state.pop("app", None)
        return "power cut"
    except BaseException as e:  # noqa: B036
        sys.print_exception(e)
        _state.pop("app", None)
        return "error: %r" % (e,)
    finally:
        gc.collect()


def serial_feed(hexdata):
    import binascii

    return _state["serial"].feed(binascii.unhexlify(hexdata))


def serial_take():
    """What the device wrote since the last call, as hex ('' if nothing)."""
    s = _state["serial"]
    if not s.n_out:
        return ""
    import binascii

    out = binascii.hexlify(memoryview(s.out)[: s.n_out]).decode()
    s.n_out = 0
    return out


def arm_cut(n, torn):
    st = _state["storage"]
    st.left = n
    st.torn = bool(torn)


def recoveries():
    return stats[0]
