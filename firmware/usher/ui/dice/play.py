"""Dice and random draws: pick what to roll or draw, see it big. Every
outcome is an action in the record, like any game's move."""

from usher.ui import theme
from usher.ui.screen import Screen, title_bar

MODES: list = [
    ("1 die", {"t": "roll", "n": 1}),
    ("2 dice", {"t": "roll", "n": 2}),
    ("Taste bag", {"t": "draw", "bag": "taste"}),
    ("Artist bag", {"t": "draw", "bag": "artists"}),
    ("Refill bags", None),
]
COLOUR_INK = {"yellow": 11, "red": 8, "blue": 9, "green": 10, "black": 2, "white": 1}


class DiceScreen(Screen):
    title = "Dice & draws"

    def __init__(self) -> None:
        Screen.__init__(self)
        self.mode = 0
        self.only_title = False  # a mode change repaints the title bar alone

    def on_event(self, ev: str) -> None:
        app = self.app
        if ev in ("next", "prev"):
            self.mode = (self.mode + (1 if ev == "next" else -1)) % len(MODES)
            self.only_title = True
            self.part = True
        elif ev == "ok":
            action = MODES[self.mode][1]
            if action is None:
                ok = app.submit({"t": "refill", "bag": "taste"}) and app.submit({"t": "refill", "bag": "artists"})
            else:
                ok = app.submit(dict(action))
            if ok:
                self.part = True
        elif ev in ("back", "back_long"):
            from usher.ui.ingame import GameMenu

            app.push(GameMenu())

    def draw(self, p, full: bool) -> None:
        state = self.app.match.state
        if full:
            p.clear()
        y = title_bar(p, "< %s >" % MODES[self.mode][0], "#%d" % (state["rolls"] + state["draws"]))
        if self.only_title and not full:
            self.only_title = False
            return
        self.only_title = False
        p.fill_rect(0, y, p.w, p.h - y, theme.BG)
        last = state["last"]
        room = p.h - y - p.line_h("small") - 2  # between the title and the footer line
        big = "huge" if p.font("huge") is not None and p.line_h("huge") <= room else "big"
        mid = y + max(0, (room - p.line_h(big)) // 2)
        if last is None:
            p.center("OK to roll", mid, theme.DIM)
        elif last["t"] == "roll":
            faces = last["faces"]
            s = " ".join(str(f) for f in faces)
            p.center(s, mid, theme.ACCENT, big)
            if len(faces) > 1:
                p.center("total %d" % last["total"], p.h - p.line_h("small") - 2, theme.FG, "small")
        elif last["t"] == "draw":
            item = last["item"]
            ink = COLOUR_INK.get(item, theme.FG) if not p.mono else theme.FG
            p.center(item.upper(), y + max(0, (room - p.line_h("big")) // 2), ink, "big")
            p.center("%d left in bag" % last["left"], p.h - p.line_h("small") - 2, theme.FG, "small")
        else:
            p.center("Bags refilled", mid, theme.GOOD)


def open(app) -> None:
    app.push(DiceScreen())
