"""Showtime's device settings: the seat stars (rows 3-4 are not known and
flagged for checking)."""

from usher.core.data import clone
from usher.games.showtime_cast import STARS_KNOWN
from usher.ui.dialogs import save_setting
from usher.ui.widgets import Menu, NumberPicker


class StarsRows(Menu):
    def __init__(self) -> None:
        Menu.__init__(self, "Seat stars", [])

    def on_open(self) -> None:
        stars = self.app.settings.get("showtime")["stars"]
        self.items = []
        for r, row in enumerate(stars):
            flag = "" if r < STARS_KNOWN else " check!"
            self.items.append(("Row %d: %s%s" % (r + 1, " ".join(str(s) for s in row), flag), self.row(r)))
        self.dirty = True

    def row(self, r: int):
        def act() -> None:
            self.edit_seat(r, 0)

        return act

    def edit_seat(self, r: int, s: int) -> None:
        app = self.app
        st = clone(app.settings.get("showtime"))

        def done(v: int) -> None:
            st["stars"][r][s] = v
            save_setting(app, "showtime", st)
            app.pop()
            if s + 1 < len(st["stars"][r]):
                self.edit_seat(r, s + 1)
            else:
                self.on_open()

        app.push(NumberPicker("Row %d seat %d" % (r + 1, s + 1), 0, 9, st["stars"][r][s], done))


def screen() -> Menu:
    return StarsRows()
