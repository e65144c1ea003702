"""Drawing the Showtime auditorium: a header, the screen, rows of seats and
a footer line, laid out for the 240x135 LCD or the 128x64 OLED.

Seats show their owner (colour on the LCD, a shape on the OLED), the
person (number and name where the whole name fits, else the number alone:
a cut name could read as a player's) and the seat's stars as dots; free
seats show their stars, dimmed (dots on the OLED)."""

from usher.games.showtime import cast
from usher.ui import text, theme
from usher.words import N_, t

ROW = cast.SEATS_PER_ROW
GENRES = ("fantasy", "scifi", "romance", "comedy")
GENRE_NAMES = (N_("Fantasy"), N_("Sci-fi"), N_("Romance"), N_("Comedy"))
# as the splash shows them (German's capitals are not str.upper's on MicroPython)
GENRE_CAPS = (N_("FANTASY"), N_("SCI-FI"), N_("ROMANCE"), N_("COMEDY"))
DARK_INK = (10, 11, 13, 14, 15)  # player colours where black text reads better


def genre_name(g: str, caps: bool = False) -> str:
    """A poster's genre as the screens say it ("Romance"; `caps`: "ROMANCE")."""
    return t((GENRE_CAPS if caps else GENRE_NAMES)[GENRES.index(g)]) if g in GENRES else "?"


def screening(state: dict) -> str:
    """'2/3 Romance': the screening and its poster."""
    return "%d/3 %s" % (state["screening"], genre_name(state["posters"][-1] if state["posters"] else ""))


class Layout:
    """Where the parts go on this panel for an auditorium of `rows` rows."""

    def __init__(self, p, rows: int) -> None:
        self.lcd = lcd = p.w >= 200
        self.rows = rows
        # header, screen band, footer heights; row-number column; gap between seats
        sizes = (18, 13, 20, 12, 2) if lcd else (12, 8, 12, 8, 1)  # OLED: row numbers, a rule, the seats
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


def label(p, card: int, w: int, size: str) -> str:
    """'2 Benny' where it fits in w pixels, else the name alone ('Norbert':
    "16" tells a player nothing), else the number alone: a cut name ("2
    Ben...") reads as a player's name."""
    s = "%d %s" % (card, cast.name(card))
    if p.text_w(s, size) <= w:
        return s
    s = cast.name(card)
    return s if p.text_w(s, size) <= w else str(card)


def pips(p, x: int, y: int, n: int, d: int, cols: int, ink: int) -> None:
    """n star dots of d pixels, `cols` to a line, from (x, y)."""
    for k in range(n):
        p.fill_rect(x + (k % cols) * (d + 1), y + (k // cols) * (d + 1), d, d, ink)


def draw_seat(p, L: Layout, state: dict, i: int, hi: bool = False) -> None:
    """A seat: free, its stars; taken, its owner, the person and, as dots,
    the seat's stars (the star stays visible under a placed card)."""
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
            pips(p, dx, y + (h - d) // 2, stars, d, 4, ink)
            return
        s = min(7, h - 1 if L.mini else h - 4)
        mark(p, x + 1, y + (h - s) // 2, s, v[0], ink)
        pips(p, x + w - 5, y + 1, stars, 2, 2, ink)  # a 5x5 block at the right
        tx = x + s + 3
        if L.mini:
            mini(p, str(v[1]), tx, y + (h - 7) // 2, ink)
        else:
            t = label(p, v[1], x + w - 6 - tx, "small")
            p.text(t, tx, y + (h - p.line_h("small")) // 2, ink, "small")
        return
    size = "body" if h >= 26 else "small"
    if text.fast(p.fb) and p.font(size) is not None:
        _seat_lcd(p, x, y, w, h, v, stars, size, hi)
        return
    if v is None:
        ty = y + (h - p.line_h(size)) // 2
        p.fill_rect(x, y, w, h, theme.BG)
        p.rect(x, y, w, h, theme.DIM)
        p.center("%d*" % stars, ty, theme.DIM, size, x, w)
    else:
        bg = theme.player(v[0])
        ink = theme.BG if bg in DARK_INK else theme.FG
        p.fill_rect(x, y, w, h, bg)
        t = label(p, v[1], w - 4, size)
        if " " not in t and size == "body":  # not both the number and the name: the small font first
            size = "small"
            t = label(p, v[1], w - 4, size)
        d = 3  # the stars as dots along the bottom (inside the cursor's frame), the text above
        p.center(t, y + (h - d - 4 - p.line_h(size)) // 2, ink, size, x + 2, w - 4)
        pips(p, x + (w - stars * (d + 1) + 1) // 2, y + h - d - 4, stars, d, 4, ink)
    if hi:  # a white frame, with a black line inside it to part it from the colour
        p.rect(x, y, w, h, theme.FG)
        p.rect(x + 1, y + 1, w - 2, h - 2, theme.FG)
        p.rect(x + 2, y + 2, w - 4, h - 4, theme.BG)


def _seat_lcd(p, x: int, y: int, w: int, h: int, v, stars: int, size: str, hi: bool) -> None:
    """draw_seat on the LCD, the same pixels with fewer calls: into the frame
    buffer, each text measured once, the cell marked once (a Painter call is
    ~100 us on the Pico, its frame allocated on the heap; 16 seats a screen)."""
    fb = p.fb
    f = p.font(size)
    if v is None:
        fb.fill_rect(x, y, w, h, theme.BG)
        fb.rect(x, y, w, h, theme.DIM)
        t = "%d*" % stars
        tw = text.width(t, f)
        if tw > w:  # Painter.center's fit
            t = text.fit(t, f, w)
            tw = text.width(t, f)
        text.pen(x + (w - tw) // 2, y + (h - f.HEIGHT) // 2, theme.DIM)
        text.put(fb, t, f)
    else:
        bg = theme.player(v[0])
        ink = theme.BG if bg in DARK_INK else theme.FG
        fb.fill_rect(x, y, w, h, bg)
        # label(): "2 Benny" where it fits, else the name alone, else the number, in the small font
        t = "%d %s" % (v[1], cast.name(v[1]))
        tw = text.width(t, f)
        if tw > w - 4:
            if size == "body":
                f = p.font("small")
                tw = text.width(t, f)
            if tw > w - 4:
                t = cast.name(v[1])
                tw = text.width(t, f)
            if tw > w - 4:
                t = str(v[1])
                tw = text.width(t, f)
        if tw > w - 4:
            t = text.fit(t, f, w - 4)
            tw = text.width(t, f)
        d = 3  # the stars as dots along the bottom (inside the cursor's frame), the text above
        text.pen(x + 2 + (w - 4 - tw) // 2, y + (h - d - 4 - f.HEIGHT) // 2, ink)
        text.put(fb, t, f)
        px = x + (w - stars * (d + 1) + 1) // 2
        py = y + h - d - 4
        for k in range(stars):  # pips()
            fb.fill_rect(px + (k % 4) * (d + 1), py + (k // 4) * (d + 1), d, d, ink)
    if hi:  # a white frame, with a black line inside it to part it from the colour
        fb.rect(x, y, w, h, theme.FG)
        fb.rect(x + 1, y + 1, w - 2, h - 2, theme.FG)
        fb.rect(x + 2, y + 2, w - 4, h - 4, theme.BG)
    p.mark(x, y, w, h)


def draw_hall(p, L: Layout, state: dict, hi: int = -1) -> None:
    """The screen above row 1, the row numbers and every seat; seat `hi` highlighted."""
    y = L.head_h
    mid = y + L.band_h // 2
    said = t("SCREEN")
    if L.lcd:
        w = p.text_w(said, "small") + 8
        p.fill_rect(L.label_w, mid - 1, p.w - L.label_w - 2, 2, theme.DIM)
        p.fill_rect((p.w - w) // 2, y, w, L.band_h, theme.BG)
        p.text(said, (p.w - w) // 2 + 4, y, theme.DIM, "small")
    else:  # the 5x7 font: 6 pixels a letter, 2 of room either side
        w = 6 * len(said) + 4
        p.hline(L.label_w, mid - 1, p.w - L.label_w, theme.FG)
        p.fill_rect(p.w // 2 - w // 2, y, w, L.band_h, theme.BG)
        mini(p, said, p.w // 2 - w // 2 + 2, y, theme.FG)
    for r in range(L.rows):
        ry = L.top + r * L.pitch_y
        h = L.pitch_y - L.gap
        if L.lcd:
            p.text(str(r + 1), 2, ry + (h - p.line_h("small")) // 2, theme.DIM, "small")
        else:
            mini(p, str(r + 1), 0, ry + (h - 7) // 2, theme.FG)
    if not L.lcd:  # a rule between the row numbers and the seats: "1|[]2", never "1[]2"
        p.vline(L.label_w - 2, L.top, L.rows * L.pitch_y - L.gap, theme.FG)
    for i in range(len(state["seats"])):
        draw_seat(p, L, state, i, i == hi)


def draw_head(p, L: Layout, left, who: int = -1, name: str = "", ink: int = theme.FG) -> None:
    """The header: `left` text (or a tuple of ways to say it, the fullest
    first: the first that fits whole), and whose turn it is at the right."""
    p.fill_rect(0, 0, p.w, L.head_h, theme.BG)
    x = p.w
    if who >= 0:
        x = player_tag(p, name, who, p.w - 2, 0)
    if not isinstance(left, str):
        alts = left
        left = alts[-1]
        for a in alts:
            if p.text_w(a) <= x - 6:
                left = a
                break
    p.text(p.fit(left, x - 6), 2, 0, ink)
    if L.lcd:
        p.hline(0, L.head_h - 1, p.w, theme.SELECT)


def draw_foot(p, L: Layout, s, ink: int = theme.FG, hint: str = "") -> None:
    """The footer line, centred: `s` a text or a tuple of ways to say it,
    the fullest first; the first that fits whole is drawn, with a dim hint
    at the right (LCD only) when there is room for it too."""
    y = L.foot_y
    p.fill_rect(0, y, p.w, L.foot_h, theme.BG)
    alts = (s,) if isinstance(s, str) else s
    hw = p.text_w(hint, "small") + 4 if hint and L.lcd else 0
    t = alts[-1]  # cut if nothing fits
    for a in alts:  # the fullest saying that fits, with the hint if it fits too
        tw = p.text_w(a)
        if tw <= p.w:
            t = a
            if tw > p.w - hw:
                hw = 0
            break
    else:
        hw = 0
    if hw:
        p.right(hint, p.w - 2, y + (L.foot_h - p.line_h("small")) // 2, theme.DIM, "small")
    p.center(t, y + (L.foot_h - p.line_h()) // 2, ink, "body", 0, p.w - hw)


def seat_names(i: int) -> tuple:
    """('row 2 seat 1', 'R2 S1'): a seat said in full, and short."""
    r = i // ROW + 1
    k = i % ROW + 1
    return t("row %d seat %d") % (r, k), t("R%d S%d") % (r, k)
