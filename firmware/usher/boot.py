"""Power-on on the Pico: pick the board profile, honour safe mode, start the
app. Kept out of usher.app so its code is not in RAM while Usher runs."""

import sys

from usher.app import run

# a sleep goes in slices this long, after each of which `wake` may end it:
# a key's edge is polled ~2 ms after it comes, not up to a tick later
WAKE_MS = 4


class DeviceClock:
    """The Pico's clock: wrap-safe ticks and the RTC's seconds. `wake`, if
    the app sets it, is asked after each slice of a sleep whether to end it
    (a key's edge interrupt came: usher.board.buttons.Buttons.edge)."""

    def __init__(self, time_mod) -> None:
        self.t = time_mod
        self.wake = None

    def ticks_ms(self) -> int:
        return self.t.ticks_ms()

    def ticks_diff(self, a: int, b: int) -> int:
        return self.t.ticks_diff(a, b)

    def sleep_ms(self, ms: int) -> None:
        wake = self.wake
        if wake is None or ms <= 0:
            self.t.sleep_ms(ms)
            return
        while ms > 0:
            s = WAKE_MS if ms > WAKE_MS else ms
            self.t.sleep_ms(s)
            ms -= s
            if wake():
                return

    def time(self) -> int:
        return self.t.time()


def profile_name(storage, machine=None) -> str:
    """Which board profile this device is: the one saved on the flash
    (`usher deploy --profile`, Settings), else the OLED if one answers on the
    DIY build's I2C pins, else the LCD."""
    from usher.board import saved_profile

    name = saved_profile(storage)
    if name:
        return name
    return "oled" if machine is not None and oled_answers(machine) else "lcd114"


def oled_answers(machine) -> bool:
    """One read from each address an SSD1306 may answer at (0x3C, 0x3D), on
    the OLED profile's bus: a transfer each (a bus scan costs ~100 of them,
    and on the Pico-LCD board those pins are free)."""
    from usher.board import oled

    try:
        i2c = machine.I2C(oled.I2C_ID, scl=machine.Pin(oled.PIN_SCL), sda=machine.Pin(oled.PIN_SDA), freq=oled.I2C_FREQ)
        for a in oled.OLED_ADDRS:
            try:
                i2c.readfrom(a, 1)
                return True
            except OSError:
                pass
        return False
    finally:
        from usher.ui.modules import unload

        unload(("usher.board.oled",))  # on the device only: CPython's callers keep their modules


def boot(root: str = "/data", ticks: int = -1) -> None:
    """Entry from main.py on the Pico (tests pass a folder and a tick count)."""
    import os
    import time

    import machine

    from usher.board import board_options
    from usher.board.storage import DirStorage
    from usher.board.usbserial import UsbSerial

    storage = DirStorage(root)  # games and settings; the code lives in /usher (or /rom)
    name = profile_name(storage, machine)
    board = __import__("usher.board." + name, None, None, ["make"])
    hw = board.make(machine, None, board_options(storage))
    if hw.keys[board.SAFE_KEY]():
        print("Usher safe mode: app skipped, REPL is yours")
        return
    seed = int.from_bytes(os.urandom(4), "little")
    del sys.modules["usher.boot"]  # this module's work is done
    # a 0x03 on the USB serial is a byte for the link, not a KeyboardInterrupt:
    # stray Ctrl-C, Ctrl-D or a raw-REPL request never stop a game in play.
    # Tools get in by asking the link (op "repl", as `usher deploy` does) or
    # by safe mode at power-on.
    intr = getattr(__import__("micropython"), "kbd_intr", None)
    if intr is not None:
        intr(-1)
    try:
        run(hw, DeviceClock(time), storage, UsbSerial(), seed=seed, ticks=ticks)
    finally:
        if intr is not None:
            intr(3)
    print("Usher stepped aside: the REPL is yours (Ctrl-D starts Usher again)")
