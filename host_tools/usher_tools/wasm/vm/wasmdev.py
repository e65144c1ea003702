"""The firmware's device on MicroPython's WebAssembly port (32-bit), one app
tick per call from JavaScript: the web page's (`usher web`: web/vm/webdev.py
on top, page/device.mjs drives it) and the development kit's 32-bit heap
meter's (usher_devkit/meter: runner.mjs under Node, its extras in
meter/vm/meterdev.py).

On that port `gc.collect()` inside Python only marks a collection as due; it
runs when control returns to JavaScript (no stack to scan then), and in the
meantime the heap grows instead of failing. So every step the host drives
(one app tick) is its own call that ends with `gc.collect()`, and the next
call reads `gc.mem_alloc()` first thing: the live heap after that step,
collected.

Everything here is imported before the firmware: the meter counts it as its
own heap (`harness_heap`) and subtracts it, as the simulator subtracts its
allowance.

Parts:
- the `machine` stand-in (standin_machine): input levels come from the host
  each tick, the bus writes go nowhere (the frame buffer is the driver's
  own, a real framebuf) unless the port given to setup() looks at them;
- a lockstep clock, a USB serial over fixed buffers, a storage wrapper that
  can cut the power after N writes;
- the app loop of usher.app.run, one tick (usher.app.TICK_MS) per call.
"""

import gc
import sys

from micropython import const
from standin_machine import Machine

_MASK = const(0x3FFFFFFF)
_HALF = const(0x20000000)


# ---------------------------------------------------------------- clock, serial, storage


class Clock:
    """Lockstep: time moves only when the host says (one tick: usher.app.TICK_MS)."""

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

_state = {}  # machine, clock, serial, storage, hw, app, tick; filled by setup() and boot()


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


def setup(ticks0, time0, port=None):
    """Everything of the harness, before any firmware module is imported;
    `port`: where the machine's outputs go (standin_machine.Port: dropped)."""
    use_c_modules()
    _state["machine"] = Machine(port)
    _state["clock"] = Clock(ticks0, time0)
    _state["serial"] = Serial()
    _state["storage"] = CutStorage(None)
    gc.collect()


def machine():
    """The board's stand-in `machine` (setup() made it)."""
    return _state["machine"]


def set_levels(levels):
    """New input levels from the host; edge interrupts fire as the pins change."""
    _state["machine"].set_levels(levels)


def boot(profile_mod, data_dir, seed):
    """As usher.boot and usher.app.run on the Pico: the profile, the storage,
    the app, its start and first tick. Returns '' or the error."""
    try:
        clock = _state["clock"]
        m = _state["machine"]
        __import__(profile_mod)
        prof = sys.modules[profile_mod]
        hw = prof.make(m, sleep_ms=clock.sleep_ms)
        mask = 0
        for name in hw.keys:
            k = hw.keys[name]
            pin = getattr(k, "pin", None)
            if pin is not None and m.pulls[pin.id] == 1:  # active low, pulled up: idle high
                mask |= 1 << pin.id
        m.drive(mask, mask)
        from usher.board.storage import DirStorage

        st = _state["storage"]
        st.inner = DirStorage(data_dir)
        from usher.app import TICK_MS, App

        app = App(hw, clock, st, _state["serial"], seed)
        _state["tick"] = TICK_MS
        _state["hw"] = hw
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
        app.recover()  # counted by the app (App.recoveries)


def step(levels, n):
    """n ticks of the app loop with these input levels (normally n = 1: the
    host collects and measures between calls). Returns the heap allocated
    before collection (an int), or why the app stopped (a str)."""
    app = _state.get("app")
    if app is None:
        return "off"
    clock = _state["clock"]
    tick = _state["tick"]
    m = _state["machine"]
    try:
        for _ in range(n):
            clock.advance(tick)
            m.set_levels(levels)
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
