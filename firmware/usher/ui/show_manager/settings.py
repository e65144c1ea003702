"""Show Manager's device settings: the cities, each a name and the points of
its six places. Koeln and Troisdorf ship as known; "City 3" and "City 4"
are placeholders, marked "not known: enter from your board" until edited.
Cities can be added and removed, never below four. The list keeps a city's
name apart from its six values: the name on the left, the values right
aligned in the accent colour ("City 3" is no start of a number run)."""

from usher.core.data import clone
from usher.games.show_manager.settings import MIN_CITIES, PLACEHOLDERS, PLACES, defaults
from usher.ui import theme
from usher.ui.dialogs import Confirm, save_setting
from usher.ui.show_manager.draw import ordinal
from usher.ui.widgets import Menu
from usher.words import N_, t

UNKNOWN = N_("not known: enter from your board")  # said through t() where shown
TOP = 99  # the highest value a place may be given here


def unknown(cities: list) -> list:
    """The names of the cities still as shipped as placeholders."""
    shipped = defaults()["cities"]
    return [c[0] for c in cities if c[0] in PLACEHOLDERS and c in shipped]


def cities_of(app) -> list:
    return app.settings.get("show_manager")["cities"]


def store(app, cities: list) -> bool:
    sm = clone(app.settings.get("show_manager"))
    sm["cities"] = cities
    return save_setting(app, "show_manager", sm)


def place_labels() -> list:
    """The labels under a city's six values: "1st" to "6th" ("1." in German)."""
    return [ordinal(k) for k in range(1, PLACES + 1)]


def column(c: list) -> str:
    return " ".join([str(v) for v in c[1]])


class Cities(Menu):
    def __init__(self) -> None:
        Menu.__init__(self, t("Show Manager cities"), [])
        self.values: list = []  # per row, what stands right aligned after the name

    def on_open(self) -> None:
        self.fill()

    def fill(self) -> None:
        cs = cities_of(self.app)
        unk = unknown(cs)
        self.items = []
        self.values = []
        for i, c in enumerate(cs):
            self.items.append((c[0], self.opener(i)))
            self.values.append(t("not known") if c[0] in unk else "/".join([str(v) for v in c[1]]))
        self.items.append((t("+ add city"), self.add))
        self.values.append("")
        if self.sel >= len(self.items):
            self.sel = 0
        self.dirty = True

    def draw_row(self, p, i: int) -> None:
        """The name left, its values right aligned: never one run of text."""
        box = self.row_box(p, i)
        if box is None:
            return
        y, _, bg = box
        at = i == self.sel
        v = self.values[i]
        size = "body" if p.w > 200 else "small"  # the LCD has room for the values in the body font
        vw = p.text_w(v, size) + 8 if v else 0
        p.text(p.fit(self.items[i][0], p.w - 6 - vw), 4, y + 2, p.ink_on(bg) if at else theme.FG)
        if v:
            p.right(v, p.w - 5, y + 2 + p.line_h("body") - p.line_h(size), p.ink_on(bg) if at else theme.ACCENT, size)

    def opener(self, i: int):
        return lambda: self.app.push(City(i, self))

    def add(self) -> None:
        app = self.app
        from usher.ui.textentry import TextEntry

        def named(nm: str) -> None:
            cs = cities_of(app)
            if nm in [c[0] for c in cs]:
                app.toast(t("%s is there already") % nm)
                return

            def valued(vs: list) -> None:
                if store(app, clone(cs) + [[nm, vs]]):
                    app.pop()
                    self.fill()

            from usher.ui.show_manager.entries import Entries

            app.replace(Entries(nm, list(cs[-1][1]), 0, TOP, valued, labels=place_labels()))

        app.push(TextEntry(t("New city"), "", named))


class City(Menu):
    """One city: its name, its places, remove."""

    def __init__(self, i: int, parent) -> None:
        Menu.__init__(self, "", [])
        self.i = i
        self.parent = parent

    def on_open(self) -> None:
        self.fill()

    def fill(self) -> None:
        c = cities_of(self.app)[self.i]
        self.title = c[0]
        self.items = []
        if unknown([c]):
            unk = t(UNKNOWN)
            self.items.append((unk[0].upper() + unk[1:], self.places))
        self.items += [
            ("Name: " + c[0], self.rename),  # the same word in German
            (t("Places: %s") % column(c), self.places),
            (t("Remove"), self.remove),
        ]
        if self.sel >= len(self.items):
            self.sel = 0
        self.dirty = True

    def changed(self, cs: list) -> None:
        if store(self.app, cs):
            self.app.pop()
            self.fill()
            self.parent.fill()

    def rename(self) -> None:
        from usher.ui.textentry import TextEntry

        cs = clone(cities_of(self.app))

        def done(nm: str) -> None:
            cs[self.i][0] = nm
            self.changed(cs)

        self.app.push(TextEntry(t("City name"), cs[self.i][0], done))

    def places(self) -> None:
        from usher.ui.show_manager.entries import Entries

        cs = clone(cities_of(self.app))

        def done(vs: list) -> None:
            cs[self.i][1] = vs
            self.changed(cs)

        self.app.push(Entries(cs[self.i][0], cs[self.i][1], 0, TOP, done, labels=place_labels()))

    def remove(self) -> None:
        app = self.app
        cs = clone(cities_of(app))
        if len(cs) <= MIN_CITIES:
            app.toast(t("at least %d cities") % MIN_CITIES)
            return

        def yes() -> None:
            del cs[self.i]
            if store(app, cs):
                app.pop(self)
                self.parent.fill()

        app.push(Confirm(t("Remove %s?") % cs[self.i][0], yes))


def screen() -> Menu:
    return Cities()
