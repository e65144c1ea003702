"""Films on the laptop: scores counted in tickets, a tie broken by the VIP
Ticket, a match (best of 3) split into its games (each a play of its own:
`usher games`, `stats`, `export`, BG Stats), the start player the VIP
holder, the report's chart by rounds with each game marked, and the sheet
round by round (a bid face down until both are in).

Runs in the web page's VM too (its BG Stats plays split a match with
`split`): nothing but `generic` imported at the top."""

from usher_tools.history.games import generic

UNIT = "tickets"
TIE_BREAK = "VIP"
AHEAD = "holds the VIP Ticket"
STEPS = "rounds"
MARK = "a game begins"
CHART_TITLE = "Tickets, game by game"


def match(header: dict) -> bool:
    """A match of more than one game: ranked by games won."""
    return header["setup"]["options"].get("best_of", 1) > 1


def chart_scores(game, state: dict, n: int) -> list:
    """The tickets of the game under way (they start again each game)."""
    return list(game.public_view(state)["tickets"])


def step(chart, before: dict, a: dict, after: dict) -> bool:
    """A round is a step; each game of a match is marked, its rows starting
    empty (the VIP's ticket)."""
    if a.get("t") == "game":
        from usher_tools.words import t  # here: the page's VM runs this module's plays

        chart.restart(after, t("game %d") % after["g"])
        return False
    moved = (after["rd"], after["g"], after["ph"]) != (before["rd"], before["g"], before["ph"])
    if moved and before["ph"] == "place":
        chart.x += 1
        return True
    return False


def split(header: dict, actions: list) -> list:
    """Each game of a Films record that ended: [{"no", "vip_start", "vip",
    "tickets": [t0, t1], "winner", "decided"}], from the actions in force,
    replayed with the firmware's rules."""
    from usher_tools.paths import use_firmware

    use_firmware()
    from usher.games.catalog import load_game

    g = load_game("films")
    s = g.new(header["setup"])
    out: list = []
    start = -1
    for a in actions:
        if isinstance(a, dict) and a.get("t") == "game":
            start = a.get("vip", -1)
        before = len(s["past"])
        s = g.apply(s, a)
        if len(s["past"]) > before:
            t = list(s["past"][-1])
            tie = t[0] == t[1]
            win = s["vip"] if tie else (0 if t[0] > t[1] else 1)
            out.append(
                {
                    "no": len(out) + 1,
                    "vip_start": start,
                    "vip": s["vip"],
                    "tickets": t,
                    "winner": win,
                    "decided": "VIP" if tie else "",
                }
            )
    return out


def plays(rp) -> list:
    """One play a game that ended ([] if none did): each seat's tickets, the
    winner (the VIP holder on a tie), the VIP holder at its start; `part`
    the game's number and `of` how many, in a match (0 for a single game)."""
    per = split(rp.header, rp.in_force())
    names = rp.players
    several = len(per) > 1 or match(rp.header)
    out = []
    for k in per:
        ps = []
        for seat, name in enumerate(names):
            won = seat == k["winner"]
            ps.append(
                {
                    "seat": seat,
                    "name": name,
                    "score": k["tickets"][seat],
                    "rank": 1 if won else 2,
                    "winner": won,
                    "decided": k["decided"],
                }
            )
        out.append({"part": k["no"] if several else 0, "of": len(per) if several else 0, "players": ps})
        out[-1]["start"] = names[k["vip_start"]] if 0 <= k["vip_start"] < len(names) else None
    return out


def summary(row: dict, ps: list, say=str) -> str:
    """A match game by game in tickets ('2-1; 12-9, 8-10, 11-11 VIP'), a
    single game ('10-10 tickets, VIP decided')."""
    if ps[0]["of"]:
        seat_of = {n: i for i, n in enumerate(row["players"])}
        wins = sorted(row["result"]["players"], key=lambda p: seat_of.get(p["name"], 0))
        each = []
        for p in ps:
            dec = [q["decided"] for q in p["players"] if q["decided"]]
            each.append("-".join(str(q["score"]) for q in p["players"]) + (" " + dec[0] if dec else ""))
        return "%s; %s" % ("-".join(str(p["score"]) for p in wins), ", ".join(each))
    top = [p for p in ps[0]["players"] if p["rank"] == 1]
    dec = [p["decided"] for p in top if p["decided"] not in ("", "shared")]
    text = "-".join(str(q["score"]) for q in ps[0]["players"]) + " " + say(UNIT)
    return text + (say(", %s decided") % say(dec[0]) if dec else "")


def start(rp):
    """Bids are simultaneous: the rulebook's first player is the one it gives
    the VIP Ticket (the first game's)."""
    first = [a for a in rp.in_force() if isinstance(a, dict) and a.get("t") == "game"][:1]
    return rp.players[first[0]["vip"]] if first else None


def tell(story, game, before: dict, a: dict, after: dict, k: int) -> None:
    """Round by round: the bids (a bid stays face down until the other one
    reveals both), who chooses, each card placed by the name the device
    shows and what it does, the Scriptwriters, Studio moves, Shooting
    Problems and Editors; the tickets after each round, each game's tickets
    by kind and its winner, and the match."""
    from usher.games.films.rows import EDITOR, HALVES, LABELS, PRESS, SHOOT, is_studio
    from usher.games.films.score import KIND_LABELS, breakdown, tickets

    from usher_tools.words import t

    kind = a["t"]
    match = after["bo"] > 1

    def card(h) -> str:
        return LABELS[HALVES.index(h) if isinstance(h, str) else h]

    def what(q: int, i: int) -> str:
        """What the top that just came up at position i of q's row does."""
        row = after["rows"][q]
        h = row[i][0]
        o = 1 - q
        fx = after["fx"]
        if h == SHOOT:
            if fx is not None and fx[0] == "hit":
                return t(": %s must take a card of %s's") % (story.who(q), story.who(o))
            return t(": nothing of %s's to take") % story.who(o)
        if h == EDITOR:
            return (
                t(": %s may swap a card") % story.who(q)
                if fx is not None and fx[0] == "swap"
                else t(": no swap in the last round")
            )
        if h == PRESS:
            said = (
                t(": %s takes the VIP Ticket, locked") if before["vip"] != q else t(": %s keeps the VIP Ticket, locked")
            )
            return said % story.who(q)
        if is_studio(h):
            return t(": it goes to the left end, room for %d to its left") % after["room"][q]
        return ""

    if kind == "game":
        story.ctx["key"] = (after["g"], 1)
        story.section(t("Game %d, round 1/%d") % (after["g"], after["R"]) if match else t("Round 1/%d") % after["R"])
        story.say(t("%s starts with the VIP Ticket.") % story.who(a["vip"]))
        return
    key = (before["g"], before["rd"])
    if story.ctx.get("key") != key:
        story.ctx["key"] = key
        if match:
            story.section(t("Game %d, round %d/%d") % (before["g"], before["rd"], before["R"]))
        else:
            story.section(t("Round %d/%d") % (before["rd"], before["R"]))
    p = a["p"]
    who = story.who(p)
    if kind == "bid":
        last = after["last"]
        if after["ph"] == "bid" and after.get("open"):  # open bids: typed on the shared screen
            story.say(t("%s bids %d, openly.") % (who, a["weeks"]))
        elif after["ph"] == "bid":  # the other bid is not in: this one stays face down
            story.say(t("%s bids, face down.") % who)
        else:
            w0, w1, ch, tie = last
            bids = "%s %d, %s %d" % (story.who(0), w0, story.who(1), w1)
            if tie == 0:
                out = t("%s chooses first") % story.who(ch)
            elif tie == 1:
                out = t("a tie: %s holds the VIP, chooses first and hands the VIP to %s") % (
                    story.who(ch),
                    story.who(1 - ch),
                )
            else:
                out = t("a tie: %s holds the VIP, locked: chooses first and keeps it") % story.who(ch)
            story.say(t("%s bids; revealed: %s; %s.") % (who, bids, out))
    elif kind == "place":
        row = after["rows"][p]
        i = 0 if is_studio(HALVES.index(a["half"])) else len(row) - 1
        under = t(" (both sides repeat: %s underneath)") % card(a["under"]) if a.get("under") is not None else ""
        story.say(t("%s places %s%s%s.") % (who, card(a["half"]), under, what(p, i)))
    elif kind == "protect":
        row = before["rows"][p]
        moved = [card(row[i][0]) for i in a["pos"]]
        names = ", ".join(moved[:-1]) + t(" and ") + moved[-1] if len(moved) > 1 else moved[0]
        room = after["room"][p]
        left = t("room for %d more") % room if room else t("no room left")
        story.say(t("%s moves %s left of the Studio (%s).") % (who, names, left))
    elif kind == "script":
        row = before["rows"][p]
        old = card(row[a["pos"]][0])
        i = 0 if is_studio(HALVES.index(a["half"])) else a["pos"]
        story.say(t("%s's Scriptwriter turns %s over: %s%s.") % (who, old, card(a["half"]), what(p, i)))
    elif kind == "hit":
        gone = card(before["rows"][1 - p][a["pos"]][0])
        story.say(t("%s's Shooting Problems takes %s's %s.") % (who, story.who(1 - p), gone))
    elif kind == "swap":
        if a["out"] is None:
            story.say(t("%s's Editor: no swap.") % who)
        else:
            out = card(before["rows"][p][a["out"]][0])
            if [c[0] for c in before["rows"][p]].count(EDITOR) == 1 and before["rows"][p][a["out"]][0] == EDITOR:
                out = t("itself")  # the row's one Editor: the one that owes the swap
            under = t(" (both sides repeat: %s underneath)") % card(a["under"]) if a.get("under") is not None else ""
            i = 0 if is_studio(HALVES.index(a["half"])) else a["out"]
            story.say(t("%s's Editor swaps %s for %s%s%s.") % (who, out, card(a["half"]), under, what(p, i)))
    else:
        generic.tell(story, game, before, a, after, k)
        return
    if before["ph"] != "place" or after["ph"] == "place":
        return  # the round goes on
    if after["ph"] == "bid":  # the round is over, the next one begins
        story.say(t("Tickets after round %d: %s.") % (before["rd"], story.scores([tickets(after, q) for q in (0, 1)])))
        return
    got = after["past"][-1]
    winner = 0 if after["wins"][0] > before["wins"][0] else 1
    how = t(" (a tie: the VIP Ticket decides)") if got[0] == got[1] else ""
    if match:
        story.say(t("Game %d over: %s; %s wins%s.") % (after["g"], story.scores(got), story.who(winner), how))
    else:
        story.say(t("The game is over: %s; %s wins%s.") % (story.scores(got), story.who(winner), how))
    for q, kinds in enumerate(breakdown(after)):
        parts = ["%s %d" % (KIND_LABELS[i], v) for i, v in enumerate(kinds) if v]
        story.say("   %s: %s = %d." % (story.who(q), ", ".join(parts) or t("nothing"), sum(kinds)))
    if match:
        wins = after["wins"]
        if after["ph"] == "over":
            w = 0 if wins[0] > wins[1] else 1
            story.say(t("%s wins the match %d-%d.") % (story.who(w), wins[w], wins[1 - w]))
        else:
            story.say(t("Games won: %s.") % story.scores(wins))
