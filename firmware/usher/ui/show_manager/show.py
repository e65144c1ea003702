"""Putting on a show: the musical (only those the hand can put on now,
skipped when there is one), the city at a premiere (the free cities, each
with its six places; skipped when one is free), the roles on one screen
(each starts at 5), then the summary, "Wolf 5+6+4 +3 bonus = 18 → 1st in
Koeln", and OK puts it on. Back steps back through the same screens."""

from usher.games.show_manager.rules import producible, value
from usher.ui import theme
from usher.ui.screen import Screen
from usher.ui.show_manager.draw import ARROW, ordinal, rich, rich_w, title, wrap
from usher.ui.widgets import Menu
from usher.words import t

START = 5  # every role starts here: the usual talents 3-7 are two presses away at most


def start(app, act) -> None:
    """`act(app, action)`: the game's move submitter (usher.ui.show_manager.play.act)."""
    st = app.match.state
    ts = producible(st, st["turn"])
    if len(ts) == 1:
        city(app, act, ts[0])
        return
    items = [(label(st, t, app.p.w >= 200), chooser(app, act, t)) for t in ts]
    # the cursor on the musical that takes most cards: a full hand's only choice
    big = max(range(len(ts)), key=lambda i: st["titles"][ts[i]][1])
    app.push(Menu(t("Put on a show"), items, big))


def label(st: dict, m: int, wide: bool) -> str:
    nm, roles = st["titles"][m]
    c = st["at"][m]
    where = st["cities"][c][0] if c >= 0 else t("premiere")
    return (t("%s: %d roles, %s") if wide else "%s %d, %s") % (nm, roles, where)


def chooser(app, act, t: int):
    return lambda: city(app, act, t)


def city(app, act, m: int) -> None:
    st = app.match.state
    if st["at"][m] >= 0:
        roles(app, act, m, None)
        return
    free = [c for c in range(len(st["cities"])) if c not in st["at"]]
    if len(free) == 1:
        roles(app, act, m, free[0])
        return
    items = []
    for c in free:
        nm, pts = st["cities"][c]
        # the name, then its places' points: "City 3: 20/15/10/6/3/0", never one run of numbers
        items.append(("%s: %s" % (nm, "/".join([str(v) for v in pts])), opener(app, act, m, c)))
    app.push(Menu(t("%s opens in") % st["titles"][m][0], items))


def opener(app, act, t: int, c: int):
    return lambda: roles(app, act, t, c)


def sum_line(talents: list) -> str:
    """ "5+6+4 +3 bonus = 18", or "4+0+6 = 10" with a miscast."""
    s = "+".join([str(v) for v in talents])
    if 0 not in talents:
        s += t(" +%d bonus") % len(talents)
    return "%s = %d" % (s, value(talents))


def roles_line(talents: list) -> tuple:
    """The line under the roles: the sum in full, or on a narrow panel the
    total first ("Total 36, +6 bonus"), never the total cut off."""
    v = value(talents)
    if 0 in talents:
        return sum_line(talents), t("Total %d, miscast") % v
    return sum_line(talents), t("Total %d, +%d bonus") % (v, len(talents))


def place(st: dict, t: int, v: int) -> int:
    """The place a new chip worth v takes: beneath every equal or higher one
    (at a premiere, the touring chips are there first)."""
    if st["at"][t] < 0:
        vals = list(st["touring"][t])
    else:
        vals = [st["chips"][ci][3] for ci in st["rank"][t]]
    return 1 + len([x for x in vals if x >= v])


def roles(app, act, m: int, c) -> None:
    st = app.match.state
    nm, n = st["titles"][m]
    top = st["max_talent"]

    def done(talents: list) -> None:
        app.push(Summary(app.match.state, m, c, talents, act))

    from usher.ui.show_manager.entries import Entries

    app.push(Entries(t("%s roles") % nm, [min(START, top)] * n, 0, top, done, info=roles_line))


class Summary(Screen):
    """The production as it will stand; OK puts it on, Back changes the roles."""

    def __init__(self, st: dict, m: int, c, talents: list, act) -> None:
        Screen.__init__(self)
        self.t = m
        self.c = c
        self.talents = talents
        self.act = act
        q = st["turn"]
        v = value(talents)
        where = st["cities"][c if c is not None else st["at"][m]][0]
        # "Wolf 5+6+4 +3 bonus = 18 → 1st in Koeln", in phrases kept whole on a line
        self.words = [st["titles"][m][0]] + sum_line(talents).split(" = ")
        self.words[-1] = "= " + self.words[-1]
        if 0 not in talents:
            self.words[1:2] = self.words[1].split(" ", 1)
        self.words += ["%s %s" % (ARROW, ordinal(place(st, m, v))), "in " + where]
        left = st["hand"][q] - len(talents)
        last = sum(st["left"][q]) == 1
        self.note = t("last show: the turn ends") if last else ""
        if left:
            keeps = (t("keeps %d card") if left == 1 else t("keeps %d cards")) % left
            self.note = keeps + (", " + self.note if last else "")
        self.q = q

    def line(self) -> str:
        return " ".join(self.words)

    def on_event(self, ev: str) -> None:
        if ev == "ok":
            a = {"t": "produce", "p": self.q, "title": self.t, "roles": self.talents}
            if self.c is not None:
                a["city"] = self.c
            self.act(self.app, a)
        elif ev in ("back", "back_long"):
            self.close()

    def draw(self, p, full: bool) -> None:
        p.clear()
        y = title(p, t("Put on a show")) + 2
        lh = p.line_h("body") + 1
        w = p.w - 8
        k = len(self.words) - 2  # where the arrow's part begins
        lines = wrap(p, self.words[:k], w) + wrap(p, self.words[k:], w)
        if len(lines) > 2:  # the sum and the place each on its own line, or as it comes
            lines = wrap(p, self.words, w)
        for ln in lines:
            rich(p, ln, (p.w - rich_w(p, ln)) // 2, y, theme.ACCENT if ARROW in ln else theme.FG)
            y += lh
        sh = p.line_h("small")
        foot = p.h - sh - 1
        if self.note and y + sh <= foot:
            p.center(self.note, y + 1, theme.DIM, "small")
        if y > foot:
            return  # the small panel: no room for the keys' hint
        yes, no = t("OK: put on"), t("Back: change")
        if p.text_w(yes + no, "small") + 12 > p.w:
            yes, no = "OK", t("Back")
        p.text(yes, 4, foot, theme.GOOD, "small")
        p.right(no, p.w - 4, foot, theme.ERROR, "small")
