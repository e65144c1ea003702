"""Dice on the laptop: no score to stand by, so the sheet tells each roll,
draw and refill, and `usher show` and `usher report` count what the game
holds (totals by kind of roll, pieces by bag)."""

from usher_tools.history.games import generic
from usher_tools.words import lang, t


def tell(story, game, before: dict, a: dict, after: dict, k: int) -> None:
    last = after.get("last") or {}
    kind = a["t"]
    if kind == "roll":
        faces = a["faces"]
        total = " = %d" % sum(faces) if len(faces) > 1 else ""
        dice = t("%dd%d") % (len(faces), a.get("sides", 6))
        story.say(t("%d. roll %s: %s%s") % (k, dice, " + ".join(map(str, faces)), total))
    elif kind == "draw":
        story.say(t("%d. draw from %s: %s (%s left)") % (k, a["bag"], a["item"], last.get("left", "?")))
    elif kind == "refill":
        story.say(t("%d. refill %s") % (k, a["bag"]))
    else:
        generic.tell(story, game, before, a, after, k)


def counts(rp) -> dict:
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


WORDS = "zero one two three four five six seven eight nine ten eleven twelve".split()
WORDS_DE = "null ein zwei drei vier fünf sechs sieben acht neun zehn elf zwölf".split()


def _times(n: int) -> str:
    """How often, in words: "once", "twice", "three times", "13 times"
    (einmal, zweimal, dreimal, 13-mal)."""
    if lang() == "de":
        return WORDS_DE[n] + "mal" if n < len(WORDS_DE) else "%d-mal" % n
    if n == 1:
        return "once"
    if n == 2:
        return "twice"
    return "%s times" % (WORDS[n] if n < len(WORDS) else n)


def _a(total: int) -> str:
    """A total with its article, as it is said: "a 2", "an 8", "an 11", "an 18"
    (German says the number alone: "eine 8" would read as a die's face)."""
    said = str(total)
    if lang() == "de":
        return said
    return ("an " if said.startswith("8") or said in ("11", "18") else "a ") + said


def _rolls(n: int) -> str:
    return (t("%d roll") if n == 1 else t("%d rolls")) % n


def _draws(n: int) -> str:
    return (t("%d draw") if n == 1 else t("%d draws")) % n


def _dice(kind: str) -> str:
    """A kind of roll as counts() keys it ("2d6"), as the language writes it (2W6)."""
    n, _, sides = kind.partition("d")
    return t("%dd%d") % (int(n), int(sides)) if n.isdigit() and sides.isdigit() else kind


def count_lines(held: dict) -> list:
    """The counts in words, for `usher show`: "1d6, 6 rolls: a 2 three
    times, a 4 once"; "taste, 2 draws: red once, blue once; refilled once"."""
    rolls, draws, refills = held["rolls"], held["draws"], held["refills"]
    n_rolls = sum(sum(by.values()) for by in rolls.values())
    n_draws = sum(sum(by.values()) for by in draws.values())
    out = ["%s, %s" % (_rolls(n_rolls), _draws(n_draws))]
    for kind, by in rolls.items():
        each = ", ".join("%s %s" % (_a(total), _times(by[total])) for total in sorted(by))
        out.append("%s, %s: %s" % (_dice(kind), _rolls(sum(by.values())), each))
    for bag, by in draws.items():
        each = ", ".join("%s %s" % (item, _times(k)) for item, k in by.items())
        again = t("; refilled %s") % _times(refills[bag]) if refills.get(bag) else ""
        out.append("%s, %s: %s%s" % (bag, _draws(sum(by.values())), each, again))
    for bag in refills:
        if bag not in draws:
            out.append(t("%s: refilled %s") % (bag, _times(refills[bag])))
    return out


def figure(rp, row: dict):
    """A dice game keeps no score: how often each total came up, a kind of
    roll a row of bars, and each piece drawn from each bag, counted."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    held = counts(rp)
    fig = Figure(figsize=(8, 7), dpi=100)
    FigureCanvasAgg(fig)
    fig.suptitle("%s  %s  (%s)" % (rp.game.title or rp.game.name, row["name"], count_lines(held)[0]))
    ax = fig.add_subplot(2, 1, 1)
    kinds = list(held["rolls"])
    width = 0.8 / max(1, len(kinds))
    for i, kind in enumerate(kinds):
        by = held["rolls"][kind]
        xs = sorted(by)
        ax.bar(
            [x - 0.4 + width * (i + 0.5) for x in xs],
            [by[x] for x in xs],
            width,
            label=_dice(kind),
            edgecolor="#404040",
        )
    if kinds:
        ax.legend(fontsize="small")
        ax.set_xlabel(t("total"))
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    else:
        ax.text(0.5, 0.5, t("no rolls"), transform=ax.transAxes, ha="center", va="center")
        ax.set_xticks([])
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylabel(t("times"))
    ax.set_title(t("Rolls: how often each total came up"))
    ax2 = fig.add_subplot(2, 1, 2)
    labels = ["%s: %s" % (bag, item) for bag, by in held["draws"].items() for item in by]
    times = [k for by in held["draws"].values() for k in by.values()]
    if labels:
        ax2.barh(list(range(len(labels))), times, edgecolor="#404040")
        ax2.set_yticks(list(range(len(labels))), labels)
        ax2.invert_yaxis()
        ax2.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax2.set_xlabel(t("times"))
    else:
        ax2.text(0.5, 0.5, t("no draws"), transform=ax2.transAxes, ha="center", va="center")
        ax2.set_xticks([])
        ax2.set_yticks([])
    ax2.set_title(t("Draws: each piece, counted"))
    from usher_tools.history.report import plain

    plain(fig)  # a bag's and a piece's names are text, as a player's are
    fig.tight_layout()
    return fig
