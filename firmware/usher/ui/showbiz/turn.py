"""The screens of a Showbiz selection turn: a menu with colour chips (the
pick), the claims multi-select, the contract picker, the reveal of a bid
round and the year-end scoring. They take callbacks; play_showbiz wires them
to moves. The reveal and the year end draw only what is public by then."""

from usher.ui import theme
from usher.ui.screen import RowScreen, Screen, title_bar, title_h
from usher.ui.showbiz.draw import cap, chip, chips, draw_line, line_w, mark, matched, name, pitch
from usher.ui.showbiz.views import merge, outcome, split
from usher.ui.widgets import Menu, NumberPicker
from usher.words import t

START_YEARS = 3  # the contract picker starts mid-range: any length is at most 2 presses away


class ChipMenu(Menu):
    """A Menu whose rows may start with a colour chip (`chips[i]`, a colour
    name or None) or a player's mark (`marks[i]`: a ring of her colour, as
    on every Showbiz screen, since a filled square reads as an artist)."""

    ring = True

    def __init__(self, title: str, items: list, chips=None, marks=None, sel: int = 0) -> None:
        Menu.__init__(self, title, items, sel, marks)
        self.chips = chips

    def draw_mark(self, p, i: int, x: int, y: int, rh: int) -> int:
        kind = self.chips[i] if self.chips is not None else None
        if kind is None:
            return Menu.draw_mark(self, p, i, x, y, rh)
        s = rh - 2
        chip(p, x, y + 1, s, kind)
        return x + s + 4


class Claims(ChipMenu):
    """Who claims the picked artist: OK toggles a player; the first row ends
    the claims, so "nobody claims" is a single press. The title says what a
    claim costs (a ZE chip, paid whatever the bids)."""

    def __init__(self, art: str, who: list, labels: list, on_done) -> None:
        self.who = who
        self.labels = labels
        self.on = [False for _ in who]
        self.on_done = on_done
        ChipMenu.__init__(self, t("Claim %s for 1 ZE?") % cap(t(art)), [], marks=[None] + list(who))
        self.relabel()

    def relabel(self) -> None:
        n = self.on.count(True)
        first = t("Nobody claims") if not n else (t("Done: %d claims") if n > 1 else t("Done: %d claim")) % n
        items = [(first, self.done)]
        for i in range(len(self.who)):
            items.append(("[%s] %s" % ("x" if self.on[i] else " ", self.labels[i]), self.toggler(i)))
        self.items = items

    def toggler(self, i: int):
        def act() -> None:
            self.on[i] = not self.on[i]
            self.relabel()
            self.old = 0  # repaint the first row and this one
            self.part = True

        return act

    def done(self) -> None:
        self.on_done([q for i, q in enumerate(self.who) if self.on[i]])


class ContractPicker(NumberPicker):
    """Contract length 1-5 ("3 years"); the column is the first free one
    unless the player holds OK to choose another."""

    def __init__(self, title: str, art: str, free: list, on_sign, on_cancel=None) -> None:
        NumberPicker.__init__(self, title, 1, 5, START_YEARS, self.sign, on_cancel, unit=t(" years"))
        self.art = art
        self.free = free
        self.col = free[0]
        self.on_sign = on_sign

    def sign(self, v: int) -> None:
        self.on_sign(self.col, v)

    def on_event(self, ev: str) -> None:
        if ev == "ok_long":
            if len(self.free) > 1:
                items = [(t("Column %d") % c, self.column(c)) for c in self.free]
                self.app.push(Menu(t("Column"), items, self.free.index(self.col)))
        else:
            NumberPicker.on_event(self, ev)

    def column(self, c: int):
        def act() -> None:
            self.col = c
            self.app.pop()

        return act

    def value_size(self, p, s: str, w: int, h: int) -> str:
        """The big font, whose letters say the unit: the huge one has digits only."""
        return "big"

    def draw(self, p, full: bool) -> None:
        self.unit = t(" year") if self.value == 1 else t(" years")
        NumberPicker.draw(self, p, full)
        if full:  # the artist in the title bar, the column in the hint line
            s = title_h(p) - 3
            chip(p, p.w - s - 2, 1, s, self.art)
            y = p.h - p.line_h("small") - 2
            p.fill_rect(0, y, p.w, p.h - y, theme.BG)
            hint = t("col %d") % self.col
            if len(self.free) > 1:
                other = t(", hold OK: other")
                hint += other if p.text_w(hint + other, "small") <= p.w else t(" (hold OK)")
            p.center(hint, y + 1, theme.DIM, "small")


class Reveal(Screen):
    """All the bids of a round at once, and what follows."""

    def __init__(self, state: dict, then) -> None:
        Screen.__init__(self)
        self.state = state
        self.r = state["last"]
        self.then = then

    def on_event(self, ev: str) -> None:
        if ev == "ok":
            self.then()
        elif ev in ("back", "back_long"):
            self.close()

    def draw(self, p, full: bool) -> None:
        r = self.r
        p.clear()
        y = title_bar(p, t("Bids round %d for") % r["rd"] if r["rd"] > 1 else t("Bids for"))
        s = title_h(p) - 3
        chip(p, p.w - s - 2, 1, s, r["art"])
        lp = pitch(p)
        out = outcome(self.state, r)
        if len(out) > 1 and p.text_w(", ".join(out)) <= p.w - 4:
            out = [", ".join(out)]
        oh = p.line_h("body") + 1
        room = (p.h - y - oh * len(out)) // lp  # lines between the title and the outcome
        bids = r["bids"]
        win = r["win"] if r["out"] == "win" else -1
        if len(bids) <= room:  # a line a bidder, the bids lined up on the right
            for q, b in bids:
                ink = theme.ACCENT if q == win else theme.FG
                mark(p, 2, y + 2, lp - 6, q)
                p.text(p.fit(name(self.state, q), p.w - lp - 8 - p.text_w("00")), lp, y + 1, ink)
                p.right(str(b), p.w - 4, y + 1, ink)
                y += lp
        else:  # too many for the panel: the bids flow, names cut short if need be
            # shorter and shorter: names cut, then the colour marks dropped
            for cut, marks in ((12, True), (3, True), (3, False), (1, False)):
                segs: list = []
                for q, b in bids:
                    if marks:
                        segs.append(("p", q))
                    segs.append("%s %d " % (name(self.state, q)[:cut], b))
                lines = split(p, segs)
                if len(lines) <= room:
                    break
            for ln in lines[:room]:
                draw_line(p, 2, y + 1, ln)
                y += lp
        y = p.h - oh * len(out)
        for part in out:
            p.center(part, y, theme.GOOD)
            y += oh


class YearEnd(RowScreen):
    """A year's end: first the artists whose contracts ran out, back in the
    bag ("Back in the bag: Anna Y; Dev G W", or "No contract ends"), then a
    row a player with the colours of her board that matched the taste and
    her points, then the ZE the storage shared out. Lines beyond the panel
    show as a scroll bar (as a Menu's); prev/next scroll."""

    def __init__(self, pre: list, after: dict, then) -> None:
        # [player, the colours of her board that matched the taste, points];
        # [-1, a line of segments, 0] for the news around them (on_open: the
        # lines are cut to the panel's width)
        RowScreen.__init__(self, [[q, matched(b, pre[1]), after["pts"][q][-1]] for q, b in enumerate(pre[2])])
        self.pre = pre
        self.year = pre[0]
        self.state = after
        self.then = then
        self.told = False

    def on_open(self) -> None:
        if not self.told:
            ends, store = year_news(self.app.p, self.pre, self.state)
            self.rows = [[-1, ln, 0] for ln in ends] + self.rows + [[-1, ln, 0] for ln in store]
            self.told = True

    def fits(self, p) -> int:
        return max(1, (p.h - title_h(p)) // pitch(p))

    def on_event(self, ev: str) -> None:
        if ev in ("next", "prev"):
            last = max(0, len(self.rows) - self.fits(self.app.p))  # the last line at the bottom
            k = min(last, max(0, self.first + (1 if ev == "next" else -1)))
            if k != self.first:
                self.first = k
                self.dirty = True
        elif ev in ("ok", "back"):
            self.then()

    def draw(self, p, full: bool) -> None:
        p.clear()
        lp = pitch(p)
        y = y0 = title_bar(p, t("Year %d scored") % self.year)
        fits = self.fits(p)
        n = len(self.rows)
        bar = 4 if n > fits else 0  # room for the scroll bar
        nw = min(p.text_w("Anna") + 6, p.w // 3)
        pw = p.text_w("+21") + 4
        for q, kinds, pts in self.rows[self.first : self.first + fits]:
            if q < 0:
                draw_line(p, 2, y, kinds, "body", theme.FG, p.w - 2 - bar)
                y += lp
                continue
            p.text(p.fit(name(self.state, q), nw - 4), 2, y + 1, theme.player(q) if not p.mono else theme.FG)
            draw_line(p, nw, y, chips(kinds), "body", theme.FG, p.w - pw - bar)
            p.right("+%d" % pts, p.w - 2 - bar, y + 1, theme.ACCENT)
            y += lp
        if bar:  # as a Menu's: where the lines shown sit among all of them
            h = p.h - y0
            p.fill_rect(p.w - 2, y0 + h * self.first // n, 2, max(2, h * fits // n), theme.ACCENT)


def year_news(p, pre: list, after: dict) -> tuple:
    """(lines, lines) of segments that fit the panel: the artists whose
    contracts end with the year, each player's on one line where they fit
    ("Back in the bag: Anna Y; Dev G W", or "No contract ends"); the ZE the
    storage shared out. After years 10 and 11 they leave only if the end
    roll lets the game go on (said after them); after the last year nothing
    is said of them."""
    n = len(after["ze"])
    store = pre[3]
    share = store // n
    out: list = []
    if after["ph"] != "over":
        groups: list = []
        for q in range(n):
            if pre[4][q]:
                if groups:
                    groups[-1].append("; ")
                groups.append([name(after, q) + " "] + chips(pre[4][q]))
        if not groups:
            out.append([t("No contract ends")])
        else:
            # after years 10 and 11 the end roll comes first: said last, so
            # the names come as early as on any other year's end
            if after["ph"] == "end":
                groups.append([t("(if play goes on)")])
            room = p.w - 8
            # the lead leaves room for a player's artists on its line (the
            # OLED's three lines hold more names with the shorter one)
            lead = t("Back in the bag:") + " "
            if p.text_w(lead) > room * 2 // 3:
                lead = t("To the bag:") + " "
            out += flow(p, lead, groups, room)
    ze = [t("Storage: +%d ZE each") % share if store else t("Storage empty: no ZE")]
    if store > share * n:
        ze.append(t("%d ZE out of play") % (store - share * n))
        if p.text_w(", ".join(ze)) <= p.w - 8:
            ze = [", ".join(ze)]
    return out, [[z] for z in ze]


def flow(p, lead: str, groups: list, room: int) -> list:
    """`lead` (its words wrap), then the groups (each a list of segments) in
    lines of `room` pixels: a group is split only when it alone is wider."""
    out = split(p, [lead], "body", room)
    cur = out.pop()
    w = line_w(p, cur)
    for g in groups:
        gw = line_w(p, g)
        if w + gw > room:
            out.append(merge(cur))
            cur = []
            w = 0
        if gw > room:
            parts = split(p, g, "body", room)
            out += parts[:-1]
            g = parts[-1]
            gw = line_w(p, g)
        cur += g
        w += gw
    out.append(merge(cur))
    return out
