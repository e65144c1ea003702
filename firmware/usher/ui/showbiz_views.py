"""What the shared Showbiz screen shows: the "now" page (the last thing that
happened and the next step), the pool, the taste and forecast, each player's
contract board and the year-by-year scores. Everything here is drawn from the game's public view, so no
pending bid and no private ZE can reach the shared screen from this module."""

from usher.games.showbiz import GAME
from usher.games.showbiz_rules import END_ON
from usher.ui import theme
from usher.ui.screen import title_bar, title_h
from usher.ui.showbiz_draw import cap, chip, draw_line, line_w, name, pitch, slot

GA_STEPS = ("agent", "row", "forecast", "pool", "trend", "end")


def chips(kinds: list) -> list:
    return [("c", k) for k in kinds]


def pool_segs(pv: dict) -> list:
    return [("n", k, n) for k, n in pv["pool"]]


def split(p, segs: list, size: str = "body") -> list:  # type: ignore[no-untyped-def]
    """Break a line of segments into lines that fit the screen's width."""
    out: list = []
    cur: list = []
    room = p.w - 4
    for g in segs:
        if cur and line_w(p, cur + [g], size) > room:
            out.append(cur)
            cur = []
        cur.append(g)
    if cur:
        out.append(cur)
    return out


def names(state: dict, ps: list) -> str:
    return ", ".join(name(state, q) for q in ps)


# -- the "now" page ------------------------------------------------------------------
def last_lines(state: dict, pv: dict, acts: list) -> list:
    """The latest action in force, told from public facts only: a bid's amount
    is never read from the action, only from the reveal once it is public."""
    if not acts:
        return []
    a = acts[-1]
    t = a.get("t")
    if t == "agent":
        return [[("p", a["p"]), name(state, a["p"]) + " is agent"]]
    if t == "row":
        return [["Taste "] + chips(a["row"])]
    if t == "forecast":
        return [["Next "] + chips(a["row"]), ["forecast die %d" % a["die"]]]
    if t == "pool":
        return [["Drew %d artists" % len(a["add"])]]
    if t == "trend":
        tr = pv["last_roll"]
        d, f = tr[1], tr[2]
        return [["Taste roll %d vs %d:" % (d, f)], ["forecast comes true" if d <= f else "new taste row"]]
    if t == "end":
        tr = pv["last_roll"]
        over = pv["phase"] == "over"
        return [["End roll %d (1-%d ends)" % (tr[1], tr[2])], ["game over" if over else "one more year"]]
    if t == "pick":
        return [[("p", a["p"]), name(state, a["p"]) + " picks ", ("c", a["art"])]]
    if t == "claims":
        art = picked(acts)
        if not a["ps"]:
            return [["Nobody claims "] + ([("c", art)] if art else [])]
        return [["Claim "] + ([("c", art)] if art else []) + [": " + names(state, a["ps"])]]
    if t == "bid":
        neg = pv.get("negotiation")
        if neg is not None and pv["phase"] == "bid" and neg["round"] == a.get("rd"):
            return []  # the round is open: who has bid is on the next lines
        return reveal_lines(state, pv["last_reveal"])
    if t == "contract":
        art = picked(acts)
        return [[("p", a["p"]), name(state, a["p"]) + " signs "] + ([("c", art)] if art else []) + [" %dy" % a["yrs"]]]
    if t == "break":
        return [[("p", a["p"]), name(state, a["p"]) + " breaks c%d" % a["col"]], ["new in pool ", ("c", a["add"][0])]]
    return []


def picked(acts: list) -> str:
    for a in reversed(acts):
        if a.get("t") == "pick":
            return a["art"]
    return ""


def reveal_lines(state: dict, r) -> list:  # type: ignore[no-untyped-def]
    if r is None:
        return []
    line: list = [("c", r["art"])]
    for q, b in r["bids"]:
        line.append(" %s %d" % (name(state, q)[:3], b))
    return [line, [outcome(state, r)]]


def outcome(state: dict, r: dict) -> str:
    if r["out"] == "win":
        return "%s wins %s" % (name(state, r["win"]), cap(r["art"]))
    if r["out"] == "again":
        return "Tie: round %d" % (r["rd"] + 1)
    return "Tie: nobody signs"


def next_lines(state: dict, pv: dict, ex: list) -> tuple:
    """(lines, hint) for the step the game waits for."""
    dev = state["draws"] == "device"
    if not ex:
        st = GAME.standings(state)
        top = [s for s in st if s["rank"] == 1]
        who = names(state, [s["player"] for s in top])
        return [["Game over"], ["%s wins, %d pts" % (who, top[0]["score"])]], "OK: standings"
    e = ex[0]
    k = e.kind
    ga = pv["agent"]
    if k == "agent":
        return [["General agent?"]], "OK: draw" if dev else "OK: choose"
    if k in GA_STEPS:
        what = {
            "row": "taste row",
            "forecast": "forecast + die",
            "pool": "draw artists",
            "trend": "taste roll vs %d" % pv["forecast_die"],
            "end": "end roll, 1-%d ends" % END_ON.get(pv["year"], 0),
        }[k]
        lines = [[("p", ga), name(state, ga) + ": " + what]]
        return lines, ("OK: roll" if k in ("trend", "end") else "OK: draw") if dev else "OK: enter"
    if k == "pick":
        q = pv["turn"]
        return [[("p", q), name(state, q) + " picks"]] + [pool_segs(pv)], "OK: pick"
    neg: dict = pv["negotiation"]  # claims, bids and the contract all have one
    art = neg["art"]
    if k == "claims":
        return [["Claim ", ("c", art), "?"]], "OK: who claims"
    if k == "bid":
        lines = [["Bids on ", ("c", art)] + ([" round %d" % neg["round"]] if neg["round"] > 1 else [])]
        if neg["have_bid"]:
            lines.append(["Bid: " + names(state, neg["have_bid"])])
        lines.append(["Waiting: " + names(state, e.who)])
        return lines, "OK: pass to " + name(state, e.who[0])
    w = neg["winner"]
    return [[("p", w), name(state, w) + " signs ", ("c", art)]], "OK: years"


def draw_now(p, y: int, state: dict, acts: list) -> None:  # type: ignore[no-untyped-def]
    """What just happened (dim, on top, dropped first when space runs out),
    then the next step, its first line big where it fits, and the OK hint."""
    pv = GAME.public_view(state)
    nxt, hint = next_lines(state, pv, GAME.expects(state))
    big = "big" if p.font("big") is not None and not p.mono else "body"
    rows: list = []
    for i, ln in enumerate(nxt):
        size = big if i == 0 and line_w(p, ln, big) <= p.w - 4 else "body"
        rows += [(part, size) for part in split(p, ln, size)]
    room = p.h - y - 2
    hint_h = p.line_h("small") + 2
    used = 0
    keep: list = []
    for ln, size in rows:
        if used + pitch(p, size) > room and keep:
            break
        used += pitch(p, size)
        keep.append((ln, size))
    if used + hint_h > room:
        hint = ""
    else:
        used += hint_h
    lp = pitch(p)
    last: list = []
    for ln in last_lines(state, pv, acts):
        last += split(p, ln)
    last = last[: max(0, (room - used - 3) // lp)]
    yy = y + 1
    for ln in last:
        draw_line(p, 2, yy, ln, "body", theme.DIM)
        yy += lp
    if last:
        p.hline(2, yy, p.w - 4, theme.DIM)
        yy += 3
    for ln, size in keep:
        draw_line(p, 2, yy, ln, size, theme.FG)
        yy += pitch(p, size)
    if hint:
        p.text(p.fit(hint, p.w - 4, "small"), 2, p.h - p.line_h("small") - 1, theme.ACCENT, "small")


# -- the other pages ---------------------------------------------------------------
def draw_pool(p, y: int, state: dict) -> None:  # type: ignore[no-untyped-def]
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
    p.text(p.fit("Storage %d ZE" % pv["storage"], p.w - 4), 2, p.h - lh - 1, theme.DIM)


def draw_taste(p, y: int, state: dict) -> None:  # type: ignore[no-untyped-def]
    """This year's taste, next year's forecast and its die, the latest roll."""
    pv = GAME.public_view(state)
    lp = pitch(p)
    lines: list = [["Now "] + (chips(pv["row"]) if pv["row"] else ["not drawn"])]
    if pv["forecast"]:
        lines += [["Next "] + chips(pv["forecast"]), ["forecast die %d" % pv["forecast_die"]]]
    tr = pv["last_roll"]
    if tr is not None:
        lines.append(["%s roll %d vs %d" % ("taste" if tr[0] == "trend" else "end", tr[1], tr[2])])
    for ln in lines:
        if y + lp > p.h:
            break
        draw_line(p, 2, y + 1, ln, "body", theme.FG if len(ln) > 1 else theme.DIM)
        y += lp


def matched(board: list, row: list) -> list:
    """The board's pieces that find a counterpart in the row, each piece once."""
    left = list(row)
    out = []
    for c in board:
        if c is not None and c in left:
            left.remove(c)
            out.append(c)
    return out


def draw_board(p, y: int, state: dict, q: int) -> None:  # type: ignore[no-untyped-def]
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
            p.center("%dy" % cell[1], y + s + 4, theme.FG, "body", x, cw)
        x += cw
    row = pv["row"]
    info = []
    if row:
        m = len(matched([c[0] if c else None for c in board], row))
        info.append("taste %d = %d pts" % (m, state["points"][m]))
    if "ze" in pv:  # public money only
        info.append("ZE %d" % pv["ze"][q])
    if info:
        p.text(p.fit("  ".join(info), p.w - 4), 2, p.h - lh - 1, theme.DIM)


def score_rows(p, y: int) -> int:  # type: ignore[no-untyped-def]
    return max(1, (p.h - y) // (p.line_h("body") + 3) - 1)


def draw_scores(p, y: int, state: dict, first: int) -> None:  # type: ignore[no-untyped-def]
    """Points per year (the latest years that fit) and the total, a row a player."""
    pv = GAME.public_view(state)
    table = pv["table"]
    total = pv["points"]
    years = len(table[0])
    y0 = state["y0"]
    rh = p.line_h("body") + 3
    cw = p.text_w("Y00") + 4
    tw = p.text_w("000") + 4
    nw = min(p.text_w("Anna") + 6, p.w // 3)
    fit_years = max(0, (p.w - nw - tw - 4) // cw)
    shown = list(range(max(0, years - fit_years), years))
    x = nw
    for i in shown:
        p.right("Y%d" % (y0 + i), x + cw - 2, y, theme.DIM)
        x += cw
    p.right("Tot", p.w - 2, y, theme.DIM)
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


def page_title(state: dict, page: tuple) -> str:
    k = page[0]
    if k == "now":
        return "Year %d" % state["year"]
    if k == "pool":
        return "Pool %d" % sum(state["pool"])
    if k == "taste":
        return "Taste, year %d" % state["year"]
    if k == "board":
        q = page[1]
        return "%s %dpt" % (name(state, q), sum(state["pts"][q]))
    return "Scores"


def draw_page(p, state: dict, acts: list, page: tuple, right: str) -> None:  # type: ignore[no-untyped-def]
    p.clear()
    y = title_bar(p, page_title(state, page), right)
    k = page[0]
    if k == "now":
        draw_now(p, y, state, acts)
    elif k == "pool":
        draw_pool(p, y, state)
    elif k == "taste":
        draw_taste(p, y, state)
    elif k == "board":
        draw_board(p, y, state, page[1])
    else:
        draw_scores(p, y + 1, state, page[1])


def pages(p, state: dict) -> list:  # type: ignore[no-untyped-def]
    n = len(state["ze"])
    out = [("now", 0), ("pool", 0), ("taste", 0)]
    out += [("board", q) for q in range(n)]
    per = score_rows(p, title_h(p) + 1)
    out += [("scores", i) for i in range(0, n, per)]
    return out
