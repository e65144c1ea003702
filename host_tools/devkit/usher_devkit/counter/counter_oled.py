"""The counter's oled profile, for the simulator's own tests: the firmware's
pins and keys (usher.board.oled), and a deliberately tiny SSD1306 driver
over raw I2C writes: a MONO_VLSB frame buffer, the usual init sequence one command per write (control byte 0x80),
and show() pushing the pages of a region in horizontal addressing mode
(column range 0x21, page range 0x22, then data after control byte 0x40).
"""

import framebuf
from usher.board.hardware import Hardware

ADDR = 0x3C  # usher.board.oled.OLED_ADDR, the address the simulator's panel answers at
INIT = (0xAE, 0x20, 0x00, 0x40, 0xA1, 0xA8, 63, 0xC8, 0xD3, 0, 0xDA, 0x12, 0xD5, 0x80, 0xD9, 0xF1, 0xDB, 0x30,
        0x81, 0xFF, 0xA4, 0xA6, 0x8D, 0x14, 0xAF)  # fmt: skip


class RawSsd1306(framebuf.FrameBuffer):
    width = 128
    height = 64
    mono = True

    def __init__(self, i2c) -> None:
        self.i2c = i2c
        self.buf = bytearray(128 * 64 // 8)
        super().__init__(self.buf, 128, 64, framebuf.MONO_VLSB)
        self.two = bytearray(2)
        self.data = b"\x40"
        self.pixels_pushed = 0
        for c in INIT:
            self.cmd(c)

    def cmd(self, c: int) -> None:
        self.two[0] = 0x80  # Co=1, D/C#=0: one command byte follows
        self.two[1] = c
        self.i2c.writeto(ADDR, self.two)

    def show(self, x: int = 0, y: int = 0, w: int = -1, h: int = -1) -> int:
        if w < 0:
            w = self.width - x
        if h < 0:
            h = self.height - y
        p0 = y // 8
        p1 = (y + h - 1) // 8
        for c in (0x21, x, x + w - 1, 0x22, p0, p1):
            self.cmd(c)
        mv = memoryview(self.buf)
        parts: list = [self.data]
        for p in range(p0, p1 + 1):
            parts.append(mv[p * 128 + x : p * 128 + x + w])
        self.i2c.writevto(ADDR, parts)
        n = w * (p1 - p0 + 1) * 8
        self.pixels_pushed += n
        return n


def make(machine):
    from usher.board import oled as B  # every pin from the profile

    Pin = machine.Pin
    i2c = machine.I2C(B.I2C_ID, scl=Pin(B.PIN_SCL), sda=Pin(B.PIN_SDA), freq=B.I2C_FREQ)
    disp = RawSsd1306(i2c)
    keys = {}
    for name, gp in B.KEY_PINS:
        p = Pin(gp, Pin.IN, Pin.PULL_UP)
        keys[name] = lambda p=p: not p.value()
    return Hardware("oled", disp, keys, dict(B.KEYMAP), None)
