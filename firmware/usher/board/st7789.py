"""ST7789 colour LCD over SPI, drawn as a 4-bit frame buffer with a palette.

The UI draws palette indices 0..15 into a GS4_HMSB buffer (16,200 bytes for
240x135, a quarter of an RGB565 frame). `show(x, y, w, h)` sends only that
region (widened to even columns, whole bytes of the buffer): it sets the
panel's column/row window, then converts the region to big-endian RGB565 a
band of rows at a time through one small line buffer, so no 64,800-byte frame
ever exists. The conversion loop is viper code on the Pico and the unix port
(usher.board.gs4_rgb565, a byte at a time through a 1 KB table of pixel
pairs); on CPython and ports without viper, `_convert_py` gives the same
bytes a pixel at a time.

Pins, bus and panel geometry come from the board profile (usher.board.lcd114);
this module never imports `machine`.
"""

import framebuf

from usher.board.region import clip

try:
    from micropython import const
except ImportError:

    def const(x):  # type: ignore[misc]
        return x


def _convert_py(src, start: int, n: int, pairs, dst, j: int) -> None:
    """gs4_rgb565.convert for a MicroPython without native code emitters."""
    for i in range(start, start + n):
        b = src[i >> 1]
        q = ((b & 15) << 2) + 2 if i & 1 else (b >> 4) << 6
        dst[j] = pairs[q]
        dst[j + 1] = pairs[q + 1]
        j += 2


try:
    from usher.board.gs4_rgb565 import convert as _convert
except (SyntaxError, ImportError):  # "invalid micropython decorator": no viper on this port; CPython
    _convert = _convert_py


_SWRESET = const(0x01)
_SLPIN = const(0x10)
_SLPOUT = const(0x11)
_NORON = const(0x13)
_INVON = const(0x21)
_DISPON = const(0x29)
_CASET = const(0x2A)
_RASET = const(0x2B)
_RAMWR = const(0x2C)
_MADCTL = const(0x36)
_COLMOD = const(0x3A)
_COLMOD_16BIT = const(0x55)  # 65K colours, 16 bits per pixel

# 8 rows of the 240-pixel panel per SPI write: few calls, small buffer
LINE_BYTES = 3840


def _default_sleep(ms: int) -> None:
    import time

    if hasattr(time, "sleep_ms"):
        time.sleep_ms(ms)
    else:
        time.sleep(ms / 1000)


class ST7789(framebuf.FrameBuffer):
    def __init__(
        self,
        spi,
        dc,
        cs,
        rst=None,
        width: int = 240,
        height: int = 135,
        xoff: int = 0,
        yoff: int = 0,
        madctl: int = 0,
        invert: bool = True,
        palette=None,
        sleep_ms=None,
        line_bytes: int = LINE_BYTES,
    ) -> None:
        self.spi = spi
        self.dc = dc
        self.cs = cs
        self.rst = rst
        self.width = width
        self.height = height
        self.mono = False
        self.native = 1  # usher.ui.text.GS4: text is drawn straight into self.buffer
        self.xoff = xoff
        self.yoff = yoff
        self.madctl = madctl
        self.invert = invert
        self.pixels_pushed = 0
        self.buffer = bytearray((width * height + 1) // 2)
        super().__init__(self.buffer, width, height, framebuf.GS4_HMSB)
        if line_bytes < 2 * width:
            raise ValueError("line buffer under one row")
        if width & 1:
            raise ValueError("odd width: a region is pushed in whole frame-buffer bytes")
        self._line = bytearray(line_bytes)
        self._lmv = memoryview(self._line)
        self._pal = bytearray(32)  # palette index -> RGB565, high byte first (the web page reads it)
        self._pairs = bytearray(1024)  # frame-buffer byte -> its two pixels' RGB565 (gs4_rgb565)
        self._b1 = bytearray(1)
        self._b4 = bytearray(4)
        self._sleep = sleep_ms or _default_sleep
        # the app hands over the UI's colours (set_palette); until then a grey
        # ramp, whose index 0 is black like every theme's background
        self.set_palette(palette or [((g << 1) << 11) | ((g << 2) << 5) | (g << 1) for g in range(16)])
        self.init_panel()

    def set_palette(self, colours) -> None:
        """16 RGB565 values, one per palette index; takes effect on the next show()."""
        if len(colours) != 16:
            raise ValueError("palette needs 16 colours")
        p = self._pal
        for i in range(16):
            c = colours[i]
            p[2 * i] = (c >> 8) & 0xFF
            p[2 * i + 1] = c & 0xFF
        t = self._pairs
        for v in range(256):
            hi = (v >> 4) << 1
            lo = (v & 15) << 1
            q = 4 * v
            t[q] = p[hi]
            t[q + 1] = p[hi + 1]
            t[q + 2] = p[lo]
            t[q + 3] = p[lo + 1]

    def _cmd(self, c: int, data=None) -> None:
        self._b1[0] = c
        self.cs.value(0)
        self.dc.value(0)
        self.spi.write(self._b1)
        if data is not None:
            self.dc.value(1)
            self.spi.write(data)
        self.cs.value(1)

    def init_panel(self) -> None:
        """Reset, wake and configure the panel, clear its RAM, then turn it on."""
        self.cs.value(1)
        if self.rst is not None:
            self.rst.value(1)
            self._sleep(1)
            self.rst.value(0)
            self._sleep(10)
            self.rst.value(1)
        else:
            self._cmd(_SWRESET)
        self._sleep(120)  # the controller ignores commands while it resets
        self._cmd(_SLPOUT)
        self._sleep(120)  # sleep-out needs 120 ms before the panel is stable
        self._cmd(_COLMOD, bytes((_COLMOD_16BIT,)))
        self._cmd(_MADCTL, bytes((self.madctl,)))
        if self.invert:
            self._cmd(_INVON)  # IPS panels show true colours inverted
        self._cmd(_NORON)
        # clear the panel's RAM before it is shown, so no noise flashes up
        self.fill(0)
        self.show()
        self._cmd(_DISPON)

    def sleep(self, on: bool) -> None:
        """The panel's sleep (SLPIN): its RAM is kept, the picture is back at
        SLPOUT (the app's idle timer; the backlight is the profile's)."""
        self._cmd(_SLPIN if on else _SLPOUT)

    def _window(self, x0: int, y0: int, x1: int, y1: int) -> None:
        b = self._b4
        x0 += self.xoff
        x1 += self.xoff
        b[0], b[1], b[2], b[3] = x0 >> 8, x0 & 0xFF, x1 >> 8, x1 & 0xFF
        self._cmd(_CASET, b)
        y0 += self.yoff
        y1 += self.yoff
        b[0], b[1], b[2], b[3] = y0 >> 8, y0 & 0xFF, y1 >> 8, y1 & 0xFF
        self._cmd(_RASET, b)

    def show(self, x: int = 0, y: int = 0, w: int = -1, h: int = -1) -> int:
        """Push the region (whole screen by default); returns pixels pushed."""
        W = self.width
        x, y, w, h = clip(x, y, w, h, W, self.height)
        if w <= 0 or h <= 0:
            return 0
        # whole frame-buffer bytes: an even x and width (at most a column more
        # each side, of what the panel already shows), so the converter goes a
        # byte at a time with aligned stores
        w += x & 1
        x &= ~1
        w += w & 1
        self._window(x, y, x + w - 1, y + h - 1)
        self._b1[0] = _RAMWR
        self.cs.value(0)
        self.dc.value(0)
        self.spi.write(self._b1)
        self.dc.value(1)
        rows = len(self._line) // (2 * w)
        buf = self.buffer
        pairs = self._pairs
        line = self._line
        mv = self._lmv
        row = y
        end = y + h
        while row < end:
            n = min(rows, end - row)
            j = 0
            for r in range(row, row + n):
                _convert(buf, r * W + x, w, pairs, line, j)
                j += 2 * w
            self.spi.write(mv[:j])
            row += n
        self.cs.value(1)
        count = w * h
        self.pixels_pushed += count
        return count
