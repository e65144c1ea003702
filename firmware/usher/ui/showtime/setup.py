"""Showtime's options before a game, all on one menu with Start first, so the
usual game is one press away: start player (drawn or chosen), posters (drawn
by the device or entered), Director's Cut (a toggle list of the 16 persons).
Seat stars and the genre table come from Settings; seat stars of rows 3-4
are not known for sure, so until someone confirms them against the board a
row asks for that check."""

from usher.core.data import clone
from usher.core.errors import RuleError
from usher.games.showtime import cast
from usher.ui.dialogs import Confirm
from usher.ui.widgets import Menu
from usher.words import N_, t

# for the type checkers only: the device never tries the import (one that
# fails costs ~2.5 ms on the Pico, at every import of this module)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

CUT = 12
CARDS = 16
KNOWN_ROWS = 2  # seat stars of rows 1-2 follow from the rulebook's example
CHECKED = "stars_checked"  # settings flag: someone compared rows 3-4 with the board


def options(app, game, players: list, done) -> None:
    app.push(Setup(players, done))


def stars_need_check(app, n: int) -> bool:
    return n > KNOWN_ROWS and not app.settings.get("showtime").get(CHECKED)


class Setup(Menu):
    def __init__(self, players: list, done) -> None:
        Menu.__init__(self, "Showtime", [])
        self.players = players
        self.done = done
        self.first: Any = None  # None: the device draws the start player
        self.posters = "draw"
        self.cut: Any = None
        self.table = True  # use the genre table from Settings, if there is one

    def on_open(self) -> None:
        self.fill()
        self.dirty = True

    def fill(self) -> None:
        n = len(self.players)
        first = t("draw") if self.first is None else self.players[self.first]["name"]
        items = [
            (t("Start"), self.start),
            (t("Start player: %s") % first, self.next_first),
            (t("Posters: device draws") if self.posters == "draw" else t("Posters: enter"), self.flip_posters),
            (t("Director's Cut: off") if self.cut is None else t("Director's Cut: on"), self.edit_cut),
        ]
        if self.app.settings.get("showtime").get("genres") is not None:
            items.append((t("Genres: from table") if self.table else t("Genres: ask"), self.flip_table))
        if stars_need_check(self.app, n):
            items.append((t("Check seat stars!"), self.check_stars))
        self.items = items
        if self.sel >= len(items):
            self.sel = 0

    def changed(self) -> None:
        """A row's label changed: repaint that row only."""
        self.fill()
        self.old = self.sel
        self.part = True

    def next_first(self) -> None:
        n = len(self.players)
        self.first = 0 if self.first is None else (None if self.first + 1 >= n else self.first + 1)
        self.changed()

    def flip_posters(self) -> None:
        self.posters = "enter" if self.posters == "draw" else "draw"
        self.changed()

    def flip_table(self) -> None:
        self.table = not self.table
        self.changed()

    def edit_cut(self) -> None:
        def chosen(cut) -> None:
            self.cut = cut
            self.fill()

        self.app.push(CutPicker(self.cut, chosen))

    def check_stars(self) -> None:
        app = self.app
        n = len(self.players)
        stars = app.settings.get("showtime")["stars"]
        row = t("row %d: %s")
        rows = ", ".join([row % (r + 1, " ".join([str(v) for v in stars[r]])) for r in range(KNOWN_ROWS, n)])

        def yes() -> None:
            st = clone(app.settings.get("showtime"))
            st[CHECKED] = True
            try:
                app.settings.set("showtime", st)
            except OSError:
                app.toast(t("Flash full: not saved"))
            self.fill()
            self.sel = 0
            self.dirty = True

        def edit() -> None:
            from usher.ui.showtime.settings import StarsRows

            app.push(StarsRows())

        app.push(Confirm(t("Seat stars as on your board?"), yes, edit, detail=rows + t(". Back: edit.")))

    def start(self) -> None:
        n = len(self.players)
        opts = {"first": self.first, "posters": self.posters, "cut": self.cut}
        st = self.app.settings.get("showtime")
        table = st.get("genres") if self.table else None
        comps = {"stars": clone(st["stars"][:n]), "genres": clone(table)}
        self.done(opts, comps)


class CutPicker(Menu):
    """Director's Cut: tick the 12 persons everyone keeps. Starts with all 16
    ticked (or the last choice), so four presses on persons usually do."""

    def __init__(self, cut, on_done) -> None:
        Menu.__init__(self, "Director's Cut", [])
        self.on_done = on_done
        self.keep = list(cut) if cut else list(range(1, CARDS + 1))
        self.fill()

    def fill(self) -> None:
        n = len(self.keep)
        done = t("Done: %d of %d") % (n, CUT) if n != CUT else t("Done: these 12")
        items = [(done, self.finish), (t("No Director's Cut"), self.off)]
        for c in range(1, CARDS + 1):
            tick = "[x]" if c in self.keep else "[  ]"
            items.append(("%s %d %s" % (tick, c, cast.name(c)), self.toggle(c)))
        self.items = items

    def toggle(self, c: int):
        def act() -> None:
            if c in self.keep:
                self.keep.remove(c)
            else:
                self.keep.append(c)
            self.fill()
            self.old = 0  # the Done row shows the count
            self.part = True

        return act

    def finish(self) -> None:
        if len(self.keep) != CUT:
            raise RuleError(N_("tick 12 persons (now %d)"), len(self.keep))
        keep = sorted(self.keep)
        self.close()
        self.on_done(keep)

    def off(self) -> None:
        self.close()
        self.on_done(None)
