"""Showbiz on the laptop: a tie broken by ZE, the report's chart by years,
and the sheet year by year (bids said only once revealed; at each year's
end the artists whose contracts ran out, back in the bag)."""

from usher_tools.history.games import generic
from usher_tools.words import t

TIE_BREAK = "ZE"
AHEAD = "has more ZE"
STEPS = "years"


def begin(chart) -> None:
    chart.ticks.append((0, t("start")))


def step(chart, before: dict, a: dict, after: dict) -> bool:
    """A year scored is a step, ticked with its year."""
    if len(after["pts"][0]) > len(before["pts"][0]):
        chart.x += 1
        chart.ticks.append((chart.x, t("year %d") % (after["y0"] + len(after["pts"][0]) - 1)))
        return True
    return False


def tell(story, game, before: dict, a: dict, after: dict, k: int) -> None:
    kinds = before["kinds"]
    kind = a["t"]

    def colours(items) -> str:
        counts: dict = {}
        for c in items:
            counts[c] = counts.get(c, 0) + 1
        return ", ".join("%s x%d" % (c, n) if n > 1 else c for c, n in counts.items())

    if kind == "agent":
        story.section(t("Year %d") % after["year"])
        story.say(t("%s is the general agent.") % story.who(a["p"]))
    elif kind == "trend":
        d, limit = after["tr"][1], after["tr"][2]
        if after["ph"] == "forecast":
            story.say(t("Taste roll %d, at or below the forecast's %d: the forecast is the year's taste.") % (d, limit))
        else:
            story.say(
                t("Taste roll %d, above the forecast's %d: the forecast goes back, a new row is drawn.") % (d, limit)
            )
    elif kind == "row":
        story.say(t("Taste of the year: %s.") % ", ".join(a["row"]))
    elif kind == "forecast":
        story.say(t("Forecast for next year: %s (die %d).") % (", ".join(a["row"]), a["die"]))
    elif kind == "pool":
        story.say(t("Into the pool: %s.") % colours(a["add"]))
    elif kind == "pick":
        story.say(t("%s picks %s.") % (story.who(a["p"]), a["art"]))
    elif kind == "claims":
        ps = a["ps"]
        if not ps:
            story.say(t("Nobody claims."))
        elif len(ps) == 1:
            story.say(t("%s claims (1 ZE).") % story.who(ps[0]))
        else:
            story.say(t("%s claim (1 ZE each).") % ", ".join(story.who(q) for q in ps))
    elif kind == "bid":  # the number only in the reveal: a round still open keeps its bids secret
        story.say(t("%s bids (round %d).") % (story.who(a["p"]), a["rd"]))
        last = after.get("last")
        if last is not None and [b for b in before["neg"]["bids"] if b < 0] == [-1]:  # the round's last bid
            bids = ", ".join("%s %d" % (story.who(q), b) for q, b in last["bids"])
            if last["out"] == "win":
                out = t("%s wins the %s artist") % (story.who(last["win"]), last["art"])
            elif last["out"] == "again":
                out = t("a tie: round %d among them") % (last["rd"] + 1)
            else:
                out = t("a tie after round 3: nobody gets the %s artist") % last["art"]
            story.say(t("Bids revealed: %s; %s.") % (bids, out))
    elif kind == "contract":
        art = kinds[before["neg"]["art"]]
        yrs = a["yrs"]
        said = t("%s signs %s in column %d for %d years.") if yrs > 1 else t("%s signs %s in column %d for %d year.")
        story.say(said % (story.who(a["p"]), art, a["col"], yrs))
    elif kind == "break":
        col = a["col"] - 1
        art = kinds[before["art"][a["p"]][col]]
        cost = before["ze"][a["p"]] - after["ze"][a["p"]]
        # the artist goes back in the bag, a new one is drawn (docs/RULES.md)
        story.say(
            t("%s breaks the %s contract in column %d for %d ZE: %s goes back in the bag, %s is drawn into the pool.")
            % (story.who(a["p"]), art, a["col"], cost, art, ", ".join(a["add"]))
        )
    elif kind == "end":
        d, limit = after["tr"][1], after["tr"][2]
        ends = t("the game ends") if after["ph"] == "over" else t("play on")
        story.say(t("End roll %d (1-%d ends): %s.") % (d, limit, ends))
    else:
        generic.tell(story, game, before, a, after, k)
    if len(after["pts"][0]) > len(before["pts"][0]):
        year = after["y0"] + len(after["pts"][0]) - 1
        story.say(t("Year %d scored: %s.") % (year, story.scores([p[-1] for p in after["pts"]])))
        story.say(t("Totals: %s.") % story.scores([sum(p) for p in after["pts"]]))
    if kind != "agent" and after["year"] != before["year"]:
        story.say(ended(story, before, a))
        story.section(t("Year %d") % after["year"])
        story.say(t("%s is the general agent.") % story.who(after["ga"]))


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
            out.append(t("%s's %s") % (story.who(q), ", ".join(gone)))
    return t("Back in the bag: %s.") % "; ".join(out) if out else t("No contract ends.")
