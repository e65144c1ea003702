"""What every Show Manager screen writes: names, marks ("18,000"; in German
"18.000"), places ("1st"; "1."), and text with the two signs the fonts lack,
a middle dot and an arrow ("Anna · 4 cards", "18→16"), drawn as shapes
between the words."""

from usher.ui import theme
from usher.words import lang

DOT = "\u00b7"
ARROW = "\u2192"
MORE = "\x7f"  # the fonts' "..." glyph


def name(state: dict, q: int) -> str:
    return str(state["players"][q].get("name", "P%d" % (q + 1)))


def marks(n: int) -> str:
    """18000 -> "18,000" ("18.000" in German, as the laptop writes it)."""
    sep = "." if lang() == "de" else ","
    s = str(abs(n))
    out = ""
    while len(s) > 3:
        out = sep + s[-3:] + out
        s = s[:-3]
    return ("-" if n < 0 else "") + s + out


def ordinal(k: int) -> str:
    """A place: "1st" ("1." in German)."""
    if lang() == "de":
        return "%d." % k
    if 10 <= k % 100 <= 20:
        return "%dth" % k
    return "%d%s" % (k, {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th"))


def _sign_w(p, ch: str, size: str) -> int:
    lh = p.line_h(size)
    return max(4, lh // 3) if ch == DOT else lh // 2 + 4


def rich_w(p, s: str, size: str = "body") -> int:
    if DOT not in s and ARROW not in s:
        return p.text_w(s, size)  # most lines: one measure, no walk over the characters
    w = 0
    i = 0
    for j in _signs(s):
        w += p.text_w(s[i:j], size) + _sign_w(p, s[j], size)
        i = j + 1
    return w + p.text_w(s[i:], size)


def _signs(s: str) -> list:
    """Where the dots and arrows are in s, in order. Found, not walked to:
    on MicroPython each s[j] of a str with letters past ASCII walks it from
    the start and makes a string (a German line made the heap's qstrs grow
    when it had no room)."""
    out = []
    for sign in (DOT, ARROW):
        j = s.find(sign)
        while j >= 0:
            out.append(j)
            j = s.find(sign, j + 1)
    out.sort()
    return out


def rich(p, s: str, x: int, y: int, c: int = theme.FG, size: str = "body") -> int:
    """Draw s at (x, y) like Painter.text, the dot and the arrow as shapes;
    returns the width."""
    if DOT not in s and ARROW not in s:
        return p.text(s, x, y, c, size)
    x0 = x
    lh = p.line_h(size)
    mid = y + lh // 2 + (1 if lh > 12 else 0)
    i = 0
    for j in _signs(s) + [len(s)]:
        if j > i:
            x += p.text(s[i:j], x, y, c, size)
        i = j + 1
        if j == len(s):
            break
        w = _sign_w(p, s[j], size)
        if s[j] == DOT:
            d = 3 if lh > 12 else 2
            p.fill_rect(x + (w - d) // 2, mid - d // 2, d, d, c)
        else:
            head = max(2, lh // 5)
            p.hline(x + 1, mid, w - 3, c)
            for k in range(head + 1):  # the head: a short vertical line a column, growing leftwards
                p.vline(x + w - 2 - head + k, mid - (head - k), 2 * (head - k) + 1, c)
        x += w
    return x - x0


def rich_fit(p, s: str, max_w: int, size: str = "body") -> str:
    """s's longest prefix that fits with the "..." glyph after it (the
    glyph alone if none does). A prefix's width only grows with its length,
    so a halving search: a few measures, not one a character cut (a long
    line on the OLED took tens of ms a press)."""
    if rich_w(p, s, size) <= max_w:
        return s
    lo, hi = 0, len(s) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if rich_w(p, s[:mid] + MORE, size) <= max_w:
            lo = mid
        else:
            hi = mid - 1
    return s[:lo] + MORE


def wrap(p, words: list, w: int, size: str = "body") -> list:
    """Lines that fit w pixels, the words (or phrases kept whole) joined by
    spaces. Widths add up (a glyph's advance is its own), so each word is
    measured once, not each line again as it grows."""
    out = []
    line = ""
    lw = 0
    sp = p.text_w(" ", size)
    for word in words:
        ww = rich_w(p, word, size)
        if line and lw + sp + ww <= w:
            line += " " + word
            lw += sp + ww
        else:
            if line:
                out.append(line)
            line, lw = word, ww
    if line:
        out.append(line)
    return out


def title(p, s: str, right: str = "", who: int = -1) -> int:
    """The title bar with an optional player's mark first; returns where content starts."""
    from usher.ui.screen import title_h

    h = title_h(p)
    p.fill_rect(0, 0, p.w, h - 1, theme.SELECT)
    ink = p.ink_on(theme.SELECT)
    x = 2
    if who >= 0:
        sw = p.line_h("body") - 5
        sy = (h - 1 - sw) // 2
        if p.mono:  # a dark frame, or the mark vanishes in the lit bar
            p.fill_rect(x, sy - 1, sw + 2, sw + 2, theme.BG)
            x += 1
        p.swatch(x, sy, sw, who)
        x += sw + 4
    rw = p.text_w(right) + 4 if right else 0
    rich(p, rich_fit(p, s, p.w - x - 2 - rw), x, 1, ink)
    if right:
        p.right(right, p.w - 2, 1, ink)
    return h
