"""`usher report` and `usher show`: one game's sheet as data, and as a PNG
(score over the game and the final standings; matplotlib, Agg backend)."""

import json
import os

from usher_tools.history.records import Replay, read_log
from usher_tools.history.score import ScoreError

# what `usher report -o` writes, by the file's suffix (matplotlib's own writers)
FORMATS = {".png": "png", ".jpg": "jpeg", ".jpeg": "jpeg", ".svg": "svg", ".pdf": "pdf"}


def replay_row(row: dict) -> Replay:
    rec, tail = read_log(row["data"])
    return Replay(rec.header, rec.records, where=rec.where, header_text=rec.header_text)


def describe(action: dict) -> str:
    """An action as a short line: its type, then its fields (time left out)."""
    if not isinstance(action, dict):
        return json.dumps(action)
    rest = {k: v for k, v in action.items() if k not in ("t", "at")}
    text = str(action.get("t", "?"))
    if rest:
        text += " " + json.dumps(rest, separators=(",", ":"), ensure_ascii=False)
    return text


def show_data(row: dict) -> dict:
    """Everything `usher show` prints, as data (also its --json output)."""
    out = {
        "id": row["id"],
        "device": row["device"],
        "name": row["name"],
        "game": row["game"],
        "created": row["created"],
        "players": row["players"],
        "status": row["status"],
        "problem": row["problem"],
        "complete": bool(row["complete"]),
    }
    try:
        rp = replay_row(row)
    except ScoreError as e:
        out["error"] = str(e)
        return out
    out["title"] = rp.game.title or rp.game.name
    out["finished"] = rp.is_over()
    out["actions"] = [
        {
            "n": i + 1,
            "action": describe(a),
            "at": a.get("at", 0) if isinstance(a, dict) else 0,
            "undone": i in rp.undone,
        }
        for i, a in enumerate(rp.records)
    ]
    if rp.game.name == "dice":  # no score: what it holds, counted
        out["dice"] = dice_counts(rp)
    out["standings"] = [{"rank": s["rank"], "name": s["name"], "score": s["score"]} for s in rp.standings()]
    out["ties"] = tie_notes(rp)
    out["sheet"] = rp.sheet()
    out["undone"] = len(rp.undone) + sum(1 for a in rp.records if isinstance(a, dict) and a.get("t") == "undo")
    try:
        from usher_tools.history.sheet import tell

        out["story"] = tell(rp)
    except Exception as e:  # a teller that trips on a record is no reason to show nothing
        out["story"] = [{"title": "", "lines": ["(no sheet in words: %s)" % type(e).__name__]}]
    return out


def dice_counts(rp: Replay) -> dict:
    """What a dice game holds, from the actions in force (undone ones left
    out): {"rolls": {"2d6": {total: times}}, "draws": {bag: {piece: times}},
    "refills": {bag: times}}, each in the order first seen."""
    rolls: dict = {}
    draws: dict = {}
    refills: dict = {}
    for a in rp.in_force():
        t = a.get("t") if isinstance(a, dict) else None
        if t == "roll" and isinstance(a.get("faces"), list):
            kind = "%dd%d" % (len(a["faces"]), a.get("sides", 6))
            by = rolls.setdefault(kind, {})
            total = sum(a["faces"])
            by[total] = by.get(total, 0) + 1
        elif t == "draw":
            by = draws.setdefault(str(a.get("bag")), {})
            by[str(a.get("item"))] = by.get(str(a.get("item")), 0) + 1
        elif t == "refill":
            refills[str(a.get("bag"))] = refills.get(str(a.get("bag")), 0) + 1
    return {"rolls": rolls, "draws": draws, "refills": refills}


def _times(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else "%d times" % n


def dice_lines(counts: dict) -> list:
    """The counts in words, for `usher show`."""
    rolls, draws, refills = counts["rolls"], counts["draws"], counts["refills"]
    n_rolls = sum(sum(by.values()) for by in rolls.values())
    n_draws = sum(sum(by.values()) for by in draws.values())
    out = ["%d roll%s, %d draw%s" % (n_rolls, "" if n_rolls == 1 else "s", n_draws, "" if n_draws == 1 else "s")]
    for kind, by in rolls.items():
        each = ", ".join("%d %s" % (t, _times(by[t])) for t in sorted(by))
        out.append("%s rolled %s: %s" % (kind, _times(sum(by.values())), each))
    for bag, by in draws.items():
        each = ", ".join("%s %s" % (item, _times(k)) for item, k in by.items())
        again = ", refilled %s" % _times(refills[bag]) if refills.get(bag) else ""
        out.append("%s: drawn %s: %s%s" % (bag, _times(sum(by.values())), each, again))
    for bag in refills:
        if bag not in draws:
            out.append("%s: refilled %s" % (bag, _times(refills[bag])))
    return out


def player_colours(rp: Replay) -> list:
    """Each seat's colour as the device drew it ("#rrggbb"): the colour its
    setup gave the player (the first free one, or the one picked), through
    the LCD's palette (usher.ui.theme)."""
    from usher.ui import theme

    out = []
    for i, p in enumerate(rp.header["setup"]["players"]):
        c = p.get("colour", i) if isinstance(p, dict) else i
        r, g, b = theme.RGB[theme.player(c if isinstance(c, int) else i)]
        out.append("#%02x%02x%02x" % (r, g, b))
    return out


def game_steps(rp: Replay) -> dict:
    """The score over the game in the game's own steps, from the actions in
    force only (an undone action and its undo are no step): {"xlabel", "xs",
    "series" (a list of scores a seat), "marks" [(x, label)], "ticks"
    [(x, label)]}. Showtime: placements, the screenings marked; Showbiz:
    years; Show Manager: turns; Films: rounds, each game of a match marked
    (its tickets, which start again at each game); any other: actions."""
    g = rp.game
    name = g.name
    s = g.new(rp.header["setup"])
    n = len(rp.players)

    def score(st):  # type: ignore[no-untyped-def]
        if name == "films":
            return list(g.public_view(st)["tickets"])
        sc = list(g.scores(st))
        return [sc[i] if i < len(sc) else 0 for i in range(n)]

    xs = [0]
    ys = [score(s)]
    marks: list = []
    ticks: list = [(0, "start")] if name == "showbiz" else []
    x = 0
    for a in rp.in_force():
        before = s
        s = g.apply(s, a)
        t = a.get("t") if isinstance(a, dict) else None
        step = False
        if name == "showtime":
            if t in ("place", "discard"):
                x += 1
                step = True
            if len(s.get("after", [])) > len(before.get("after", [])):
                marks.append((x, "screening %d" % len(s["after"])))
                step = True
        elif name == "showbiz":
            if len(s["pts"][0]) > len(before["pts"][0]):
                x += 1
                ticks.append((x, "year %d" % (s["y0"] + len(s["pts"][0]) - 1)))
                step = True
        elif name == "show_manager":
            if s["turn"] != before["turn"]:
                x += 1
                step = True
        elif name == "films":
            if t == "game":
                marks.append((x, "game %d" % s["g"]))
                if x:  # the last game's line ends here: no drop to the new game's start drawn
                    xs.append(x)
                    ys.append([None] * n)
                xs.append(x)
                ys.append(score(s))  # the new game's rows start empty (the VIP's ticket)
                continue
            if (s["rd"], s["g"], s["ph"]) != (before["rd"], before["g"], before["ph"]) and before["ph"] == "place":
                x += 1
                step = True
        else:
            x += 1
            step = True
        if step:
            if xs and xs[-1] == x and None not in ys[-1]:
                ys[-1] = score(s)
            else:
                xs.append(x)
                ys.append(score(s))
    label = {
        "showtime": "placements (dashed: the screenings)",
        "showbiz": "years",
        "show_manager": "turns",
        "films": "rounds (dashed: each game)",
    }.get(name, "actions (undone ones left out)")
    series = [[y[i] for y in ys] for i in range(n)]
    return {"xlabel": label, "xs": xs, "series": series, "marks": marks, "ticks": ticks}


def standing_lines(rp: Replay) -> list:
    """The standings as the report draws them: [{rank, name, score, text}],
    best first; `text` says what decided a tie once the game is over ("41,
    money decided", "10 tickets, VIP decided", "23, shared"). A Films match
    ranks by games won, each game's tickets after them."""
    from usher_tools.history.plays import decided, films_games, unit

    over = rp.is_over()
    st = rp.standings()
    why = decided(rp.game.name, st, rp.game.tiebreak(rp.state)) if over else {}
    per = films_games(rp.header, rp.in_force()) if rp.game.name == "films" else []
    match = rp.game.name == "films" and rp.header["setup"]["options"].get("best_of", 1) > 1
    out = []
    for s in st:
        seat = s["player"]
        if match:
            text = "%d game%s won" % (s["score"], "" if s["score"] == 1 else "s")
            if per:
                text += " (tickets %s)" % ", ".join(str(k["tickets"][seat]) for k in per)
        else:
            text = str(s["score"]) + (" " + unit(rp.game.name) if rp.game.name == "films" else "")
        if why.get(seat):
            text += ", shared" if why[seat] == "shared" else ", %s decided" % why[seat]
        out.append({"rank": s["rank"], "name": s["name"], "score": s["score"], "text": text, "seat": seat})
    return out


# how the laptop says who came out ahead on a tie, by title (the game's tiebreak())
AHEAD = {
    "showtime": "is ahead on the red carpet",
    "show_manager": "has more money",
    "showbiz": "has more ZE",
    "films": "holds the VIP Ticket",
}


def tie_notes(rp: Replay) -> list:
    """Once the game is over, a line a tie on score: why it went the way it
    did ("27-27: Anna is ahead on the red carpet"), or that it is shared
    ("8-8: shared, equal money"). A Films match ranks by games won: none."""
    from usher_tools.history.plays import TIE_BREAK

    name = rp.game.name
    if not rp.is_over() or (name == "films" and rp.header["setup"]["options"].get("best_of", 1) > 1):
        return []
    st = rp.standings()
    out = []
    for score in sorted({s["score"] for s in st}, reverse=True):
        tied = [s for s in st if s["score"] == score]
        if len(tied) < 2:
            continue
        scores = "-".join([str(score)] * len(tied))
        if len({s["rank"] for s in tied}) == 1:
            out.append("%s: shared, equal %s" % (scores, TIE_BREAK.get(name, "tie-break")))
            continue
        if len(tied) == 2:
            out.append("%s: %s %s" % (scores, tied[0]["name"], AHEAD.get(name, "wins the tie-break")))
            continue
        ranks = sorted({s["rank"] for s in tied})
        order = ", then ".join(" and ".join(s["name"] for s in tied if s["rank"] == r) for r in ranks)
        out.append("%s: %s, by the %s" % (scores, order, TIE_BREAK.get(name, "tie-break")))
    return out


def unit_of(rp: Replay) -> str:
    from usher_tools.history.plays import unit

    return unit(rp.game.name)


MARKERS = "osD^vp<>h*"  # a seat's own marker, so lines that meet stay told apart
DASH = 6.0  # points: each of a coinciding group's lines shows in turn, one dash each


def coinciding(series: list) -> list:
    """Each seat's (place, size) in its group of lines that lie on one
    another (equal at most steps: a tie all game, nobody scoring yet), so
    each can be drawn in dashes that take turns; (0, 1) for a line alone."""
    n = len(series)

    def same(a: list, b: list) -> bool:
        both = [(x, y) for x, y in zip(a, b, strict=True) if x is not None and y is not None]
        return bool(both) and 2 * sum(1 for x, y in both if x == y) > len(both)

    group = list(range(n))
    for i in range(n):
        for j in range(i):
            if same(series[i], series[j]):
                group[i] = group[j]
                break
    out = []
    for i in range(n):
        members = [k for k in range(n) if group[k] == group[i]]
        out.append((members.index(i), len(members)))
    return out


def render_png(row: dict, path: str) -> None:
    fig = figure(row)
    fmt = FORMATS.get(os.path.splitext(path)[1].lower(), "png")
    if fmt == "jpeg":
        # JPEG has no transparency: matplotlib's writer wants an opaque figure (via Pillow)
        fig.savefig(path, format=fmt, facecolor="white", pil_kwargs={"quality": 90})
    else:
        fig.savefig(path, format=fmt)


def figure(row: dict):  # type: ignore[no-untyped-def]
    """The report's matplotlib Figure: the score over the game, the standings."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    rp = replay_row(row)
    if rp.game.name == "dice":
        return dice_figure(rp, row)
    names = rp.players
    colours = player_colours(rp)
    steps = game_steps(rp)
    fig = Figure(figsize=(8, 7), dpi=100)
    FigureCanvasAgg(fig)
    title = "%s  %s  (%s)" % (rp.game.title or rp.game.name, row["name"], "finished" if rp.is_over() else "unfinished")
    fig.suptitle(title)
    ax = fig.add_subplot(2, 1, 1)
    from matplotlib import patheffects

    edge = [patheffects.withStroke(linewidth=3.5, foreground="#404040")]  # yellow reads on white too
    dots = "o" if len(steps["xs"]) <= 40 else None  # few steps: each one a dot
    xs = steps["xs"] + [steps["xs"][-1] + 0.5]  # the last step's value drawn as well, half a step wide
    every = list(range(len(xs) - 1))
    turns = coinciding(steps["series"])
    for i, name in enumerate(names):
        ys = [float("nan") if y is None else y for y in steps["series"][i]]
        ys.append(ys[-1])
        at, k = turns[i]
        ls = "-" if k == 1 else (at * DASH, (DASH, (k - 1) * DASH))  # on one another: dashes in turn
        mark = MARKERS[i % len(MARKERS)] if dots else None
        ax.step(xs, ys, where="post", label=name, color=colours[i], lw=2, ls=ls, path_effects=edge)
        if mark:
            ax.plot(xs, ys, ls="", marker=mark, ms=4, markevery=every, color=colours[i], mec="#404040")
    for x, text in steps["marks"]:
        ax.axvline(x, color="#888888", ls="--", lw=0.8)
        ax.annotate(text, (x, 1), xycoords=("data", "axes fraction"), fontsize="x-small", rotation=90, va="top")
    if steps["ticks"]:
        ax.set_xticks([x for x, _ in steps["ticks"]], [t for _, t in steps["ticks"]], fontsize="small")
    ax.set_xlabel(steps["xlabel"])
    ax.set_ylabel(unit_of(rp))
    ax.set_title("Tickets, game by game" if rp.game.name == "films" else "Score over the game")
    if names:
        from matplotlib.lines import Line2D

        # each seat's sample solid, whatever dash its line takes
        keys = [
            Line2D([], [], color=colours[i], lw=2, marker=MARKERS[i % len(MARKERS)] if dots else None, mec="#404040")
            for i in range(len(names))
        ]
        ax.legend(keys, names, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small")  # off the lines
    ax.grid(True, alpha=0.3)
    ax2 = fig.add_subplot(2, 1, 2)
    lines = standing_lines(rp)
    labels = ["%d. %s" % (s["rank"], s["name"]) for s in lines]
    scores = [s["score"] for s in lines]
    ax2.barh(list(range(len(scores))), scores, color=[colours[s["seat"]] for s in lines], edgecolor="#404040")
    ax2.set_yticks(list(range(len(scores))), labels)
    ax2.invert_yaxis()  # the leader on top
    for y, s in enumerate(lines):
        ax2.text(s["score"], y, " %s" % s["text"], va="center")
    ax2.set_xlim(0, max(scores + [1]) * 1.6)  # room for the words after the longest bar
    from matplotlib.ticker import MaxNLocator

    ax2.xaxis.set_major_locator(MaxNLocator(integer=True))  # scores, tickets and games are whole
    ax2.set_title("Final standings" if rp.is_over() else "Standings so far")
    for k, note in enumerate(tie_notes(rp)):  # why a tie went the way it did, under the bars
        ax2.text(0.99, 0.03 + 0.08 * k, note, transform=ax2.transAxes, ha="right", va="bottom", fontsize="small")
    match = rp.game.name == "films" and rp.header["setup"]["options"].get("best_of", 1) > 1
    ax2.set_xlabel("games won" if match else unit_of(rp))
    fig.tight_layout()
    return fig


def dice_figure(rp: Replay, row: dict):  # type: ignore[no-untyped-def]
    """A dice game keeps no score: how often each total came up, a kind of
    roll a row of bars, and each piece drawn from each bag, counted."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    counts = dice_counts(rp)
    fig = Figure(figsize=(8, 7), dpi=100)
    FigureCanvasAgg(fig)
    fig.suptitle("%s  %s  (%s)" % (rp.game.title or rp.game.name, row["name"], dice_lines(counts)[0]))
    ax = fig.add_subplot(2, 1, 1)
    kinds = list(counts["rolls"])
    width = 0.8 / max(1, len(kinds))
    for i, kind in enumerate(kinds):
        by = counts["rolls"][kind]
        xs = sorted(by)
        ax.bar([x - 0.4 + width * (i + 0.5) for x in xs], [by[x] for x in xs], width, label=kind, edgecolor="#404040")
    if kinds:
        ax.legend(fontsize="small")
        ax.set_xlabel("total")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    else:
        ax.text(0.5, 0.5, "no rolls", transform=ax.transAxes, ha="center", va="center")
        ax.set_xticks([])
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylabel("times")
    ax.set_title("Rolls: how often each total came up")
    ax2 = fig.add_subplot(2, 1, 2)
    labels = ["%s: %s" % (bag, item) for bag, by in counts["draws"].items() for item in by]
    times = [k for by in counts["draws"].values() for k in by.values()]
    if labels:
        ax2.barh(list(range(len(labels))), times, edgecolor="#404040")
        ax2.set_yticks(list(range(len(labels))), labels)
        ax2.invert_yaxis()
        ax2.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax2.set_xlabel("times")
    else:
        ax2.text(0.5, 0.5, "no draws", transform=ax2.transAxes, ha="center", va="center")
        ax2.set_xticks([])
        ax2.set_yticks([])
    ax2.set_title("Draws: each piece, counted")
    fig.tight_layout()
    return fig
