"""The page's BG Stats plays, in its re-scoring VM (page/bgstats.mjs): the
rows of the page's history turned into the plays usher_tools.history.bgstats
takes (one play a finished game the replay agrees on; a Films match, one a
game), then the laptop's own bgstats module makes the links and the file.
The row-to-play steps follow history/export.py's bgstats_input and
history/plays.py (Films' split of a match, history/games/films.py, runs here
unchanged); the tests hold
the page's links to `usher export --format bgstats-links`.

    plays(args_json) -> JSON {"plays": [...], "links": [...], "file": text}

args: {"rows": [{"device", "gid", "name", "created", "copy", "game",
"path" (the record in the VM's files), "result", "date" (local time of the
play, the page computes it), "dated_by"}]}, in the history's order.
"""

import json

EPOCH_2000 = 946684800


def _title(game):  # type: ignore[no-untyped-def]
    try:
        from usher.games.catalog import load_game

        return load_game(game).title or game
    except Exception:
        return game


def _players(row):  # type: ignore[no-untyped-def]
    """export.players_of: the replay's standings in seat order."""
    res = row["result"]
    seats = {}
    for i, n in enumerate(row["players"]):
        seats[n] = i
    out = []
    for p in res.get("players") or []:
        won = bool(res.get("finished")) and p["rank"] == 1
        out.append(
            {"seat": seats.get(p["name"], -1), "name": p["name"], "score": p["score"], "rank": p["rank"], "winner": won}
        )
    out.sort(key=lambda p: p["seat"])
    return out


def _minutes(row, rec):  # type: ignore[no-untyped-def]
    """export.duration_min: start to last action, when the clock gave both."""
    created = int(row.get("created") or 0)
    if created < EPOCH_2000:
        return None
    stamps = [a["at"] for a in rec.records if isinstance(a, dict) and isinstance(a.get("at"), int)]
    last = max(stamps) if stamps else 0
    return round((last - created) / 60) if last > created else None


def _play(row, pid, rec, rp, part):  # type: ignore[no-untyped-def]
    players = _players(row)
    start = row["result"].get("start")
    if row["game"] == "films":
        first = [a for a in rp.in_force() if isinstance(a, dict) and a.get("t") == "game"][:1]
        start = rp.players[first[0]["vip"]] if first else None
    if part is not None:
        players, start = part["players"], part["start"]
        pid += "#g%d" % part["part"] if part["part"] else ""
    return {
        "id": pid,
        "game": row["game"],
        "title": _title(row["game"]),
        "date": row["date"],
        "minutes": _minutes(row, rec),
        "dated_by": row["dated_by"],
        "start": start,
        "players": [
            {"name": p["name"], "score": p["score"], "rank": p["rank"], "winner": bool(p["winner"])} for p in players
        ],
    }


def _films_parts(rp):  # type: ignore[no-untyped-def]
    """plays.plays' Films branch: one play a game of a match."""
    from usher_tools.history.games import films

    per = films.split(rp.header, rp.in_force())
    if not per:
        return [None]
    names = rp.players
    match = len(per) > 1 or rp.header["setup"]["options"].get("best_of", 1) > 1
    out = []
    for k in per:
        ps = []
        for seat, name in enumerate(names):
            won = seat == k["winner"]
            ps.append({"seat": seat, "name": name, "score": k["tickets"][seat], "rank": 1 if won else 2, "winner": won})
        start = names[k["vip_start"]] if 0 <= k["vip_start"] < len(names) else None
        out.append({"part": k["no"] if match else 0, "players": ps, "start": start})
    return out


def plays(args_json):  # type: ignore[no-untyped-def]
    from usher_tools.history import bgstats
    from usher_tools.history.parsing import read_log
    from usher_tools.history.replay import Replay

    rows = json.loads(args_json)["rows"]
    out = []
    seen = set()
    for row in rows:
        legacy = row["gid"] == "%s@%d" % (row["name"], int(row.get("created") or 0)) and not row.get("copy")
        key = (row["device"], row["name"])
        if legacy and key not in seen:
            seen.add(key)
            pid = "%s:%s" % key
        else:
            pid = "%s:%s%s" % (row["device"], row["gid"], "#%d" % row["copy"] if row.get("copy") else "")
        with open(row["path"], "rb") as f:
            rec, _ = read_log(f.read())
        rp = Replay(rec.header, rec.records, timeline=False)
        row["players"] = rp.players
        parts = _films_parts(rp) if row["game"] == "films" else [None]
        for part in parts:
            out.append(_play(row, pid, rec, rp, part))
    return json.dumps({"plays": out, "links": [bgstats.link(p) for p in out], "file": bgstats.backup_text(out)})
