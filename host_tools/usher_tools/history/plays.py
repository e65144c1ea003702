"""The plays of a game in the history, as `usher games`, `stats` and
`export` count them: one play a record for most titles, one a game of a
Films match (each scored in tickets, the VIP Ticket breaking a tie), the
match's result on top.

What a tie-break is called, by title (`TIE_BREAK`), is the laptop's word for
the second number each game's `tiebreak()` gives: Show Manager's money,
Showbiz's ZE, Showtime's place on the red carpet, Films' VIP Ticket.
"""

from usher_tools.paths import use_firmware

TIE_BREAK = {"show_manager": "money", "showbiz": "ZE", "showtime": "red carpet", "films": "VIP"}
UNIT = {"films": "tickets"}  # what a score counts, where it is not points


def unit(game: str) -> str:
    return UNIT.get(game, "points")


def decided(game: str, standings: list, ties: list) -> dict:
    """{seat: what decided its place}: 'money' where equal scores were told
    apart by the tie-break, 'shared' where they share the rank. `standings`
    as Game.standings gives them, `ties` the game's tiebreak() a seat."""
    out: dict = {}
    word = TIE_BREAK.get(game, "tie-break")
    for s in standings:
        same = [t for t in standings if t["score"] == s["score"] and t is not s]
        if not same:
            continue
        if any(t["rank"] == s["rank"] for t in same):
            out[s["player"]] = "shared"
        elif ties and any(ties[t["player"]] != ties[s["player"]] for t in same):
            out[s["player"]] = word
    return out


def films_games(header: dict, actions: list) -> list:
    """Each game of a Films record that ended: [{"no", "vip_start", "vip",
    "tickets": [t0, t1], "winner", "decided"}], from the actions in force,
    replayed with the firmware's rules."""
    use_firmware()
    from usher.games.catalog import load_game

    g = load_game("films")
    s = g.new(header["setup"])
    out = []
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


_REPLAYED: dict = {}  # the last few replays: games, stats and export ask several times a row


def _replay(row: dict):  # type: ignore[no-untyped-def]
    from usher_tools.history.report import replay_row

    key = (row["game"], row["data"])
    if key not in _REPLAYED:
        if len(_REPLAYED) >= 16:
            _REPLAYED.pop(next(iter(_REPLAYED)))
        _REPLAYED[key] = replay_row(row)
    return _REPLAYED[key]


def plays(row: dict) -> list:
    """The plays of a history row: [{"part", "of", "start", "players":
    [{seat, name, score, rank, winner, decided}]}], seats in order. `part`
    is the game's number in a Films match (0 for a game on its own), `of` how
    many games the match had. A row the laptop cannot replay gives its
    stored result as one play."""
    from usher_tools.history.export import players_of, start_player

    res = row["result"]
    game = row["game"]
    if game == "films" and row["complete"] and res.get("players"):
        try:
            rp = _replay(row)
            per = films_games(rp.header, rp.in_force())
        except Exception:
            per = []
        if per:
            names = rp.players
            match = len(per) > 1 or rp.header["setup"]["options"].get("best_of", 1) > 1
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
                out.append({"part": k["no"] if match else 0, "of": len(per) if match else 0, "players": ps})
                out[-1]["start"] = names[k["vip_start"]] if 0 <= k["vip_start"] < len(names) else None
            return out
    ps = players_of(row)
    ties = _decided(row)
    for p in ps:
        p["decided"] = ties.get(p["seat"], "")
    return [{"part": 0, "of": 0, "start": start_player(row) if row["complete"] else None, "players": ps}]


def _decided(row: dict) -> dict:
    """{seat: decided} of a finished row (its tie-break is secret before the end)."""
    res = row["result"]
    if not row["complete"] or not res.get("finished"):
        return {}
    try:
        rp = _replay(row)
        return decided(row["game"], rp.standings(), rp.game.tiebreak(rp.state))
    except Exception:
        return {}


def summary(row: dict) -> str:
    """What `usher games` adds to a finished game's winner: a Films match
    game by game in tickets ('2-1; 12-9, 8-10, 11-11 VIP'), a single Films
    game ('10-10 tickets, VIP decided'), any other game whose tie-break
    decided the winner ('38, money decided')."""
    ps = plays(row)
    if not ps or not row["result"].get("finished"):
        return ""
    seat_of = {n: i for i, n in enumerate(row["players"])}
    if ps[0]["of"]:
        wins = sorted(row["result"]["players"], key=lambda p: seat_of.get(p["name"], 0))
        parts = []
        for p in ps:
            dec = [q["decided"] for q in p["players"] if q["decided"]]
            parts.append("-".join(str(q["score"]) for q in p["players"]) + (" " + dec[0] if dec else ""))
        return "%s; %s" % ("-".join(str(p["score"]) for p in wins), ", ".join(parts))
    top = [p for p in ps[0]["players"] if p["rank"] == 1]
    dec = [p["decided"] for p in top if p["decided"] not in ("", "shared")]
    if row["game"] == "films":
        text = "-".join(str(q["score"]) for q in ps[0]["players"]) + " " + unit(row["game"])
        return text + (", %s decided" % dec[0] if dec else "")
    if dec:
        return "%s, %s decided" % (top[0]["score"], dec[0])
    return ""
