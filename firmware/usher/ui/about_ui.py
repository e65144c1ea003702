"""Settings -> Board and Settings -> About: the device itself. What it knows
of itself comes from the app (`App.device`): screens never read
sys or os."""

from usher.ui.dialogs import Confirm, Message, Table
from usher.ui.widgets import Menu

CODE = {"frozen": "in firmware", "romfs": "ROMFS", "files": "files"}


# Settings -> Board's fixes for a panel or joystick not as expected, per
# profile: (option, label, values, what each value is called); saved in the
# data folder, used from the next power-on (usher.board.saved.board_options)
FIXES = {
    "lcd114": (
        ("inv", "Colours", (0, 1), ("as made", "inverted")),
        ("rot", "Turned", (0, 1), ("no", "180")),
        # the picture a row lower (+1) or higher (-1): for a line of noise
        # at the bottom or the top edge of a panel whose rows sit one off
        ("dy", "Stray line", (0, 1, -1), ("none", "bottom", "top")),
        ("swap", "Joystick", (0, 1, 2), ("as made", "up/down", "all 4")),
        # the SPI clock halved (lcd114.SAFE_BAUD): for a dark or garbled screen
        ("slow", "Screen speed", (0, 1), ("fast", "safe")),
    ),
    "oled": (
        ("inv", "Colours", (0, 1), ("as made", "inverted")),
        ("rot", "Turned", (0, 1), ("no", "180")),
    ),
}


def board(app, done):
    running, saved, profiles = app.device("board")
    return Board(running, saved, profiles, done)


class Board(Menu):
    """The board profiles; another than the one running is saved for the
    next power-on (the panel and pins are set up only then)."""

    def __init__(self, running: str, saved: str, profiles, done) -> None:
        self.running = running
        self.saved = saved
        self.done = done  # the Settings menu's refresh: its Board row names the choice
        names = [n for n, _ in profiles]
        nxt = saved or running
        # the one running marked, and another saved for the next power-on
        self.profiles = [(t + mark(n, running, saved), self.choose(n, t)) for n, t in profiles]
        Menu.__init__(self, "Board", [])
        self.sel = self.old = names.index(nxt) if nxt in names else 0

    def on_open(self) -> None:
        opts = self.app.device("board_options")
        self.items = self.profiles + [
            ("%s: %s" % (f[1], f[3][f[2].index(opts.get(f[0], 0))] if opts.get(f[0], 0) in f[2] else "?"), self.fix(f))
            for f in FIXES.get(self.running, ())
        ]
        self.dirty = True

    def fix(self, f):
        def act() -> None:
            app = self.app
            opts = app.device("board_options")
            v = opts.get(f[0], 0)
            vals = f[2]
            opts[f[0]] = vals[(vals.index(v) + 1) % len(vals)] if v in vals else 0
            try:
                app.device("board_options", opts)
            except OSError:
                app.toast("Flash full: not saved")
                return
            self.on_open()
            if opts[f[0]] != app.device("board_running").get(f[0], 0):
                app.toast("From the next power-on")  # not what runs now

        return act

    def choose(self, name: str, label: str):
        def act() -> None:
            app = self.app
            if name == self.running:
                # the board running: kept from now on (a choice made before is undone)
                if self.saved not in ("", name) and not self.save(name):
                    return
                self.close()
                self.done()
                return

            def yes() -> None:
                if not self.save(name):
                    return
                self.close()
                self.done()
                app.push(Message("Board", [label, "from the next", "power-on"]))

            app.push(Confirm("Use %s?" % label, yes, detail="At next power-on"))

        return act

    def save(self, name: str) -> bool:
        try:
            self.app.device("save_profile", name)
        except OSError:
            self.app.toast("Flash full: not saved")
            return False
        return True


def mark(name: str, running: str, saved: str) -> str:
    if name == running:
        return " (running)"
    return " (next boot)" if name == saved else ""


def title(profiles, name: str) -> str:
    for n, t in profiles:
        if n == name:
            return t
    return name


def about(app, done=None):
    """Read-only: versions, where the code lives, the board, its chip (none
    in a simulator: the unix port, the web page), the flash free."""
    info = app.device("about")
    running, saved, profiles = app.device("board")
    py = info["python"]
    rows = [
        (None, "Usher", info["usher"]),
        (None, "MicroPython" if py == "micropython" else py, info["version"]),
        (None, "Code", CODE.get(info["code"], info["code"])),
        (None, "Board", title(profiles, running)),
        (None, "Chip", info["chip"] or "none (simulator)"),
    ]
    if saved and saved != running:
        rows.append((None, "Next boot", title(profiles, saved)))
    if info["free"] >= 0:
        rows.append((None, "Flash free", "%d KB" % (info["free"] // 1024)))
    return Table("About", rows)
