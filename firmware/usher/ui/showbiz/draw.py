"""Drawing Showbiz pieces: a colour chip per artist or taste piece (its colour
with its letter on the LCD; on the mono OLED a box with the letter, since the
panel can't show colour) and lines mixing text, chips and player marks."""

from usher.ui import theme
from usher.words import N_

# palette index per colour: black is the dark grey so it shows on the black background
INK = {"yellow": 11, "red": 8, "blue": 9, "green": 10, "black": 7, "white": 1}
LETTER = {"yellow": "Y", "red": "R", "blue": "B", "green": "G", "black": "K", "white": "W"}
LIGHT = ("yellow", "white", "green")  # dark letters read better on these
# the colours' names, said where a text names a piece (t(kind): the shell's table has them)
SAID = (N_("yellow"), N_("red"), N_("blue"), N_("green"), N_("black"), N_("white"))


def letter(kind: str) -> str:
    return LETTER.get(kind) or kind[:1].upper()


def cap(kind: str) -> str:
    return kind[:1].upper() + kind[1:]


def chip(p, x: int, y: int, s: int, kind: str) -> None:
    """One piece, s pixels square, with its letter when the letter fits."""
    if p.mono:  # a lit tile with the letter cut out of it
        p.fill_rect(x, y, s, s, theme.FG)
        ink = theme.BG
    else:
        p.fill_rect(x, y, s, s, INK.get(kind, theme.DIM))
        if kind == "black":
            p.rect(x, y, s, s, theme.DIM)
        ink = theme.BG if kind in LIGHT else theme.FG
    ch = letter(kind)
    size = "small"
    lh = p.line_h(size)
    tw = p.text_w(ch, size)
    if lh <= s and tw <= s:
        p.text(ch, x + (s - tw + 1) // 2, y + (s - lh + 1) // 2, ink, size)


def slot(p, x: int, y: int, s: int) -> None:
    """An empty column: a hollow box with a dot, unlike any chip."""
    p.fill_rect(x, y, s, s, theme.BG)
    p.rect(x, y, s, s, theme.DIM)
    p.fill_rect(x + s // 2 - 1, y + s // 2 - 1, 2, 2, theme.DIM)


def chip_size(p, size: str = "body") -> int:
    """Chips in a text line: on the LCD a bit taller than the text, so the
    letter sits inside the colour; on the small mono panel just the text's height."""
    return max(p.line_h(size), p.line_h("small")) + (0 if p.mono else 2)


def pitch(p, size: str = "body") -> int:
    """Height of one line of text and chips, spacing included."""
    return max(p.line_h(size), chip_size(p, size)) + 2


# A line is a list of segments: a str, ("c", kind) a chip, ("n", kind, count)
# a chip with a count after it, ("p", player) a player's mark.
def seg_w(p, seg, size: str) -> int:
    s = chip_size(p, size)
    if isinstance(seg, str):
        return p.text_w(seg, size)
    if seg[0] == "n":
        return s + 2 + p.text_w(str(seg[2]), size) + 6
    return s + 3


def line_w(p, segs: list, size: str = "body") -> int:
    return sum(seg_w(p, g, size) for g in segs)


def draw_line(p, x: int, y: int, segs: list, size: str = "body", ink: int = theme.FG, right: int = -1) -> int:
    """Draw segments left to right from x, text shortened to fit; returns x after."""
    right = p.w - 2 if right < 0 else right
    s = chip_size(p, size)
    lh = p.line_h(size)
    h = max(lh, s)
    ty = y + (h - lh) // 2
    cy = y + (h - s) // 2
    for seg in segs:
        if x >= right:
            break
        if isinstance(seg, str):
            t = p.fit(seg, right - x, size)
            x += p.text(t, x, ty, ink, size)
        elif seg[0] == "p":
            mark(p, x, cy + 1, s - 2, seg[1])
            x += s + 3
        else:
            if x + s > right:
                break
            chip(p, x, cy, s, seg[1])
            x += s + 2
            if seg[0] == "n":
                x += p.text(str(seg[2]), x, ty, ink, size) + 6
            else:
                x += 1
    return x


def mark(p, x: int, y: int, s: int, q: int) -> None:
    """A player's mark beside her name. On the LCD a hollow ring in her
    colour: a filled square would read as an artist of that colour (the
    player colours share the artists' inks). On the OLED her seat's shape,
    which carries no letter, unlike a chip."""
    if not p.mono:
        p.fill_rect(x, y, s, s, theme.BG)
    p.swatch(x, y, s, q, True)


def name(state: dict, q: int) -> str:
    return str(state["players"][q].get("name", "P%d" % (q + 1)))


def chips(kinds: list) -> list:
    return [("c", k) for k in kinds]


def matched(board: list, row: list) -> list:
    """The board's pieces that find a counterpart in the row, each piece once."""
    left = list(row)
    out = []
    for c in board:
        if c is not None and c in left:
            left.remove(c)
            out.append(c)
    return out


def score_rows(p, y: int) -> int:
    return max(1, (p.h - y) // (p.line_h("body") + 3) - 1)


def players_menu(app, title: str, who: list, then) -> None:
    """A menu of the players in `who`, each with her mark (a ring); `then(q)` on OK."""
    from usher.ui.widgets import Menu

    st = app.match.state

    def one(q: int):
        return lambda: then(q)

    m = Menu(title, [(name(st, q), one(q)) for q in who], marks=list(who))
    m.ring = True
    app.push(m)
