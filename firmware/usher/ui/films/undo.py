"""The undo question in words, who and what: "Undo Ana's Director?",
"Undo both bids of round 3?" (a bid's weeks never: one alone is still
secret). Loaded when the game menu asks it."""

from usher.games.films.rows import HALVES
from usher.ui.films.views import label, name
from usher.ui.ingame import unit
from usher.words import t


def half(h: str) -> str:
    return label(HALVES.index(h))


def ask(match) -> str:
    u = unit(match)
    a = u[-1]
    st = match.state
    kind = a.get("t")
    if kind == "game":
        return t("Undo the new game, the VIP to %s?") % name(st, a["vip"])
    who = name(st, a["p"])
    if kind == "bid":
        if len(u) > 1:
            return t("Undo both bids of round %d?") % st["rd"]
        return t("Undo %s's bid?") % who
    if kind == "protect":
        n = len(a["pos"])
        if n == 1:
            return t("Undo %s's %d card left of the Studio?") % (who, n)
        return t("Undo %s's %d cards left of the Studio?") % (who, n)
    if kind == "script":
        return t("Undo %s's Scriptwriter: %s on top?") % (who, half(a["half"]))
    if kind == "place":
        return t("Undo %s's %s?") % (who, half(a["half"]))
    if kind == "hit":
        return t("Undo %s's Shooting Problems on %s's card %d?") % (who, name(st, 1 - a["p"]), a["pos"] + 1)
    if kind == "swap":
        if a.get("out") is None:
            return t("Undo %s's Editor: no swap?") % who
        return t("Undo %s's Editor: %s in?") % (who, half(a["half"]))
    return t("Undo last move?")
