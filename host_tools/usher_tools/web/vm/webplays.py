"""The page's BG Stats plays, in its re-scoring VM (page/bgstats.mjs): the
rows of the page's history turned into the plays usher_tools.history.bgstats
takes (one play a finished game the replay agrees on; a Films match, one a
game), then the laptop's own bgstats module makes the links and the file.
The row-to-play steps are the laptop's own, run here unchanged
(history/rowplay.py, as `usher export` takes them; a record split into
plays and its start player by the game's module, history/games/<game>.py,
when it has `plays`: Films' match; web.games_modules() puts those modules
here); only reading the record from
the VM's files and the JSON in and out are the page's. The tests hold the
page's links to `usher export --format bgstats-links`.

    plays(args_json) -> JSON {"plays": [...], "links": [...], "file": text}
    like(args_json) -> JSON {"players", "games", "me"} or {"error": why}

args: {"rows": [{"device", "gid", "name", "created", "copy", "game",
"path" (the record in the VM's files), "result", "date" (local time of the
play, the page computes it), "dated_by"}], "like": the person's own BG
Stats export or null}, in the history's order. `like` is checked and
matched by bgstats itself (`usher export --like`'s code), so the file is
the laptop's for the same export.
"""

import json


def own_plays(game):
    """The game's module on the laptop, if it splits a record into plays
    (the page carries only those: web.games_modules), else None."""
    try:
        own = __import__("usher_tools.history.games." + game, None, None, ["plays"])
    except ImportError:
        return None
    return own if getattr(own, "plays", None) is not None else None


def plays(args_json):
    from usher_tools.history import bgstats, rowplay
    from usher_tools.history.games import title_of
    from usher_tools.history.parsing import read_log
    from usher_tools.history.replay import Replay

    args = json.loads(args_json)
    rows = args["rows"]
    out = []
    seen = set()
    for row in rows:
        pid = rowplay.play_id(row, seen)
        with open(row["path"], "rb") as f:
            rec, _ = read_log(f.read())
        rp = Replay(rec.header, rec.records, timeline=False)
        row["players"] = rp.players
        facts = {
            "game": row["game"],
            "title": title_of(row["game"]),
            "date": row["date"],
            "minutes": rowplay.minutes(int(row.get("created") or 0), rec.records),
            "dated_by": row["dated_by"],
        }
        start = row["result"].get("start")
        parts = [None]
        own = own_plays(row["game"])
        if own is not None:
            if getattr(own, "start", None) is not None:
                start = own.start(rp)
            parts = own.plays(rp) or [None]
        for part in parts:
            out.append(rowplay.play(pid, facts, rowplay.players_of(row), start, part))
    links = [bgstats.link(p) for p in out]
    return json.dumps({"plays": out, "links": links, "file": bgstats.backup_text(out, args.get("like"))})


def like(args_json):
    """What the page says of a chosen export, or why it is not one (one line)."""
    from usher_tools.history import bgstats

    try:
        return json.dumps(bgstats.like_summary(json.loads(args_json)["like"]))
    except bgstats.NotAnExport as e:
        return json.dumps({"error": str(e)})
