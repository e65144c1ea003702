"""`usher export`: the history as CSV, JSON, or BG Stats plays.

BG Stats: one play object per finished game, with the fields BG Stats
documents for imported plays (playDate, game{name, highestWins}, players[{name,
score, winner, startPlayer, rank}]) plus sourceName/sourcePlayId so a second
import of the same play can be recognised. Games the laptop flagged (its
replay differs from the device, or fails) are left out of BG Stats and say so.
"""

import csv
import io
import json
import time

from usher_tools.history import OK
from usher_tools.stats import title_of

EPOCH_2000 = 946684800  # a device clock before this was never set


def dated_from_sync(row: dict) -> bool:
    """Whether the game's date is the sync's: the device's clock was not set
    when it began (its list entry says `"clock": "unset"`, PROTOCOL.md), or
    says a time before 2000."""
    view = row.get("device_view") or {}
    return view.get("clock") == "unset" or int(row.get("created") or 0) < EPOCH_2000


def when(row: dict) -> int:
    """Seconds since 1970 the game started: the device's clock if it was set,
    else the time of the sync that first brought it."""
    return int(row["synced_at"]) if dated_from_sync(row) else int(row.get("created") or 0)


def play_date(row: dict) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(when(row)))


def players_of(row: dict) -> list:
    """[{seat, name, score, rank, winner}] from the laptop's replay, in seat order."""
    res = row["result"]
    if not res.get("players"):
        return [
            {"seat": i, "name": n, "score": None, "rank": None, "winner": False} for i, n in enumerate(row["players"])
        ]
    seats = {n: i for i, n in enumerate(row["players"])}
    out = []
    for p in res["players"]:
        won = bool(res.get("finished")) and p["rank"] == 1
        out.append(
            {"seat": seats.get(p["name"], -1), "name": p["name"], "score": p["score"], "rank": p["rank"], "winner": won}
        )
    out.sort(key=lambda p: p["seat"])
    return out


def game_json(row: dict) -> dict:
    return {
        "id": row["id"],
        "device": row["device"],
        "name": row["name"],
        "game": row["game"],
        "title": title_of(row["game"]),
        "date": play_date(row),
        "complete": bool(row["complete"]),
        "finished": bool(row["result"].get("finished")),
        "status": row["status"],
        "problem": row["problem"],
        "players": players_of(row),
    }


def to_json(rows: list) -> str:
    return json.dumps([game_json(r) for r in rows], indent=2, ensure_ascii=False)


CSV_FIELDS = [
    "id",
    "device",
    "name",
    "game",
    "title",
    "date",
    "finished",
    "status",
    "seat",
    "player",
    "score",
    "rank",
    "winner",
]


def to_csv(rows: list) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_FIELDS)
    for r in rows:
        g = game_json(r)
        for p in g["players"]:
            w.writerow(
                [
                    g["id"],
                    g["device"],
                    g["name"],
                    g["game"],
                    g["title"],
                    g["date"],
                    int(g["finished"]),
                    g["status"],
                    p["seat"],
                    p["name"],
                    p["score"],
                    p["rank"],
                    int(p["winner"]),
                ]
            )
    return buf.getvalue()


def bgstats_play(row: dict) -> dict:
    players = players_of(row)
    return {
        "sourceName": "Usher",
        "sourcePlayId": "%s:%s" % (row["device"], row["name"]),
        "playDate": play_date(row),
        "game": {"name": title_of(row["game"]), "highestWins": True, "sourceGameId": row["game"]},
        "players": [
            {
                "name": p["name"],
                "score": p["score"],
                "winner": p["winner"],
                "startPlayer": p["seat"] == 0,
                "rank": p["rank"],
                "seatOrder": p["seat"] + 1,
            }
            for p in players
        ],
    }


def to_bgstats(rows: list) -> tuple:
    """(JSON text of the plays, labels of games left out and why)."""
    plays = []
    left = []
    for r in rows:
        if not r["complete"] or not r["result"].get("finished"):
            continue  # BG Stats records plays that ended
        if r["status"] not in (OK,):
            left.append("%s (%s: %s)" % (r["name"], r["status"], r["problem"]))
            continue
        plays.append(bgstats_play(r))
    return json.dumps(plays, indent=2, ensure_ascii=False), left
