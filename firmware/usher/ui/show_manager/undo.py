"""The undo question in words, who and what: "Undo Anna's hire for 1,000?",
"Undo Ben's Wolf in Koeln?". The prices are the agency's and the loan's,
never anyone's money. Loaded when the game menu asks it."""

from usher.ui.ingame import unit
from usher.ui.show_manager.draw import marks, name


def ask(match) -> str:
    a = unit(match)[-1]
    st = match.state
    t = a.get("t")
    who = name(st, a["p"]) if "p" in a else ""
    if t == "hire":
        c = st["hire"][a["pos"]]
        return "Undo %s's hire for %s?" % (who, marks(c)) if c else "Undo %s's free hire?" % who
    if t == "refresh":
        return "Undo %s's refresh for %s?" % (who, marks(st["refresh"]))
    if t == "loan":
        what = st["titles"][a["title"]][0]
        return "Undo %s's loan of %s on %s?" % (who, marks(a["amount"] * st["per_point"]), what)
    if t == "produce":
        k = a["title"]
        return "Undo %s's %s in %s?" % (who, st["titles"][k][0], st["cities"][st["at"][k]][0])
    return "Undo last move?"


def said(match) -> str:
    """The move just made, for the title until the next press, so the next
    player sees what the one before did: "Anna hired for 2,000", "Ben: Wolf
    in Koeln". Prices only (the agency's, the loan's), never anyone's money."""
    if not match.recent:
        return ""
    a = match.recent[-1]
    st = match.state
    t = a.get("t")
    who = name(st, a["p"]) if "p" in a else ""
    if t == "hire":
        c = st["hire"][a["pos"]]
        return "%s hired for %s" % (who, marks(c)) if c else "%s hired free" % who
    if t == "loan":
        return "%s: loan %s" % (who, marks(a["amount"] * st["per_point"]))
    if t == "produce":
        k = a["title"]
        return "%s: %s in %s" % (who, st["titles"][k][0], st["cities"][st["at"][k]][0])
    return ""
