"""The simulator's live terminal draws the OLED readably at SCALE=2 (the
scale that fits a 120-column terminal): every pixel of the firmware's own
screen comes back from the braille cells, in 64 columns and 16 lines,
where 2 x 2 averages of one-pixel strokes made a grey blur."""

import re

import numpy as np
from app_kit import goto, make_app, press
from usher_tools.sim.terminal import EXTRA_LINES, panel_lines, terminal_needs

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def oled_picture():
    """The firmware's dice page on the fake OLED, as the panel's RGB image."""
    app, _ = make_app(mono=True)
    goto(app, "Dice & draws")
    press(app, "next", "next", "ok")  # a taste draw: big and small text
    d = app.hw.display
    img = np.zeros((64, 128, 3), dtype=np.uint8)
    for y in range(64):
        for x in range(128):
            if d.pixel(x, y):
                img[y, x] = 255
    return img


def unbraille(lines):
    cells = [[ord(ch) - 0x2800 for ch in ANSI.sub("", ln)] for ln in lines]
    out = np.zeros((4 * len(cells), 2 * len(cells[0])), dtype=bool)
    bits = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))
    for r, row in enumerate(cells):
        assert len(row) == len(cells[0])
        for c, v in enumerate(row):
            assert 0 <= v < 256, v
            for dy in range(4):
                for dx in range(2):
                    out[4 * r + dy, 2 * c + dx] = bool(v & bits[dy][dx])
    return out


def test_the_oled_at_scale_2_keeps_every_pixel_in_a_120_column_terminal():
    img = oled_picture()
    assert img.any() and not img.all()
    lines = panel_lines(img, 2, mono=True)
    assert len(lines) == 16
    assert max(len(ANSI.sub("", ln)) for ln in lines) == 64  # fits 120 columns with room to spare
    back = unbraille(lines)
    assert (back == img.any(axis=2)).all(), "%d pixels lost" % (back != img.any(axis=2)).sum()
    assert terminal_needs(128, 64, 2) == (64, 16 + EXTRA_LINES)


def test_the_colour_panel_keeps_its_half_blocks():
    img = np.zeros((4, 4, 3), dtype=np.uint8)
    img[0, 0] = (255, 0, 0)
    img[1, 1] = (0, 0, 255)
    lines = panel_lines(img, 2, mono=False)
    assert len(lines) == 1 and lines[0].count("\u2580") == 2
