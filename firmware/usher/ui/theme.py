"""Palette indices the UI draws with. Drivers map them to panel colours:
the ST7789 through its 16-entry RGB565 palette, the SSD1306 as lit/unlit."""

from usher.words import N_

BG = 0
FG = 1
DIM = 2
ACCENT = 3
ERROR = 4
GOOD = 5
SELECT = 6  # background of the selected row
PLAYER0 = 8  # players 0..7 use 8..15

# RGB888 for each index; the ST7789 driver converts to RGB565.
RGB = [
    (0, 0, 0),  # BG
    (255, 255, 255),  # FG
    (110, 110, 110),  # DIM
    (255, 200, 40),  # ACCENT
    (230, 40, 40),  # ERROR
    (60, 200, 80),  # GOOD
    (30, 60, 140),  # SELECT
    (40, 40, 40),  # spare
    (220, 50, 50),  # red
    (60, 110, 240),  # blue
    (40, 180, 70),  # green
    (240, 210, 30),  # yellow
    (170, 80, 210),  # purple
    (250, 140, 30),  # orange
    (40, 200, 210),  # cyan
    (240, 120, 180),  # pink
]
# each seat colour's name, said in the device's language where a colour is picked
PLAYER_NAMES = [N_("red"), N_("blue"), N_("green"), N_("yellow"), N_("purple"), N_("orange"), N_("cyan"), N_("pink")]


def player(i: int) -> int:
    return PLAYER0 + (i % 8)


def rgb565(r: int, g: int, b: int) -> int:
    return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)


def palette565() -> list:
    return [rgb565(r, g, b) for (r, g, b) in RGB]
