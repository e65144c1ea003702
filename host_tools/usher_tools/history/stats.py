"""`usher stats`: plays, wins, average and best scores, per title and per player.

Counted: finished games whose record the laptop replayed (status ok, or
mismatch, where the laptop's own replay is what counts). Records it could
not replay, and unfinished games, are left out and counted as such."""

from usher_tools.history.games import title_of
from usher_tools.history.plays import plays, unit
from usher_tools.history.store import MISMATCH, OK


def counted(rows: list) -> tuple:
    """(games that count, how many were left out and why)."""
    used = []
    left = {"unfinished": 0, "flagged": 0, "partial": 0}
    for r in rows:
        if not r["complete"]:
            left["partial"] += 1
        elif r["status"] not in (OK, MISMATCH):
            left["flagged"] += 1
        elif not r["result"].get("finished"):
            left["unfinished"] += 1
        else:
            used.append(r)
    return used, left


def _avg(xs: list) -> float:
    return round(sum(xs) / len(xs), 2) if xs else 0.0


def stats(rows: list) -> dict:
    """Per title and per player: plays, wins, average and best score, in
    the title's unit (Films: tickets, a game of a match being a play of its
    own; usher_tools.history.plays). A match also counts as one match, won or not."""
    used, left = counted(rows)
    titles: dict = {}
    players: dict = {}
    for r in used:
        t = titles.setdefault(r["game"], {"plays": 0, "scores": [], "best": None, "matches": 0})
        games = plays(r)
        if any(g["of"] for g in games):
            t["matches"] += 1
            res = {p["name"]: p["rank"] for p in r["result"]["players"]}
            for name in res:
                s = players.setdefault((name, r["game"]), _player(name, r["game"]))
                s["matches"] += 1
                s["match_wins"] += 1 if res[name] == 1 else 0
        for g in games:
            t["plays"] += 1
            for p in sorted(g["players"], key=lambda p: p["rank"] or 0):  # a shared best: the winner first
                if p["score"] is None:
                    continue
                t["scores"].append(p["score"])
                if t["best"] is None or p["score"] > t["best"]["score"]:
                    t["best"] = {"names": [p["name"]], "score": p["score"]}
                elif p["score"] == t["best"]["score"] and p["name"] not in t["best"]["names"]:
                    t["best"]["names"].append(p["name"])  # a shared best names everyone who made it
                s = players.setdefault((p["name"], r["game"]), _player(p["name"], r["game"]))
                s["plays"] += 1
                s["wins"] += 1 if p["winner"] or p["rank"] == 1 else 0
                s["scores"].append(p["score"])
    out_titles = []
    for game in sorted(titles):
        t = titles[game]
        row = {
            "game": game,
            "title": title_of(game),
            "unit": unit(game),
            "plays": t["plays"],
            "average": _avg(t["scores"]),
            "best": t["best"]["score"] if t["best"] else None,
            "best_by": ", ".join(t["best"]["names"]) if t["best"] else None,
        }
        if t["matches"]:
            row["matches"] = t["matches"]
        out_titles.append(row)
    out_players = []
    for key in sorted(players, key=lambda k: (k[0].lower(), k[1])):
        s = players[key]
        row = {
            "player": s["player"],
            "game": s["game"],
            "title": title_of(s["game"]),
            "unit": unit(s["game"]),
            "plays": s["plays"],
            "wins": s["wins"],
            "average": _avg(s["scores"]),
            "best": max(s["scores"]) if s["scores"] else None,
        }
        if s["matches"]:
            row["matches"] = s["matches"]
            row["match_wins"] = s["match_wins"]
        out_players.append(row)
    return {"titles": out_titles, "players": out_players, "left_out": left}


def _player(name: str, game: str) -> dict:
    return {"player": name, "game": game, "plays": 0, "wins": 0, "scores": [], "matches": 0, "match_wins": 0}
