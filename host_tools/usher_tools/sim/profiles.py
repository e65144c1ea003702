"""What the host knows about each board profile: the panel it draws and its
terminal scale. Where the panel is wired (bus, pins, the OLED's address) is
read from the firmware's own profile module (usher.board.lcd114 / .oled),
the only place pins live; the simulator warns when the code drives others."""

import importlib

from usher_tools.paths import use_firmware
from usher_tools.sim.panels import Ssd1306, St7789


class Profile:
    def __init__(self, name, module, panel, scale):
        self.name = name
        self.module = module  # the board profile the device builds
        self.panel = panel  # callable(options) -> Panel
        self.scale = scale  # default terminal down-scaling
        self._wires: dict | None = None

    def board(self):
        """The firmware's own profile module: the source of every pin."""
        use_firmware()
        return importlib.import_module(self.module)

    def wires(self) -> dict:
        """The panel's wiring, read once from the profile module: spi (bus id,
        sck, mosi) or None, dc, cs, rst, bl (-1: not wired), i2c (the
        addresses that answer on the I2C bus)."""
        if self._wires is None:
            m = self.board()
            spi = (m.SPI_ID, m.PIN_SCK, m.PIN_MOSI) if hasattr(m, "SPI_ID") else None
            pins = {k: getattr(m, "PIN_" + k.upper(), -1) for k in ("dc", "cs", "rst", "bl")}
            i2c = [m.OLED_ADDR] if hasattr(m, "OLED_ADDR") else []
            self._wires = dict(pins, spi=spi, i2c=i2c)
        return self._wires

    @property
    def spi(self):
        return self.wires()["spi"]

    @property
    def dc(self) -> int:
        return self.wires()["dc"]

    @property
    def cs(self) -> int:
        return self.wires()["cs"]

    @property
    def rst(self) -> int:
        return self.wires()["rst"]

    @property
    def bl(self) -> int:
        return self.wires()["bl"]

    @property
    def i2c(self) -> list:
        return self.wires()["i2c"]


def _st7789(opts: dict) -> St7789:
    return St7789(col_offset=opts.get("col_offset", 40), row_offset=opts.get("row_offset", 53))


def _ssd1306(opts: dict) -> Ssd1306:
    return Ssd1306()


PROFILES = {
    "lcd114": Profile("lcd114", "usher.board.lcd114", _st7789, 2),
    "oled": Profile("oled", "usher.board.oled", _ssd1306, 1),
}
