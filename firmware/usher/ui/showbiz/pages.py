"""The side pages of the Showbiz main screen, loaded the first time someone
looks past the step page: the pool, the taste and forecast, each player's
contract board, the points by year. Drawn from the public view only."""

from usher.games.showbiz.game import GAME
from usher.ui import theme
from usher.ui.screen import title_bar
from usher.ui.showbiz.draw import chip, chips, draw_line, matched, name, pitch, score_rows, slot
from usher.words import t


def draw_side(p, state: dict, page: tuple, right: str) -> None:
    p.clear()
    k = page[0]
    if k == "pool":
        title = t("Pool %d") % sum(state["pool"])
    elif k == "taste":
        title = t("Taste y%d") % state["year"]
    elif k == "board":
        title = t("%s %dpt") % (name(state, page[1]), sum(state["pts"][page[1]]))
    else:
        title = t("Scores")
    y = title_bar(p, title, right)
    if k == "pool":
        draw_pool(p, y, state)
    elif k == "taste":
        draw_taste(p, y, state)
    elif k == "board":
        draw_board(p, y, state, page[1])
    else:
        draw_scores(p, y + 1, state, page[1])


def draw_pool(p, y: int, state: dict) -> None:
    pv = GAME.public_view(state)
    counts = dict(pv["pool"])
    kinds = state["kinds"]
    lh = p.line_h("body")
    cw = (p.w - 4) // len(kinds)
    s = min(cw - 4, p.h - y - 2 * lh - 10)
    x = 2
    for k in kinds:
        chip(p, x + (cw - s) // 2, y + 2, s, k)
        n = counts.get(k, 0)
        p.center(str(n), y + s + 4, theme.FG if n else theme.DIM, "body", x, cw)
        x += cw
    p.text(p.fit(t("Storage %d ZE") % pv["storage"], p.w - 4), 2, p.h - lh - 1, theme.DIM)


def draw_taste(p, y: int, state: dict) -> None:
    """This year's taste, next year's forecast and its die, the latest roll."""
    pv = GAME.public_view(state)
    lp = pitch(p)
    lines: list = [[t("Now") + " "] + chips(pv["row"]) if pv["row"] else [t("Not drawn yet")]]
    if pv["forecast"]:  # before the taste roll (no row yet) it is this year's forecast
        lines += [
            [(t("Next") if pv["row"] else t("Forecast")) + " "] + chips(pv["forecast"]),
            [t("forecast die %d") % pv["forecast_die"]],
        ]
    tr = pv["last_roll"]
    if tr is not None and tr[0] == "trend":
        lines.append([t("roll %d vs die %d") % (tr[1], tr[2])])
    for ln in lines:
        if y + lp > p.h:
            break
        draw_line(p, 2, y + 1, ln, "body", theme.FG if len(ln) > 1 else theme.DIM)
        y += lp


def draw_board(p, y: int, state: dict, q: int) -> None:
    pv = GAME.public_view(state)
    board = pv["boards"][q]
    lh = p.line_h("body")
    cw = (p.w - 4) // len(board)
    s = min(cw - 4, p.h - y - 2 * lh - 10)
    x = 2
    for cell in board:
        cx = x + (cw - s) // 2
        if cell is None:
            slot(p, cx, y + 2, s)
        else:
            chip(p, cx, y + 2, s, cell[0])
            p.center(t("%dy") % cell[1], y + s + 4, theme.FG, "body", x, cw)
        x += cw
    row = pv["row"]
    info = []
    if row:
        m = len(matched([c[0] if c else None for c in board], row))
        info.append(t("taste %d = %d pts") % (m, state["points"][m]))
    if "ze" in pv:  # public money only
        info.append("ZE %d" % pv["ze"][q])
    if info:
        p.text(p.fit("  ".join(info), p.w - 4), 2, p.h - lh - 1, theme.DIM)


def draw_scores(p, y: int, state: dict, first: int) -> None:
    """Points per year (the latest years that fit) and the total, a row a player."""
    pv = GAME.public_view(state)
    table = pv["table"]
    total = pv["points"]
    years = len(table[0])
    y0 = state["y0"]
    rh = p.line_h("body") + 3
    cw = p.text_w(t("Y%d") % 0 + "0") + 4  # a two-digit year's column: "Y00"
    tw = p.text_w("000") + 4
    nw = min(p.text_w("Anna") + 6, p.w // 3)
    fit_years = max(0, (p.w - nw - tw - 4) // cw)
    shown = list(range(max(0, years - fit_years), years))
    x = nw
    for i in shown:
        p.right(t("Y%d") % (y0 + i), x + cw - 2, y, theme.DIM)
        x += cw
    p.right(t("Tot"), p.w - 2, y, theme.DIM)
    y += rh
    n = len(table)
    for q in range(first, min(n, first + score_rows(p, y - rh))):
        p.text(p.fit(name(state, q), nw - 2), 2, y, theme.player(q) if not p.mono else theme.FG)
        x = nw
        for i in shown:
            p.right(str(table[q][i]), x + cw - 2, y, theme.FG)
            x += cw
        p.right(str(total[q]), p.w - 2, y, theme.ACCENT)
        y += rh
