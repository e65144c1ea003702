"""Showtime on the laptop: a tie broken by the place on the red carpet, the
report's chart by placements with each screening marked, and the sheet
screening by screening with each seat's scoring."""

from usher_tools.history.games import generic
from usher_tools.words import N_, t

NO_EFFECT = N_("no effect")  # a scoring step's reason from the rules (usher.games.showtime.cast), said here

TIE_BREAK = "red carpet"
AHEAD = "is ahead on the red carpet"
STEPS = "placements"
MARK = "a screening"


def step(chart, before: dict, a: dict, after: dict) -> bool:
    """A placement or discard is a step; a screening is marked."""
    drawn = False
    if a.get("t") in ("place", "discard"):
        chart.x += 1
        drawn = True
    if len(after.get("after", [])) > len(before.get("after", [])):
        chart.marks.append((chart.x, t("screening %d") % len(after["after"])))
        drawn = True
    return drawn


def tell(story, game, before: dict, a: dict, after: dict, k: int) -> None:
    from usher.games.showtime import cast

    def person(card) -> str:
        return "%s (%d)" % (cast.name(card), card)

    kind = a["t"]
    if kind == "poster":
        story.section(t("Screening %d, poster: %s") % (after["screening"], a["genre"]))
        if after["start"] >= 0:
            how = t("set at the start") if after["screening"] == 1 else t("furthest back on the carpet")
            story.say(t("%s starts (%s).") % (story.who(after["start"]), how))
        return
    if kind == "first":
        story.say(t("%s starts (drawn).") % story.who(a["p"]))
        return
    if kind == "discard":
        story.say(t("%s cannot seat %s anywhere and discards it.") % (story.who(a["p"]), person(a["card"])))
    elif kind == "place":
        last = after["last"] or {}
        text = t("%s seats %s in row %d, seat %d") % (story.who(a["p"]), person(a["card"]), a["row"], a["seat"])
        moved = last.get("to")
        if moved:
            owner, card = before["seats"][(a["row"] - 1) * 4 + a["seat"] - 1]
            # whose: both players may own the same person (each has a Hildo)
            text += t("; %s's %s moves to row %d, seat %d") % (story.who(owner), person(card), moved[0], moved[1])
        if last.get("bonus"):
            text += t("; the poster is %s's genre: +%d") % (cast.name(a["card"]), last["bonus"])
        story.say(text + ".")
    else:
        generic.tell(story, game, before, a, after, k)
        return
    if len(after["after"]) > len(before["after"]):  # the cinema is full: scored at once
        story.say(t("Scoring, row by row from the screen:"))
        for step in after["steps"]:
            phase, row, seat, card, owner, points, reason = step
            what = t("seat stars") if phase == "seat" else t(reason)
            story.say(
                t("  row %d seat %d, %s of %s: %+d (%s)") % (row, seat, cast.name(card), story.who(owner), points, what)
            )
        story.say(t("After screening %d: %s.") % (len(after["after"]), story.scores(after["after"][-1])))
