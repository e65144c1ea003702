"""MicroPython's `framebuf`, in plain Python, for CPython test runs only.

On the MicroPython VM the built-in `framebuf` always wins over a file of the
same name, so this module is only ever imported by CPython (tests/conftest.py
puts devkit/usher_devkit/kit on sys.path). It follows modframebuf.c where the firmware
relies on it: buffer layouts and stride rounding, clipping, `col != 0` on the
1-bit formats, and `blit` comparing `key` after the palette lookup. `text`,
`ellipse` and `poly` are not here: the UI draws text with usher.ui.text.
"""

MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6


def _get_mvlsb(fb, x, y):
    return (fb._fb_buf[(y >> 3) * fb._fb_stride + x] >> (y & 7)) & 1


def _set_mvlsb(fb, x, y, c):
    i = (y >> 3) * fb._fb_stride + x
    bit = 1 << (y & 7)
    fb._fb_buf[i] = (fb._fb_buf[i] | bit) if c else (fb._fb_buf[i] & ~bit)


def _get_mh(fb, x, y):
    i = (x + y * fb._fb_stride) >> 3
    off = (x & 7) if fb._fb_fmt == MONO_HMSB else 7 - (x & 7)
    return (fb._fb_buf[i] >> off) & 1


def _set_mh(fb, x, y, c):
    i = (x + y * fb._fb_stride) >> 3
    off = (x & 7) if fb._fb_fmt == MONO_HMSB else 7 - (x & 7)
    fb._fb_buf[i] = (fb._fb_buf[i] | (1 << off)) if c else (fb._fb_buf[i] & ~(1 << off))


def _get_gs4(fb, x, y):
    b = fb._fb_buf[(x + y * fb._fb_stride) >> 1]
    return (b & 0x0F) if x & 1 else (b >> 4)


def _set_gs4(fb, x, y, c):
    i = (x + y * fb._fb_stride) >> 1
    c &= 0x0F
    if x & 1:
        fb._fb_buf[i] = (fb._fb_buf[i] & 0xF0) | c
    else:
        fb._fb_buf[i] = (fb._fb_buf[i] & 0x0F) | (c << 4)


def _get_gs2(fb, x, y):
    i = (x + y * fb._fb_stride) >> 2
    return (fb._fb_buf[i] >> ((x & 3) << 1)) & 3


def _set_gs2(fb, x, y, c):
    i = (x + y * fb._fb_stride) >> 2
    s = (x & 3) << 1
    fb._fb_buf[i] = (fb._fb_buf[i] & ~(3 << s)) | ((c & 3) << s)


def _get_gs8(fb, x, y):
    return fb._fb_buf[x + y * fb._fb_stride]


def _set_gs8(fb, x, y, c):
    fb._fb_buf[x + y * fb._fb_stride] = c & 0xFF


def _get_rgb565(fb, x, y):
    i = (x + y * fb._fb_stride) * 2
    return fb._fb_buf[i] | (fb._fb_buf[i + 1] << 8)


def _set_rgb565(fb, x, y, c):
    i = (x + y * fb._fb_stride) * 2
    fb._fb_buf[i] = c & 0xFF
    fb._fb_buf[i + 1] = (c >> 8) & 0xFF


_ACCESS = {
    MONO_VLSB: (_get_mvlsb, _set_mvlsb),
    RGB565: (_get_rgb565, _set_rgb565),
    GS4_HMSB: (_get_gs4, _set_gs4),
    MONO_HLSB: (_get_mh, _set_mh),
    MONO_HMSB: (_get_mh, _set_mh),
    GS2_HMSB: (_get_gs2, _set_gs2),
    GS8: (_get_gs8, _set_gs8),
}


def _fill_gs8(fb, x0, y0, x1, y1, c):
    row = bytes([c & 0xFF]) * (x1 - x0)
    buf, stride = fb._fb_buf, fb._fb_stride
    for yy in range(y0, y1):
        i = yy * stride + x0
        buf[i : i + len(row)] = row


def _fill_rgb565(fb, x0, y0, x1, y1, c):
    row = bytes([c & 0xFF, (c >> 8) & 0xFF]) * (x1 - x0)
    buf, stride = fb._fb_buf, fb._fb_stride
    for yy in range(y0, y1):
        i = (yy * stride + x0) * 2
        buf[i : i + len(row)] = row


def _fill_gs4(fb, x0, y0, x1, y1, c):
    c &= 0x0F
    buf, stride = fb._fb_buf, fb._fb_stride
    # the whole bytes between an odd first pixel and an odd last one (the
    # stride is even, so a row's pixel pairs always share a byte)
    a, b = x0 + (x0 & 1), x1 - (x1 & 1)
    row = bytes([c << 4 | c]) * ((b - a) >> 1) if b > a else b""
    for yy in range(y0, y1):
        base = yy * stride
        if x0 & 1:
            _set_gs4(fb, x0, yy, c)
        if row:
            i = (base + a) >> 1
            buf[i : i + len(row)] = row
        if x1 & 1 and x1 - 1 >= a:
            _set_gs4(fb, x1 - 1, yy, c)


def _fill_mvlsb(fb, x0, y0, x1, y1, c):
    buf, stride = fb._fb_buf, fb._fb_stride
    for page in range(y0 >> 3, ((y1 - 1) >> 3) + 1):
        lo, hi = max(y0, page * 8), min(y1, page * 8 + 8)
        mask = ((1 << (hi - lo)) - 1) << (lo - page * 8)
        i, j = page * stride + x0, page * stride + x1
        if mask == 0xFF:
            buf[i:j] = (b"\xff" if c else b"\x00") * (x1 - x0)
        elif c:
            buf[i:j] = bytes(v | mask for v in buf[i:j])
        else:
            buf[i:j] = bytes(v & ~mask & 0xFF for v in buf[i:j])


def _row(fb, x, n, y):
    """The `n` pixels of row `y` from `x` on."""
    get = fb._fb_get
    return [get(fb, x + i, y) for i in range(n)]


def _pal(palette, pal, col):
    return pal[col] if col < len(pal) else palette._fb_get(palette, col, 0)


_FILL = {GS8: _fill_gs8, RGB565: _fill_rgb565, GS4_HMSB: _fill_gs4, MONO_VLSB: _fill_mvlsb}


def _needed(fmt, stride, height):
    if fmt == MONO_VLSB:
        return ((height + 7) >> 3) * stride
    bits = {RGB565: 16, GS4_HMSB: 4, MONO_HLSB: 1, MONO_HMSB: 1, GS2_HMSB: 2, GS8: 8}[fmt]
    return (stride * height * bits + 7) // 8


class FrameBuffer:
    def __init__(self, buffer, width, height, format, stride=None):  # noqa: A002 - MicroPython's name
        if format not in _ACCESS:
            raise ValueError("invalid format")
        stride = width if stride is None else stride
        if format in (MONO_HLSB, MONO_HMSB):
            stride = (stride + 7) & ~7
        elif format == GS2_HMSB:
            stride = (stride + 3) & ~3
        elif format == GS4_HMSB:
            stride = (stride + 1) & ~1
        self._fb_buf = memoryview(buffer).cast("B")
        if self._fb_buf.readonly:
            raise TypeError("buffer must be writable")
        if len(self._fb_buf) < _needed(format, stride, height):
            raise ValueError()
        # prefixed names, so they never clash with a driver subclass's own attributes
        self._fb_fmt = format
        self._fb_stride = stride
        self._fb_w = width
        self._fb_h = height
        self._fb_get, self._fb_set = _ACCESS[format]

    def pixel(self, x, y, c=None):
        if not (0 <= x < self._fb_w and 0 <= y < self._fb_h):
            return None
        if c is None:
            return self._fb_get(self, x, y)
        self._fb_set(self, x, y, c)
        return None

    def fill_rect(self, x, y, w, h, c):
        x0, y0 = max(x, 0), max(y, 0)
        x1, y1 = min(x + w, self._fb_w), min(y + h, self._fb_h)
        if x0 >= x1 or y0 >= y1:
            return
        fast = _FILL.get(self._fb_fmt)
        if fast is not None:  # whole bytes a slice at a time: the tests draw millions of pixels
            fast(self, x0, y0, x1, y1, c)
            return
        s = self._fb_set
        for yy in range(y0, y1):
            for xx in range(x0, x1):
                s(self, xx, yy, c)

    def fill(self, c):
        self.fill_rect(0, 0, self._fb_w, self._fb_h, c)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        dx, dy = abs(x2 - x1), -abs(y2 - y1)
        sx = 1 if x1 < x2 else -1
        sy = 1 if y1 < y2 else -1
        err = dx + dy
        while True:
            self.pixel(x1, y1, c)
            if x1 == x2 and y1 == y2:
                return
            e2 = 2 * err
            if e2 >= dy:
                err += dy
                x1 += sx
            if e2 <= dx:
                err += dx
                y1 += sy

    def blit(self, fbuf, x, y, key=-1, palette=None):
        sw, sh = fbuf._fb_w, fbuf._fb_h
        if x >= self._fb_w or y >= self._fb_h or -x >= sw or -y >= sh:
            return
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = max(0, -x), max(0, -y)
        x0end = min(self._fb_w, x + sw)
        y0end = min(self._fb_h, y + sh)
        s = self._fb_set
        # the palette read once (the firmware's glyphs: 2 entries); a source
        # colour past it is looked up as modframebuf.c would, unchecked
        pal = None if palette is None else [palette._fb_get(palette, i, 0) for i in range(palette._fb_w)]
        n = x0end - x0
        if fbuf._fb_fmt in (MONO_HLSB, MONO_HMSB):  # a glyph: its bits read once, as text
            order = -1 if fbuf._fb_fmt == MONO_HMSB else 1
            first = y1 * fbuf._fb_stride >> 3  # the rows drawn only (a glyph's scratch is larger)
            last = ((y1 + y0end - y0) * fbuf._fb_stride + 7) >> 3
            bits = "".join(format(b, "08b")[::order] for b in fbuf._fb_buf[first:last])
            look = {"0": 0, "1": 1} if pal is None else {"0": _pal(palette, pal, 0), "1": _pal(palette, pal, 1)}
            for cy in range(y0, y0end):
                cx0 = x0
                a = y1 * fbuf._fb_stride + x1 - first * 8
                for b in bits[a : a + n]:
                    col = look[b]
                    if col != key:
                        s(self, cx0, cy, col)
                    cx0 += 1
                y1 += 1
            return
        for cy in range(y0, y0end):
            cx0 = x0
            for col in _row(fbuf, x1, n, y1):
                if pal is not None:
                    col = _pal(palette, pal, col)
                if col != key:
                    s(self, cx0, cy, col)
                cx0 += 1
            y1 += 1

    def scroll(self, xstep, ystep):
        w, h = self._fb_w, self._fb_h
        xs = range(w - 1, -1, -1) if xstep > 0 else range(w)
        ys = range(h - 1, -1, -1) if ystep > 0 else range(h)
        for yy in ys:
            for xx in xs:
                sx, sy = xx - xstep, yy - ystep
                if 0 <= sx < w and 0 <= sy < h:
                    self._fb_set(self, xx, yy, self._fb_get(self, sx, sy))

    def text(self, s, x, y, c=1):
        raise NotImplementedError("CPython framebuf stand-in has no 8x8 font: use usher.ui.text")
