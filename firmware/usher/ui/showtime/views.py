"""Drawing the Showtime auditorium: a header, the screen, rows of seats and
a footer line, laid out for the 240x135 LCD or the 128x64 OLED.

Seats show their owner (colour on the LCD, a shape on the OLED) and the
person (number and name where they fit, the number alone in the OLED's
4-row auditorium); free seats show their stars, dimmed (dots on the OLED)."""

from usher.games import showtime_cast as cast
from usher.ui import text, theme

ROW = cast.SEATS_PER_ROW
GENRES = ("fantasy", "scifi", "romance", "comedy")
GENRE_NAMES = ("Fantasy", "Sci-fi", "Romance", "Comedy")
DARK_INK = (10, 11, 13, 14, 15)  # player colours where black text reads better


def genre_name(g: str) -> str:
    return GENRE_NAMES[GENRES.index(g)] if g in GENRES else "?"


def screening(state: dict) -> str:
    """'2/3 Romance': the screening and its poster."""
    return "%d/3 %s" % (state["screening"], genre_name(state["posters"][-1] if state["posters"] else ""))


class Layout:
    """Where the parts go on this panel for an auditorium of `rows` rows."""

    def __init__(self, p, rows: int) -> None:
        self.lcd = lcd = p.w >= 200
        self.rows = rows
        # header, screen band, footer heights; row-number column; gap between seats
        sizes = (18, 13, 20, 12, 2) if lcd else (12, 8, 12, 7, 1)
        self.head_h, self.band_h, self.foot_h, self.label_w, self.gap = sizes
        self.top = self.head_h + self.band_h
        self.pitch_y = (p.h - self.top - self.foot_h) // rows
        self.pitch_x = (p.w - self.label_w) // ROW
        self.foot_y = p.h - self.foot_h
        # the 5x7 font where a proportional line does not fit the row
        self.mini = self.pitch_y - self.gap < p.line_h("small") + 1

    def cell(self, i: int) -> tuple:
        return (
            self.label_w + (i % ROW) * self.pitch_x,
            self.top + (i // ROW) * self.pitch_y,
            self.pitch_x - self.gap,
            self.pitch_y - self.gap,
        )


def mini(p, s: str, x: int, y: int, c: int) -> None:
    from usher.ui.showtime import minifont

    p.mark(x, y, text.draw(p.fb, s, x, y, p.col(c), minifont), 7)


def mark(p, x: int, y: int, s: int, who: int, ink: int) -> None:
    """A player's shape on the mono panel (filled, hollow, ringed dot,
    cross), in `ink` so it also shows inverted."""
    kind = who % 4
    if kind == 3:
        c = p.col(ink)
        for k in range(s):
            p.fb.pixel(x + k, y + k, c)
            p.fb.pixel(x + s - 1 - k, y + k, c)
        p.mark(x, y, s, s)
        return
    p.rect(x, y, s, s, ink)
    if kind != 1:
        d = 0 if kind == 0 else 2
        p.fill_rect(x + d, y + d, s - 2 * d, s - 2 * d, ink)


def who_mark(p, x: int, y: int, s: int, who: int) -> None:
    """A player's colour square on the LCD, their shape on the OLED."""
    if p.mono:
        p.fill_rect(x, y, s, s, theme.BG)
        mark(p, x, y, s, who, theme.FG)
    else:
        p.fill_rect(x, y, s, s, theme.player(who))


def name_ink(p, who: int) -> int:
    return theme.FG if p.mono else theme.player(who)


def player_tag(p, name: str, who: int, x_right: int, y: int) -> int:
    """Swatch and name in the player's colour, ending at x_right; returns the left edge."""
    s = p.line_h() // 2 + 2
    name = p.fit(name, p.w // 2 - s - 4)
    x = x_right - p.text_w(name)
    p.text(name, x, y, name_ink(p, who))
    x -= s + 3
    who_mark(p, x, y + (p.line_h() - s) // 2, s, who)
    return x


def draw_seat(p, L: Layout, state: dict, i: int, hi: bool = False) -> None:
    x, y, w, h = L.cell(i)
    v = state["seats"][i]
    stars = state["stars"][i // ROW][i % ROW]
    if p.mono:
        bg = theme.FG if hi else theme.BG  # the cursor inverts the seat
        ink = theme.BG if hi else theme.FG
        p.fill_rect(x, y, w, h, bg)
        if v is None:  # stars as dots: a free seat never reads as a person's number
            d = 2 if L.mini else 3
            dx = x + (w - stars * (d + 1) + 1) // 2
            for k in range(stars):
                p.fill_rect(dx + k * (d + 1), y + (h - d) // 2, d, d, ink)
            return
        s = min(7, h - 1 if L.mini else h - 4)
        mark(p, x + 1, y + (h - s) // 2, s, v[0], ink)
        tx = x + s + 3
        if L.mini:
            mini(p, str(v[1]), tx, y + (h - 7) // 2, ink)
        else:
            label = p.fit("%d %s" % (v[1], cast.name(v[1])), x + w - tx, "small")
            p.text(label, tx, y + (h - p.line_h("small")) // 2, ink, "small")
        return
    size = "body" if h >= 26 else "small"
    ty = y + (h - p.line_h(size)) // 2
    if v is None:
        p.fill_rect(x, y, w, h, theme.BG)
        p.rect(x, y, w, h, theme.DIM)
        p.center("%d*" % stars, ty, theme.DIM, size, x, w)
    else:
        bg = theme.player(v[0])
        p.fill_rect(x, y, w, h, bg)
        p.center("%d %s" % (v[1], cast.name(v[1])), ty, theme.BG if bg in DARK_INK else theme.FG, size, x + 2, w - 4)
    if hi:  # a white frame, with a black line inside it to part it from the colour
        p.rect(x, y, w, h, theme.FG)
        p.rect(x + 1, y + 1, w - 2, h - 2, theme.FG)
        p.rect(x + 2, y + 2, w - 4, h - 4, theme.BG)


def draw_hall(p, L: Layout, state: dict, hi: int = -1) -> None:
    """The screen above row 1, the row numbers and every seat; seat `hi` highlighted."""
    y = L.head_h
    mid = y + L.band_h // 2
    if L.lcd:
        w = p.text_w("SCREEN", "small") + 8
        p.fill_rect(L.label_w, mid - 1, p.w - L.label_w - 2, 2, theme.DIM)
        p.fill_rect((p.w - w) // 2, y, w, L.band_h, theme.BG)
        p.text("SCREEN", (p.w - w) // 2 + 4, y, theme.DIM, "small")
    else:
        p.hline(L.label_w, mid - 1, p.w - L.label_w, theme.FG)
        p.fill_rect(p.w // 2 - 20, y, 40, L.band_h, theme.BG)
        mini(p, "SCREEN", p.w // 2 - 18, y, theme.FG)
    for r in range(L.rows):
        ry = L.top + r * L.pitch_y
        h = L.pitch_y - L.gap
        if L.lcd:
            p.text(str(r + 1), 2, ry + (h - p.line_h("small")) // 2, theme.DIM, "small")
        else:
            mini(p, str(r + 1), 0, ry + (h - 7) // 2, theme.FG)
    for i in range(len(state["seats"])):
        draw_seat(p, L, state, i, i == hi)


def draw_head(p, L: Layout, left: str, who: int = -1, name: str = "", ink: int = theme.FG) -> None:
    """The header: `left` text, and whose turn it is at the right."""
    p.fill_rect(0, 0, p.w, L.head_h, theme.BG)
    x = p.w
    if who >= 0:
        x = player_tag(p, name, who, p.w - 2, 0)
    p.text(p.fit(left, x - 6), 2, 0, ink)
    if L.lcd:
        p.hline(0, L.head_h - 1, p.w, theme.SELECT)


def draw_foot(p, L: Layout, s: str, ink: int = theme.FG, hint: str = "") -> None:
    """The footer line: s centred, a dim hint at the right (LCD only)."""
    y = L.foot_y
    p.fill_rect(0, y, p.w, L.foot_h, theme.BG)
    hw = 0
    if hint and L.lcd:
        hw = p.text_w(hint, "small") + 4
        p.right(hint, p.w - 2, y + (L.foot_h - p.line_h("small")) // 2, theme.DIM, "small")
    p.center(s, y + (L.foot_h - p.line_h()) // 2, ink, "body", 0, p.w - hw)
