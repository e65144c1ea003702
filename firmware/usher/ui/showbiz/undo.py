"""The undo question in words, who and what: "Undo Anna's pick: Red?",
"Undo both bids of round 2?" (a bid's ZE never: a round may be unrevealed).
Loaded when the game menu asks it."""

from usher.ui.ingame import unit
from usher.ui.showbiz.draw import cap, name
from usher.words import N_, t

DRAWS = {
    "row": N_("Undo the year's taste?"),
    "forecast": N_("Undo the forecast?"),
    "trend": N_("Undo the taste roll?"),
    "end": N_("Undo the end roll?"),
}


def ask(match) -> str:
    u = unit(match)
    a = u[-1]
    st = match.state
    k = a.get("t")
    if k == "bid":
        if len(u) == 1:
            return t("Undo %s's bid of round %d?") % (name(st, a["p"]), a["rd"])
        if len(u) == 2:
            return t("Undo both bids of round %d?") % a["rd"]
        return t("Undo the %d bids of round %d?") % (len(u), a["rd"])
    if k == "agent":
        return t("Undo %s as general agent?") % name(st, a["p"])
    if k == "pool":
        return t("Undo the %d artists into the pool?") % len(a["add"])
    if k in DRAWS:
        return t(DRAWS[k])
    if k == "pick":
        return t("Undo %s's pick: %s?") % (name(st, a["p"]), cap(t(a["art"])))
    if k == "claims":
        if not a["ps"]:
            return t('Undo "Nobody claims"?')
        return t("Undo the claims of %s?") % ", ".join(name(st, q) for q in a["ps"])
    if k == "contract":
        kind = st["kinds"][st["art"][a["p"]][a["col"] - 1]]
        return t("Undo %s's contract: %s, %d years?") % (name(st, a["p"]), cap(t(kind)), a["yrs"])
    if k == "break":
        return t("Undo %s's broken contract, column %d?") % (name(st, a["p"]), a["col"])
    return t("Undo last move?")
