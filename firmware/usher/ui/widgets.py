"""Menus, number pickers, confirmations, tables: the few widgets every game
and the home screens are built from."""

from usher.ui import theme
from usher.ui.screen import Screen, title_bar, title_h
from usher.words import t


class Menu(Screen):
    """A scrolling list. `items` is a list of (label, callback); a callback
    takes no argument. `marks` optionally gives a player index per row for a
    colour swatch (a ring of the colour with `ring`)."""

    ring = False

    def __init__(self, title: str, items: list, sel: int = 0, marks=None, on_back=None) -> None:
        Screen.__init__(self)
        self.title = title
        self.items = items
        self.sel = sel if 0 <= sel < len(items) else 0
        self.old = self.sel
        self.top = 0
        self.marks = marks
        self.on_back = on_back
        self.whole = True  # the last draw repainted the panel

    def rows(self, p) -> int:
        return max(1, (p.h - title_h(p)) // self.row_h(p))

    def row_h(self, p) -> int:
        return p.line_h("body") + 4

    def focus(self, p):
        if not self.top <= self.sel < self.top + self.rows(p) or not self.items:
            return None
        rh = self.row_h(p)
        return title_h(p) + (self.sel - self.top) * rh, rh

    def on_event(self, ev: str) -> None:
        n = len(self.items)
        if ev in ("next", "prev") and n:
            self.old = self.sel
            self.sel = (self.sel + (1 if ev == "next" else -1)) % n
            self.part = True
        elif ev == "ok" and n:
            self.items[self.sel][1]()
        elif ev == "back":
            if self.on_back is not None:
                self.on_back()
            else:
                self.close()

    def draw(self, p, full: bool) -> None:
        rows = self.rows(p)
        top = self.top
        if self.sel < top:
            top = self.sel
        elif self.sel >= top + rows:
            top = self.sel - rows + 1
        if top != self.top:
            self.top = top
            full = True
        self.whole = full  # a scroll repaints the panel: a subclass's own title too
        if full:
            p.clear()
            title_bar(p, self.title)
            for i in range(top, min(len(self.items), top + rows)):
                self.draw_row(p, i)
        else:
            self.draw_row(p, self.old)
            self.draw_row(p, self.sel)
        n = len(self.items)
        if n > rows:
            # rows beyond the panel show as a scroll bar at the right edge, so
            # a "k/n" in a title bar is a page of a ring of pages, not a row
            y0 = title_h(p)
            if full:
                self.scroll_bar(p, top, n, rows, y0, p.h)
            else:  # the same bar, only where the two rows were redrawn over it
                rh = self.row_h(p)
                for i in (self.old, self.sel):
                    if top <= i < top + rows:
                        y = y0 + (i - top) * rh
                        self.scroll_bar(p, top, n, rows, y, y + rh)

    def scroll_bar(self, p, top: int, n: int, rows: int, a: int, b: int) -> None:
        """The scroll bar's pixels between rows a and b of the panel."""
        y0 = title_h(p)
        h = p.h - y0
        p.fill_rect(p.w - 3, a, 3, b - a, theme.BG)
        t0 = y0 + h * top // n
        t1 = t0 + max(2, h * rows // n)
        t0 = max(a, t0)
        t1 = min(b, t1)
        if t1 > t0:
            p.fill_rect(p.w - 2, t0, 2, t1 - t0, theme.ACCENT)

    def row_box(self, p, i: int):
        """Clear row i in its background; (y, height, background), or None
        when the row is not on the panel."""
        if not self.top <= i < self.top + self.rows(p) or i >= len(self.items):
            return None
        rh = self.row_h(p)
        y = title_h(p) + (i - self.top) * rh
        bg = theme.SELECT if i == self.sel else theme.BG
        p.fill_rect(0, y, p.w, rh, bg)
        return y, rh, bg

    def draw_row(self, p, i: int) -> None:
        box = self.row_box(p, i)
        if box is None:
            return
        y, rh, bg = box
        x = self.draw_mark(p, i, 4, y, rh)
        ink = p.ink_on(bg) if i == self.sel else theme.FG
        p.text(p.fit(self.items[i][0], p.w - x - 2), x, y + 2, ink)

    def draw_mark(self, p, i: int, x: int, y: int, rh: int) -> int:
        """Draw what stands before a row's label; returns where the label starts."""
        if self.marks is not None and self.marks[i] is not None:
            s = p.line_h("body") - 4
            p.swatch(x, y + 4, s, self.marks[i], self.ring)
            x += s + 4
        return x


class NumberPicker(Screen):
    """Choose a number: prev/next step (held: auto-repeat), ok accepts, back
    cancels. Shown big, with the allowed range underneath (or `hint`)."""

    hint = ""  # the line under the number in place of "lo-hi  OK=done"

    def __init__(
        self, title: str, lo: int, hi: int, value: int, on_done, on_cancel=None, step: int = 1, unit: str = ""
    ) -> None:
        Screen.__init__(self)
        self.title = title
        self.lo = lo
        self.hi = hi
        self.value = min(hi, max(lo, value))
        self.on_done = on_done
        self.on_cancel = on_cancel
        self.step = step
        self.unit = unit
        self.shown: tuple = ()  # (the digits' box, the arrows) as last drawn

    def on_event(self, ev: str) -> None:
        if ev in ("next", "prev", "next_long", "prev_long"):
            d = self.step * (10 if ev.endswith("_long") else 1)
            v = self.value + (d if ev.startswith("next") else -d)
            v = min(self.hi, max(self.lo, v))
            if v != self.value:
                self.value = v
                self.part = True
        elif ev == "ok":
            self.on_done(self.value)
        elif ev == "back":
            if self.on_cancel is not None:
                self.on_cancel()
            else:
                self.close()

    def value_box(self, p) -> tuple:
        top = title_h(p)
        hint_h = p.line_h("small") + 2
        return 0, top, p.w, p.h - top - hint_h

    def value_size(self, p, s: str, w: int, h: int) -> str:
        if p.font("huge") is None or p.line_h("huge") > h or p.text_w(s, "huge") > w - 24:
            return "big"  # the OLED has no room for 44 px digits under a title
        return "huge"

    def focus(self, p):
        x, y, w, h = self.value_box(p)
        lh = p.line_h(self.value_size(p, "%d%s" % (self.value, self.unit), w, h))
        return y + (h - lh) // 2, lh

    def draw(self, p, full: bool) -> None:
        """The whole screen, or (a value change) only the old and the new
        digits' boxes and an arrow that came or went: the same pixels a
        whole redraw gives, a fraction of the bytes."""
        x, y, w, h = self.value_box(p)
        s = "%d%s" % (self.value, self.unit)
        size = self.value_size(p, s, w, h)
        s = p.fit(s, p.w, size)
        tw = p.text_w(s, size)
        box = ((p.w - tw) // 2, y + (h - p.line_h(size)) // 2, tw, p.line_h(size))
        ah = p.line_h("body")
        ay = y + (h - ah) // 2
        lw = p.text_w("<")
        rw = p.text_w(">")
        arrows = (self.value > self.lo, self.value < self.hi)
        old = self.shown
        if full or not old:
            if full:
                p.clear()
                title_bar(p, self.title)
                hint = self.hint or t("%d-%d  OK=done") % (self.lo, self.hi)
                p.center(hint, p.h - p.line_h("small") - 1, theme.DIM, "small")
            p.fill_rect(x, y, w, h, theme.BG)
            cleared = [(x, y, w, h)]
        else:
            ob, oa = old
            u0 = min(ob[0], box[0])
            v0 = min(ob[1], box[1])
            u1 = max(ob[0] + ob[2], box[0] + box[2])
            v1 = max(ob[1] + ob[3], box[1] + box[3])
            cleared = [(u0, v0, u1 - u0, v1 - v0)]
            if oa[0] != arrows[0]:
                cleared.append((4, ay, lw, ah))
            if oa[1] != arrows[1]:
                cleared.append((p.w - 4 - rw, ay, rw, ah))
            for c in cleared:
                p.fill_rect(c[0], c[1], c[2], c[3], theme.BG)
        self.shown = (box, arrows)
        p.text(s, box[0], box[1], theme.ACCENT, size)
        # arrows say which way the buttons turn the number (drawn over the
        # digits, as on a whole redraw, wherever they meet what was cleared)
        if arrows[0] and _meets((4, ay, lw, ah), cleared):
            p.text("<", 4, ay, theme.DIM)
        if arrows[1] and _meets((p.w - 4 - rw, ay, rw, ah), cleared):
            p.right(">", p.w - 4, ay, theme.DIM)


def _meets(b: tuple, boxes: list) -> bool:
    """Whether box b = (x, y, w, h) overlaps any of boxes."""
    for c in boxes:
        if b[0] < c[0] + c[2] and c[0] < b[0] + b[2] and b[1] < c[1] + c[3] and c[1] < b[1] + b[3]:
            return True
    return False
