"""Settings -> Board and Settings -> About: the device itself. What it knows
of itself comes from the app (`App.device`): screens never read
sys or os."""

from usher.ui.dialogs import Confirm, Message, Table
from usher.ui.widgets import Menu
from usher.words import N_, t

CODE = {"frozen": N_("in firmware"), "romfs": "ROMFS", "files": N_("files")}


# Settings -> Board's fixes for a panel or joystick not as expected, per
# profile: (option, label, values, what each value is called); saved in the
# data folder, used from the next power-on (usher.board.saved.board_options)
FIXES = {
    "lcd114": (
        ("inv", N_("Colours"), (0, 1), (N_("as made"), N_("inverted"))),
        ("rot", N_("Turned"), (0, 1), (N_("no"), "180")),
        # the picture a row lower (+1) or higher (-1): for a line of noise
        # at the bottom or the top edge of a panel whose rows sit one off
        ("dy", N_("Stray line"), (0, 1, -1), (N_("none"), N_("bottom"), N_("top"))),
        ("swap", "Joystick", (0, 1, 2), (N_("as made"), N_("up/down"), N_("all 4"))),
        # the SPI clock halved (lcd114.SAFE_BAUD): for a dark or garbled screen
        ("slow", N_("Screen speed"), (0, 1), (N_("fast"), N_("safe"))),
    ),
    "oled": (
        ("inv", N_("Colours"), (0, 1), (N_("as made"), N_("inverted"))),
        ("rot", N_("Turned"), (0, 1), (N_("no"), "180")),
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
        self.profiles = [(ttl + mark(n, running, saved), self.choose(n, ttl)) for n, ttl in profiles]
        Menu.__init__(self, t("Board"), [])
        self.sel = self.old = names.index(nxt) if nxt in names else 0

    def on_open(self) -> None:
        opts = self.app.device("board_options")
        self.items = self.profiles + [
            (
                "%s: %s" % (t(f[1]), t(f[3][f[2].index(opts.get(f[0], 0))]) if opts.get(f[0], 0) in f[2] else "?"),
                self.fix(f),
            )
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
                app.toast(t("Flash full: not saved"))
                return
            self.on_open()
            if opts[f[0]] != app.device("board_running").get(f[0], 0):
                app.toast(t("From the next power-on"))  # not what runs now

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
                app.push(Message(t("Board"), [label, t("from the next"), t("power-on")]))

            app.push(Confirm(t("Use %s?") % label, yes, detail=t("At next power-on")))

        return act

    def save(self, name: str) -> bool:
        try:
            self.app.device("save_profile", name)
        except OSError:
            self.app.toast(t("Flash full: not saved"))
            return False
        return True


def mark(name: str, running: str, saved: str) -> str:
    if name == running:
        return t(" (running)")
    return t(" (next boot)") if name == saved else ""


def title(profiles, name: str) -> str:
    for n, ttl in profiles:
        if n == name:
            return ttl
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
        (None, t("Code"), t(CODE.get(info["code"], info["code"]))),
        (None, t("Board"), title(profiles, running)),
        (None, "Chip", info["chip"] or t("none (simulator)")),
    ]
    if saved and saved != running:
        rows.append((None, t("Next boot"), title(profiles, saved)))
    if info["free"] >= 0:
        rows.append((None, t("Flash free"), "%d KB" % (info["free"] // 1024)))
    return Table(t("About"), rows)
