"""The undo question in words, who and what: "Undo Anna's hire for 1,000?",
"Undo Ben's Wolf in Koeln?", and the turn told on the turn page after a
move. The prices are the agency's and the loan's, never anyone's money.
Loaded when the game menu asks it, or a move is made."""

from usher.ui.ingame import unit
from usher.ui.show_manager.draw import marks, name
from usher.words import t


def ask(match) -> str:
    a = unit(match)[-1]
    st = match.state
    kind = a.get("t")
    who = name(st, a["p"]) if "p" in a else ""
    if kind == "hire":
        c = st["hire"][a["pos"]]
        return t("Undo %s's hire for %s?") % (who, marks(c)) if c else t("Undo %s's free hire?") % who
    if kind == "refresh":
        return t("Undo %s's refresh for %s?") % (who, marks(st["refresh"]))
    if kind == "loan":
        what = st["titles"][a["title"]][0]
        return t("Undo %s's loan of %s on %s?") % (who, marks(a["amount"] * st["per_point"]), what)
    if kind == "produce":
        k = a["title"]
        return t("Undo %s's %s in %s?") % (who, st["titles"][k][0], st["cities"][st["at"][k]][0])
    return t("Undo last move?")


def told(match) -> str:
    """The turn told, for the turn page until the next press: the last
    mover's steps of this turn so far, or at a new turn the previous
    player's whole turn, in the turn's order (loan, production, refreshes,
    hire): "Anna borrowed 5,000 on Wolf, put on Wolf in Koeln, refreshed
    for 2,000, hired free". Prices and the loan only (the agency's, the
    bank's), never anyone's money."""
    r = match.recent
    if not r:
        return ""
    st = match.state
    p = r[-1].get("p", -1)
    k = len(r) - 1
    while k > 0 and r[k - 1].get("p") == p and r[k - 1].get("t") != "hire":  # a hire ends a turn
        k -= 1
    parts = []
    refreshes = 0
    hired = ""
    for a in r[k:]:
        kind = a.get("t")
        if kind == "loan":
            parts.append(t("borrowed %s on %s") % (marks(a["amount"] * st["per_point"]), st["titles"][a["title"]][0]))
        elif kind == "produce":
            m = a["title"]
            parts.append(t("put on %s in %s") % (st["titles"][m][0], st["cities"][st["at"][m]][0]))
        elif kind == "refresh":
            refreshes += 1
        elif kind == "hire":
            c = st["hire"][a["pos"]]
            hired = t("hired for %s") % marks(c) if c else t("hired free")
    if refreshes:
        price = marks(st["refresh"])
        if refreshes == 1:
            parts.append(t("refreshed for %s") % price)
        else:
            parts.append(t("refreshed %d times, %s each") % (refreshes, price))
    if hired:
        parts.append(hired)
    return name(st, p) + " " + ", ".join(parts) if parts and p >= 0 else ""
