"""The undo question in words, who and what: "Undo Anna's pick: Red?",
"Undo both bids of round 2?" (a bid's ZE never: a round may be unrevealed).
Loaded when the game menu asks it."""

from usher.ui.ingame import unit
from usher.ui.showbiz.draw import cap, name

DRAWS = {"row": "the year's taste", "forecast": "the forecast", "trend": "the taste roll", "end": "the end roll"}


def ask(match) -> str:
    u = unit(match)
    a = u[-1]
    st = match.state
    t = a.get("t")
    if t == "bid":
        if len(u) == 1:
            return "Undo %s's bid of round %d?" % (name(st, a["p"]), a["rd"])
        return "Undo %s bids of round %d?" % ("both" if len(u) == 2 else "the %d" % len(u), a["rd"])
    if t == "agent":
        return "Undo %s as general agent?" % name(st, a["p"])
    if t == "pool":
        return "Undo the %d artists into the pool?" % len(a["add"])
    if t in DRAWS:
        return "Undo %s?" % DRAWS[t]
    if t == "pick":
        return "Undo %s's pick: %s?" % (name(st, a["p"]), cap(a["art"]))
    if t == "claims":
        if not a["ps"]:
            return 'Undo "Nobody claims"?'
        return "Undo the claims of %s?" % ", ".join(name(st, q) for q in a["ps"])
    if t == "contract":
        kind = st["kinds"][st["art"][a["p"]][a["col"] - 1]]
        return "Undo %s's contract: %s, %d years?" % (name(st, a["p"]), cap(kind), a["yrs"])
    if t == "break":
        return "Undo %s's broken contract, column %d?" % (name(st, a["p"]), a["col"])
    return "Undo last move?"
