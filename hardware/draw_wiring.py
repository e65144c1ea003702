"""Draw hardware/wiring-oled.png: the DIY build's wiring, from the pins in
firmware/usher/board/oled.py (so the picture cannot drift from the code).

    .venv/bin/python hardware/draw_wiring.py
"""

import os
import sys

from PIL import Image, ImageDraw, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "firmware"))

from usher.board import oled  # noqa: E402

# The Pico's header, physical pin -> name (from the Raspberry Pi Pico pinout)
LEFT = [0, 1, None, 2, 3, 4, 5, None, 6, 7, 8, 9, None, 10, 11, 12, 13, None, 14, 15]  # pins 1..20
RIGHT = [
    "GP16",
    "GP17",
    "GND",
    "GP18",
    "GP19",
    "GP20",
    "GP21",
    "GND",
    "GP22",
    "RUN",
    "GP26",
    "GP27",
    "AGND",
    "GP28",
    "ADC_VREF",
    "3V3(OUT)",
    "3V3_EN",
    "GND",
    "VSYS",
    "VBUS",
]  # pins 21..40
PICO_PINS = {}
for _i, _gp in enumerate(LEFT):
    PICO_PINS[1 + _i] = "GND" if _gp is None else "GP%d" % _gp
for _i, _name in enumerate(RIGHT):
    PICO_PINS[21 + _i] = _name


def phys(gp: int) -> int:
    for n, name in PICO_PINS.items():
        if name == "GP%d" % gp:
            return n
    raise KeyError(gp)


W, H = 1150, 760
BG = (250, 250, 246)
INK = (30, 30, 30)
BOARD = (34, 110, 60)
PAD = (215, 180, 60)
COLOURS = {"3V3": (220, 40, 40), "GND": (20, 20, 20), "SDA": (40, 110, 230), "SCL": (240, 170, 20)}
BUTTON_COLOURS = [(150, 60, 200), (40, 170, 170), (90, 170, 40), (200, 90, 40)]


def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


# the Pico, drawn upright with its USB socket at the top
PX, PY, PW, PH = 640, 110, 210, 560
PITCH = PH / 20


def pin_xy(n: int) -> tuple:
    """Centre of physical pin n's pad."""
    if n <= 20:
        return (PX + 14, PY + PITCH * (n - 0.5))
    return (PX + PW - 14, PY + PITCH * (40 - n + 0.5))


def draw_pico(d: ImageDraw.ImageDraw) -> None:
    d.rounded_rectangle((PX, PY, PX + PW, PY + PH), 10, fill=BOARD, outline=INK, width=2)
    d.rectangle((PX + PW / 2 - 24, PY - 14, PX + PW / 2 + 24, PY + 16), fill=(190, 190, 190), outline=INK)
    d.text((PX + PW / 2, PY + 30), "USB", font=font(14), fill=(240, 240, 240), anchor="mt")
    d.rectangle((PX + 70, PY + 230, PX + PW - 70, PY + 300), fill=(30, 30, 30))
    d.text((PX + PW / 2, PY + 265), "RP2040", font=font(14), fill=(220, 220, 220), anchor="mm")
    d.text((PX + PW / 2, PY + PH + 10), "Raspberry Pi Pico, top view", font=font(15), fill=INK, anchor="mt")
    for n in range(1, 41):
        x, y = pin_xy(n)
        d.ellipse((x - 6, y - 6, x + 6, y + 6), fill=PAD, outline=INK)
        label = "%d %s" % (n, PICO_PINS[n]) if n <= 20 else "%s %d" % (PICO_PINS[n], n)
        if n <= 20:
            d.text((x + 11, y), label, font=font(12), fill=(255, 255, 255), anchor="lm")
        else:
            d.text((x - 11, y), label, font=font(12), fill=(255, 255, 255), anchor="rm")


def wire(d: ImageDraw.ImageDraw, pts: list, colour: tuple) -> None:
    d.line(pts, fill=colour, width=4, joint="curve")
    for p in (pts[0], pts[-1]):
        d.ellipse((p[0] - 4, p[1] - 4, p[0] + 4, p[1] + 4), fill=colour)


def main(out: str = os.path.join(HERE, "wiring-oled.png")) -> str:
    im = Image.new("RGB", (W, H), BG)
    d = ImageDraw.Draw(im)
    d.text((30, 20), "Usher DIY build: Pico + SSD1306 128x64 I2C OLED + 4 buttons", font=font(24), fill=INK)
    d.text(
        (30, 56),
        "Buttons short a GPIO to ground (internal pull-ups, no resistors). "
        "Check the OLED's own pin order on its silkscreen.",
        font=font(15),
        fill=INK,
    )
    draw_pico(d)

    # the OLED module, four pins on its top edge
    ox, oy, ow, oh = 110, 120, 250, 170
    d.rounded_rectangle((ox, oy, ox + ow, oy + oh), 8, fill=(20, 60, 140), outline=INK, width=2)
    d.rectangle((ox + 25, oy + 50, ox + ow - 25, oy + oh - 20), fill=(5, 5, 5))
    d.text((ox + ow / 2, oy + 95), "SSD1306 OLED", font=font(16), fill=(120, 200, 255), anchor="mm")
    sub = "128x64, I2C 0x%02X" % oled.OLED_ADDR
    d.text((ox + ow / 2, oy + 118), sub, font=font(14), fill=(120, 200, 255), anchor="mm")
    opins = {}
    for i, name in enumerate(["GND", "VCC", "SCL", "SDA"]):
        x, y = ox + 50 + i * 50, oy + 20
        d.ellipse((x - 6, y - 6, x + 6, y + 6), fill=PAD, outline=INK)
        d.text((x, y + 10), name, font=font(13), fill=(255, 255, 255), anchor="mt")
        opins[name] = (x, y)

    # OLED wires. The module's pin order (GND VCC SCL SDA) against the Pico's
    # (SDA above SCL) forces one crossing: SDA hops over SCL. Power comes from
    # the right-hand header: 3V3(OUT) pin 36 and the GND below it, pin 28,
    # which lets those two wires run round the top without crossing anything.
    gnd_oled = 28
    sda = pin_xy(phys(oled.PIN_SDA))
    scl = pin_xy(phys(oled.PIN_SCL))
    g = pin_xy(gnd_oled)
    v = pin_xy(36)
    lane = 560  # vertical lanes between the parts and the Pico
    wire(d, [opins["GND"], (opins["GND"][0], 80), (PX + PW + 45, 80), (PX + PW + 45, g[1]), g], COLOURS["GND"])
    wire(d, [opins["VCC"], (opins["VCC"][0], 90), (PX + PW + 25, 90), (PX + PW + 25, v[1]), v], COLOURS["3V3"])
    scl_lane, sda_lane = lane + 45, lane + 25
    wire(d, [opins["SCL"], (opins["SCL"][0], 100), (scl_lane, 100), (scl_lane, scl[1]), scl], COLOURS["SCL"])
    c = COLOURS["SDA"]
    wire(d, [opins["SDA"], (opins["SDA"][0], 110), (sda_lane, 110), (sda_lane, sda[1]), (scl_lane - 9, sda[1])], c)
    d.arc((scl_lane - 9, sda[1] - 9, scl_lane + 9, sda[1] + 9), 180, 360, fill=c, width=4)  # the hop
    wire(d, [(scl_lane + 9, sda[1]), sda], c)

    # four buttons, one leg to their GPIO, the other to a shared ground rail
    gnd_btn = pin_xy(13)
    rail_x = 150
    by0 = 380
    for i, (name, gp) in enumerate(oled.KEY_PINS):
        y = by0 + i * 80
        bx = 260
        d.rectangle((bx - 22, y - 22, bx + 22, y + 22), fill=(60, 60, 60), outline=INK, width=2)
        d.ellipse((bx - 12, y - 12, bx + 12, y + 12), fill=(25, 25, 25))
        label = name + (" (safe key)" if name == oled.SAFE_KEY else "")
        d.text((bx, y + 26), label, font=font(14), fill=INK, anchor="mt")
        p = pin_xy(phys(gp))
        c = BUTTON_COLOURS[i]
        lx = lane - 70 + 15 * i  # lower buttons on lanes further right: no crossings
        wire(d, [(bx + 22, y), (lx, y), (lx, p[1]), p], c)
        wire(d, [(bx - 22, y), (rail_x, y)], COLOURS["GND"])
    bottom = by0 + 3 * 80 + 60
    rail = [(rail_x, by0), (rail_x, bottom), (lane + 20, bottom), (lane + 20, gnd_btn[1]), gnd_btn]
    d.line(rail, fill=COLOURS["GND"], width=4)
    d.text((rail_x - 10, by0 + 3 * 80 + 70), "ground rail to pin 13 (GND)", font=font(13), fill=INK, anchor="lt")

    # legend
    lx, ly = 935, 130
    d.text((lx, ly), "Wires", font=font(16), fill=INK)
    rows = [
        ("3V3(OUT) pin 36 -> VCC", COLOURS["3V3"]),
        ("GND pin %d -> GND" % gnd_oled, COLOURS["GND"]),
        ("GP%d pin %d -> SDA" % (oled.PIN_SDA, phys(oled.PIN_SDA)), COLOURS["SDA"]),
        ("GP%d pin %d -> SCL" % (oled.PIN_SCL, phys(oled.PIN_SCL)), COLOURS["SCL"]),
    ]
    for i, (name, gp) in enumerate(oled.KEY_PINS):
        rows.append(("GP%d pin %d -> %s" % (gp, phys(gp), name), BUTTON_COLOURS[i]))
    rows.append(("pin 13 (GND) -> buttons", COLOURS["GND"]))
    for i, (text, c) in enumerate(rows):
        y = ly + 30 + i * 26
        d.line([(lx, y), (lx + 26, y)], fill=c, width=5)
        d.text((lx + 34, y), text, font=font(13), fill=INK, anchor="lm")
    note = "Generated by hardware/draw_wiring.py from firmware/usher/board/oled.py"
    d.text((30, H - 30), note, font=font(13), fill=INK)
    im.save(out, optimize=True)
    return out


if __name__ == "__main__":
    print(main())
