"""`usher show`: a game told as a score sheet a person reads, round by
round, who did what, in words and numbers.

The actions in force are replayed one by one (the device's own rules
modules) and each game's teller turns (state before, action, state after)
into lines, grouped in sections (Showtime's screenings, Showbiz's years).
A game without a teller of its own (a new one) gets the generic one: each
action by its fields, with the scores whenever they change. The tellers live
here, on the laptop, so the device never carries their words.
"""

from usher_tools.records import Replay


class Story:
    """Sections of lines: [{"title": str, "lines": [str, ...]}]."""

    def __init__(self, names: list) -> None:
        self.names = names
        self.sections: list = []

    def section(self, title: str) -> None:
        self.sections.append({"title": title, "lines": []})

    def say(self, text: str) -> None:
        if not self.sections:
            self.section("")
        self.sections[-1]["lines"].append(text)

    def who(self, p) -> str:  # type: ignore[no-untyped-def]
        return self.names[p] if isinstance(p, int) and 0 <= p < len(self.names) else "player %s" % p

    def scores(self, values: list) -> str:
        return ", ".join("%s %s" % (self.who(i), v) for i, v in enumerate(values))


def tell(rp: Replay) -> list:
    """The sections of a replayed game's sheet."""
    story = Story(rp.players)
    teller = TELLERS.get(rp.game.name, tell_generic)
    state = rp.game.new(rp.header["setup"])
    for k, action in enumerate(rp.in_force(), 1):
        after = rp.game.apply(state, action)
        teller(story, rp.game, state, action, after, k)
        state = after
    if not story.sections:
        story.section("")
        story.say("No move yet.")
    return story.sections


# -- generic ---------------------------------------------------------------------------------
def fields(action: dict) -> str:
    rest = ["%s %s" % (k, v) for k, v in action.items() if k not in ("t", "p", "at")]
    return ", ".join(rest)


def tell_generic(story: Story, game, before: dict, a: dict, after: dict, k: int) -> None:  # type: ignore[no-untyped-def]
    by = " by %s" % story.who(a["p"]) if "p" in a else ""
    extra = fields(a)
    story.say("%d. %s%s%s" % (k, a.get("t"), by, (": " + extra) if extra else ""))
    old, new = game.scores(before), game.scores(after)
    if new != old:
        story.say("   scores: %s" % story.scores(new))


# -- dice ------------------------------------------------------------------------------------
def tell_dice(story: Story, game, before: dict, a: dict, after: dict, k: int) -> None:  # type: ignore[no-untyped-def]
    last = after.get("last") or {}
    t = a["t"]
    if t == "roll":
        faces = a["faces"]
        total = " = %d" % sum(faces) if len(faces) > 1 else ""
        story.say("%d. roll %dd%d: %s%s" % (k, len(faces), a.get("sides", 6), " + ".join(map(str, faces)), total))
    elif t == "draw":
        story.say("%d. draw from %s: %s (%s left)" % (k, a["bag"], a["item"], last.get("left", "?")))
    elif t == "refill":
        story.say("%d. refill %s" % (k, a["bag"]))
    else:
        tell_generic(story, game, before, a, after, k)


# -- Showtime --------------------------------------------------------------------------------
def tell_showtime(story: Story, game, before: dict, a: dict, after: dict, k: int) -> None:  # type: ignore[no-untyped-def]
    from usher.games import showtime_cast as cast

    def person(card) -> str:  # type: ignore[no-untyped-def]
        return "%s (%d)" % (cast.name(card), card)

    t = a["t"]
    if t == "poster":
        story.section("Screening %d, poster: %s" % (after["screening"], a["genre"]))
        if after["start"] >= 0:
            how = "set at the start" if after["screening"] == 1 else "furthest back on the carpet"
            story.say("%s starts (%s)." % (story.who(after["start"]), how))
        return
    if t == "first":
        story.say("%s starts (drawn)." % story.who(a["p"]))
        return
    if t == "discard":
        story.say("%s cannot seat %s anywhere and discards it." % (story.who(a["p"]), person(a["card"])))
    elif t == "place":
        last = after["last"] or {}
        text = "%s seats %s in row %d, seat %d" % (story.who(a["p"]), person(a["card"]), a["row"], a["seat"])
        moved = last.get("to")
        if moved:
            sitting = before["seats"][(a["row"] - 1) * 4 + a["seat"] - 1]
            text += "; %s moves to row %d, seat %d" % (person(sitting[1]), moved[0], moved[1])
        if last.get("bonus"):
            text += "; the poster is %s's genre: +%d" % (cast.name(a["card"]), last["bonus"])
        story.say(text + ".")
    else:
        tell_generic(story, game, before, a, after, k)
        return
    if len(after["after"]) > len(before["after"]):  # the cinema is full: scored at once
        story.say("Scoring, row by row from the screen:")
        for step in after["steps"]:
            phase, row, seat, card, owner, points, reason = step
            what = "seat stars" if phase == "seat" else reason
            story.say(
                "  row %d seat %d, %s of %s: %+d (%s)" % (row, seat, cast.name(card), story.who(owner), points, what)
            )
        story.say("After screening %d: %s." % (len(after["after"]), story.scores(after["after"][-1])))


# -- Showbiz ---------------------------------------------------------------------------------
def tell_showbiz(story: Story, game, before: dict, a: dict, after: dict, k: int) -> None:  # type: ignore[no-untyped-def]
    kinds = before["kinds"]
    t = a["t"]

    def colours(items) -> str:  # type: ignore[no-untyped-def]
        counts: dict = {}
        for c in items:
            counts[c] = counts.get(c, 0) + 1
        return ", ".join("%s x%d" % (c, n) if n > 1 else c for c, n in counts.items())

    if t == "agent":
        story.section("Year %d" % after["year"])
        story.say("%s is the general agent." % story.who(a["p"]))
    elif t == "trend":
        d, limit = after["tr"][1], after["tr"][2]
        if after["ph"] == "forecast":
            story.say("Taste roll %d, at or below the forecast's %d: the forecast is the year's taste." % (d, limit))
        else:
            story.say(
                "Taste roll %d, above the forecast's %d: the forecast goes back, a new row is drawn." % (d, limit)
            )
    elif t == "row":
        story.say("Taste of the year: %s." % ", ".join(a["row"]))
    elif t == "forecast":
        story.say("Forecast for next year: %s (die %d)." % (", ".join(a["row"]), a["die"]))
    elif t == "pool":
        story.say("Into the pool: %s." % colours(a["add"]))
    elif t == "pick":
        story.say("%s picks %s." % (story.who(a["p"]), a["art"]))
    elif t == "claims":
        ps = a["ps"]
        if not ps:
            story.say("Nobody claims.")
        elif len(ps) == 1:
            story.say("%s claims (1 ZE)." % story.who(ps[0]))
        else:
            story.say("%s claim (1 ZE each)." % ", ".join(story.who(q) for q in ps))
    elif t == "bid":
        story.say("%s bids %d ZE (round %d)." % (story.who(a["p"]), a["ze"], a["rd"]))
        last = after.get("last")
        if last is not None and [b for b in before["neg"]["bids"] if b < 0] == [-1]:  # the round's last bid
            bids = ", ".join("%s %d" % (story.who(q), b) for q, b in last["bids"])
            if last["out"] == "win":
                out = "%s wins the %s artist" % (story.who(last["win"]), last["art"])
            elif last["out"] == "again":
                out = "a tie: round %d among them" % (last["rd"] + 1)
            else:
                out = "a tie after round 3: nobody gets the %s artist" % last["art"]
            story.say("Bids revealed: %s; %s." % (bids, out))
    elif t == "contract":
        art = kinds[before["neg"]["art"]]
        yrs = a["yrs"]
        story.say(
            "%s signs %s in column %d for %d year%s." % (story.who(a["p"]), art, a["col"], yrs, "s" if yrs > 1 else "")
        )
    elif t == "break":
        col = a["col"] - 1
        art = kinds[before["art"][a["p"]][col]]
        cost = before["ze"][a["p"]] - after["ze"][a["p"]]
        story.say(
            "%s breaks the %s contract in column %d for %d ZE; %s goes into the pool."
            % (story.who(a["p"]), art, a["col"], cost, ", ".join(a["add"]))
        )
    elif t == "end":
        d, limit = after["tr"][1], after["tr"][2]
        story.say("End roll %d (1-%d ends): %s." % (d, limit, "the game ends" if after["ph"] == "over" else "play on"))
    else:
        tell_generic(story, game, before, a, after, k)
    if len(after["pts"][0]) > len(before["pts"][0]):
        year = after["y0"] + len(after["pts"][0]) - 1
        story.say("Year %d scored: %s." % (year, story.scores([p[-1] for p in after["pts"]])))
        story.say("Totals: %s." % story.scores([sum(p) for p in after["pts"]]))
    if t != "agent" and after["year"] != before["year"]:
        story.section("Year %d" % after["year"])
        story.say("%s is the general agent." % story.who(after["ga"]))


TELLERS = {"dice": tell_dice, "showtime": tell_showtime, "showbiz": tell_showbiz}


def text_lines(sections: list) -> list:
    """The sheet as plain lines (what `usher show` prints)."""
    out = []
    for sec in sections:
        if sec["title"]:
            out.append(sec["title"])
        out.extend("  " + line for line in sec["lines"])
        out.append("")
    return out
