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

    def on_event(self, ev: str) -> None:
        app = self.app
        if ev in ("next", "prev"):
            self.mode = (self.mode + (1 if ev == "next" else -1)) % len(MODES)
            self.dirty = True
        elif ev == "ok":
            action = MODES[self.mode][1]
            if action is None:
                ok = app.submit({"t": "refill", "bag": "taste"}) and app.submit({"t": "refill", "bag": "artists"})
            else:
                ok = app.submit(dict(action))
            if ok:
                self.dirty = True
        elif ev in ("back", "back_long"):
            from usher.ui.ingame import GameMenu

            app.push(GameMenu())

    def draw(self, p, full: bool) -> None:  # type: ignore[no-untyped-def]
        state = self.app.match.state
        p.clear()
        y = title_bar(p, "< %s >" % MODES[self.mode][0], "#%d" % (state["rolls"] + state["draws"]))
        last = state["last"]
        big = "huge" if p.font("huge") is not None else "big"
        mid = y + (p.h - y - p.line_h(big)) // 2 - p.line_h("small") // 2
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
            p.center(item.upper(), mid, ink, "big")
            p.center("%d left in bag" % last["left"], p.h - p.line_h("small") - 2, theme.FG, "small")
        else:
            p.center("Bags refilled", mid, theme.GOOD)


def open(app) -> None:  # type: ignore[no-untyped-def]
    app.push(DiceScreen())
