"""The undo question in words, who and what: "Undo Ana's Director?",
"Undo both bids of round 3?" (a bid's weeks never: one alone is still
secret). Loaded when the game menu asks it."""

from usher.games.films.rows import HALVES, LABELS
from usher.ui.films.views import name
from usher.ui.ingame import unit


def half(h: str) -> str:
    return LABELS[HALVES.index(h)]


def ask(match) -> str:
    u = unit(match)
    a = u[-1]
    st = match.state
    t = a.get("t")
    if t == "game":
        return "Undo the new game, the VIP to %s?" % name(st, a["vip"])
    who = name(st, a["p"])
    if t == "bid":
        if len(u) > 1:
            return "Undo both bids of round %d?" % st["rd"]
        return "Undo %s's bid?" % who
    if t == "protect":
        n = len(a["pos"])
        return "Undo %s's %d card%s left of the Studio?" % (who, n, "" if n == 1 else "s")
    if t == "script":
        return "Undo %s's Scriptwriter: %s on top?" % (who, half(a["half"]))
    if t == "place":
        return "Undo %s's %s?" % (who, half(a["half"]))
    if t == "hit":
        return "Undo %s's Shooting Problems on %s's card %d?" % (who, name(st, 1 - a["p"]), a["pos"] + 1)
    if t == "swap":
        if a.get("out") is None:
            return "Undo %s's Editor: no swap?" % who
        return "Undo %s's Editor: %s in?" % (who, half(a["half"]))
    return "Undo last move?"
