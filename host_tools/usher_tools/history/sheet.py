"""`usher show`: a game told as a score sheet a person reads, round by
round, who did what, in words and numbers.

The actions in force are replayed one by one (the device's own rules
modules) and each game's teller turns (state before, action, state after)
into lines, grouped in sections (Showtime's screenings, Showbiz's years).
A game without a teller of its own (a new one) gets the generic one: each
action by its fields, with the scores whenever they change. The tellers live
here, on the laptop, so the device never carries their words.

The words say what the table saw: a bid (Showbiz, Films) without its number
until its reveal, and, while a game with secrets is unfinished, no money
(Show Manager's costs and loans are public; what a player holds is not).
Raw fields are only in `usher show --raw` and `--json`.
"""

from usher_tools.history.records import Replay


class Story:
    """Sections of lines: [{"title": str, "lines": [str, ...]}]."""

    def __init__(self, names: list, hidden: bool = False) -> None:
        self.names = names
        self.sections: list = []
        self.hidden = hidden  # an unfinished game of a title with secrets: no money, no bid before its reveal
        self.ctx: dict = {}  # what a teller keeps from one action to the next

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
    story = Story(rp.players, hidden=rp.game.holds_secrets and not rp.is_over())
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


# -- Show Manager ----------------------------------------------------------------------------
def tell_show_manager(story: Story, game, before: dict, a: dict, after: dict, k: int) -> None:  # type: ignore[no-untyped-def]
    """Turn by turn, in rounds from the start player: each hire and refresh
    with its cost, each show with its roles, value and place, each loan with
    the chip's old and new value and place; the city after a change and the
    points when they move. Money (what a player holds) only once the game is
    over: before, the sheet shows only what the table sees."""
    from usher.ui.show_manager.draw import marks, ordinal

    t = a["t"]
    p = a["p"]
    who = story.who(p)
    n = len(after["players"])
    ctx = story.ctx
    if before["did"] == 0:  # the first step of a turn: a new round once play has gone round
        first = ctx.setdefault("first", p)
        rel = (p - first) % n
        if not story.sections or rel <= ctx.get("rel", -1):
            ctx["round"] = ctx.get("round", 0) + 1
            story.section("Round %d" % ctx["round"])
        ctx["rel"] = rel

    def money() -> str:  # what the player holds now, when it changed and may be told
        now = after["money"][p]
        return "" if story.hidden or now == before["money"][p] else "; money now %s" % marks(now)

    def musical(m: int) -> str:
        return after["titles"][m][0]

    def city(m: int) -> str:
        return after["cities"][after["at"][m]][0]

    def standing(m: int) -> str:
        parts = []
        for ci in after["rank"][m]:
            owner, _, was, now = after["chips"][ci]
            v = "%d" % now if was == now else "%d\u2192%d" % (was, now)
            parts.append("touring %s" % v if owner < 0 else "%s %s" % (story.who(owner), v))
        return "   %s (%s): %s." % (city(m), musical(m), ", ".join(parts))

    if t == "hire":
        cost = after["hire"][a["pos"]]
        paid = "for free" if cost == 0 else "for %s" % marks(cost)
        cards = after["hand"][p]
        story.say("%s hires %s: %d card%s%s." % (who, paid, cards, "" if cards == 1 else "s", money()))
    elif t == "refresh":
        story.say("%s refreshes the display for %s%s." % (who, marks(after["refresh"]), money()))
    elif t == "produce":
        m = a["title"]
        ci = len(after["chips"]) - 1
        roles = a["roles"]
        text = "+".join(str(v) for v in roles)
        if 0 not in roles:
            text += " +%d" % len(roles)
        place = after["rank"][m].index(ci) + 1
        line = "%s puts on %s in %s: %s = %d, %s" % (
            who,
            musical(m),
            city(m),
            text,
            after["chips"][ci][3],
            ordinal(place),
        )
        if before["at"][m] < 0:
            touring = sorted(after["touring"][m], reverse=True)
            line += "; its premiere" + (
                " (touring %s there first)" % " and ".join(str(v) for v in touring) if touring else ""
            )
        kept = after["hand"][p]
        if kept:
            line += "; keeps %d card%s" % (kept, "" if kept == 1 else "s")
        if not sum(after["left"][p]):
            line += "; %s's last show: no more turns" % who
        story.say(line + ".")
        story.say(standing(m))
    elif t == "loan":
        m = a["title"]
        copy = a.get("copy") or 0
        ci = rules_chip(after, p, m, copy)
        two = len([ch for ch in after["chips"] if ch[0] == p and ch[1] == m]) > 1
        was, now = before["chips"][ci][3], after["chips"][ci][3]
        line = "%s borrows %s against %s%s: %d \u2192 %d, now %s in %s%s." % (
            who,
            marks(a["amount"] * after["per_point"]),
            musical(m),
            " #%d" % (copy + 1) if two else "",
            was,
            now,
            ordinal(after["rank"][m].index(ci) + 1),
            city(m),
            money(),
        )
        story.say(line)
        story.say(standing(m))
    else:
        tell_generic(story, game, before, a, after, k)
        return
    old, new = game.scores(before), game.scores(after)
    if new != old:
        story.say("   Points: %s." % story.scores(new))
    if game.is_over(after):
        story.section("The end")
        story.say("The last show is placed: the game is over.")
        story.say("Points: %s." % story.scores(new))
        story.say("Money: %s." % ", ".join("%s %s" % (story.who(q), marks(v)) for q, v in enumerate(after["money"])))


def rules_chip(state: dict, p: int, m: int, copy: int) -> int:
    from usher.games.show_manager_rules import chip_of

    return chip_of(state, p, m, copy)


# -- Films -----------------------------------------------------------------------------------
def tell_films(story: Story, game, before: dict, a: dict, after: dict, k: int) -> None:  # type: ignore[no-untyped-def]
    """Round by round: the bids (a bid stays face down until the other one
    reveals both), who chooses, each card placed by the name the device
    shows and what it does, the Scriptwriters, Studio moves, Shooting
    Problems and Editors; the tickets after each round, each game's tickets
    by kind and its winner, and the match."""
    from usher.games.films_rules import EDITOR, HALVES, LABELS, PRESS, SHOOT, is_studio
    from usher.games.films_score import KIND_LABELS, breakdown, tickets

    t = a["t"]
    match = after["bo"] > 1

    def card(h) -> str:  # type: ignore[no-untyped-def]
        return LABELS[HALVES.index(h) if isinstance(h, str) else h]

    def what(q: int, i: int) -> str:
        """What the top that just came up at position i of q's row does."""
        row = after["rows"][q]
        h = row[i][0]
        o = 1 - q
        fx = after["fx"]
        if h == SHOOT:
            if fx is not None and fx[0] == "hit":
                return ": %s must take a card of %s's" % (story.who(q), story.who(o))
            return ": nothing of %s's to take" % story.who(o)
        if h == EDITOR:
            return (
                ": %s may swap a card" % story.who(q)
                if fx is not None and fx[0] == "swap"
                else ": no swap in the last round"
            )
        if h == PRESS:
            how = "takes" if before["vip"] != q else "keeps"
            return ": %s %s the VIP Ticket, locked" % (story.who(q), how)
        if is_studio(h):
            return ": it goes to the left end, room for %d behind it" % after["room"][q]
        return ""

    if t == "game":
        story.ctx["key"] = (after["g"], 1)
        story.section("Game %d, round 1/%d" % (after["g"], after["R"]) if match else "Round 1/%d" % after["R"])
        story.say("%s starts with the VIP Ticket." % story.who(a["vip"]))
        return
    key = (before["g"], before["rd"])
    if story.ctx.get("key") != key:
        story.ctx["key"] = key
        r = "round %d/%d" % (before["rd"], before["R"])
        story.section("Game %d, %s" % (before["g"], r) if match else r[0].upper() + r[1:])
    p = a["p"]
    who = story.who(p)
    if t == "bid":
        last = after["last"]
        if after["ph"] == "bid" and after.get("open"):  # open bids: typed on the shared screen
            story.say("%s bids %d, openly." % (who, a["weeks"]))
        elif after["ph"] == "bid":  # the other bid is not in: this one stays face down
            story.say("%s bids, face down." % who)
        else:
            w0, w1, ch, tie = last
            bids = "%s %d, %s %d" % (story.who(0), w0, story.who(1), w1)
            if tie == 0:
                out = "%s chooses first" % story.who(ch)
            elif tie == 1:
                out = "a tie: %s holds the VIP, chooses first and hands the VIP to %s" % (
                    story.who(ch),
                    story.who(1 - ch),
                )
            else:
                out = "a tie: %s holds the VIP, locked: chooses first and keeps it" % story.who(ch)
            story.say("%s bids; revealed: %s; %s." % (who, bids, out))
    elif t == "place":
        row = after["rows"][p]
        i = 0 if is_studio(HALVES.index(a["half"])) else len(row) - 1
        under = " (both sides repeat: %s underneath)" % card(a["under"]) if a.get("under") is not None else ""
        story.say("%s places %s%s%s." % (who, card(a["half"]), under, what(p, i)))
    elif t == "protect":
        row = before["rows"][p]
        moved = [card(row[i][0]) for i in a["pos"]]
        names = ", ".join(moved[:-1]) + " and " + moved[-1] if len(moved) > 1 else moved[0]
        room = after["room"][p]
        left = "room for %d more" % room if room else "no room left"
        story.say("%s moves %s behind the Studio (%s)." % (who, names, left))
    elif t == "script":
        row = before["rows"][p]
        old = card(row[a["pos"]][0])
        i = 0 if is_studio(HALVES.index(a["half"])) else a["pos"]
        story.say("%s's Scriptwriter turns %s over: %s%s." % (who, old, card(a["half"]), what(p, i)))
    elif t == "hit":
        gone = card(before["rows"][1 - p][a["pos"]][0])
        story.say("%s's Shooting Problems takes %s's %s." % (who, story.who(1 - p), gone))
    elif t == "swap":
        if a["out"] is None:
            story.say("%s's Editor: no swap." % who)
        else:
            out = card(before["rows"][p][a["out"]][0])
            if [c[0] for c in before["rows"][p]].count(EDITOR) == 1 and before["rows"][p][a["out"]][0] == EDITOR:
                out = "itself"  # the row's one Editor: the one that owes the swap
            under = " (both sides repeat: %s underneath)" % card(a["under"]) if a.get("under") is not None else ""
            i = 0 if is_studio(HALVES.index(a["half"])) else a["out"]
            story.say("%s's Editor swaps %s for %s%s%s." % (who, out, card(a["half"]), under, what(p, i)))
    else:
        tell_generic(story, game, before, a, after, k)
        return
    if before["ph"] != "place" or after["ph"] == "place":
        return  # the round goes on
    if after["ph"] == "bid":  # the round is over, the next one begins
        story.say("Tickets after round %d: %s." % (before["rd"], story.scores([tickets(after, q) for q in (0, 1)])))
        return
    got = after["past"][-1]
    winner = 0 if after["wins"][0] > before["wins"][0] else 1
    how = " (a tie: the VIP Ticket decides)" if got[0] == got[1] else ""
    story.say(
        "%s over: %s; %s wins%s."
        % ("Game %d" % after["g"] if match else "The game is", story.scores(got), story.who(winner), how)
    )
    for q, kinds in enumerate(breakdown(after)):
        parts = ["%s %d" % (KIND_LABELS[i], v) for i, v in enumerate(kinds) if v]
        story.say("   %s: %s = %d." % (story.who(q), ", ".join(parts) or "nothing", sum(kinds)))
    if match:
        wins = after["wins"]
        if after["ph"] == "over":
            w = 0 if wins[0] > wins[1] else 1
            story.say("%s wins the match %d-%d." % (story.who(w), wins[w], wins[1 - w]))
        else:
            story.say("Games won: %s." % story.scores(wins))


TELLERS = {
    "dice": tell_dice,
    "showtime": tell_showtime,
    "showbiz": tell_showbiz,
    "show_manager": tell_show_manager,
    "films": tell_films,
}


def text_lines(sections: list) -> list:
    """The sheet as plain lines (what `usher show` prints)."""
    out = []
    for sec in sections:
        if sec["title"]:
            out.append(sec["title"])
        out.extend("  " + line for line in sec["lines"])
        out.append("")
    return out
