"""Showbiz options on one summary menu: "Start" first (so the usual game is one
press), then a row per option that changes it in place: the first general
agent (drawn by the device, or a chosen player), draws (device or entered
from the real bags and dice), ZE (private or public: "ZE: private"), start year."""

from usher.core.data import clone
from usher.ui.widgets import Menu, NumberPicker
from usher.words import t

LAST_YEAR = 12  # as the rules' LAST_YEAR; kept here so setup loads without them


class ShowbizSetup(Menu):
    def __init__(self, game, players: list, done) -> None:
        self.game = game
        self.players = players
        self.done = done
        self.agent = -1  # -1: drawn by the device (or rolled at the table)
        self.opts: dict = {"draws": "device", "public_money": False, "start_year": 1}
        Menu.__init__(self, t("Showbiz setup"), [])

    def on_open(self) -> None:
        sb = self.app.settings.get("showbiz")
        self.opts["draws"] = sb.get("draws", "device")
        self.opts["public_money"] = bool(sb.get("public_money", False))
        self.relabel()

    def relabel(self) -> None:
        o = self.opts
        who = t("Agent: draw") if self.agent < 0 else t("Agent: %s") % self.players[self.agent]["name"]
        self.items = [
            (t("Start"), self.start),
            (who, self.next_agent),
            (t("Draws: device") if o["draws"] == "device" else t("Draws: entered"), self.flip_draws),
            (t("ZE: public") if o["public_money"] else t("ZE: private"), self.flip_money),
            (t("Start year: %d") % o["start_year"], self.year),
        ]
        self.old = self.sel  # repaint only the row that changed
        self.part = True

    def next_agent(self) -> None:
        self.agent += 1
        if self.agent >= len(self.players):
            self.agent = -1
        self.relabel()

    def flip_draws(self) -> None:
        self.opts["draws"] = "entered" if self.opts["draws"] == "device" else "device"
        self.relabel()

    def flip_money(self) -> None:
        self.opts["public_money"] = not self.opts["public_money"]
        self.relabel()

    def year(self) -> None:
        def chosen(y: int) -> None:
            self.opts["start_year"] = y
            self.app.pop()
            self.relabel()

        self.app.push(NumberPicker(t("Start year"), 1, LAST_YEAR, self.opts["start_year"], chosen))

    def start(self) -> None:
        app = self.app
        before = app.match
        self.done(clone(self.opts), {})
        m = app.match
        # a chosen agent is the game's first move, so it is in the record
        if self.agent >= 0 and m is not None and m is not before and m.game.name == "showbiz" and not m.inforce:
            from usher.ui.showbiz import play

            play.act(app, {"t": "agent", "p": self.agent})


def options(app, game, players: list, done) -> None:
    app.push(ShowbizSetup(game, players, done))
