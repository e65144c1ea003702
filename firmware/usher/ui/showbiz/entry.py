"""Showbiz with draws "entered": the general agent draws from the real bags
and rolls the real dice, and the players enter what came out. Loaded only
in such a game."""

from usher.games.showbiz.rules import pool_draw
from usher.ui import theme
from usher.ui.screen import Screen, title_bar
from usher.ui.showbiz.draw import chip, players_menu
from usher.ui.widgets import NumberPicker
from usher.words import t

DIE_START = 3  # an entered die roll starts mid-range: every face within 3 steps


class PieceEntry(Screen):
    """Enter `n` pieces drawn from a real bag: prev/next choose a colour, OK
    adds one of it, back takes the last one out (or leaves when none)."""

    def __init__(self, title: str, kinds: list, left: list, n: int, on_done) -> None:
        Screen.__init__(self)
        self.title = title
        self.kinds = kinds
        self.left = left  # what the bag can still give, per colour
        self.n = n
        self.on_done = on_done
        self.got: list = []
        self.cur = 0

    def on_event(self, ev: str) -> None:
        k = len(self.kinds)
        if ev in ("next", "prev"):
            self.cur = (self.cur + (1 if ev == "next" else -1)) % k
            self.dirty = True
        elif ev == "ok":
            c = self.cur
            if self.got.count(c) >= self.left[c]:
                self.app.toast(t("bag has no %s left") % t(self.kinds[c]))
                return
            self.got.append(c)
            self.dirty = True
            if len(self.got) == self.n:
                self.on_done([self.kinds[i] for i in self.got])
        elif ev == "back":
            if self.got:
                self.got.pop()
                self.dirty = True
            else:
                self.close()

    def draw(self, p, full: bool) -> None:
        p.clear()
        y = title_bar(p, self.title, "%d/%d" % (len(self.got), self.n))
        k = len(self.kinds)
        cw = (p.w - 4) // k
        lh = p.line_h("body")
        s = min(cw - 6, p.h - y - 2 * lh - 12)
        x = 2
        for i in range(k):
            cx = x + (cw - s) // 2
            if i == self.cur:
                p.rect(cx - 2, y + 1, s + 4, s + 4, theme.ACCENT)
            chip(p, cx, y + 3, s, self.kinds[i])
            n = self.got.count(i)
            if n:
                p.center(str(n), y + s + 6, theme.FG, "body", x, cw)
            x += cw
        hint = t("OK: add %s") % t(self.kinds[self.cur])
        p.text(p.fit(hint, p.w - 4, "small"), 2, p.h - p.line_h("small") - 1, theme.ACCENT, "small")


def enter(app, k: str, act) -> None:
    """`act(app, action)`: the game's move submitter (usher.ui.showbiz.play.act)."""
    """The general agent's steps with pieces from the real bags and real dice."""
    st = app.match.state
    kinds = st["kinds"]
    if k == "agent":
        players_menu(app, t("General agent"), list(range(len(st["ze"]))), lambda q: act(app, {"t": "agent", "p": q}))
    elif k == "row":
        app.push(PieceEntry(t("Taste row"), kinds, st["tbag"], 6, lambda row: act(app, {"t": "row", "row": row})))
    elif k == "forecast":

        def die(row: list) -> None:
            done = lambda d: act(app, {"t": "forecast", "row": row, "die": d})
            app.replace(NumberPicker(t("Forecast die"), 1, 6, DIE_START, done))

        app.push(PieceEntry(t("Forecast"), kinds, st["tbag"], 6, die))
    elif k == "pool":
        done = lambda add: act(app, {"t": "pool", "add": add})
        app.push(PieceEntry(t("Artists"), kinds, st["abag"], pool_draw(st), done))
    else:
        title = t("Taste roll") if k == "trend" else t("End roll")
        app.push(NumberPicker(title, 1, 6, DIE_START, lambda d: act(app, {"t": k, "die": d})))
