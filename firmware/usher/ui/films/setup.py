"""Films options on one summary menu, "Start" first (the usual game is one
press): rounds (8, or 10 with the expansion), one game or best of three,
bids private (each player alone) or open (both typed on the shared screen),
and who starts with the VIP Ticket, which is the first move of the record."""

from usher.ui.widgets import Menu
from usher.words import N_, t

SAID = (N_("private"), N_("open"))  # the bids' options, said where they are shown


class FilmsSetup(Menu):
    def __init__(self, players: list, done) -> None:
        self.players = players
        self.done = done
        self.opts: dict = {"rounds": 8, "best_of": 1, "bids": "private"}
        self.vip = 0
        Menu.__init__(self, t("Films setup"), [])
        self.relabel()

    def relabel(self) -> None:
        o = self.opts
        self.items = [
            (t("Start"), self.start),
            (t("Rounds: %d") % o["rounds"], self.flip("rounds", 8, 10)),
            (t("One game") if o["best_of"] == 1 else t("Best of three"), self.flip("best_of", 1, 3)),
            (t("Bids: %s") % t(o["bids"]), self.flip("bids", "private", "open")),
            (t("VIP: %s") % self.players[self.vip]["name"], self.next_vip),
        ]
        self.old = self.sel  # repaint only the row that changed
        self.part = True

    def flip(self, key: str, a, b):
        def act() -> None:
            self.opts[key] = b if self.opts[key] == a else a
            self.relabel()

        return act

    def next_vip(self) -> None:
        self.vip = 1 - self.vip
        self.relabel()

    def start(self) -> None:
        app = self.app
        before = app.match
        self.done(dict(self.opts), {})
        m = app.match
        # who has the VIP is the game's first move, so it is in the record
        if m is not None and m is not before and m.game.name == "films" and not m.inforce:
            from usher.ui.films import play

            play.act(app, {"t": "game", "vip": self.vip})


def options(app, game, players: list, done) -> None:
    app.push(FilmsSetup(players, done))
