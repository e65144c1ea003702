"""New-game setup: which game, how many players, who sits where, the game's
own options, then play. Names come from the roster (pushed from the laptop or
typed in Settings); colours follow seat order and can be changed."""

from usher.core.errors import RuleError
from usher.games.catalog import GAMES, load_game, title
from usher.ui import theme
from usher.ui.widgets import Menu, NumberPicker
from usher.words import game as words_of
from usher.words import said, t


def choose_game(app) -> None:
    # every game of the catalog with seats (dice & draws has its own home row)
    items = [(e.title, _pick(app, e)) for e in GAMES if e.lo > 0]
    app.push(Menu(t("New game"), items))


def _pick(app, e):
    def act() -> None:
        g = load_game(e.name)
        lo, hi = e.lo, e.hi
        if lo == hi:  # nothing to ask (Films: always two)
            app.push(Seats(g, lo))
            return
        app.push(NumberPicker(t("Players"), lo, hi, min(hi, max(lo, 4)), lambda n: choose_players(app, g, n)))

    return act


def choose_players(app, game, n: int) -> None:
    app.pop()
    app.push(Seats(game, n))


class Seats(Menu):
    """Pick a name for each seat in turn (clockwise order). Each seat takes the
    first colour still free (the swatch shows it); hold OK on a name to give
    that player another colour, e.g. the one of their pieces on the table."""

    def __init__(self, game, n: int) -> None:
        self.game = game
        self.n = n
        self.chosen: list = []
        Menu.__init__(self, "", [])

    def on_open(self) -> None:
        self.refill()

    def refill(self) -> None:
        seat = len(self.chosen)
        self.title = t("Seat %d of %d") % (seat + 1, self.n)
        taken = [c["name"] for c in self.chosen]
        names = [r for r in self.app.settings.get("roster") if r not in taken]
        if not names:
            names = ["Player %d" % (seat + 1)]
        self.items = [(nm, self.take(nm)) for nm in names]
        self.marks = [self.free()[0]] * len(self.items)
        self.sel = 0
        self.top = 0
        self.dirty = True

    def free(self) -> list:
        used = [c["colour"] for c in self.chosen]
        return [c for c in range(len(theme.PLAYER_NAMES)) if c not in used]

    def take(self, name: str, colour: int = -1):
        def act() -> None:
            if len(self.chosen) >= self.n:
                self.chosen.pop()  # back from the options: the last seat is chosen again
            self.chosen.append({"name": name, "colour": colour if colour >= 0 else self.free()[0]})
            if len(self.chosen) < self.n:
                self.refill()
            else:
                options(self.app, self.game, self.chosen)

        return act

    def on_event(self, ev: str) -> None:
        if ev == "back" and self.chosen:
            self.chosen.pop()  # back steps to the previous seat, not out
            self.refill()
            return
        if ev == "ok_long" and self.items:
            self.pick_colour(self.items[self.sel][0])
            return
        Menu.on_event(self, ev)

    def pick_colour(self, name: str) -> None:
        app = self.app
        free = self.free()

        def chosen(c: int):
            def act() -> None:
                app.pop()
                self.take(name, c)()

            return act

        items = [(t(theme.PLAYER_NAMES[c]), chosen(c)) for c in free]
        app.push(Menu(t("Colour: %s") % name, items, marks=free))


def options(app, game, players: list) -> None:
    """The game's own options screens, if it has any, then start."""
    words_of(game.name)
    try:
        mod = __import__("usher.ui." + game.name + ".setup", None, None, ["options"])
    except ImportError:
        # every game has a setup module (one without options calls back at
        # once): a missing or broken one is a partial deploy, said, never
        # played on defaults
        app.toast(not_installed(game.name))
        return
    mod.options(app, game, players, lambda opts, comps: start(app, game, players, opts, comps))


def not_installed(name: str) -> str:
    return t("Not installed: %s") % title(name)


def start(app, game, players: list, opts: dict, comps: dict) -> None:
    try:
        setup = game.make_setup(players, opts, comps)
    except RuleError as e:
        app.toast(said(e))
        return
    if app.start_match(game, setup):
        app.play(collect=False)
