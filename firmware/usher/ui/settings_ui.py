"""Settings: the roster of names, brightness, a row per game with settings
of its own (its screens are `usher.ui.<game>.settings`), the board profile,
and About. What the device knows of itself comes from the app (`App.about`):
screens never read sys or os."""

from usher.games.catalog import GAMES, NAME, SETTINGS_ROW
from usher.ui.dialogs import Confirm, Message, Table, save_setting
from usher.ui.textentry import TextEntry
from usher.ui.widgets import Menu, NumberPicker

MAX_ROSTER = 16


class SettingsMenu(Menu):
    def __init__(self) -> None:
        Menu.__init__(self, "Settings", [])

    def on_open(self) -> None:
        app = self.app
        self.items = [
            ("Players", lambda: app.push(Roster())),
            ("Brightness %d%%" % app.settings.get("brightness"), self.brightness),
        ]
        for e in GAMES:  # each game's own settings screen, from its catalog line
            if e[SETTINGS_ROW]:
                self.items.append((e[SETTINGS_ROW], self.game_settings(e[NAME])))
        info = app.about()
        # the board the next power-on takes: after a change, not the one running
        nxt = info["saved"] or info["profile"]
        self.items.append(("Board: " + title(info, nxt), lambda: app.push(Board(info, nxt, self.on_open))))
        self.items.append(("About", lambda: app.push(about(app.about()))))
        self.dirty = True

    def game_settings(self, name: str):
        def act() -> None:
            self.app.push(__import__("usher.ui." + name + ".settings", None, None, ["screen"]).screen())

        return act

    def brightness(self) -> None:
        app = self.app

        def done(v: int) -> None:
            save_setting(app, "brightness", v)
            app.apply_brightness()
            app.pop()
            self.on_open()

        app.push(NumberPicker("Brightness", 10, 100, app.settings.get("brightness"), done, step=10, unit="%"))


class Board(Menu):
    """The board profiles; another than the one running is saved for the
    next power-on (the panel and pins are set up only then)."""

    def __init__(self, info: dict, nxt: str, done) -> None:
        self.info = info
        self.done = done  # the Settings menu's refresh: its Board row names the choice
        names = [n for n, _ in info["profiles"]]
        items = [(t, self.choose(n, t)) for n, t in info["profiles"]]
        Menu.__init__(self, "Board", items, sel=names.index(nxt) if nxt in names else 0)

    def choose(self, name: str, label: str):
        def act() -> None:
            app = self.app
            info = self.info
            if name == info["profile"]:
                # the board running: kept from now on (a choice made before is undone)
                if info["saved"] not in ("", name) and not self.save(name):
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


def title(info: dict, name: str) -> str:
    for n, t in info["profiles"]:
        if n == name:
            return t
    return name


CODE = {"frozen": "in firmware", "romfs": "ROMFS", "files": "files"}


def about(info: dict):
    """Read-only: versions, where the code lives, the board, the flash free."""
    py = info["python"]
    rows = [
        (None, "Usher", info["usher"]),
        (None, "MicroPython" if py == "micropython" else py, info["version"]),
        (None, "Code", CODE.get(info["code"], info["code"])),
        (None, "Board", title(info, info["profile"])),
    ]
    if info["saved"] and info["saved"] != info["profile"]:
        rows.append((None, "Next boot", title(info, info["saved"])))
    if info["free"] >= 0:
        rows.append((None, "Flash free", "%d KB" % (info["free"] // 1024)))
    return Table("About", rows)


class Roster(Menu):
    def __init__(self) -> None:
        Menu.__init__(self, "Players", [])

    def on_open(self) -> None:
        names = self.app.settings.get("roster")
        self.items = [(n, self.edit(i)) for i, n in enumerate(names)]
        if len(names) < MAX_ROSTER:
            self.items.append(("+ add name", self.add))
        self.dirty = True

    def add(self) -> None:
        app = self.app

        def done(name: str) -> None:
            names = list(app.settings.get("roster"))
            if name in names:
                app.toast(taken(name))  # refused with the reason; still typing
                return
            names.append(name)
            save_setting(app, "roster", names)
            app.pop()
            self.on_open()

        app.push(TextEntry("New name", "", done))

    def edit(self, i: int):
        def act() -> None:
            app = self.app
            names = list(app.settings.get("roster"))

            def rename() -> None:
                def done(name: str) -> None:
                    if name != names[i] and name in names:
                        app.toast(taken(name))
                        return
                    names[i] = name
                    save_setting(app, "roster", names)
                    app.pop()
                    app.pop()
                    self.on_open()

                app.push(TextEntry("Rename", names[i], done))

            def remove() -> None:
                def yes() -> None:
                    del names[i]
                    save_setting(app, "roster", names)
                    app.pop()
                    self.on_open()

                app.push(Confirm("Remove %s?" % names[i], yes))

            app.push(Menu(names[i], [("Rename", rename), ("Remove", remove)]))

        return act


def taken(name: str) -> str:
    return "%s is on the list" % name[:12]
