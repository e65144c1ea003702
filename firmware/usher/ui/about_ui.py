"""Settings -> Board and Settings -> About: the device itself. What it knows
of itself comes from the app (`App.board`, `App.about`): screens never read
sys or os."""

from usher.ui.dialogs import Confirm, Message, Table
from usher.ui.widgets import Menu

CODE = {"frozen": "in firmware", "romfs": "ROMFS", "files": "files"}


def board(app, done):
    running, saved, profiles = app.board()
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
        items = [(t, self.choose(n, t)) for n, t in profiles]
        Menu.__init__(self, "Board", items, sel=names.index(nxt) if nxt in names else 0)

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
            self.app.save_profile(name)
        except OSError:
            self.app.toast("Flash full: not saved")
            return False
        return True


def title(profiles, name: str) -> str:
    for n, t in profiles:
        if n == name:
            return t
    return name


def about(app, done=None):
    """Read-only: versions, where the code lives, the board, the flash free."""
    info = app.about()
    running, saved, profiles = app.board()
    py = info["python"]
    rows = [
        (None, "Usher", info["usher"]),
        (None, "MicroPython" if py == "micropython" else py, info["version"]),
        (None, "Code", CODE.get(info["code"], info["code"])),
        (None, "Board", title(profiles, running)),
    ]
    if saved and saved != running:
        rows.append((None, "Next boot", title(profiles, saved)))
    if info["free"] >= 0:
        rows.append((None, "Flash free", "%d KB" % (info["free"] // 1024)))
    return Table("About", rows)
