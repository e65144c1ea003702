"""Several numbers on one screen: the roles of a production (0-9 each) and
the six places of a city in Settings. prev/next change the number under
the cursor, OK goes on to the next one (after the last: done), Back to the
one before (before the first: leave), a long OK is done at once."""

from usher.ui import theme
from usher.ui.screen import Screen, title_h
from usher.ui.show_manager.draw import rich, rich_fit, rich_w, title
from usher.words import t


class Entries(Screen):
    def __init__(self, heading: str, values: list, lo: int, hi: int, on_done, info=None, labels=None) -> None:
        Screen.__init__(self)
        self.heading = heading
        self.values = list(values)
        self.lo = lo
        self.hi = hi
        self.on_done = on_done
        self.info = info  # values -> the line under them (the points), or its forms longest first
        self.labels = labels  # a small label under each number, or None
        self.i = 0
        self.drawn = -1  # the cursor's place at the last draw: a value change alone redraws its box

    def on_event(self, ev: str) -> None:
        n = len(self.values)
        if ev in ("next", "prev"):
            v = self.values[self.i] + (1 if ev == "next" else -1)
            if self.lo <= v <= self.hi:
                self.values[self.i] = v
                self.part = True
        elif ev == "ok":
            if self.i + 1 < n:
                self.i += 1
                self.part = True
            else:
                self.on_done(list(self.values))
        elif ev == "ok_long":
            self.on_done(list(self.values))
        elif ev in ("back", "back_long"):
            if self.i and ev == "back":
                self.i -= 1
                self.part = True
            else:
                self.close()

    def draw(self, p, full: bool) -> None:
        n = len(self.values)
        big = "big" if p.font("big") is not None else "body"
        lh = p.line_h(big)
        bw = min((p.w - 4) // n, lh * 2)
        # a value changed under a cursor that stayed: its box and the line
        # under the boxes, not the panel (a whole OLED is ~24 ms of I2C)
        fits = max(p.text_w(str(self.lo), big), p.text_w(str(self.hi), big)) <= bw - 2  # no digit outside its box
        one = not full and self.drawn == self.i and fits
        self.drawn = self.i
        if full:
            p.clear()
        y = title_h(p) if one else title(p, self.heading, "%d/%d" % (self.i + 1, n))
        x0 = (p.w - bw * n) // 2
        y += 4
        bh = lh + 4
        sh = p.line_h("small") if self.labels else 0
        if not one:
            p.fill_rect(0, y, p.w, bh + sh + 2, theme.BG)
        for k in range(n):
            if one and k != self.i:
                continue
            x = x0 + k * bw
            cur = k == self.i
            if cur:
                p.fill_rect(x + 1, y, bw - 2, bh, theme.SELECT)
            else:
                p.rect(x + 1, y, bw - 2, bh, theme.DIM)
            s = str(self.values[k])
            ink = p.ink_on(theme.SELECT) if cur else theme.FG
            p.text(s, x + (bw - p.text_w(s, big)) // 2, y + 2, ink, big)
            if self.labels and not one:
                p.center(self.labels[k], y + bh + 1, theme.DIM, "small", x, bw)
        if self.info is not None:
            iy = y + bh + sh + 4
            p.fill_rect(0, iy, p.w, p.line_h("body"), theme.BG)
            line = fitting(p, self.info(self.values), p.w - 4)
            rich(p, line, (p.w - rich_w(p, line)) // 2, iy, theme.ACCENT)
            y = iy + p.line_h("body")
        else:
            y += bh + sh + 2
        hy = p.h - p.line_h("small") - 1
        if full and y <= hy:  # the keys, where there is room for them (not on the OLED)
            p.center(p.fit(t("</>: change  OK: next  Back: before"), p.w - 2, "small"), hy, theme.DIM, "small")


def fitting(p, info, w: int) -> str:
    """The first of the info's lines (a str, or a tuple longest first) that
    fits w pixels; else the last, cut ("..." lets a reader see it is cut)."""
    lines = (info,) if isinstance(info, str) else info
    for s in lines:
        if rich_w(p, s) <= w:
            return s
    return rich_fit(p, lines[-1], w)
