"""Board profile: DIY build, a Pico with an SSD1306 128x64 I2C OLED and four
push buttons to ground. Every pin of this build is here and nowhere else
(wiring: hardware/README.md and hardware/wiring-oled.png).

The signals sit together on one edge of the Pico: the OLED's SDA/SCL on
physical pins 6/7 (GP4/GP5, I2C0), the buttons on pins 9-12 (GP6-GP9) with
their shared ground on pin 13. The OLED takes 3.3 V from pin 36 and ground
from any GND pin.
"""

from usher.board.buttons import EdgeKey
from usher.board.hardware import Hardware

PROFILE = "oled"
WIDTH = 128
HEIGHT = 64

I2C_ID = 0
I2C_FREQ = 400_000
PIN_SDA = 4
PIN_SCL = 5
OLED_ADDR = 0x3C
OLED_ADDRS = (OLED_ADDR, 0x3D)  # some modules answer at 0x3D (address jumper on the back)

# physical key -> GPIO; each button shorts its pin to ground (internal pull-ups)
KEY_PINS = [
    ("prev", 6),
    ("next", 7),
    ("ok", 8),
    ("back", 9),
]
KEYMAP = {"prev": "prev", "next": "next", "ok": "ok", "back": "back"}

# Held at boot: skip the app and stay at the REPL (read by usher.boot at power-on)
SAFE_KEY = "back"


def find(i2c) -> int:
    """The address the SSD1306 answers at (one read each), else OLED_ADDR."""
    for a in OLED_ADDRS:
        try:
            i2c.readfrom(a, 1)
            return a
        except Exception:  # OSError: none there (a stand-in bus without reads: the first)
            pass
    return OLED_ADDR


def make(machine, sleep_ms=None, opts=None) -> Hardware:
    """Build the display, keys and brightness control from `machine` (or a
    fake); `opts` are Settings -> Board's (usher.board.saved.board_options)."""
    from usher.board.ssd1306 import SSD1306

    o = opts or {}
    Pin = machine.Pin
    i2c = machine.I2C(I2C_ID, scl=Pin(PIN_SCL), sda=Pin(PIN_SDA), freq=I2C_FREQ)
    display = SSD1306(i2c, addr=find(i2c), width=WIDTH, height=HEIGHT, rotate180=bool(o.get("rot")))
    if o.get("inv"):
        display.invert(True)

    keys = {}
    for name, gp in KEY_PINS:
        keys[name] = EdgeKey(Pin(gp, Pin.IN, Pin.PULL_UP), Pin.IRQ_FALLING)
    hw = Hardware(PROFILE, display, keys, dict(KEYMAP), display.brightness)
    hw.opts = o  # what runs, for Settings -> Board
    return hw
