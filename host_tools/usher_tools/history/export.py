"""`usher export`: the history as CSV, JSON, or BG Stats plays.

BG Stats takes plays two ways, both built by usher_tools.history.bgstats
(which the web page runs too) from the plain dicts `bgstats_plays` makes:

- `--format bgstats`: an import file in the app's own backup shape
  (players, locations, games, plays, userInfo; uuids that a second export of
  the same plays gives again, so an import merges rather than duplicates);
  with `--like EXPORT.json` (the person's own BG Stats export) the players,
  games and location they already have keep their ids and uuids;
- `--format bgstats-links`: one push link a play
  (https://app.bgstatsapp.com/createPlay.html?data= followed by the play as
  BG Stats documents plays pushed from other apps, URL-encoded), which opens
  the app's dialog to save the play; `--qr` draws each as a QR code.

Finished games only; a Films match is a play a game (`#g2`), the VIP holder
at its start as the start player. Games the laptop flagged (its replay
differs from the device, or fails) are left out and named. playDate is the
laptop's local time of the game's start; a game dated by the first sync
that brought any of it (the device's clock was not set) says so in the
play's comments, with that sync's date.
"""

import csv
import io
import json
import time

from usher_tools.history import bgstats, games, rowplay
from usher_tools.history.games import title_of
from usher_tools.history.parsing import read_log
from usher_tools.history.plays import players_of, plays, start_player, summary, unit
from usher_tools.history.store import OK

EPOCH_2000 = rowplay.EPOCH_2000  # a device clock before this was never set


def dated_from_sync(row: dict) -> bool:
    """Whether the game's date is the sync's: the device's clock was not set
    when it began (its list entry says `"clock": "unset"`, PROTOCOL.md), or
    says a time before 2000."""
    view = row.get("device_view") or {}
    return view.get("clock") == "unset" or int(row.get("created") or 0) < EPOCH_2000


def when(row: dict) -> int:
    """Seconds since 1970 the game started: the device's clock if it was set,
    else the time of the first sync (or import) that brought any of it, which
    a later sync of the same game keeps (store.py `first_seen`)."""
    if not dated_from_sync(row):
        return int(row.get("created") or 0)
    return int(row.get("first_seen") or row["synced_at"])


def play_date(row: dict) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(when(row)))


def game_json(row: dict) -> dict:
    return {
        "id": row["id"],
        "device": row["device"],
        "uid": row["gid"],
        "copy": row.get("copy", 0),
        "name": row["name"],
        "game": row["game"],
        "title": title_of(row["game"]),
        "date": play_date(row),
        "complete": bool(row["complete"]),
        "finished": bool(row["result"].get("finished")),
        "status": row["status"],
        "problem": row["problem"],
        "start": start_player(row) if row["complete"] else None,
        "players": players_of(row),
        "plays": plays_of(row),
        "summary": summary(row),
    }


def plays_of(row: dict) -> list:
    """The row's plays (usher_tools.history.plays), each with its unit: one,
    or one a game of a Films match."""
    out = plays(row)
    for p in out:
        p["unit"] = unit(row["game"])
    return out


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
    "part",
    "unit",
    "decided",
    "start",
]


FORMULA = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet reads as the start of a formula


def cell(value):
    """A CSV cell a spreadsheet reads as text, never as a formula: a text
    value (a player's name, `=1+2+cmd|A1`) that begins with one of FORMULA
    gets a leading `'` (OWASP's CSV-injection advice); numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA):
        return "'" + value
    return value


def to_csv(rows: list) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_FIELDS)
    for r in rows:
        g = game_json(r)
        for play in g["plays"]:  # one, or one a game of a Films match (`part` 1, 2, 3)
            for p in play["players"]:
                w.writerow(
                    cell(v)
                    for v in [
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
                        play["part"] or "",
                        play["unit"],
                        p["decided"],
                        int(p["name"] == play["start"]),
                    ]
                )
    return buf.getvalue()


def duration_min(row: dict):
    """Minutes from the game's start to its last action, when the device's
    clock was set for both (rowplay.minutes); None if its record is unreadable."""
    created = int(row.get("created") or 0)
    if created < EPOCH_2000:
        return None
    try:
        rec, _ = read_log(row["data"])
    except Exception:
        return None
    return rowplay.minutes(created, rec.records)


def dated_by(row: dict) -> str:
    """ "" when the device's clock dated the game, else what did: the sync,
    or the import, that first brought any of it (a row from a history before
    that was kept: what its view says, `usher import` marks its own)."""
    if not dated_from_sync(row):
        return ""
    return "the " + first_by(row)


def first_by(row: dict) -> str:
    """ "sync" or "import": what first brought the game into the history."""
    by = row.get("first_by") or ""
    if by:
        return by
    return "import" if (row.get("device_view") or {}).get("imported") else "sync"


def bgstats_input(row: dict, pid: str, part: dict | None = None) -> dict:
    """One play as usher_tools.history.bgstats takes it (plain values only,
    so the web page can build the same dict): a row, or with `part` (one of
    usher_tools.history.plays' plays of a Films match) one game of it, with
    its own id (`#g2`), each player's tickets, and the VIP holder at its
    start as the start player."""
    facts = {
        "game": row["game"],
        "title": title_of(row["game"]),
        "date": play_date(row),
        "minutes": duration_min(row),
        "dated_by": dated_by(row),
    }
    return rowplay.play(pid, facts, players_of(row), start_player(row), part)


def bgstats_plays(rows: list) -> tuple:
    """([bgstats input dict a play], labels of games left out and why): the
    finished games the laptop's replay agrees on, one play a game of a Films
    match."""
    found, left = bgstats_rows(rows)
    return [p for _, p in found], left


def bgstats_rows(rows: list) -> tuple:
    """bgstats_plays' plays, each with the row it came from: ([(row, play)], left)."""
    out = []
    left = []
    seen: set = set()
    ids = {r["id"]: rowplay.play_id(r, seen) for r in sorted(rows, key=lambda r: r["id"])}
    for r in rows:
        if not r["complete"] or not r["result"].get("finished"):
            continue  # BG Stats records plays that ended
        if r["status"] not in (OK,):
            left.append("%s (%s: %s)" % (r["name"], r["status"], r["problem"]))
            continue
        parts = (plays(r) if games.of(r["game"]).plays is not None else []) or [None]
        for part in parts:
            out.append((r, bgstats_input(r, ids[r["id"]], part)))
    return out, left


def to_bgstats(rows: list, like=None) -> tuple:
    """(the BG Stats import file as JSON text, labels of games left out);
    `like` the person's own BG Stats export, parsed (bgstats.backup)."""
    found, left = bgstats_plays(rows)
    return bgstats.backup_text(found, like), left


def read_like(path: str) -> dict:
    """The person's own BG Stats export at `path`, parsed and checked
    (bgstats.like_of); ValueError, one line, if it cannot be read or is
    not one."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise ValueError("cannot read %s: %s" % (path, e.strerror or e)) from None
    try:
        export = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError):
        raise ValueError("%s is not a BG Stats export: not JSON" % path) from None
    try:
        bgstats.like_of(export)
    except bgstats.NotAnExport as e:
        raise ValueError("%s is not a BG Stats export: %s" % (path, e)) from None
    return export


def to_bgstats_links(rows: list) -> tuple:
    """(one BG Stats push link a line, labels of games left out)."""
    found, left = bgstats_plays(rows)
    return bgstats.links_text(found), left


def bgstats_links(rows: list) -> tuple:
    """([(play input, link, its row)], labels of games left out): for --qr."""
    found, left = bgstats_rows(rows)
    return [(p, bgstats.link(p), r) for r, p in found], left


QR_MAX = 2953  # bytes a QR code holds at most (version 40, error correction L, byte mode)
QR_BORDER = 2  # modules of quiet zone around a code in the terminal (the PNG files have 4)


def qr_code(link: str):
    """The QR code of a link (segno), or None when it is too long for one."""
    import segno

    try:
        return segno.make(link, error="l", micro=False)
    except segno.DataOverflowError:
        return None


def qr_text(code) -> str:
    """The code in text, a character a module across and two down (half
    blocks): the light modules are the drawn ones, as a dark terminal shows
    them; phone cameras read it either way."""
    buf = io.StringIO()
    code.terminal(out=buf, border=QR_BORDER, compact=True)
    return buf.getvalue()


def qr_width(code) -> int:
    """Terminal columns qr_text takes."""
    return int(code.symbol_size(scale=1, border=QR_BORDER)[0])


def qr_file_name(row: dict, play: dict, shared: bool = False) -> str:
    """g0004-showtime.png, g0003-films-game-2.png: named by the game, so a
    later sync never renames them (a number in the export would shift); a
    name the history holds for several games (deleted on the device, the name
    given again; two devices) carries the history's id too (g0001-id7-...)."""
    part = play["id"].rsplit("#g", 1)[1] if "#g" in play["id"] else ""
    name = row["name"] + ("-id%d" % row["id"] if shared else "")
    return "%s-%s%s.png" % (name, play["game"].replace("_", "-"), "-game-" + part if part else "")


def too_long(play: dict, link: str) -> str:
    return (
        "no QR code for %s (%s): its link is %d bytes, a QR code holds %d; open the link, or import --format bgstats"
        % (
            play["id"],
            play["title"],
            len(link),
            QR_MAX,
        )
    )
