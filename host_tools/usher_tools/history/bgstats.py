"""BG Stats: the import file and the push links of Usher's plays.

This module runs unchanged on CPython (`usher export`) and on MicroPython
(the web page runs it in its WebAssembly VM), and gives the same bytes on
both: no urllib, no uuid, no clock, no dict order relied on (MicroPython's
dicts keep none), json only for scalars (`json.dumps`).

Its input is a list of plays, plain dicts in the history's order:

    {"id": "d1:3f9a0c12#g2",   # the play's lasting id (device, game uid, copy, #gN
                               #  for game N of a Films match): its uuid comes from it
     "game": "films",          # Usher's game key
     "title": "Films",         # the game's name in BG Stats
     "date": "2026-11-28 20:15:00",   # local time, as the app shows it
     "minutes": 42,            # or None when the device's clock did not give it
     "dated_by": "",           # "" for the device's clock; else the date's source
                               #  ("the sync", "the import"): said in the comments
     "start": "Anna",          # the start player's name, or None
     "players": [{"name": "Anna", "score": 12, "rank": 1, "winner": True}, ...]}
                               # in seat order

API:
    backup(plays) -> dict      the import file: players, locations, games, plays, userInfo
    backup_text(plays) -> str  that file as JSON text (2-space indent, a newline at the end)
    push(play) -> dict         one play as a push-link payload
    link(play) -> str          https://app.bgstatsapp.com/createPlay.html?data=<payload, URL-encoded>
    links_text(plays) -> str   one link a line
    dumps(value, indent=0) -> str   JSON with this module's key order
    quote(text) -> str         percent-encoding as urllib.parse.quote(text) (safe "/")
    uuid_of(kind, key) -> str  a UUID-shaped name from SHA-256 (RFC 9562 version 8)

The file's uuids are names, never random: a play's from its id, a player's
from the name, a game's from its title, the location's from "Usher". A second
export of the same plays gives the same file, and the app merges an import of
plays it already holds.
"""

import binascii
import hashlib
import json

LINK = "https://app.bgstatsapp.com/createPlay.html?data="
LOCATION = "Usher"
SOURCE = "Usher"

# the order of keys in every object written (unknown keys after these, sorted)
ORDER = (
    "sourceName",
    "sourcePlayId",
    "id",
    "uuid",
    "name",
    "sourceGameId",
    "sourcePlayerId",
    "playDate",
    "durationMin",
    "gameRefId",
    "locationRefId",
    "location",
    "comments",
    "game",
    "bggId",
    "highestWins",
    "noPoints",
    "cooperative",
    "usesTeams",
    "isAnonymous",
    "playerScores",
    "players",
    "playerRefId",
    "score",
    "winner",
    "startPlayer",
    "rank",
    "seatOrder",
    "newPlayer",
    "role",
    "locations",
    "games",
    "plays",
    "userInfo",
)

try:  # CPython: non-ASCII as itself, as MicroPython's json always writes it
    json.dumps("", ensure_ascii=False)
    _AS_IS = {"ensure_ascii": False}
except TypeError:  # MicroPython: no such argument
    _AS_IS = {}

_SAFE = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~/"


def quote(text: str) -> str:
    """Percent-encode the UTF-8 bytes of `text` but letters, digits and
    `_.-~/`, upper-case hex: what urllib.parse.quote(text) gives."""
    out = []
    for b in text.encode("utf-8"):
        if b in _SAFE:
            out.append(chr(b))
        else:
            out.append("%%%02X" % b)
    return "".join(out)


def _rank(key: str) -> tuple:
    for i in range(len(ORDER)):
        if ORDER[i] == key:
            return (i, "")
    return (len(ORDER), key)


def dumps(value, indent: int = 0, _depth: int = 0) -> str:  # type: ignore[no-untyped-def]
    """JSON text of `value` (dicts, lists, str, int, bool, None): keys in
    ORDER, no spaces when `indent` is 0, else one item a line."""
    if isinstance(value, dict):
        items = [
            json.dumps(k, **_AS_IS) + (": " if indent else ":") + dumps(value[k], indent, _depth + 1)
            for k in _keys(value)
        ]
        return _wrap("{", items, "}", indent, _depth)
    if isinstance(value, (list, tuple)):
        return _wrap("[", [dumps(v, indent, _depth + 1) for v in value], "]", indent, _depth)
    if isinstance(value, float):
        raise ValueError("no floats in BG Stats JSON: %r" % value)
    return json.dumps(value, **_AS_IS)


def _keys(d: dict) -> list:
    keys = list(d)
    keys.sort(key=_rank)
    return keys


def _wrap(left: str, items: list, right: str, indent: int, depth: int) -> str:
    if not items:
        return left + right
    if not indent:
        return left + ",".join(items) + right
    inner = "\n" + " " * (indent * (depth + 1))
    return left + inner + ("," + inner).join(items) + "\n" + " " * (indent * depth) + right


def uuid_of(kind: str, key: str) -> str:
    """A UUID-shaped name of `key` among things of `kind`: the first 128
    bits of SHA-256("usher/KIND/KEY"), version 8 and the RFC variant set."""
    h = binascii.hexlify(hashlib.sha256(("usher/%s/%s" % (kind, key)).encode("utf-8")).digest()).decode()
    variant = "89ab"[int(h[16], 16) & 3]
    return "%s-%s-8%s-%s%s-%s" % (h[0:8], h[8:12], h[13:16], variant, h[17:20], h[20:32])


def comment(play: dict) -> str:
    """What the play's comments say: where its date came from when the
    device's clock was not set."""
    if not play.get("dated_by"):
        return ""
    return "Dated by %s (%s): the device's clock was not set when this game began." % (
        play["dated_by"],
        play["date"],
    )


def _score(score) -> str:  # type: ignore[no-untyped-def]
    return "" if score is None else str(score)


def push(play: dict) -> dict:
    """The play as BG Stats' push-link payload (the fields its page on
    pushing plays from other apps names)."""
    out = {
        "sourceName": SOURCE,
        "sourcePlayId": play["id"],
        "playDate": play["date"],
        "location": LOCATION,
        "game": {
            "name": play["title"],
            "sourceGameId": play["game"],
            "highestWins": True,
            "noPoints": False,
        },
        "players": [
            {
                "name": p["name"],
                "sourcePlayerId": p["name"],
                "score": p["score"],
                "winner": bool(p["winner"]),
                "startPlayer": p["name"] == play.get("start"),
                "rank": p["rank"],
                "role": "",
            }
            for p in play["players"]
        ],
    }
    if play.get("minutes") is not None:
        out["durationMin"] = play["minutes"]
    note = comment(play)
    if note:
        out["comments"] = note
    return out


def link(play: dict) -> str:
    return LINK + quote(dumps(push(play)))


def links_text(plays: list) -> str:
    return "".join(link(p) + "\n" for p in plays)


def backup(plays: list) -> dict:
    """The import file of `plays`: BG Stats' own backup shape. Integer ids
    count from 1 in order of first appearance; every RefId is one of them."""
    players: list = []
    games: list = []
    player_id: dict = {}
    game_id: dict = {}
    location = {"id": 1, "uuid": uuid_of("location", LOCATION), "name": LOCATION}
    out_plays = []
    for play in plays:
        title = play["title"]
        if title not in game_id:
            game_id[title] = len(games) + 1
            games.append(
                {
                    "id": game_id[title],
                    "uuid": uuid_of("game", title),
                    "name": title,
                    "bggId": 0,
                    "highestWins": True,
                    "noPoints": False,
                    "cooperative": False,
                    "usesTeams": False,
                }
            )
        scores = []
        seat = 0
        for p in play["players"]:
            seat += 1
            name = p["name"]
            if name not in player_id:
                player_id[name] = len(players) + 1
                players.append(
                    {"id": player_id[name], "uuid": uuid_of("player", name), "name": name, "isAnonymous": False}
                )
            scores.append(
                {
                    "playerRefId": player_id[name],
                    "score": _score(p["score"]),
                    "winner": bool(p["winner"]),
                    "startPlayer": name == play.get("start"),
                    "rank": p["rank"] if p["rank"] is not None else 0,
                    "seatOrder": seat,
                    "newPlayer": False,
                }
            )
        minutes = play.get("minutes")
        out_plays.append(
            {
                "id": len(out_plays) + 1,
                "uuid": uuid_of("play", play["id"]),
                "playDate": play["date"],
                "durationMin": minutes if minutes is not None else 0,
                "gameRefId": game_id[title],
                "locationRefId": location["id"],
                "comments": comment(play),
                "playerScores": scores,
            }
        )
    return {
        "players": players,
        "locations": [location],
        "games": games,
        "plays": out_plays,
        "userInfo": {},
    }


def backup_text(plays: list) -> str:
    return dumps(backup(plays), 2) + "\n"
