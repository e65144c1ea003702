"""Power-on's one-shot work: which board this is, its hardware built with
Settings -> Board's fixes, safe mode. usher.boot imports it, uses it and lets
it go with the profile's module (pins, make) and what is saved of the board:
none of it stays in the heap while Usher runs."""

from usher.memory import unload


def profile_name(storage, machine=None) -> str:
    """Which board profile this device is: the one saved on the flash
    (`usher deploy --profile`, Settings), else the OLED if one answers on the
    DIY build's I2C pins, else the LCD."""
    from usher.board.saved import saved_profile

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
        unload(("usher.board.oled",))  # on the device only: CPython's callers keep their modules


def start(root: str):
    """(hardware, storage, serial, seed) for the app; None in safe mode (a
    key held at power-on: the app is skipped, the REPL is the person's)."""
    import os

    import machine

    from usher.board.saved import board_options
    from usher.board.storage import DirStorage
    from usher.board.usbserial import UsbSerial

    storage = DirStorage(root)  # games and settings; the code lives in /usher (or /rom)
    name = profile_name(storage, machine)
    board = __import__("usher.board." + name, None, None, ["make"])
    hw = board.make(machine, None, board_options(storage))
    safe = hw.keys[board.SAFE_KEY]()
    # the hardware holds what it needs (drivers, keys, backlight): the
    # profile's pins and make() go, as does what is saved of the board
    unload(("usher.board." + name, "usher.board.saved"))
    if safe:
        print("Usher safe mode: app skipped, REPL is yours")
        return None
    return hw, storage, UsbSerial(), int.from_bytes(os.urandom(4), "little")
