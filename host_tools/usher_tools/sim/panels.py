"""Panel controllers emulated from the bytes the driver sends (host side).

Each panel turns bus writes into its controller's memory the way the chip
does, and renders what the glass shows as an RGB image (numpy uint8 HxWx3).
Only what Usher's drivers can meet is modelled; anything else the driver
does that would look wrong on the real panel goes into `warnings`.
"""

import numpy as np


def rgb565_to_rgb(v):
    """RGB565 values (numpy uint16) to RGB888, widening each channel by bit replication."""
    v = v.astype(np.uint32)
    r = (v >> 11) & 31
    g = (v >> 5) & 63
    b = v & 31
    out = np.empty(v.shape + (3,), dtype=np.uint8)
    out[..., 0] = (r << 3) | (r >> 2)
    out[..., 1] = (g << 2) | (g >> 4)
    out[..., 2] = (b << 3) | (b >> 2)
    return out


def rgb565(r: int, g: int, b: int) -> int:
    return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)


class Panel:
    width = 0
    height = 0
    mono = False
    bus = ""  # "spi" | "i2c"

    def __init__(self) -> None:
        self.pixels = 0  # pixels pushed since power-up of the host
        self.warnings: list = []

    def warn(self, text: str) -> None:
        if text not in self.warnings:
            self.warnings.append(text)

    def image(self):
        raise NotImplementedError

    def dark_reason(self) -> str:
        """Why a panel that was sent pixels shows nothing, or ''."""
        return ""


# ST7789 commands this model acts on
SWRESET, SLPIN, SLPOUT = 0x01, 0x10, 0x11
INVOFF, INVON, DISPOFF, DISPON = 0x20, 0x21, 0x28, 0x29
CASET, RASET, RAMWR, RAMWRC = 0x2A, 0x2B, 0x2C, 0x3C
MADCTL, COLMOD, IDMOFF, IDMON = 0x36, 0x3A, 0x38, 0x39
_MY, _MX, _MV, _BGR = 0x80, 0x40, 0x20, 0x08


class St7789(Panel):
    """ST7789: 240x320 RAM, of which the panel shows a window.

    The model keeps the RAM in the address frame of the reference MADCTL
    (the orientation the panel is mounted for, 0x70 on the Waveshare 1.14"
    in landscape), so the glass shows RAM[row0 : row0+h, col0 : col0+w].
    A driver using another MADCTL lands its pixels mirrored or transposed, as
    it would on the glass. Pixel data is RGB565, high byte first (COLMOD 5).
    The Waveshare IPS panel shows true colours only with INVON
    (`inverted_panel`); after a reset it is asleep, off and not inverted.
    """

    bus = "spi"

    def __init__(
        self,
        width: int = 240,
        height: int = 135,
        col_offset: int = 40,
        row_offset: int = 53,
        madctl: int = 0x70,
        inverted_panel: bool = True,
    ) -> None:
        super().__init__()
        self.width = width
        self.height = height
        self.col0 = col_offset
        self.row0 = row_offset
        self.ref = madctl
        self.inverted_panel = inverted_panel
        rows, cols = (240, 320) if madctl & _MV else (320, 240)
        self.ram = np.zeros((rows, cols), dtype=np.uint16)
        self.offscreen = 0
        self.reset()

    def reset(self) -> None:
        self.asleep = True
        self.on = False
        self.inv = False
        self.idle = False
        self.madctl = 0
        self.colmod = 0x66
        self.cmd = -1
        self.params = bytearray()
        self.half = -1
        self.k = 0
        self._window(0, 239, 0, 319)
        self.first: dict = {}  # command -> its parameters the first time since the reset (the set-up's)

    def _window(self, xs: int, xe: int, ys: int, ye: int) -> None:
        self.xs, self.xe, self.ys, self.ye = xs, xe, ys, ye

    def write(self, data: bytes, dc: int) -> int:
        """Bytes on the bus with D/C# at `dc`; returns the pixels written."""
        if not dc:
            for c in data:
                self._command(c)
            return 0
        if self.cmd in (RAMWR, RAMWRC):
            return self._pixels(data)
        if self.cmd >= 0:
            self.params += data
            self._params()
        return 0

    def _command(self, c: int) -> None:
        self.cmd = c
        self.params = bytearray()
        self.half = -1
        if c == SWRESET:
            self.reset()
        elif c == SLPIN:
            self.asleep = True
        elif c == SLPOUT:
            self.asleep = False
        elif c == INVOFF:
            self.inv = False
        elif c == INVON:
            self.inv = True
        elif c == DISPOFF:
            self.on = False
        elif c == DISPON:
            self.on = True
        elif c == IDMON:
            self.idle = True
            self.warn("idle mode (IDMON): the panel shows 8 colours only")
        elif c == IDMOFF:
            self.idle = False
        elif c == RAMWR:
            self.k = 0
            if self.colmod & 0x0F != 5:
                self.warn("COLMOD 0x%02X: pixel data is not 16-bit RGB565" % self.colmod)

    def _params(self) -> None:
        p = self.params
        if self.cmd in (CASET, RASET, MADCTL, COLMOD) and self.cmd not in self.first:
            if len(p) >= (1 if self.cmd in (MADCTL, COLMOD) else 4):
                self.first[self.cmd] = bytes(p)
        if self.cmd == CASET and len(p) >= 4:
            self.xs, self.xe = (p[0] << 8) | p[1], (p[2] << 8) | p[3]
            self.cmd = -1
        elif self.cmd == RASET and len(p) >= 4:
            self.ys, self.ye = (p[0] << 8) | p[1], (p[2] << 8) | p[3]
            self.cmd = -1
        elif self.cmd == MADCTL and p:
            self.madctl = p[0]
            self.cmd = -1
        elif self.cmd == COLMOD and p:
            self.colmod = p[0]
            self.cmd = -1

    def _pixels(self, data: bytes) -> int:
        if self.half >= 0:
            data = bytes([self.half]) + bytes(data)
            self.half = -1
        if len(data) & 1:
            self.half = data[-1]
            data = data[:-1]
        n = len(data) // 2
        if not n:
            return 0
        values = np.frombuffer(data, dtype=">u2")
        w = self.xe - self.xs + 1
        h = self.ye - self.ys + 1
        if w <= 0 or h <= 0:
            self.warn("RAMWR into an empty window")
            return n
        k = self.k + np.arange(n)
        self.k = (self.k + n) % (w * h)
        c = self.xs + k % w
        r = self.ys + (k // w) % h
        self._store(c, r, values)
        self.pixels += n
        return n

    def _native(self, c, r, m: int):
        """Logical addresses under MADCTL `m` to native RAM (x 0..239, y 0..319)."""
        x, y = (r, c) if m & _MV else (c, r)
        if m & _MX:
            x = 239 - x
        if m & _MY:
            y = 319 - y
        return x, y

    def _store(self, c, r, values) -> None:
        m = self.madctl
        if (m ^ self.ref) & (_MY | _MX | _MV):
            x, y = self._native(c, r, m)
            # back to the reference frame: undo the reference mirrors, then its exchange
            if self.ref & _MX:
                x = 239 - x
            if self.ref & _MY:
                y = 319 - y
            c, r = (y, x) if self.ref & _MV else (x, y)
        rows, cols = self.ram.shape
        ok = (c >= 0) & (c < cols) & (r >= 0) & (r < rows)
        if not ok.all():
            c, r, values = c[ok], r[ok], values[ok]
        self.ram[r, c] = values
        vis = (c >= self.col0) & (c < self.col0 + self.width) & (r >= self.row0) & (r < self.row0 + self.height)
        off = int(len(c) - np.count_nonzero(vis))
        if off:
            self.offscreen += off
            self.warn("pixels written outside the visible %dx%d window (offsets?)" % (self.width, self.height))

    def dark_reason(self) -> str:
        if self.pixels and (self.asleep or not self.on):
            return "pixels pushed but the panel is %s (SLPOUT 0x11, DISPON 0x29?)" % (
                "asleep" if self.asleep else "off"
            )
        return ""

    def image(self):
        if self.asleep or not self.on:
            return np.zeros((self.height, self.width, 3), dtype=np.uint8)
        v = self.ram[self.row0 : self.row0 + self.height, self.col0 : self.col0 + self.width]
        if self.inv == self.inverted_panel:
            pass  # the panel's own inversion and INVON cancel out
        else:
            v = v ^ np.uint16(0xFFFF)
        out = rgb565_to_rgb(v)
        if (self.madctl ^ self.ref) & _BGR:
            out = out[..., ::-1].copy()
        return out


# SSD1306 commands: how many parameter bytes follow each
_SSD_PARAMS = {
    0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0x81: 1, 0x8D: 1, 0xA3: 2,
    0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD6: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1, 0xFD: 1,
}  # fmt: skip


class Ssd1306(Panel):
    """SSD1306 128x64 on I2C: 8 pages x 128 columns of vertical bytes.

    Every I2C write starts with a control byte: Co (0x80) says one byte
    follows and then another control byte, D/C# (0x40) says data rather than
    command. Commands keep their parameter state across writes (the
    micropython-lib driver sends each byte in its own write). Horizontal,
    vertical and page addressing. The glass is upright with segment remap
    (0xA1) and reversed COM scan (0xC8), the usual module mounting; the
    other settings land mirrored. Dark until display on (0xAF) with the
    charge pump enabled (0x8D 0x14).
    """

    bus = "i2c"
    mono = True

    def __init__(self, width: int = 128, height: int = 64, address: int = 0x3C, needs_charge_pump: bool = True) -> None:
        super().__init__()
        self.width = width
        self.height = height
        self.address = address
        self.needs_pump = needs_charge_pump
        self.ram = np.zeros((height // 8, width), dtype=np.uint8)
        self.reset()

    def reset(self) -> None:
        self.on = False
        self.contrast = 0x7F  # the SSD1306's after a reset
        self.pump = False
        self.inverse = False
        self.entire = False
        self.remap = False
        self.comrev = False
        self.start = 0
        self.offset = 0
        self.mux = 63
        self.mode = 2  # page addressing after reset
        self.c0, self.c1, self.p0, self.p1 = 0, self.width - 1, 0, self.height // 8 - 1
        self.col = 0
        self.pstart = 0  # page mode's column start
        self.page = 0
        self.cmd = -1
        self.params = bytearray()

    def write(self, addr: int, data: bytes) -> int:
        """One I2C transaction to `addr`; returns the pixels written."""
        if addr != self.address:
            self.warn("I2C write to 0x%02X: no such device" % addr)
            return 0
        i = 0
        n = len(data)
        px = 0
        while i < n:
            ctrl = data[i]
            i += 1
            if ctrl & 0x3F:
                self.warn("control byte 0x%02X has low bits set" % ctrl)
            if ctrl & 0x80:  # Co: one byte, then another control byte
                if i < n:
                    px += self._byte(data[i], ctrl & 0x40)
                    i += 1
            else:
                if ctrl & 0x40:
                    px += self._data(data[i:])
                else:
                    for c in data[i:]:
                        self._cmd_byte(c)
                i = n
        return px

    def _byte(self, b: int, is_data: int) -> int:
        if is_data:
            return self._data(bytes([b]))
        self._cmd_byte(b)
        return 0

    def _cmd_byte(self, c: int) -> None:
        if self.cmd >= 0:
            self.params.append(c)
            if len(self.params) >= _SSD_PARAMS[self.cmd]:
                self._apply(self.cmd, self.params)
                self.cmd = -1
            return
        if c in _SSD_PARAMS:
            self.cmd = c
            self.params = bytearray()
            return
        if c == 0xAE:
            self.on = False
        elif c == 0xAF:
            self.on = True
        elif c in (0xA0, 0xA1):
            self.remap = c == 0xA1
        elif c in (0xC0, 0xC8):
            self.comrev = c == 0xC8
        elif c in (0xA6, 0xA7):
            self.inverse = c == 0xA7
        elif c in (0xA4, 0xA5):
            self.entire = c == 0xA5
        elif 0x40 <= c <= 0x7F:
            self.start = c - 0x40
        elif 0xB0 <= c <= 0xB7:
            self.page = c - 0xB0
        elif c <= 0x0F:
            self.pstart = self.col = (self.pstart & 0xF0) | c
        elif c <= 0x1F:
            self.pstart = self.col = ((self.pstart & 0x0F) | ((c & 0x0F) << 4)) & 127
        elif c == 0x2E:
            pass  # scrolling off
        elif c == 0x2F:
            self.warn("hardware scrolling is not modelled")
        elif c == 0xE3:
            pass  # NOP
        else:
            self.warn("unknown SSD1306 command 0x%02X" % c)

    def _apply(self, c: int, p: bytearray) -> None:
        if c == 0x20:
            self.mode = p[0] & 3
            if self.mode == 3:
                self.warn("addressing mode 3 is invalid")
        elif c == 0x21:
            self.c0, self.c1 = p[0] & 127, p[1] & 127
            self.col = self.c0
        elif c == 0x22:
            self.p0, self.p1 = p[0] & 7, p[1] & 7
            self.page = self.p0
        elif c == 0x8D:
            self.pump = bool(p[0] & 0x04)
        elif c == 0x81:
            self.contrast = p[0]
        elif c == 0xA8:
            self.mux = p[0] & 63
        elif c == 0xD3:
            self.offset = p[0] & 63
        elif c == 0xDA:
            if self.height == 64 and not p[0] & 0x10:
                self.warn("COM pins 0x%02X: a 128x64 panel needs the alternative configuration (0x12)" % p[0])

    def _data(self, data) -> int:
        ram = self.ram
        col, page = self.col, self.page
        for b in data:
            ram[page, col] = b
            if self.mode == 0:  # horizontal
                col += 1
                if col > self.c1:
                    col = self.c0
                    page += 1
                    if page > self.p1:
                        page = self.p0
            elif self.mode == 1:  # vertical
                page += 1
                if page > self.p1:
                    page = self.p0
                    col += 1
                    if col > self.c1:
                        col = self.c0
            else:  # page mode: the column wraps, the page stays
                col += 1
                if col > self.width - 1:
                    col = self.pstart
        self.col, self.page = col, page
        n = len(data) * 8
        self.pixels += n
        return n

    def dark_reason(self) -> str:
        if self.pixels and (not self.on or (self.needs_pump and not self.pump)):
            return "pixels pushed but the panel is dark (display on 0xAF, charge pump 0x8D 0x14?)"
        return ""

    def lit(self):
        """The glass as booleans, HxW."""
        h, w = self.height, self.width
        if not self.on or (self.needs_pump and not self.pump):
            return np.zeros((h, w), dtype=bool)
        if self.entire:
            return np.ones((h, w), dtype=bool)
        bits = np.unpackbits(self.ram[:, :, None], axis=2, bitorder="little")  # page, col, bit
        rows = bits.transpose(0, 2, 1).reshape(h, w)  # RAM row, col
        y = np.arange(h)
        k = y if self.comrev else (h - 1 - y)
        ram_row = (k + self.offset + self.start) % h
        x = np.arange(w)
        ram_col = x if self.remap else (w - 1 - x)
        out = rows[ram_row][:, ram_col].astype(bool)
        out[k > self.mux] = False
        if self.inverse:
            out = ~out
        return out

    def image(self):
        lit = self.lit()
        out = np.zeros(lit.shape + (3,), dtype=np.uint8)
        out[lit] = 255
        return out
