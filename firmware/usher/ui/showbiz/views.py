"""What the shared Showbiz screen shows: the "now" page (the last thing that
happened and the next step), the pool, the taste and forecast, each player's
contract board and the year-by-year scores. Everything here is drawn from the game's public view, so no
pending bid and no private ZE can reach the shared screen from this module."""

from usher.games.showbiz.game import GAME
from usher.games.showbiz.rules import END_ON
from usher.ui import theme
from usher.ui.screen import title_bar, title_h
from usher.ui.showbiz.draw import cap, chips, draw_line, line_w, name, pitch, score_rows, seg_w
from usher.words import N_, t

GA_STEPS = ("agent", "row", "forecast", "pool", "trend", "end")
# the general agent's draws, as the step page names them ("Anna: taste row")
WHAT = {"row": N_("taste row"), "forecast": N_("forecast + die"), "pool": N_("draw artists")}


def pool_segs(pv: dict) -> list:
    return [("n", k, n) for k, n in pv["pool"]]


def split(p, segs: list, size: str = "body", room: int = 0) -> list:
    """Break a line of segments into lines that fit the screen's width (or
    `room` pixels): text wraps between words, and a player's mark stays with
    the word after it."""
    units: list = []
    for g in segs:
        if isinstance(g, str):
            words = g.split(" ")
            for i, wd in enumerate(words):
                if wd or i < len(words) - 1:
                    units.append(wd + (" " if i < len(words) - 1 else ""))
        else:
            units.append(g)
    out: list = []
    cur: list = []
    w = 0
    room = room or p.w - 4
    for u in units:
        uw = seg_w(p, u, size)
        lone_mark = len(cur) == 1 and not isinstance(cur[0], str) and cur[0][0] == "p"
        if cur and w + uw > room and not lone_mark:
            out.append(merge(cur))
            cur = []
            w = 0
        cur.append(u)
        w += uw
    if cur:
        out.append(merge(cur))
    return out


def merge(segs: list) -> list:
    """Neighbouring text segments as one string again."""
    out: list = []
    for g in segs:
        if isinstance(g, str) and out and isinstance(out[-1], str):
            out[-1] += g
        else:
            out.append(g)
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
    k = a.get("t")
    if k == "agent":
        return [[("p", a["p"]), t("%s is agent") % name(state, a["p"])]]
    if k == "row":
        return [[t("Taste") + " "] + chips(a["row"])]
    if k == "forecast":
        return [[t("Next") + " "] + chips(a["row"]), [t("forecast die %d") % a["die"]]]
    if k == "pool":
        n = len(a["add"])
        return [[(t("Drew %d artist") if n == 1 else t("Drew %d artists")) % n]]
    if k == "trend":
        tr = pv["last_roll"]
        d, f = tr[1], tr[2]
        return [[t("Taste roll %d vs %d:") % (d, f)], [t("forecast comes true") if d <= f else t("new taste row")]]
    if k == "end":
        tr = pv["last_roll"]
        over = pv["phase"] == "over"
        return [[t("End roll %d (1-%d ends)") % (tr[1], tr[2])], [t("game over") if over else t("one more year")]]
    if k == "pick":
        return [[("p", a["p"]), t("%s picks") % name(state, a["p"]) + " ", ("c", a["art"])]]
    if k == "claims":
        art = picked(acts)
        if not a["ps"]:
            return [[t("Nobody claims") + " "] + ([("c", art)] if art else [])]
        return [[t("Claim") + " "] + ([("c", art)] if art else []) + [": " + names(state, a["ps"])]]
    if k == "bid":
        neg = pv.get("negotiation")
        if neg is not None and pv["phase"] == "bid" and neg["round"] == a.get("rd"):
            return []  # the round is open: who has bid is on the next lines
        return reveal_lines(state, pv["last_reveal"])
    if k == "contract":
        art = picked(acts)
        n = a["yrs"]
        return [
            [("p", a["p"]), t("%s signs") % name(state, a["p"]) + " "]
            + ([("c", art)] if art else [])
            + [(t(" for %d year") if n == 1 else t(" for %d years")) % n]
        ]
    if k == "break":  # the artist back in the bag, another drawn: docs/RULES.md
        lb = pv.get("last_break")
        gone: list = [("p", a["p"]), t("%s breaks") % name(state, a["p"]) + " "]
        gone += [("c", lb[1])] if lb else [t("column %d") % a["col"]]
        return [gone, [t("Back in the bag; new in the pool:") + " ", ("c", a["add"][0])]]
    return []


def picked(acts: list) -> str:
    for a in reversed(acts):
        if a.get("t") == "pick":
            return a["art"]
    return ""


def reveal_lines(state: dict, r) -> list:
    if r is None:
        return []
    line: list = [("c", r["art"])]
    for q, b in r["bids"]:
        line.append(" %s %d" % (name(state, q)[:3], b))
    return [line, [", ".join(outcome(state, r))]]


def outcome(state: dict, r: dict) -> list:
    """A bid round's outcome in words, in one or two parts: a tie the
    player whose turn it is wins says why she wins."""
    if r["out"] == "win":
        w = name(state, r["win"])
        bids = [b for _, b in r["bids"]]
        art = cap(t(r["art"]))
        if bids.count(max(bids)) > 1:
            return [t("Tie: %s wins %s") % (w, art), t("as it is %s's turn") % w]
        return [t("%s wins %s") % (w, art)]
    if r["out"] == "again":
        return [t("Tie: round %d") % (r["rd"] + 1)]
    return [t("Tie: nobody signs")]


def next_lines(state: dict, pv: dict, ex: list) -> tuple:
    """(lines, hint) for the step the game waits for."""
    dev = state["draws"] == "device"
    if not ex:
        st = GAME.standings(state)
        top = [s for s in st if s["rank"] == 1]
        who = names(state, [s["player"] for s in top])
        return [[t("Game over")], [t("%s wins, %d pts") % (who, top[0]["score"])]], t("OK: standings")
    e = ex[0]
    k = e.kind
    ga = pv["agent"]
    if k == "agent":
        return [[t("General agent?")]], t("OK: draw") if dev else t("OK: choose")
    if k in GA_STEPS:
        if k == "trend":
            what = t("taste roll vs %d") % pv["forecast_die"]
        elif k == "end":
            what = t("end roll, 1-%d ends") % END_ON.get(pv["year"], 0)
        else:
            what = t(WHAT[k])
        lines = [[("p", ga), name(state, ga) + ": " + what]]
        return lines, (t("OK: roll") if k in ("trend", "end") else t("OK: draw")) if dev else t("OK: enter")
    if k == "pick":
        q = pv["turn"]
        return [[("p", q), t("%s picks") % name(state, q)]] + [pool_segs(pv)], t("OK: pick")
    neg: dict = pv["negotiation"]  # claims, bids and the contract all have one
    art = neg["art"]
    if k == "claims":
        return [[t("Claim") + " ", ("c", art), "?"]], t("OK: who claims (1 ZE)")
    if k == "bid":
        lines = [[t("Bids on") + " ", ("c", art)] + ([t(" round %d") % neg["round"]] if neg["round"] > 1 else [])]
        if neg["have_bid"]:
            lines.append([t("Bid: %s") % names(state, neg["have_bid"])])
        lines.append([t("Waiting: %s") % names(state, e.who)])
        return lines, t("OK: pass to %s") % name(state, e.who[0])
    w = neg["winner"]
    return [[("p", w), t("%s signs") % name(state, w) + " ", ("c", art)]], t("OK: years")


def draw_now(p, y: int, state: dict, acts: list) -> None:
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
    lp = pitch(p)
    last: list = []
    for ln in last_lines(state, pv, acts):
        if p.mono and ln and isinstance(ln[0], tuple) and ln[0][0] == "p" and line_w(p, ln) > p.w - 4:
            ln = ln[1:]  # the OLED: "Dev signs G for 3 years" whole on a line, without Dev's mark
        last += split(p, ln)
    # the OLED: the next step's further lines give way to the hint and a line of what just happened
    reserve = hint_h + (lp + 3 if last else 0) if p.mono else 0
    used = 0
    keep: list = []
    for ln, size in rows:
        if used + pitch(p, size) > room - reserve and keep:
            break
        used += pitch(p, size)
        keep.append((ln, size))
    if used + hint_h > room:
        hint = ""
    else:
        used += hint_h
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


def draw_page(p, state: dict, acts: list, page: tuple, right: str) -> None:
    if page[0] != "now":
        from usher.ui.showbiz.pages import draw_side  # loaded when someone looks

        draw_side(p, state, page, right)
        return
    p.clear()
    y = title_bar(p, t("Year %d") % state["year"], right)
    draw_now(p, y, state, acts)


def pages(p, state: dict) -> list:
    n = len(state["ze"])
    out = [("now", 0), ("pool", 0), ("taste", 0)]
    out += [("board", q) for q in range(n)]
    per = score_rows(p, title_h(p) + 1)
    out += [("scores", i) for i in range(0, n, per)]
    return out
