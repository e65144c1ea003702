"""Show Manager on the laptop: a tie broken by money, the report's chart by
turns, and the sheet round by round (no money of an unfinished game)."""

from usher_tools.history.games import generic
from usher_tools.words import lang, number, t


def marks(n: int) -> str:
    """Money as the device says it, "36,000" (36.000 in German)."""
    from usher.ui.show_manager.draw import marks as said

    return number(n) if lang() == "de" else said(n)


def ordinal(k: int) -> str:
    """A place: 1st, 2nd (1., 2. in German)."""
    from usher.ui.show_manager.draw import ordinal as said

    return "%d." % k if lang() == "de" else said(k)


TIE_BREAK = "money"
AHEAD = "has more money"
STEPS = "turns"


def sheet_rows(sheet: dict) -> list:
    """The money row (a finished game's) in marks as the sheet's words say
    them, "36,000"."""
    return [
        [r[0]] + [marks(v) if isinstance(v, int) else v for v in r[1:]] if r[0] == "money" else r for r in sheet["rows"]
    ]


def step(chart, before: dict, a: dict, after: dict) -> bool:
    """A turn ended is a step."""
    if after["turn"] != before["turn"]:
        chart.x += 1
        return True
    return False


def tell(story, game, before: dict, a: dict, after: dict, k: int) -> None:
    """Turn by turn, in rounds from the start player: each hire and refresh
    with its cost, each show with its roles, value and place, each loan with
    the chip's old and new value and place; the city after a change and the
    points when they move. Money (what a player holds) only once the game is
    over: before, the sheet shows only what the table sees."""
    kind = a["t"]
    p = a["p"]
    who = story.who(p)
    n = len(after["players"])
    ctx = story.ctx
    if before["did"] == 0:  # the first step of a turn: a new round once play has gone round
        first = ctx.setdefault("first", p)
        rel = (p - first) % n
        if not story.sections or rel <= ctx.get("rel", -1):
            ctx["round"] = ctx.get("round", 0) + 1
            story.section(t("Round %d") % ctx["round"])
        ctx["rel"] = rel

    def money() -> str:  # what the player holds now, when it changed and may be told
        now = after["money"][p]
        return "" if story.hidden or now == before["money"][p] else t("; money now %s") % marks(now)

    def musical(m: int) -> str:
        return after["titles"][m][0]

    def city(m: int) -> str:
        return after["cities"][after["at"][m]][0]

    def standing(m: int) -> str:
        parts = []
        for ci in after["rank"][m]:
            owner, _, was, now = after["chips"][ci]
            v = "%d" % now if was == now else "%d\u2192%d" % (was, now)
            parts.append(t("touring %s") % v if owner < 0 else "%s %s" % (story.who(owner), v))
        return "   %s (%s): %s." % (city(m), musical(m), ", ".join(parts))

    if kind == "hire":
        cost = after["hire"][a["pos"]]
        paid = t("for free") if cost == 0 else t("for %s") % marks(cost)
        cards = after["hand"][p]
        said = t("%s hires %s: %d card%s.") if cards == 1 else t("%s hires %s: %d cards%s.")
        story.say(said % (who, paid, cards, money()))
    elif kind == "refresh":
        story.say(t("%s refreshes the display for %s%s.") % (who, marks(after["refresh"]), money()))
    elif kind == "produce":
        m = a["title"]
        ci = len(after["chips"]) - 1
        roles = a["roles"]
        text = "+".join(str(v) for v in roles)
        if 0 not in roles:
            text += " +%d" % len(roles)
        place = after["rank"][m].index(ci) + 1
        line = t("%s puts on %s in %s: %s = %d, %s") % (
            who,
            musical(m),
            city(m),
            text,
            after["chips"][ci][3],
            ordinal(place),
        )
        if before["at"][m] < 0:
            touring = sorted(after["touring"][m], reverse=True)
            line += t("; its premiere") + (
                t(" (touring %s there first)") % t(" and ").join(str(v) for v in touring) if touring else ""
            )
        kept = after["hand"][p]
        if kept:
            line += (t("; keeps %d card") if kept == 1 else t("; keeps %d cards")) % kept
        if not sum(after["left"][p]):
            line += t("; %s's last show: no more turns") % who
        story.say(line + ".")
        story.say(standing(m))
    elif kind == "loan":
        m = a["title"]
        copy = a.get("copy") or 0
        ci = rules_chip(after, p, m, copy)
        two = len([ch for ch in after["chips"] if ch[0] == p and ch[1] == m]) > 1
        was, now = before["chips"][ci][3], after["chips"][ci][3]
        line = t("%s borrows %s against %s%s: %d \u2192 %d, now %s in %s%s.") % (
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
        generic.tell(story, game, before, a, after, k)
        return
    old, new = game.scores(before), game.scores(after)
    if new != old:
        story.say(t("   Points: %s.") % story.scores(new))
    if game.is_over(after):
        story.section(t("The end"))
        story.say(t("The last show is placed: the game is over."))
        story.say(t("Points: %s.") % story.scores(new))
        story.say(t("Money: %s.") % ", ".join("%s %s" % (story.who(q), marks(v)) for q, v in enumerate(after["money"])))


def rules_chip(state: dict, p: int, m: int, copy: int) -> int:
    from usher.games.show_manager.rules import chip_of

    return chip_of(state, p, m, copy)
