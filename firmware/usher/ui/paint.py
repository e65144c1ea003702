"""Drawing on the display with theme colours and Usher's fonts, keeping track
of the region touched so only that region is pushed to the panel."""

try:
    from typing import Any
except ImportError:  # MicroPython: annotations are never evaluated
    pass

from usher.ui import theme

try:
    from usher.ui import text as _text
except ImportError:  # fonts not built yet: fall back to the built-in 8x8 text
    _text = None  # type: ignore[assignment]


MAX_BOXES = 3


class Painter:
    def __init__(self, fb, fonts=None) -> None:
        self.fb = fb
        self.w = fb.width
        self.h = fb.height
        self.mono = bool(getattr(fb, "mono", False))
        self.fonts = fonts or {}
        self.boxes: Any = []  # [x0, y0, x1, y1) rectangles touched since the last flush
        # rows closer than this are pushed together: the OLED sends 8-row pages
        self.slack = 8 if self.mono else 0
        self.pushed = 0
        self.whole = False  # a box covers the panel: every mark until the flush is in it

    # -- colours ---------------------------------------------------------------
    def col(self, c: int) -> int:
        """A theme index as the panel takes it: the mono panel is lit or not."""
        if self.mono:
            return 0 if c == theme.BG else 1
        return c

    def ink_on(self, bg: int) -> int:
        """Text colour that reads on a background: inverted on the mono panel."""
        if self.mono and bg != theme.BG:
            return theme.BG
        return theme.FG

    # -- region tracking -------------------------------------------------------
    def mark(self, x: int, y: int, w: int, h: int) -> None:
        """Note a touched rectangle. A few separate rectangles are kept apart
        (a title bar and a menu row need not drag the rows between them
        along); overlapping or adjacent ones are merged."""
        # a whole screen's drawing after clear() returns here, in a frame
        # within the VM's 11 words (a larger frame is allocated on the heap
        # at every call: ~100 us on the Pico once the heap is fragmented)
        if not self.whole:
            self._mark(x, y, w, h)

    def _mark(self, x: int, y: int, w: int, h: int) -> None:
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = min(self.w, x + w)
        y1 = min(self.h, y + h)
        if x1 <= x0 or y1 <= y0:
            return
        for b in self.boxes:
            # already inside a box: nothing to merge (the merge allocates and recurses)
            if b[0] <= x0 and b[1] <= y0 and x1 <= b[2] and y1 <= b[3]:
                return
        new = [x0, y0, x1, y1]
        keep = []
        for b in self.boxes:  # swallow every box the new one touches, transitively
            if new[0] <= b[2] and b[0] <= new[2] and new[1] <= b[3] + self.slack and b[1] <= new[3] + self.slack:
                new = [min(b[0], new[0]), min(b[1], new[1]), max(b[2], new[2]), max(b[3], new[3])]
            else:
                keep.append(b)
        if len(keep) < len(self.boxes):
            self.boxes = keep
            self._mark(new[0], new[1], new[2] - new[0], new[3] - new[1])
            return
        keep.append(new)
        if len(keep) > MAX_BOXES:  # too fragmented: one box around all
            b = keep[0]
            for o in keep[1:]:
                b = [min(b[0], o[0]), min(b[1], o[1]), max(b[2], o[2]), max(b[3], o[3])]
            keep = [b]
        self.boxes = keep
        b = keep[0]
        self.whole = len(keep) == 1 and b[0] == 0 and b[1] == 0 and b[2] == self.w and b[3] == self.h

    def flush(self) -> int:
        """Push the touched regions; returns pixels pushed."""
        total = 0
        for b in self.boxes:
            n = self.fb.show(b[0], b[1], b[2] - b[0], b[3] - b[1])
            total += n if isinstance(n, int) else (b[2] - b[0]) * (b[3] - b[1])
        self.boxes = []
        self.whole = False
        self.pushed += total
        return total

    # -- shapes ----------------------------------------------------------------
    def clear(self, c: int = theme.BG) -> None:
        self.fb.fill(self.col(c))
        self.mark(0, 0, self.w, self.h)

    def fill_rect(self, x: int, y: int, w: int, h: int, c: int) -> None:
        self.fb.fill_rect(x, y, w, h, self.col(c))
        self.mark(x, y, w, h)

    def rect(self, x: int, y: int, w: int, h: int, c: int) -> None:
        self.fb.rect(x, y, w, h, self.col(c))
        self.mark(x, y, w, h)

    def hline(self, x: int, y: int, w: int, c: int) -> None:
        self.fb.hline(x, y, w, self.col(c))
        self.mark(x, y, w, 1)

    def vline(self, x: int, y: int, h: int, c: int) -> None:
        self.fb.vline(x, y, h, self.col(c))
        self.mark(x, y, 1, h)

    def swatch(self, x: int, y: int, s: int, player: int, ring: bool = False) -> None:
        """A player's marker: their colour on the LCD (`ring`: a hollow ring of
        it, for a game whose pieces are filled squares of the same inks); on
        the mono OLED a shape per player (filled, hollow, dotted, crossed...)
        so seats tell apart."""
        if not self.mono:
            ink = theme.player(player)
            if ring:
                self.rect(x, y, s, s, ink)
                self.rect(x + 1, y + 1, s - 2, s - 2, ink)
            else:
                self.fill_rect(x, y, s, s, ink)
            return
        self.fill_rect(x, y, s, s, theme.BG)
        kind = player % 4
        if kind == 0:
            self.fill_rect(x, y, s, s, theme.FG)
        elif kind == 1:
            self.rect(x, y, s, s, theme.FG)
        elif kind == 2:
            self.rect(x, y, s, s, theme.FG)
            self.fill_rect(x + 2, y + 2, s - 4, s - 4, theme.FG)
            self.fill_rect(x + 3, y + 3, s - 6, s - 6, theme.BG)
        else:
            for i in range(s):
                self.fb.pixel(x + i, y + i, 1)
                self.fb.pixel(x + s - 1 - i, y + i, 1)
        if player >= 4:  # second set of four: an underline
            self.hline(x, y + s + 1, s, theme.FG)

    # -- text ------------------------------------------------------------------
    def font(self, size: str):
        return self.fonts.get(size)

    def line_h(self, size: str = "body") -> int:
        f = self.fonts.get(size)
        return f.HEIGHT if f is not None else 8

    def text_w(self, s: str, size: str = "body") -> int:
        f = self.fonts.get(size)
        if f is None or _text is None:
            return 8 * len(s)
        return _text.width(s, f)

    def text(self, s: str, x: int, y: int, c: int = theme.FG, size: str = "body") -> int:
        f = self.fonts.get(size)
        if f is None or _text is None:
            self.fb.text(s, x, y, self.col(c))
            w = 8 * len(s)
            h = 8
        elif _text.fast(self.fb):  # text.draw's path without its frame on the heap
            _text.pen(x, y, self.col(c))
            w = _text.put(self.fb, s, f)
            h = f.HEIGHT
        else:
            w = _text.draw(self.fb, s, x, y, self.col(c), f)
            h = f.HEIGHT
        self.mark(x, y, w, h)
        return w

    def fit(self, s: str, max_w: int, size: str = "body") -> str:
        """Shorten s with an ellipsis until it fits max_w pixels."""
        f = self.fonts.get(size)
        if f is not None and _text is not None:
            return _text.fit(s, f, max_w)
        if self.text_w(s, size) <= max_w:
            return s
        while s and self.text_w(s + ".", size) > max_w:
            s = s[:-1]
        return s + "."

    def wrap(self, s: str, w: int, size: str = "body") -> list:
        """s split into lines that fit w pixels, at spaces where possible. The
        painter's, not a widget's: a question over a game (the laptop's) needs
        it without the widgets' code."""
        out = []
        line = ""
        for word in s.split(" "):
            cand = word if not line else line + " " + word
            if self.text_w(cand, size) <= w:
                line = cand
            else:
                if line:
                    out.append(line)
                line = self.fit(word, w, size)
        if line:
            out.append(line)
        return out

    def center(self, s: str, y: int, c: int = theme.FG, size: str = "body", x: int = 0, w: int = -1) -> int:
        w = self.w - x if w < 0 else w
        s = self.fit(s, w, size)
        tw = self.text_w(s, size)
        return self.text(s, x + (w - tw) // 2, y, c, size)

    def right(self, s: str, x_right: int, y: int, c: int = theme.FG, size: str = "body") -> int:
        tw = self.text_w(s, size)
        return self.text(s, x_right - tw, y, c, size)
