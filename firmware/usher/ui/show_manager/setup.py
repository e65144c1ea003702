"""Show Manager's options before a game, on one menu with Start first (the
usual game is one press away): the start player (the rulebook: whoever saw
a musical last), the edition (the musicals' names). The cities come from
Settings; while a placeholder city is in them, a row says so and leads to
the cities' editor."""

from usher.core.data import clone
from usher.ui.widgets import Menu
from usher.words import t

EDITIONS = (("show_manager", "Show Manager"), ("premiere", "Premiere"))


def options(app, game, players: list, done) -> None:
    app.push(Setup(players, done))


class Setup(Menu):
    def __init__(self, players: list, done) -> None:
        Menu.__init__(self, "Show Manager", [])
        self.players = players
        self.done = done
        self.first = 0
        self.edition = -1

    def on_open(self) -> None:
        ed = self.app.settings.get("show_manager").get("edition")
        keys = [e[0] for e in EDITIONS]
        self.edition = keys.index(ed) if ed in keys else 0
        self.fill()

    def fill(self) -> None:
        from usher.ui.show_manager.settings import cities_of, unknown

        unk = unknown(cities_of(self.app))
        self.items = [
            (t("Start"), self.start),
            (t("Start player: %s") % self.players[self.first]["name"], self.next_first),
            ("Edition: " + EDITIONS[self.edition][1], self.flip),  # "Edition" in German too
        ]
        if unk:
            self.items.append((t("Not known: %s") % ", ".join(unk), self.warn))
        if self.sel >= len(self.items):
            self.sel = 0

    def draw(self, p, full: bool) -> None:
        if full:  # back from the cities' editor, the warning may have gone
            self.fill()
        Menu.draw(self, p, full)

    def changed(self) -> None:
        """A row's label changed: repaint that row only."""
        self.fill()
        self.old = self.sel
        self.part = True

    def next_first(self) -> None:
        self.first = (self.first + 1) % len(self.players)
        self.changed()

    def flip(self) -> None:
        self.edition = (self.edition + 1) % len(EDITIONS)
        self.changed()

    def warn(self) -> None:
        from usher.ui.dialogs import Confirm
        from usher.ui.show_manager.settings import UNKNOWN, cities_of, unknown

        app = self.app
        unk = unknown(cities_of(app))

        def edit() -> None:
            from usher.ui.show_manager.settings import Cities

            app.push(Cities())

        names = ""  # "City 3 and City 4"
        for nm in unk:
            names = t("%s and %s") % (names, nm) if names else nm
        what = "%s: %s" % (names, t(UNKNOWN))
        app.push(Confirm(what, edit, detail=t("OK: edit them now. Back: play as they are.")))

    def start(self) -> None:
        from usher.ui.show_manager.settings import cities_of

        opts = {"first": self.first, "edition": EDITIONS[self.edition][0]}
        self.done(opts, {"cities": clone(cities_of(self.app))})
