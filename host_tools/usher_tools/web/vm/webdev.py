"""The web page's device side (`usher web`): the firmware on MicroPython's
WebAssembly port in a browser, one app tick per call from JavaScript.

It is wasmdev (the `machine` stand-in, the lockstep clock, the USB serial
over fixed buffers, the storage that can be cut, the app loop one tick per
call) with what a page needs on top:

- `status`, a small bytearray JavaScript reads straight from the VM's memory
  after every call (no proxy per frame): the region the display driver
  pushed, whether the flash was written, the backlight or the OLED's
  contrast and power (the machine's port, WebPort, watches the PWM and the
  OLED's commands). The page turns the pushed region into pixels itself,
  from the driver's own frame buffer and palette (`addresses()`), as the
  panel would from the bytes on the bus (GS4 through the RGB565 palette for
  the ST7789, MONO_VLSB for the SSD1306);
- the board's unique id, which names the device to `usher import` (the
  link's `hello` and the Sync screen show it), and the machine in
  sys.modules as `machine` for the app to read it from.

Nothing here changes what the firmware does. The driver's pixel loop (viper
code the port cannot load) is the page's stand-in that converts nothing:
the page converts the region, the driver still sets the panel's window and
streams its rows.
"""

import sys

import uctypes
import wasmdev
from micropython import const
from standin_machine import Port

_REGION = const(1)  # status[0]: the driver pushed a region (status[1:9]: x0, y0, x1, y1 as u16 LE)
_FLASH = const(2)  # status[0]: something was written to the flash
_LIGHT = const(4)  # status[0]: the backlight or the OLED's contrast or power changed (status[9], [10])

# [0] flags, [1:9] the union of regions pushed since the page last looked
# (x0, y0 inclusive, x1, y1 exclusive), [9] backlight or contrast 0..100,
# [10] display on, [11] driver sends INVON (the IPS panel shows true colours)
status = bytearray(16)


def _u16(i, v):
    status[i] = v & 0xFF
    status[i + 1] = v >> 8


def _g16(i):
    return status[i] | (status[i + 1] << 8)


def _region(x, y, w, h, width, height):
    """Add a pushed region (clipped as the drivers clip it) to the union."""
    from usher.board.region import clip  # the drivers' own rule, not a copy

    x, y, w, h = clip(x, y, w, h, width, height)
    if w <= 0 or h <= 0:
        return
    x1 = x + w
    y1 = y + h
    if status[0] & _REGION:
        x = min(x, _g16(1))
        y = min(y, _g16(3))
        x1 = max(x1, _g16(5))
        y1 = max(y1, _g16(7))
    _u16(1, x)
    _u16(3, y)
    _u16(5, x1)
    _u16(7, y1)
    status[0] |= _REGION


def _light(level, on):
    status[9] = max(0, min(100, level))
    status[10] = 1 if on else 0
    status[0] |= _LIGHT


# SSD1306 commands with parameters (how many follow), as the panel parses them
_SSD_PARAMS = {
    0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0x81: 1, 0x8D: 1, 0xA3: 2,
    0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD6: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1, 0xFD: 1,
}  # fmt: skip


class WebPort(Port):
    """The machine's outputs the page shows: the backlight's PWM duty (what
    the page dims the panel by), and the OLED's command streams, read for
    display on/off and contrast."""

    def __init__(self):
        self.contrast = 100
        self.on = True

    def pwm(self, pin, duty):
        _light((duty * 100 + 32767) // 65535, True)

    def i2c(self, bus, addr, buf):
        if len(buf) > 1 and buf[0] == 0x00:  # a command stream
            self._commands(buf)

    def _commands(self, buf):
        i = 1
        n = len(buf)
        changed = False
        while i < n:
            c = buf[i]
            k = _SSD_PARAMS.get(c, 0)
            if c == 0x81 and i + 1 < n:
                self.contrast = (buf[i + 1] * 100 + 127) // 255
                changed = True
            elif c == 0xAE or c == 0xAF:
                self.on = c == 0xAF
                changed = True
            i += 1 + k
        if changed:
            _light(self.contrast, self.on)


class _Storage(wasmdev.CutStorage):
    """wasmdev's storage (a power cut can be armed) that also tells the
    page when the flash was written, so it saves the flash to IndexedDB."""

    def _guard(self, name, fn):
        call = wasmdev.CutStorage._guard(self, name, fn)

        def marked(*args):
            status[0] |= _FLASH
            return call(*args)

        return marked


def setup(ticks0, time0, uid_hex):
    """The harness (wasmdev.setup) and the page's board: its unique id and
    the port that watches the light."""
    import binascii

    wasmdev.setup(ticks0, time0, WebPort())
    m = wasmdev.machine()
    if uid_hex:
        m.uid = binascii.unhexlify(uid_hex)
    wasmdev._state["storage"] = _Storage(None)
    sys.modules["machine"] = m  # the app reads the board's id from `machine`
    for i in range(len(status)):
        status[i] = 0


def boot(profile, data_dir, seed):
    """Power-on: the board from the profile, the app started and its first
    tick (wasmdev.boot), then the display's pushes reported to the page.
    Returns '' or the error."""
    err = wasmdev.boot("usher.board." + profile, data_dir, seed)
    if err:
        return err
    d = wasmdev._state["hw"].display
    show = d.show
    width = d.width
    height = d.height

    def shown(x=0, y=0, w=-1, h=-1):
        n = show(x, y, w, h)
        _region(x, y, w, h, width, height)
        return n

    d.show = shown
    status[11] = 1 if getattr(d, "invert", True) else 0
    _region(0, 0, width, height, width, height)  # what the driver pushed while the app started
    return ""


def addresses():
    """'frame palette status width height mono': where the page reads the
    display from (the buffers never move: MicroPython's heap does not)."""
    d = wasmdev._state["hw"].display
    pal = getattr(d, "_pal", None)
    return "%d %d %d %d %d %d" % (
        uctypes.addressof(d.buffer),
        uctypes.addressof(pal) if pal is not None else 0,
        uctypes.addressof(status),
        d.width,
        d.height,
        1 if d.mono else 0,
    )
