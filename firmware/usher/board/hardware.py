"""What a board profile hands the app: a display, keys, and their meaning."""


class Hardware:
    def __init__(self, profile: str, display, keys: dict, keymap: dict, backlight=None) -> None:
        self.profile = profile
        self.display = display
        self.keys = keys  # physical name -> callable() -> bool, True while pressed
        self.keymap = keymap  # physical name -> "prev" | "next" | "ok" | "back"
        self.backlight = backlight  # callable(level 0..100) or None
        self.note = ""  # what the board says once the screen shows (a key held at power-on)
