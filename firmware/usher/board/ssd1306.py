"""SSD1306 monochrome OLED over I2C, as a MONO_VLSB frame buffer.

Palette index 0 is dark and every other index is lit (framebuf stores
`colour != 0` on 1-bit formats). `show(x, y, w, h)` sends only the columns of
the region and the 8-row pages it touches: one command stream setting the
column and page ranges (horizontal addressing mode), then one data stream.

On the wire each I2C write starts with a control byte: 0x00 = the rest are
commands, 0x40 = the rest are display data.
"""

import framebuf

from usher.board.region import clip

try:
    from micropython import const
except ImportError:

    def const(x):  # type: ignore[misc]
        return x


_SET_CONTRAST = const(0x81)
_ENTIRE_ON_RESUME = const(0xA4)
_NORMAL = const(0xA6)
_INVERT = const(0xA7)
_DISP_OFF = const(0xAE)
_DISP_ON = const(0xAF)
_MEM_MODE = const(0x20)
_COL_ADDR = const(0x21)
_PAGE_ADDR = const(0x22)
_START_LINE = const(0x40)
_SEG_REMAP = const(0xA0)
_MUX_RATIO = const(0xA8)
_COM_SCAN_DEC = const(0xC8)
_COM_SCAN_INC = const(0xC0)
_DISP_OFFSET = const(0xD3)
_COM_PINS = const(0xDA)
_CLK_DIV = const(0xD5)
_PRECHARGE = const(0xD9)
_VCOM_DESEL = const(0xDB)
_CHARGE_PUMP = const(0x8D)
_SCROLL_OFF = const(0x2E)


class SSD1306(framebuf.FrameBuffer):
    def __init__(
        self, i2c, addr: int = 0x3C, width: int = 128, height: int = 64, external_vcc: bool = False, rotate180=False
    ) -> None:
        self.i2c = i2c
        self.addr = addr
        self.width = width
        self.height = height
        self.mono = True
        self.native = 2  # usher.ui.text.VLSB: text is drawn straight into self.buffer
        self.pages = height // 8
        self.pixels_pushed = 0
        self.external_vcc = external_vcc
        self.rotate180 = rotate180
        self.buffer = bytearray(self.pages * width)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self._mv = memoryview(self.buffer)
        self._win = bytearray(7)
        self._win[0] = 0x00  # command stream
        self._c2 = bytearray(3)
        self.init_display()

    def _cmds(self, *cmds) -> None:
        self.i2c.writeto(self.addr, bytes((0x00,) + cmds))

    def init_display(self) -> None:
        ext = self.external_vcc
        self._cmds(
            _DISP_OFF,
            _CLK_DIV, 0x80,
            _MUX_RATIO, self.height - 1,
            _DISP_OFFSET, 0x00,
            _START_LINE | 0,
            _CHARGE_PUMP, 0x10 if ext else 0x14,
            _MEM_MODE, 0x00,  # horizontal addressing: a window fills column by column, page by page
            _SEG_REMAP | (0 if self.rotate180 else 1),
            _COM_SCAN_INC if self.rotate180 else _COM_SCAN_DEC,
            _COM_PINS, 0x12 if self.height == 64 else 0x02,
            _PRECHARGE, 0x22 if ext else 0xF1,
            _VCOM_DESEL, 0x30,
            _SET_CONTRAST, 0xFF,
            _ENTIRE_ON_RESUME,
            _NORMAL,
            _SCROLL_OFF,
        )  # fmt: skip
        self.fill(0)
        self.show()
        self._cmds(_DISP_ON)

    def _cmd2(self, a: int, b: int) -> None:
        c = self._c2
        c[0], c[1], c[2] = 0x00, a, b
        self.i2c.writeto(self.addr, c)

    def contrast(self, level: int) -> None:
        """0..255; the OLED's brightness."""
        self._cmd2(_SET_CONTRAST, max(0, min(255, level)))

    def invert(self, on: bool) -> None:
        self._cmds(_INVERT if on else _NORMAL)

    def brightness(self, level: int) -> None:
        """The board's brightness, 0..100: an OLED has no backlight, so 0
        turns the panel off, anything else is contrast (a method, not a
        closure in the profile, whose module goes after power-on)."""
        level = max(0, min(100, level))
        if level == 0:
            self.poweroff()
        else:
            self.poweron()
            self.contrast(level * 255 // 100)

    def poweroff(self) -> None:
        self._cmds(_DISP_OFF)

    def poweron(self) -> None:
        self._cmds(_DISP_ON)

    def show(self, x: int = 0, y: int = 0, w: int = -1, h: int = -1) -> int:
        """Push the region, widened to whole 8-row pages; returns pixels pushed."""
        W = self.width
        x, y, w, h = clip(x, y, w, h, W, self.height)
        if w <= 0 or h <= 0:
            return 0
        p0 = y >> 3
        p1 = (y + h - 1) >> 3
        c = self._win
        c[1], c[2], c[3] = _COL_ADDR, x, x + w - 1
        c[4], c[5], c[6] = _PAGE_ADDR, p0, p1
        self.i2c.writeto(self.addr, c)
        mv = self._mv
        parts: list = [b"\x40"]
        for p in range(p0, p1 + 1):
            i = p * W + x
            parts.append(mv[i : i + w])
        self.i2c.writevto(self.addr, parts)
        count = w * 8 * (p1 - p0 + 1)
        self.pixels_pushed += count
        return count
