"""The screens of a Showbiz selection turn: a menu with colour chips (the
pick), the claims multi-select, the contract picker, the reveal of a bid
round and the year-end scoring. They take callbacks; play_showbiz wires them
to moves. The reveal and the year end draw only what is public by then."""

from usher.ui import theme
from usher.ui.screen import RowScreen, Screen, title_bar, title_h
from usher.ui.showbiz.draw import cap, chip, chips, draw_line, matched, name, pitch
from usher.ui.showbiz.views import outcome, split
from usher.ui.widgets import Menu, NumberPicker

START_YEARS = 3  # the contract picker starts mid-range: any length is at most 2 presses away


class ChipMenu(Menu):
    """A Menu whose rows may start with a colour chip (`chips[i]`, a colour
    name or None) or a player's mark (`marks[i]`)."""

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


class Claims(Menu):
    """Who claims the picked artist: OK toggles a player; the first row ends
    the claims, so "nobody claims" is a single press."""

    def __init__(self, art: str, who: list, labels: list, on_done) -> None:
        self.who = who
        self.labels = labels
        self.on = [False for _ in who]
        self.on_done = on_done
        Menu.__init__(self, "Claim %s?" % cap(art), [], marks=[None] + list(who))
        self.relabel()

    def relabel(self) -> None:
        n = self.on.count(True)
        first = "Nobody claims" if not n else "Done: %d claim%s" % (n, "s" if n > 1 else "")
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
    """Contract length 1-5; the column is the first free one unless the
    player holds OK to choose another."""

    def __init__(self, title: str, art: str, free: list, on_sign, on_cancel=None) -> None:
        NumberPicker.__init__(self, title, 1, 5, START_YEARS, self.sign, on_cancel, unit=" yr")
        self.art = art
        self.free = free
        self.col = free[0]
        self.on_sign = on_sign

    def sign(self, v: int) -> None:
        self.on_sign(self.col, v)

    def on_event(self, ev: str) -> None:
        if ev == "ok_long":
            if len(self.free) > 1:
                items = [("Column %d" % c, self.column(c)) for c in self.free]
                self.app.push(Menu("Column", items, self.free.index(self.col)))
        else:
            NumberPicker.on_event(self, ev)

    def column(self, c: int):
        def act() -> None:
            self.col = c
            self.app.pop()

        return act

    def draw(self, p, full: bool) -> None:
        NumberPicker.draw(self, p, full)
        if full:  # the artist in the title bar, the column in the hint line
            s = title_h(p) - 3
            chip(p, p.w - s - 2, 1, s, self.art)
            y = p.h - p.line_h("small") - 2
            p.fill_rect(0, y, p.w, p.h - y, theme.BG)
            hint = "col %d" % self.col
            if len(self.free) > 1:
                hint += ", hold OK: other" if p.text_w(hint + ", hold OK: other", "small") <= p.w else " (hold OK)"
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
        y = title_bar(p, "Bids" + (" round %d" % r["rd"] if r["rd"] > 1 else "") + " for")
        s = title_h(p) - 3
        chip(p, p.w - s - 2, 1, s, r["art"])
        lp = pitch(p)
        room = (p.h - y - lp) // lp  # lines between the title and the outcome
        bids = r["bids"]
        win = r["win"] if r["out"] == "win" else -1
        if len(bids) <= room:  # a line a bidder, the bids lined up on the right
            for q, b in bids:
                ink = theme.ACCENT if q == win else theme.FG
                p.swatch(2, y + 2, lp - 6, q)
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
        p.center(outcome(self.state, r), p.h - p.line_h("body") - 1, theme.GOOD)


class YearEnd(RowScreen):
    """Each player's matched colours and points for the year just scored,
    then what else the year's end did: the storage's ZE shared out, the
    contracts that ran out (or that none did)."""

    def __init__(self, pre: list, after: dict, then) -> None:
        # [player, the colours of her board that matched the taste, points];
        # [-1, a line of segments, 0] for the news after them
        rows = [[q, matched(b, pre[1]), after["pts"][q][-1]] for q, b in enumerate(pre[2])]
        RowScreen.__init__(self, rows + [[-1, ln, 0] for ln in year_news(pre, after)])
        self.year = pre[0]
        self.state = after
        self.then = then

    def on_event(self, ev: str) -> None:
        if not self.scroll(ev) and ev in ("ok", "back"):
            self.then()

    def draw(self, p, full: bool) -> None:
        p.clear()
        lp = pitch(p)
        fits = (p.h - title_h(p)) // lp
        more = "%d/%d" % (self.first + 1, len(self.rows)) if len(self.rows) > fits else ""
        y = title_bar(p, "Year %d scored" % self.year, more)
        nw = min(p.text_w("Anna") + 6, p.w // 3)
        pw = p.text_w("+21") + 4
        for q, kinds, pts in self.rows[self.first :]:
            if y + lp > p.h:
                break
            if q < 0:
                draw_line(p, 2, y, kinds, "body", theme.FG)
                y += lp
                continue
            p.text(p.fit(name(self.state, q), nw - 4), 2, y + 1, theme.player(q) if not p.mono else theme.FG)
            draw_line(p, nw, y, chips(kinds), "body", theme.FG, p.w - pw)
            p.right("+%d" % pts, p.w - 2, y + 1, theme.ACCENT)
            y += lp


def year_news(pre: list, after: dict) -> list:
    """Lines of segments: the ZE the storage shared out, then each player's
    contracts that ran out ("No contract ends" when none did). In a year
    that an end roll follows, contracts move only after that roll."""
    n = len(after["ze"])
    store = pre[3] if len(pre) > 3 else 0
    share = store // n
    out = [["Storage: +%d ZE each" % share if store else "Storage empty: no ZE"]]
    if store > share * n:
        out.append(["%d ZE out of play" % (store - share * n)])
    if after["ph"] in ("end", "over"):
        return out
    ended = False
    for q in range(n):
        board = pre[2][q]
        gone = [board[c] for c in range(len(board)) if board[c] is not None and after["art"][q][c] < 0]
        for k in range(0, len(gone), 3):  # three chips a line: six fit no OLED line
            out.append(["Ends: %s " % name(after, q) if k == 0 else "  ..."] + chips(gone[k : k + 3]))
            ended = True
    if not ended:
        out.append(["No contract ends"])
    return out
