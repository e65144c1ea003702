"""The counter's lcd114 profile, for the simulator's own tests: the
firmware's pins and keys (usher.board.lcd114), and a deliberately tiny
ST7789 driver that speaks the chip's protocol over raw SPI: fill_rect pushes a solid
rectangle through a CASET/RASET/RAMWR window at once; show() pushes nothing.
"""

from usher.board.hardware import Hardware
from usher.ui import theme

COL0 = 40  # this panel's landscape offsets into the controller's 240x320 RAM
ROW0 = 53


class RawSt7789:
    width = 240
    height = 135
    mono = False

    def __init__(self, spi, dc, cs, rst) -> None:
        self.spi = spi
        self.dc = dc
        self.cs = cs
        self.line = bytearray(2 * self.width)
        self.pal = theme.palette565()
        self.pixels_pushed = 0
        cs(1)
        rst(1)
        rst(0)
        rst(1)
        self.cmd(0x36, b"\x70")  # MADCTL: landscape
        self.cmd(0x3A, b"\x05")  # COLMOD: 16 bits per pixel
        self.cmd(0x21)  # INVON: this IPS panel shows true colours inverted
        self.cmd(0x11)  # SLPOUT
        self.cmd(0x29)  # DISPON

    def cmd(self, c: int, data=None) -> None:
        self.cs(0)
        self.dc(0)
        self.spi.write(bytes([c]))
        if data:
            self.dc(1)
            self.spi.write(data)
        self.cs(1)

    def fill_rect(self, x: int, y: int, w: int, h: int, c: int) -> int:
        x0 = x + COL0
        y0 = y + ROW0
        self.cmd(0x2A, bytes([x0 >> 8, x0 & 255, (x0 + w - 1) >> 8, (x0 + w - 1) & 255]))
        self.cmd(0x2B, bytes([y0 >> 8, y0 & 255, (y0 + h - 1) >> 8, (y0 + h - 1) & 255]))
        self.cmd(0x2C)
        v = self.pal[c]
        line = self.line
        for i in range(w):
            line[2 * i] = v >> 8  # the chip takes RGB565 high byte first
            line[2 * i + 1] = v & 255
        mv = memoryview(line)[: 2 * w]
        self.cs(0)
        self.dc(1)
        for _ in range(h):
            self.spi.write(mv)
        self.cs(1)
        self.pixels_pushed += w * h
        return w * h

    def show(self, x: int = 0, y: int = 0, w: int = -1, h: int = -1) -> int:
        return 0


def make(machine):
    from usher.board import lcd114 as B  # every pin from the profile

    Pin = machine.Pin
    spi = machine.SPI(B.SPI_ID, B.SPI_BAUD, polarity=0, phase=0, sck=Pin(B.PIN_SCK), mosi=Pin(B.PIN_MOSI))
    bl = machine.PWM(Pin(B.PIN_BL))
    bl.freq(1000)
    bl.duty_u16(65535)
    disp = RawSt7789(spi, Pin(B.PIN_DC, Pin.OUT), Pin(B.PIN_CS, Pin.OUT), Pin(B.PIN_RST, Pin.OUT))
    keys = {}
    for name, gp in B.KEY_PINS:
        p = Pin(gp, Pin.IN, Pin.PULL_UP)
        keys[name] = lambda p=p: p.value() == 0
    return Hardware("lcd114", disp, keys, dict(B.KEYMAP), lambda level: bl.duty_u16(level * 65535 // 100))
