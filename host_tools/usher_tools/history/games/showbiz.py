"""Showbiz on the laptop: a tie broken by ZE, the report's chart by years,
and the sheet year by year (bids said only once revealed; at each year's
end the artists whose contracts ran out, back in the bag)."""

from usher_tools.history.games import generic

TIE_BREAK = "ZE"
AHEAD = "has more ZE"
STEPS = "years"


def begin(chart) -> None:
    chart.ticks.append((0, "start"))


def step(chart, before: dict, a: dict, after: dict) -> bool:
    """A year scored is a step, ticked with its year."""
    if len(after["pts"][0]) > len(before["pts"][0]):
        chart.x += 1
        chart.ticks.append((chart.x, "year %d" % (after["y0"] + len(after["pts"][0]) - 1)))
        return True
    return False


def tell(story, game, before: dict, a: dict, after: dict, k: int) -> None:
    kinds = before["kinds"]
    t = a["t"]

    def colours(items) -> str:
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
    elif t == "bid":  # the number only in the reveal: a round still open keeps its bids secret
        story.say("%s bids (round %d)." % (story.who(a["p"]), a["rd"]))
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
        # the artist goes back in the bag, a new one is drawn (docs/RULES.md)
        story.say(
            "%s breaks the %s contract in column %d for %d ZE: %s goes back in the bag, %s is drawn into the pool."
            % (story.who(a["p"]), art, a["col"], cost, art, ", ".join(a["add"]))
        )
    elif t == "end":
        d, limit = after["tr"][1], after["tr"][2]
        story.say("End roll %d (1-%d ends): %s." % (d, limit, "the game ends" if after["ph"] == "over" else "play on"))
    else:
        generic.tell(story, game, before, a, after, k)
    if len(after["pts"][0]) > len(before["pts"][0]):
        year = after["y0"] + len(after["pts"][0]) - 1
        story.say("Year %d scored: %s." % (year, story.scores([p[-1] for p in after["pts"]])))
        story.say("Totals: %s." % story.scores([sum(p) for p in after["pts"]]))
    if t != "agent" and after["year"] != before["year"]:
        story.say(ended(story, before, a))
        story.section("Year %d" % after["year"])
        story.say("%s is the general agent." % story.who(after["ga"]))


def ended(story, before: dict, a: dict) -> str:
    """The contracts a year's end ran out (one year left as it was scored,
    the action's own contract counted), as the device's year end says them."""
    kinds = before["kinds"]
    out = []
    for q in range(len(before["art"])):
        arts = list(before["art"][q])
        yrs = list(before["yrs"][q])
        if a["t"] == "contract" and a["p"] == q:
            arts[a["col"] - 1] = before["neg"]["art"]
            yrs[a["col"] - 1] = a["yrs"]
        gone = [kinds[c] for c, y in zip(arts, yrs, strict=True) if c >= 0 and y == 1]
        if gone:
            out.append("%s's %s" % (story.who(q), ", ".join(gone)))
    return "Back in the bag: %s." % "; ".join(out) if out else "No contract ends."
