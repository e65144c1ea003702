"""`usher report` and `usher show`: one game's sheet as data, and as a PNG
(score over the game and the final standings; matplotlib, Agg backend)."""

import json
import os

from usher_tools.history import games
from usher_tools.history.parsing import ScoreError
from usher_tools.history.plays import decided, unit
from usher_tools.history.replay import Replay, replay_row
from usher_tools.words import t

# what `usher report -o` writes, by the file's suffix (matplotlib's own writers)
FORMATS = {".png": "png", ".jpg": "jpeg", ".jpeg": "jpeg", ".svg": "svg", ".pdf": "pdf"}


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
    laptop = games.of(rp.game.name)
    if laptop.counts is not None:  # no score (dice): what it holds, counted, under the game's name
        out[rp.game.name] = laptop.counts(rp)
    out["standings"] = [{"rank": s["rank"], "name": s["name"], "score": s["score"]} for s in rp.standings()]
    out["ties"] = tie_notes(rp)
    out["sheet"] = rp.sheet()
    out["undone"] = len(rp.undone) + sum(1 for a in rp.records if isinstance(a, dict) and a.get("t") == "undo")
    try:
        from usher_tools.history.sheet import tell

        out["story"] = tell(rp)
    except Exception as e:  # a teller that trips on a record is no reason to show nothing
        out["story"] = [{"title": "", "lines": [t("(no sheet in words: %s)") % type(e).__name__]}]
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


class Chart:
    """The score over a game as the report draws it, built action by action:
    a game's `step` (usher_tools.history.games) moves `x` on and adds marks
    and ticks; `restart` begins a new game of a match."""

    def __init__(self, rp: Replay, state: dict) -> None:
        self.game = rp.game
        self.laptop = games.of(rp.game.name)
        self.n = len(rp.players)
        self.x = 0
        self.marks: list = []
        self.ticks: list = []
        self.xs = [0]
        self.ys = [self.score(state)]

    def score(self, state: dict) -> list:
        return list(self.laptop.chart_scores(self.game, state, self.n))

    def restart(self, state: dict, label: str) -> None:
        """A new game of a match: marked, its rows starting from its own
        start (no drop from the last game's line drawn)."""
        self.marks.append((self.x, label))
        if self.x:  # the last game's line ends here
            self.xs.append(self.x)
            self.ys.append([None] * self.n)
        self.xs.append(self.x)
        self.ys.append(self.score(state))

    def point(self, state: dict) -> None:
        if self.xs and self.xs[-1] == self.x and None not in self.ys[-1]:
            self.ys[-1] = self.score(state)
        else:
            self.xs.append(self.x)
            self.ys.append(self.score(state))


def game_steps(rp: Replay) -> dict:
    """The score over the game in the game's own steps, from the actions in
    force only (an undone action and its undo are no step): {"xlabel", "xs",
    "series" (a list of scores a seat), "marks" [(x, label)], "ticks"
    [(x, label)]}. Showtime: placements, the screenings marked; Showbiz:
    years; Show Manager: turns; Films: rounds, each game of a match marked
    (its tickets, which start again at each game); any other: actions (each
    game's `step` in usher_tools.history.games)."""
    g = rp.game
    laptop = games.of(g.name)
    s = g.new(rp.header["setup"])
    chart = Chart(rp, s)
    laptop.begin(chart)
    for a in rp.in_force():
        before = s
        s = g.apply(s, a)
        if laptop.step(chart, before, a if isinstance(a, dict) else {}, s):
            chart.point(s)
    series = [[y[i] for y in chart.ys] for i in range(chart.n)]
    return {"xlabel": t(laptop.STEPS), "xs": chart.xs, "series": series, "marks": chart.marks, "ticks": chart.ticks}


def standing_lines(rp: Replay) -> list:
    """The standings as the report draws them: [{rank, name, score, text}],
    best first; `text` says what decided a tie once the game is over ("41,
    money decided", "10 tickets, VIP decided", "23, shared"). A Films match
    ranks by games won, each game's tickets after them."""
    laptop = games.of(rp.game.name)
    over = rp.is_over()
    st = rp.standings()
    why = decided(rp.game.name, st, rp.game.tiebreak(rp.state)) if over else {}
    match = laptop.match(rp.header)
    per = laptop.split(rp.header, rp.in_force()) if match and laptop.split is not None else []
    out = []
    for s in st:
        seat = s["player"]
        if match:
            text = (t("%d game won") if s["score"] == 1 else t("%d games won")) % s["score"]
            if per:
                text += t(" (tickets %s)") % ", ".join(str(k["tickets"][seat]) for k in per)
        else:
            text = str(s["score"]) + (" " + t(laptop.UNIT) if laptop.UNIT != "points" else "")
        if why.get(seat):
            text += t(", shared") if why[seat] == "shared" else t(", %s decided") % t(why[seat])
        out.append({"rank": s["rank"], "name": s["name"], "score": s["score"], "text": text, "seat": seat})
    return out


def tie_notes(rp: Replay) -> list:
    """Once the game is over, a line a tie on score: why it went the way it
    did ("27-27: Anna is ahead on the red carpet"), or that it is shared
    ("8-8: shared, equal money"). A Films match ranks by games won: none."""
    laptop = games.of(rp.game.name)
    if not rp.is_over() or laptop.match(rp.header):
        return []
    st = rp.standings()
    out = []
    for score in sorted({s["score"] for s in st}, reverse=True):
        tied = [s for s in st if s["score"] == score]
        if len(tied) < 2:
            continue
        scores = "-".join([str(score)] * len(tied))
        if len({s["rank"] for s in tied}) == 1:
            out.append(t("%s: shared, equal %s") % (scores, t(laptop.TIE_BREAK)))
            continue
        if len(tied) == 2:
            out.append("%s: %s %s" % (scores, tied[0]["name"], t(laptop.AHEAD)))
            continue
        ranks = sorted({s["rank"] for s in tied})
        order = t(", then ").join(t(" and ").join(s["name"] for s in tied if s["rank"] == r) for r in ranks)
        out.append(t("%s: %s, by the %s") % (scores, order, t(laptop.TIE_BREAK)))
    return out


def unit_of(rp: Replay) -> str:
    return unit(rp.game.name)


MARK_COLOUR = "#707070"  # a chart's marks (Showtime's screenings, a match's games): dotted lines
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


def figure(row: dict):
    """The report's matplotlib Figure: the score over the game, the standings."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    rp = replay_row(row)
    laptop = games.of(rp.game.name)
    if laptop.figure is not None:  # a game of its own kind (dice: no score, its rolls and draws counted)
        return laptop.figure(rp, row)
    names = rp.players
    colours = player_colours(rp)
    steps = game_steps(rp)
    fig = Figure(figsize=(8, 7), dpi=100)
    FigureCanvasAgg(fig)
    title = "%s  %s  (%s)" % (
        rp.game.title or rp.game.name,
        row["name"],
        t("finished") if rp.is_over() else t("unfinished"),
    )
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
    for x, _ in steps["marks"]:  # dotted: dashes are the players' lines that lie on one another
        ax.axvline(x, color=MARK_COLOUR, ls=":", lw=1.2, zorder=1)  # under the players' lines
    if steps["marks"]:  # each mark's words over the chart, where no line is drawn
        top = ax.secondary_xaxis("top")
        top.set_xticks([x for x, _ in steps["marks"]], [m for _, m in steps["marks"]], fontsize="x-small")
        top.tick_params(length=0, pad=2, colors=MARK_COLOUR)
    if steps["ticks"]:
        ax.set_xticks([x for x, _ in steps["ticks"]], [m for _, m in steps["ticks"]], fontsize="small")
    ax.set_xlabel(steps["xlabel"])
    ax.set_ylabel(t(unit_of(rp)))
    ax.set_title(t(laptop.CHART_TITLE))
    if names:
        from matplotlib.lines import Line2D

        # each seat's sample solid, whatever dash its line takes
        keys = [
            Line2D([], [], color=colours[i], lw=2, marker=MARKERS[i % len(MARKERS)] if dots else None, mec="#404040")
            for i in range(len(names))
        ]
        labels = list(names)
        if steps["marks"]:
            keys.append(Line2D([], [], color=MARK_COLOUR, ls=":", lw=1.2))
            labels.append(t(laptop.MARK))
        ax.legend(keys, labels, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small")  # off the lines
    ax.grid(True, alpha=0.3)
    ax2 = fig.add_subplot(2, 1, 2)
    lines = standing_lines(rp)
    labels = ["%d. %s" % (s["rank"], s["name"]) for s in lines]
    scores = [s["score"] for s in lines]
    notes = tie_notes(rp)
    ax2.barh(list(range(len(scores))), scores, color=[colours[s["seat"]] for s in lines], edgecolor="#404040")
    ax2.set_yticks(list(range(len(scores))), labels)
    # the leader on top; under the last bar a row of its own for each tie's words, where no bar is
    ax2.set_ylim(max(len(scores), 1) - 0.5 + 0.6 * len(notes), -0.5)
    for y, s in enumerate(lines):
        ax2.text(s["score"], y, " %s" % s["text"], va="center")
    ax2.set_xlim(0, max(scores + [1]) * 1.6)  # room for the words after the longest bar
    from matplotlib.ticker import MaxNLocator

    ax2.xaxis.set_major_locator(MaxNLocator(integer=True))  # scores, tickets and games are whole
    ax2.set_title(t("Final standings") if rp.is_over() else t("Standings so far"))
    from matplotlib.transforms import blended_transform_factory

    under = blended_transform_factory(ax2.transAxes, ax2.transData)
    for k, note in enumerate(notes):  # why a tie went the way it did, in the rows under the bars
        ax2.text(0.01, len(scores) - 0.2 + 0.6 * k, note, transform=under, va="center", fontsize="small")
    ax2.set_xlabel(t("games won") if laptop.match(rp.header) else t(unit_of(rp)))
    plain(fig)
    fig.tight_layout()
    return fig


def plain(fig) -> None:
    """Every text of the figure drawn as it is written: a player's name is
    text (`$x^2$` stays as typed, `$\\frac{a$` is no mathtext error).
    Before anything is drawn (tight_layout draws): the texts made later are
    the numbers of the axes' ticks."""
    from matplotlib.text import Text

    for text in fig.findobj(Text):
        text.set_usetex(False)
        text.set_parse_math(False)
