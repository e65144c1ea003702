"""Board profile: Waveshare Pico-LCD-1.14 plugged onto a Raspberry Pi Pico.

Every pin of this board is here and nowhere else (checked against Waveshare's
wiki and demo code; see hardware/README.md). The panel is an ST7789 (240x320
controller RAM) showing a 240x135 window, used in landscape with the joystick
on the left and keys A/B on the right.

    import machine
    from usher.board import lcd114
    hw = lcd114.make(machine)
"""

from usher.board.buttons import EdgeKey
from usher.board.hardware import Backlight, Hardware

PROFILE = "lcd114"
WIDTH = 240
HEIGHT = 135

# The clocks: the rp2 port boots with the peripheral clock (which clocks SPI)
# at 48 MHz, so SPI could not pass 24 MHz; make() runs it from the system
# clock instead, machine.freq(CPU_HZ, PERI_HZ) (MicroPython v1.28.0 takes a
# peripheral rate of 48 MHz or the system clock's, nothing else)
CPU_HZ = 125_000_000  # the RP2040's standard system clock
PERI_HZ = CPU_HZ

# SPI1 to the ST7789: PERI_HZ / 2, the RP2040's top SPI rate, which is also
# the ST7789's (its datasheet's shortest serial write cycle, tSCYCW, is 16 ns);
# 31_250_000 if a panel glitches
SPI_ID = 1
SPI_BAUD = 62_500_000
SAFE_BAUD = 31_250_000  # Settings -> Board "SPI rate: safe", or SLOW_KEY held at power-on
PIN_SCK = 10
PIN_MOSI = 11
PIN_CS = 9
PIN_DC = 8
PIN_RST = 12
PIN_BL = 13  # backlight, PWM
BL_FREQ = 1000

# Landscape: MADCTL MX|MV|ML (0x70), as Waveshare's demo. The 135 visible rows
# sit at controller rows 53..187 and the 240 columns at 40..279 in this
# orientation (the 1.14" glass is centred in the 240x320 RAM, 52/53 split).
MADCTL = 0x70
X_OFFSET = 40
Y_OFFSET = 53
# turned 180 degrees (Settings -> Board): MX and MY flipped, and the rows sit
# at the other side of the 52/53 split
MADCTL_180 = 0xB0
Y_OFFSET_180 = 52

# physical key -> GPIO; all active low, with pull-ups
KEY_PINS = [
    ("A", 15),
    ("B", 17),
    ("up", 2),
    ("down", 18),
    ("left", 16),
    ("right", 20),
    ("press", 3),
]

# Both joystick axes step: up/left back, down/right forward, so lists move
# with up/down and number spinners (drawn as  - value +) with left/right, and
# either thumb direction works (up/down arrive as "up"/"down", which the app
# hands a screen that moves by rows as such and every other as prev/next:
# usher.app.ROWS). ok/back sit under the right thumb (A/B), and the joystick
# press is a second ok so one hand can drive the whole device.
KEYMAP = {
    "up": "up",
    "left": "prev",
    "down": "down",
    "right": "next",
    "press": "ok",
    "A": "ok",
    "B": "back",
}

# Held at boot: skip the app and stay at the REPL (read by usher.boot at power-on)
SAFE_KEY = "B"
# Held at power-on: the safe SPI rate for this power-on (a dark screen), said once it shows
SLOW_KEY = "A"
# Settings -> Board "Joystick": the keys that trade meanings (1 up/down, 2 both axes)
SWAPS = (("up", "down"), ("left", "right"))


def make(machine, sleep_ms=None, opts=None) -> Hardware:
    """Build the display, keys and backlight from a `machine` module (or a
    fake); `opts` are Settings -> Board's (usher.board.saved.board_options)."""
    from usher.board.st7789 import ST7789

    o = opts or {}
    Pin = machine.Pin
    keys = {}
    for name, gp in KEY_PINS:
        keys[name] = EdgeKey(Pin(gp, Pin.IN, Pin.PULL_UP), Pin.IRQ_FALLING)
    note = ""
    slow = o.get("slow")
    if not slow and keys[SLOW_KEY]():
        slow = 1
        note = "Safe SPI: %s held" % SLOW_KEY
    turned = o.get("rot")
    machine.freq(CPU_HZ, PERI_HZ)  # before the bus is made: its divider is set from clk_peri
    spi = machine.SPI(
        SPI_ID, baudrate=SAFE_BAUD if slow else SPI_BAUD, polarity=0, phase=0, sck=Pin(PIN_SCK), mosi=Pin(PIN_MOSI)
    )
    display = ST7789(
        spi,
        dc=Pin(PIN_DC, Pin.OUT, value=0),
        cs=Pin(PIN_CS, Pin.OUT, value=1),
        rst=Pin(PIN_RST, Pin.OUT, value=1),
        width=WIDTH,
        height=HEIGHT,
        xoff=X_OFFSET,
        yoff=(Y_OFFSET_180 if turned else Y_OFFSET) + (o.get("dy") or 0),
        madctl=MADCTL_180 if turned else MADCTL,
        invert=not o.get("inv"),
        sleep_ms=sleep_ms,
    )
    pwm = machine.PWM(Pin(PIN_BL, Pin.OUT))
    pwm.freq(BL_FREQ)
    backlight = Backlight(pwm)
    backlight(100)
    keymap = dict(KEYMAP)
    for a, b in SWAPS[: o.get("swap") or 0]:
        keymap[a], keymap[b] = keymap[b], keymap[a]
    hw = Hardware(PROFILE, display, keys, keymap, backlight)
    hw.note = note
    hw.opts = dict(o, slow=1) if slow else o  # what runs, for Settings -> Board
    return hw
