"""What a board profile hands the app: a display, keys, and their meaning."""


class Hardware:
    def __init__(self, profile: str, display, keys: dict, keymap: dict, backlight=None) -> None:
        self.profile = profile
        self.display = display
        self.keys = keys  # physical name -> callable() -> bool, True while pressed
        self.keymap = keymap  # physical name -> "prev" | "next" | "ok" | "back"
        self.backlight = backlight  # callable(level 0..100) or None
        self.note = ""  # what the board says once the screen shows (a key held at power-on)
        self.opts: dict = {}  # Settings -> Board's fixes it was made with (usher.board.saved)


class Backlight:
    """A backlight on a PWM pin, called with a level 0..100. A class here,
    not a closure in the profile: the profile's module (pins, make) is let
    go after power-on, and a closure would keep all of it."""

    def __init__(self, pwm) -> None:
        self.pwm = pwm

    def __call__(self, level: int) -> None:
        level = max(0, min(100, level))
        self.pwm.duty_u16(level * 65535 // 100)
