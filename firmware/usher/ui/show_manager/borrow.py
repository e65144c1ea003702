"""Borrowing: the production (one's own, still allowed a loan; skipped when
there is one), then the amount, starting at the most allowed. Before OK the
screen shows the chip's new value, its new place and the marks received
("18→8, 4th in Koeln, +10,000"): a loan is public at a real table."""

from usher.games.show_manager.rules import chip_of, loanable
from usher.ui import theme
from usher.ui.show_manager.draw import ARROW, marks, ordinal, rich, rich_fit, rich_w
from usher.ui.widgets import Menu, NumberPicker
from usher.words import t


def start(app, act) -> None:
    """`act(app, action)`: the game's move submitter (usher.ui.show_manager.play.act)."""
    st = app.match.state
    q = st["turn"]
    lo = loanable(st, q)
    if len(lo) == 1:
        amount(app, act, lo[0])
        return
    items = [(label(st, q, e), chooser(app, act, e)) for e in lo]
    app.push(Menu(t("Borrow on"), items))


def label(st: dict, q: int, e: list) -> str:
    t, copy, _ = e
    ci = chip_of(st, q, t, copy)
    two = len([ch for ch in st["chips"] if ch[0] == q and ch[1] == t]) > 1
    nm = st["titles"][t][0] + (" #%d" % (copy + 1) if two else "")
    k = st["rank"][t].index(ci) + 1
    return "%s %d, %s in %s" % (nm, st["chips"][ci][3], ordinal(k), st["cities"][st["at"][t]][0])


def chooser(app, act, e: list):
    return lambda: amount(app, act, e)


def amount(app, act, e: list) -> None:
    app.push(LoanPicker(app.match.state, e, act))


class LoanPicker(NumberPicker):
    """The amount, 1 to the most allowed, with what it does shown under it."""

    def __init__(self, st: dict, e: list, act) -> None:
        m, copy, most = e
        NumberPicker.__init__(self, t("Borrow on %s") % st["titles"][m][0], 1, most, most, self.done)
        self.q = st["turn"]
        self.t = m
        self.copy = copy
        self.act = act
        ci = chip_of(st, self.q, m, copy)
        self.was = st["chips"][ci][3]
        # the other chips' values, top first: where the chip lands after the loan
        self.others = [st["chips"][i][3] for i in st["rank"][m] if i != ci]
        self.city = st["cities"][st["at"][m]][0]
        self.per = st["per_point"]

    def done(self, v: int) -> None:
        self.act(self.app, {"t": "loan", "p": self.q, "title": self.t, "copy": self.copy, "amount": v})

    def preview(self, p) -> str:
        now = self.was - self.value
        k = ordinal(1 + len([x for x in self.others if x >= now]))
        gain = "+" + marks(self.value * self.per)
        s = "%d%s%d, %s in %s, %s" % (self.was, ARROW, now, k, self.city, gain)
        if rich_w(p, s) > p.w - 4:
            s = "%d%s%d %s %s" % (self.was, ARROW, now, k, gain)
        return rich_fit(p, s, p.w - 4)

    def value_box(self, p) -> tuple:
        x, y, w, h = NumberPicker.value_box(self, p)
        return x, y, w, h - p.line_h("body") - 2

    def draw(self, p, full: bool) -> None:
        NumberPicker.draw(self, p, full)
        x, y, w, h = self.value_box(p)
        y += h
        p.fill_rect(0, y, p.w, p.line_h("body") + 2, theme.BG)
        s = self.preview(p)
        rich(p, s, (p.w - rich_w(p, s)) // 2, y, theme.ACCENT)
