"""The side pages of the Show Manager turn page, loaded the first time someone
looks past the menu: a page a city (its musical, its six places with the
chip on each: owner's mark, value, "18→16" after a loan, the place's
points; a free city shows its column) and the city points if the game ended
now. Drawn from the public view only: chips, places and hands, never money."""

from usher.games.show_manager.game import GAME
from usher.ui import theme
from usher.ui.show_manager.draw import ARROW, name, rich, rich_w, title
from usher.words import t


def draw_page(p, state: dict, k: int, right: str) -> None:
    """Page k: city k, or the scores after the last city."""
    pv = GAME.public_view(state)
    p.clear()
    if k < len(pv["cities"]):
        city = pv["cities"][k]
        m = city["title"]
        what = pv["titles"][m][0] if m >= 0 else t("free")
        y = title(p, "%s: %s" % (city["name"], what), right)
        draw_city(p, y, state, city)
    else:
        y = title(p, t("Points now"), right)
        draw_scores(p, y, state, pv)


def grid(p, y: int, n: int) -> tuple:
    """(columns, rows, line pitch) for n lines below y: one column when they fit."""
    lh = p.line_h("body")
    room = p.h - y
    if room // n >= lh + 1:
        return 1, n, room // n
    rows = (n + 1) // 2
    return 2, rows, room // rows


def draw_city(p, y: int, state: dict, city: dict) -> None:
    chips = city["chips"]
    cols, rows, pitch = grid(p, y, len(city["points"]))
    cw = p.w // cols
    lh = p.line_h("body")
    pw = p.text_w("20") + 2  # the points column
    s = lh - 5
    for i, pts in enumerate(city["points"]):
        x = (i // rows) * cw
        ty = y + (i % rows) * pitch + (pitch - lh) // 2
        p.right(str(pts), x + pw, ty, theme.DIM)
        x += pw + 4
        if i >= len(chips):
            continue
        owner, made, now = chips[i]
        if owner >= 0:
            p.swatch(x, ty + (lh - s) // 2, s, owner)
        else:
            p.text("T", x, ty, theme.DIM)  # a touring company's chip
        x += s + 4
        val = str(now) if now == made else "%d%s%d" % (made, ARROW, now)
        vw = rich_w(p, val)
        right = x + cw - pw - 8 if cols > 1 else p.w - 2
        if cols == 1:  # room for the owner's name
            who = name(state, owner) if owner >= 0 else t("touring")
            p.text(p.fit(who, right - vw - x - 6), x, ty, theme.FG if owner >= 0 else theme.DIM)
            rich(p, val, right - vw, ty, theme.ACCENT)
        else:
            rich(p, val, x, ty, theme.ACCENT)


def draw_scores(p, y: int, state: dict, pv: dict) -> None:
    """City points, best first (equal points share a place, in seat order),
    with each hand: all public. Money, the tie-break, is not here."""
    pts = pv["points"]
    n = len(pts)
    order = sorted(range(n), key=lambda q: (-pts[q], q))
    cols, rows, pitch = grid(p, y, n)
    cw = p.w // cols
    lh = p.line_h("body")
    s = lh - 5
    place = 0
    for i, q in enumerate(order):
        if i == 0 or pts[q] != pts[order[i - 1]]:
            place = i + 1
        x0 = (i // rows) * cw
        ty = y + (i % rows) * pitch + (pitch - lh) // 2
        x = x0 + 2
        if cols == 1:  # two columns (the small panel): no room for the place
            x += p.text("%d." % place, x, ty, theme.DIM) + 4
        p.swatch(x, ty + (lh - s) // 2, s, q)
        x += s + 4
        vw = p.text_w(str(pts[q]))
        end = x0 + cw - 4
        if cols == 1:
            hand = t("%d cards") % pv["hands"][q] if pv["hands"][q] != 1 else t("1 card")
            hw = p.text_w(hand, "small")
            p.text(p.fit(name(state, q), end - vw - hw - x - 16), x, ty, theme.FG)
            p.right(hand, end - vw - 10, ty + (lh - p.line_h("small")), theme.DIM, "small")
        else:
            p.text(p.fit(name(state, q), end - vw - x - 4), x, ty, theme.FG)
        p.right(str(pts[q]), end, ty, theme.ACCENT)
