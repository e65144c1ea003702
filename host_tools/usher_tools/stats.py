"""`usher stats`: plays, wins, average and best scores, per title and per player.

Counted: finished games whose record the laptop replayed (status ok, or
mismatch, where the laptop's own replay is what counts). Records it could
not replay, and unfinished games, are left out and counted as such."""

from usher_tools.history import MISMATCH, OK


def title_of(game: str) -> str:
    from usher_tools.paths import use_firmware

    use_firmware()
    try:
        from usher.games.catalog import load_game

        return load_game(game).title or game
    except Exception:
        return game


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
    used, left = counted(rows)
    titles: dict = {}
    players: dict = {}
    for r in used:
        t = titles.setdefault(r["game"], {"game": r["game"], "plays": 0, "scores": [], "best": None})
        t["plays"] += 1
        for p in r["result"]["players"]:
            t["scores"].append(p["score"])
            if t["best"] is None or p["score"] > t["best"]["score"]:
                t["best"] = {"name": p["name"], "score": p["score"]}
            key = (p["name"], r["game"])
            s = players.setdefault(key, {"player": p["name"], "game": r["game"], "plays": 0, "wins": 0, "scores": []})
            s["plays"] += 1
            s["wins"] += 1 if p["rank"] == 1 else 0
            s["scores"].append(p["score"])
    out_titles = []
    for game in sorted(titles):
        t = titles[game]
        out_titles.append(
            {
                "game": game,
                "title": title_of(game),
                "plays": t["plays"],
                "average": _avg(t["scores"]),
                "best": t["best"]["score"] if t["best"] else None,
                "best_by": t["best"]["name"] if t["best"] else None,
            }
        )
    out_players = []
    for key in sorted(players, key=lambda k: (k[0].lower(), k[1])):
        s = players[key]
        out_players.append(
            {
                "player": s["player"],
                "game": s["game"],
                "title": title_of(s["game"]),
                "plays": s["plays"],
                "wins": s["wins"],
                "average": _avg(s["scores"]),
                "best": max(s["scores"]),
            }
        )
    return {"titles": out_titles, "players": out_players, "left_out": left}
