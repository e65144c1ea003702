"""Settings: the roster of names, brightness, and component data the rules
need (Showtime seat stars; rows 3-4 are not known and flagged for checking)."""

from usher.core.data import clone
from usher.ui.dialogs import Confirm
from usher.ui.textentry import TextEntry
from usher.ui.widgets import Menu, NumberPicker

MAX_ROSTER = 16


def _save(app, key: str, value) -> bool:  # type: ignore[no-untyped-def]
    try:
        app.settings.set(key, value)
    except OSError:
        app.toast("Flash full: not saved")
        return False
    return True


class SettingsMenu(Menu):
    def __init__(self) -> None:
        Menu.__init__(self, "Settings", [])

    def on_open(self) -> None:
        app = self.app
        self.items = [
            ("Players", lambda: app.push(Roster())),
            ("Brightness %d%%" % app.settings.get("brightness"), self.brightness),
            ("Showtime seats", lambda: app.push(StarsRows())),
            ("Showbiz options", lambda: app.push(ShowbizDefaults())),
        ]
        self.dirty = True

    def brightness(self) -> None:
        app = self.app

        def done(v: int) -> None:
            _save(app, "brightness", v)
            app.apply_brightness()
            app.pop()
            self.on_open()

        app.push(NumberPicker("Brightness", 10, 100, app.settings.get("brightness"), done, step=10, unit="%"))


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
            if name not in names:
                names.append(name)
                _save(app, "roster", names)
            app.pop()
            self.on_open()

        app.push(TextEntry("New name", "", done))

    def edit(self, i: int):  # type: ignore[no-untyped-def]
        def act() -> None:
            app = self.app
            names = list(app.settings.get("roster"))

            def rename() -> None:
                def done(name: str) -> None:
                    names[i] = name
                    _save(app, "roster", names)
                    app.pop()
                    app.pop()
                    self.on_open()

                app.push(TextEntry("Rename", names[i], done))

            def remove() -> None:
                def yes() -> None:
                    del names[i]
                    _save(app, "roster", names)
                    app.pop()
                    self.on_open()

                app.push(Confirm("Remove %s?" % names[i], yes))

            app.push(Menu(names[i], [("Rename", rename), ("Remove", remove)]))

        return act


class StarsRows(Menu):
    def __init__(self) -> None:
        Menu.__init__(self, "Seat stars", [])

    def on_open(self) -> None:
        stars = self.app.settings.get("showtime")["stars"]
        from usher.settings import SHOWTIME_STARS_KNOWN

        self.items = []
        for r, row in enumerate(stars):
            flag = "" if r < SHOWTIME_STARS_KNOWN else " check!"
            self.items.append(("Row %d: %s%s" % (r + 1, " ".join(str(s) for s in row), flag), self.row(r)))
        self.dirty = True

    def row(self, r: int):  # type: ignore[no-untyped-def]
        def act() -> None:
            self.edit_seat(r, 0)

        return act

    def edit_seat(self, r: int, s: int) -> None:
        app = self.app
        st = clone(app.settings.get("showtime"))

        def done(v: int) -> None:
            st["stars"][r][s] = v
            _save(app, "showtime", st)
            app.pop()
            if s + 1 < len(st["stars"][r]):
                self.edit_seat(r, s + 1)
            else:
                self.on_open()

        app.push(NumberPicker("Row %d seat %d" % (r + 1, s + 1), 0, 9, st["stars"][r][s], done))


class ShowbizDefaults(Menu):
    def __init__(self) -> None:
        Menu.__init__(self, "Showbiz", [])

    def on_open(self) -> None:
        sb = self.app.settings.get("showbiz")
        self.items = [
            ("Money: %s" % ("public" if sb["public_money"] else "private"), self.flip("public_money")),
            ("Draws: %s" % sb["draws"], self.flip("draws")),
        ]
        self.dirty = True

    def flip(self, key: str):  # type: ignore[no-untyped-def]
        def act() -> None:
            sb = clone(self.app.settings.get("showbiz"))
            if key == "draws":
                sb["draws"] = "entered" if sb["draws"] == "device" else "device"
            else:
                sb[key] = not sb[key]
            _save(self.app, "showbiz", sb)
            self.on_open()

        return act
