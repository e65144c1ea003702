"""A history row to the plays usher_tools.history.bgstats takes: the steps
`usher export` (history/export.py) and the web page's re-scoring VM
(web/vm/webplays.py) share, so both give the same bytes.

Runs unchanged on CPython and on MicroPython (the page's VM loads it with
web.HOST_MODULES): plain dicts and lists, no clock, no files, no imports.
What differs stays with each caller: the laptop dates a play from its
history's row and reads the record from its store, the page gets both
from its own history.

    players_of(row) -> [{seat, name, score, rank, winner}]   the replay's standings
    minutes(created, actions) -> int or None                  the game's length
    play_id(row, legacy_seen=None) -> str                     the play's lasting id
    play(pid, facts, players, start, part=None) -> dict       one play for bgstats
"""

EPOCH_2000 = 946684800  # a device clock before this was never set


def players_of(row: dict) -> list:
    """[{seat, name, score, rank, winner}] from the laptop's replay, in seat order."""
    res = row["result"]
    if not res.get("players"):
        return [
            {"seat": i, "name": n, "score": None, "rank": None, "winner": False} for i, n in enumerate(row["players"])
        ]
    seats = {}
    for i, n in enumerate(row["players"]):
        seats[n] = i
    out = []
    for p in res["players"]:
        won = bool(res.get("finished")) and p["rank"] == 1
        out.append(
            {"seat": seats.get(p["name"], -1), "name": p["name"], "score": p["score"], "rank": p["rank"], "winner": won}
        )
    out.sort(key=lambda p: p["seat"])
    return out


def minutes(created: int, actions: list):
    """Minutes from the game's start (`created`) to its last action, when
    the device's clock was set for both (actions carry `at`, RECORD.md);
    else None."""
    if created < EPOCH_2000:
        return None
    stamps = [a["at"] for a in actions if isinstance(a, dict) and isinstance(a.get("at"), int)]
    last = max(stamps) if stamps else 0
    return round((last - created) / 60) if last > created else None


def play_id(row: dict, legacy_seen=None) -> str:
    """A play's lasting id: its device and its identity there (RECORD.md),
    and which copy when the history keeps two different records of it. A
    record from before uids keeps the id earlier exports gave it (DEVICE:NAME)
    if it is the first game the history holds under that name (`legacy_seen`
    the (device, name) pairs given so far)."""
    legacy = row["gid"] == "%s@%d" % (row["name"], int(row.get("created") or 0)) and not row.get("copy")
    key = (row["device"], row["name"])
    if legacy and legacy_seen is not None and key not in legacy_seen:
        legacy_seen.add(key)
        return "%s:%s" % key
    return "%s:%s%s" % (row["device"], row["gid"], "#%d" % row["copy"] if row.get("copy") else "")


def play(pid: str, facts: dict, players: list, start, part=None) -> dict:
    """One play as usher_tools.history.bgstats takes it: `facts` the game's
    {game, title, date, minutes, dated_by}, `players` players_of's, `start`
    the start player's name (or None). With `part` (one of the plays of a
    Films match, history/games/films.py plays) one game of it, with its own
    id (`#g2`), each player's tickets, and the VIP holder at its start as
    the start player."""
    if part is not None:
        players, start = part["players"], part["start"]
        pid += "#g%d" % part["part"] if part["part"] else ""
    return {
        "id": pid,
        "game": facts["game"],
        "title": facts["title"],
        "date": facts["date"],
        "minutes": facts["minutes"],
        "dated_by": facts["dated_by"],
        "start": start,
        "players": [
            {"name": p["name"], "score": p["score"], "rank": p["rank"], "winner": bool(p["winner"])} for p in players
        ],
    }
