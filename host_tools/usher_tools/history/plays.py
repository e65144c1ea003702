"""The plays of a game in the history, as `usher games`, `stats` and
`export` count them: one play a record for most titles; a game whose module
in usher_tools.history.games splits a record (Films: one play a game of a
match, each scored in tickets, the VIP Ticket breaking a tie) gives its own,
the match's result on top. Also each play's players, what decided their
places, and the start player.
"""

from usher_tools.history import games
from usher_tools.history.parsing import ScoreError
from usher_tools.history.replay import Replay, replay_row
from usher_tools.history.rowplay import players_of
from usher_tools.words import N_


def unit(game: str) -> str:
    """What a score of the game counts ("points", Films' "tickets")."""
    return str(games.of(game).UNIT)


def decided(game: str, standings: list, ties: list) -> dict:
    """{seat: what decided its place}: the game's word for its tie-break
    (Show Manager's 'money') where equal scores were told apart by it,
    'shared' where they share the rank. `standings` as Game.standings gives
    them, `ties` the game's tiebreak() a seat."""
    out: dict = {}
    word = games.of(game).TIE_BREAK
    for s in standings:
        same = [t for t in standings if t["score"] == s["score"] and t is not s]
        if not same:
            continue
        if any(t["rank"] == s["rank"] for t in same):
            out[s["player"]] = "shared"
        elif ties and any(ties[t["player"]] != ties[s["player"]] for t in same):
            out[s["player"]] = word
    return out


_REPLAYED: dict = {}  # the last few replays: games, stats and export ask several times a row


def replayed(row: dict) -> Replay:
    """The row's record replayed (the last few kept)."""
    key = (row["game"], row["data"])
    if key not in _REPLAYED:
        if len(_REPLAYED) >= 16:
            _REPLAYED.pop(next(iter(_REPLAYED)))
        _REPLAYED[key] = replay_row(row)
    return _REPLAYED[key]


def _replayed_or_none(row: dict) -> Replay | None:
    """The row's record replayed, or None when the laptop cannot replay it
    (a ScoreError: its stored result stands in). Only that is caught: a bug
    in a game's code must show, not quietly thin an export."""
    try:
        return replayed(row)
    except ScoreError:
        return None


def start_player(row: dict):
    """The start player's name: what the re-scoring found (histories synced
    before it looked are replayed now), or the game's own word for it
    (Films: the first VIP holder), or None."""
    own = games.of(row["game"]).start
    if own is None and "start" in row["result"]:
        return row["result"]["start"]
    rp = _replayed_or_none(row)
    if rp is None:
        return None
    if own is not None:
        return own(rp)
    start = rp.start_player()
    return rp.players[start] if start is not None else None


def plays(row: dict) -> list:
    """The plays of a history row: [{"part", "of", "start", "players":
    [{seat, name, score, rank, winner, decided}]}], seats in order. `part`
    is the game's number in a Films match (0 for a game on its own), `of` how
    many games the match had. A row the laptop cannot replay gives its
    stored result as one play."""
    own = games.of(row["game"]).plays
    if own is not None and row["complete"] and row["result"].get("players"):
        rp = _replayed_or_none(row)
        out = own(rp) if rp is not None else []
        if out:
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
    rp = _replayed_or_none(row)
    if rp is None:
        return {}
    return decided(row["game"], rp.standings(), rp.game.tiebreak(rp.state))


def summary(row: dict, say=str) -> str:
    """What `usher games` adds to a finished game's winner: the game's own
    (Films: a match game by game in tickets, '2-1; 12-9, 8-10, 11-11 VIP'),
    else the score when the tie-break decided the winner ('38, money
    decided'). `say`: the words' language (usher_tools.words.t); the
    exports keep English, as the default does."""
    ps = plays(row)
    if not ps or not row["result"].get("finished"):
        return ""
    own = games.of(row["game"]).summary
    if own is not None:
        return str(own(row, ps, say))
    top = [p for p in ps[0]["players"] if p["rank"] == 1]
    dec = [p["decided"] for p in top if p["decided"] not in ("", "shared")]
    if dec:
        return say(N_("%s, %s decided")) % (top[0]["score"], say(dec[0]))
    return ""
