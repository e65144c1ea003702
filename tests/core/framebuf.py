"""A pure-Python stand-in for MicroPython's built-in `framebuf`, so display and
UI code also runs under CPython. On the MicroPython VM the built-in module is
found first and this file is never imported.

Covers what Usher draws with: fill, pixel, hline, vline, line, rect,
fill_rect, blit (with key and palette), scroll is not needed. No built-in text
(Usher draws its own fonts)."""

MONO_VLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6


class FrameBuffer:
    def __init__(self, buf, width, height, fmt, stride=None):
        self.buf = buf
        self.width = width
        self.height = height
        self.fmt = fmt
        self.stride = stride or width

    # -- pixel access ------------------------------------------------------
    def _get(self, x, y):
        b = self.buf
        if self.fmt == MONO_VLSB:
            return (b[(y >> 3) * self.stride + x] >> (y & 7)) & 1
        if self.fmt == MONO_HLSB:
            i = (y * ((self.stride + 7) & ~7) + x) >> 3
            return (b[i] >> (7 - (x & 7))) & 1
        if self.fmt == MONO_HMSB:
            i = (y * ((self.stride + 7) & ~7) + x) >> 3
            return (b[i] >> (x & 7)) & 1
        if self.fmt == GS4_HMSB:
            i = (y * self.stride + x) >> 1
            return (b[i] >> 4) & 0xF if x % 2 == 0 else b[i] & 0xF
        if self.fmt == GS8:
            return b[y * self.stride + x]
        if self.fmt == RGB565:
            i = (y * self.stride + x) * 2
            return b[i] | (b[i + 1] << 8)
        raise ValueError("format")

    def _set(self, x, y, c):
        b = self.buf
        if self.fmt == MONO_VLSB:
            i = (y >> 3) * self.stride + x
            bit = 1 << (y & 7)
            b[i] = (b[i] | bit) if c & 1 else (b[i] & ~bit)
        elif self.fmt in (MONO_HLSB, MONO_HMSB):
            i = (y * ((self.stride + 7) & ~7) + x) >> 3
            bit = 1 << (7 - (x & 7)) if self.fmt == MONO_HLSB else 1 << (x & 7)
            b[i] = (b[i] | bit) if c & 1 else (b[i] & ~bit)
        elif self.fmt == GS4_HMSB:
            i = (y * self.stride + x) >> 1
            if x % 2 == 0:
                b[i] = (b[i] & 0x0F) | ((c & 0xF) << 4)
            else:
                b[i] = (b[i] & 0xF0) | (c & 0xF)
        elif self.fmt == GS8:
            b[y * self.stride + x] = c & 0xFF
        elif self.fmt == RGB565:
            i = (y * self.stride + x) * 2
            b[i] = c & 0xFF
            b[i + 1] = (c >> 8) & 0xFF
        else:
            raise ValueError("format")

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None if c is None else None
        if c is None:
            return self._get(x, y)
        self._set(x, y, c)
        return None

    def fill_rect(self, x, y, w, h, c):
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = min(self.width, x + w), min(self.height, y + h)
        for yy in range(y0, y1):
            for xx in range(x0, x1):
                self._set(xx, yy, c)

    def fill(self, c):
        self.fill_rect(0, 0, self.width, self.height, c)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.hline(x, y, w, c)
        self.hline(x, y + h - 1, w, c)
        self.vline(x, y, h, c)
        self.vline(x + w - 1, y, h, c)

    def line(self, x0, y0, x1, y1, c):
        dx, dy = abs(x1 - x0), -abs(y1 - y0)
        sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
        err = dx + dy
        while True:
            self.pixel(x0, y0, c)
            if x0 == x1 and y0 == y1:
                break
            e2 = 2 * err
            if e2 >= dy:
                err += dy
                x0 += sx
            if e2 <= dx:
                err += dx
                y0 += sy

    def blit(self, src, x, y, key=-1, palette=None):
        for sy in range(src.height):
            for sx in range(src.width):
                c = src._get(sx, sy)
                if palette is not None:
                    c = palette._get(c, 0)
                if c != key:  # as MicroPython: the key is compared after the palette
                    self.pixel(x + sx, y + sy, c)

    def text(self, s, x, y, c=1):
        """Stand-in for the built-in 8x8 font (whose glyphs are not copied
        here): a 6x7 box per visible character, enough for layout tests."""
        for i, ch in enumerate(s):
            if ch != " ":
                self.rect(x + 8 * i + 1, y, 6, 7, c)
