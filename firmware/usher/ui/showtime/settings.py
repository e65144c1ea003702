"""Showtime's device settings: the seat stars (rows 3-4 are not known and
flagged "check!" until someone says they match the board: here, or at a new
game's "Seat stars as on your board?"; kept in the settings as
"stars_checked")."""

from usher.core.data import clone
from usher.games.showtime.cast import STARS_KNOWN
from usher.ui.dialogs import save_setting
from usher.ui.widgets import Menu, NumberPicker
from usher.words import t

CHECKED = "stars_checked"  # the settings' flag: someone compared rows 3-4 with the board (setup.CHECKED)


class StarsRows(Menu):
    def __init__(self) -> None:
        Menu.__init__(self, t("Seat stars"), [])

    def on_open(self) -> None:
        st = self.app.settings.get("showtime")
        stars = st["stars"]
        checked = st.get(CHECKED)
        self.items = []
        for r, row in enumerate(stars):
            flag = "" if r < STARS_KNOWN or checked else t(" check!")
            self.items.append((t("Row %d: %s") % (r + 1, " ".join(str(s) for s in row)) + flag, self.row(r)))
        if not checked:
            self.items.append((t("All as on my board"), self.confirm))
        self.dirty = True

    def confirm(self) -> None:
        """Rows 3-4 compared with the board: the flag goes, for good."""
        st = clone(self.app.settings.get("showtime"))
        st[CHECKED] = True
        save_setting(self.app, "showtime", st)
        self.sel = 0
        self.on_open()

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

        app.push(NumberPicker(t("Row %d seat %d") % (r + 1, s + 1), 0, 9, st["stars"][r][s], done))


def screen() -> Menu:
    return StarsRows()
