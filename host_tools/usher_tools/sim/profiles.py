"""What the host knows about each board profile: the panel and where it is
wired. The pins match DESIGN.md's hardware notes; the profile module on the
device is the source of truth and the host warns when they disagree."""

from usher_tools.sim.panels import Ssd1306, St7789


class Profile:
    def __init__(self, name, module, standin, panel, scale, spi=None, dc=-1, cs=-1, rst=-1, bl=-1, i2c=()):  # type: ignore[no-untyped-def]  # noqa: E501
        self.name = name
        self.module = module  # the board profile the device builds
        self.standin = standin  # the simulator's own stand-in for it
        self.panel = panel  # callable(options) -> Panel
        self.scale = scale  # default terminal down-scaling
        self.spi = spi  # (bus id, sck, mosi) the panel is wired to, or None
        self.dc, self.cs, self.rst, self.bl = dc, cs, rst, bl
        self.i2c = list(i2c)  # addresses that answer on the I2C bus


def _st7789(opts: dict) -> St7789:
    return St7789(col_offset=opts.get("col_offset", 40), row_offset=opts.get("row_offset", 53))


def _ssd1306(opts: dict) -> Ssd1306:
    return Ssd1306()


PROFILES = {
    "lcd114": Profile(
        "lcd114", "usher.board.lcd114", "standin_lcd", _st7789, 2, spi=(1, 10, 11), dc=8, cs=9, rst=12, bl=13
    ),
    "oled": Profile("oled", "usher.board.oled", "standin_oled", _ssd1306, 1, i2c=(0x3C,)),
}
