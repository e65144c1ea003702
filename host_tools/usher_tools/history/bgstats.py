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
    backup(plays, like=None) -> dict      the import file: players, locations, games, plays, userInfo
    backup_text(plays, like=None) -> str  that file as JSON text (2-space indent, a newline at the end)
    like_of(export) -> dict    the parts of a person's own BG Stats export that `like` uses;
                               NotAnExport (one line) if it is not one
    like_summary(export) -> dict   {players, games, me}: what the page says of a chosen export
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

Every object carries the fields a real BG Stats export's objects carry, of
the same JSON types (docs/BGSTATS.md names the public exports and readers
each comes from). Dates are the plays' own, never the clock's: a play's
entryDate and modificationDate are its playDate; a player's, game's or the
location's modificationDate is the earliest playDate of the plays in the file
that name it.

`like` is the person's own export (parsed JSON; like_of checks it): a player,
game or location of theirs that is ours (the same uuid, else the same name,
else the same name trimmed and with A-Z folded to a-z; each of theirs once,
never their anonymous player) is written as their file has it (id, uuid,
name, modificationDate and the other fields written here), so an import
changes nothing of it and adds the plays to it; anything else gets an id
above theirs and a uuid from its name. userInfo.meRefId names their own
player (added if they played no game here); without `like`, the player in
the most plays (the device's owner, most likely; the first of them on a tie).
"""

import binascii
import hashlib
import json

LINK = "https://app.bgstatsapp.com/createPlay.html?data="
LOCATION = "Usher"
SOURCE = "Usher"
EARLIEST = "2000-01-01 00:00:00"  # the date of an object no play names: only their own player, in a file of no plays

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
    "entryDate",
    "modificationDate",
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
    "isBaseGame",
    "isExpansion",
    "rating",
    "ignored",
    "manualWinner",
    "rounds",
    "scoringSetting",
    "playImages",
    "expansionPlays",
    "importPlayId",
    "nemestatsId",
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
    "meRefId",
)

try:  # CPython: non-ASCII as itself, as MicroPython's json always writes it
    json.dumps("", ensure_ascii=False)
    _AS_IS: dict = {"ensure_ascii": False}
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


def dumps(value, indent: int = 0, _depth: int = 0) -> str:
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
    if isinstance(value, str) and ("\b" in value or "\f" in value):
        return _text(value)
    return json.dumps(value, **_AS_IS)


def _text(text: str) -> str:
    """JSON of a string holding a backspace or form feed: CPython writes them
    \\b and \\f, MicroPython \\u0008 and \\u000c; here always the latter
    (a name from the person's export may hold anything)."""
    pieces = []
    run = ""
    for c in text:
        if c == "\b" or c == "\f":
            pieces.append(json.dumps(run, **_AS_IS)[1:-1] + "\\u%04x" % ord(c))
            run = ""
        else:
            run += c
    return '"' + "".join(pieces) + json.dumps(run, **_AS_IS)[1:-1] + '"'


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


def _score(score) -> str:
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


def _manual(play: dict) -> bool:
    """Whether the winners are not simply the highest scores (a tie broken
    by the rules, or no scores): BG Stats' manualWinner, so the app keeps
    our winners rather than work them out from the points."""
    scores = [p["score"] for p in play["players"]]
    if not scores or None in scores:
        return True
    top = max(scores)
    return [s == top for s in scores] != [bool(p["winner"]) for p in play["players"]]


class NotAnExport(ValueError):
    """A --like file that is not a BG Stats export: its message says why, in one line."""


_SPACE = " \t\n\r\f\v"  # ASCII only: MicroPython's str.strip() knows no other spaces


def _fold(text: str) -> str:
    """`text` trimmed, A-Z as a-z and nothing else folded (MicroPython's
    str.lower() folds ASCII only, and the page must give the laptop's bytes)."""
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in text.strip(_SPACE))


def like_of(export) -> dict:
    """The parts of a person's BG Stats export that `like` uses: {"players",
    "games", "locations": their objects, "me": userInfo.meRefId or None}."""
    if not isinstance(export, dict):
        raise NotAnExport("not a JSON object")
    out: dict = {}
    for key in ("players", "games", "locations"):
        objs = export.get(key)
        if not isinstance(objs, list):
            raise NotAnExport("no %s list" % key)
        for o in objs:
            if not isinstance(o, dict) or type(o.get("id")) is not int:
                raise NotAnExport("one of its %s has no number for its id" % key)
            if not isinstance(o.get("uuid"), str) or not isinstance(o.get("name"), str):
                raise NotAnExport("one of its %s has no uuid or name" % key)
        out[key] = objs
    info = export.get("userInfo")
    me = info.get("meRefId") if isinstance(info, dict) else None
    out["me"] = me if type(me) is int else None
    return out


def like_summary(export) -> dict:
    """{"players": n, "games": n, "me": their own player's name or ""}."""
    mine = like_of(export)
    me = [p["name"] for p in mine["players"] if p["id"] == mine["me"]]
    return {"players": len(mine["players"]), "games": len(mine["games"]), "me": me[0] if me else ""}


def _match(kind: str, names: list, theirs: list) -> dict:
    """{our name: their object} for our names (in order of first appearance)
    that are theirs: the same uuid (ours, from an earlier import, perhaps
    renamed since), else the same name, else the same folded name; each of
    theirs once, their anonymous player never by name."""
    # what each rule compares, ours and theirs: a uuid, a name, a folded name
    keys = [
        ([uuid_of(kind, n) for n in names], [_fold(o["uuid"]) for o in theirs]),
        (names, [o["name"] for o in theirs]),
        ([_fold(n) for n in names], [_fold(o["name"]) for o in theirs]),
    ]
    found: dict = {}
    taken: set = set()
    for rule in range(len(keys)):
        ours, their_keys = keys[rule]
        for j in range(len(names)):
            if names[j] in found:
                continue
            for i in range(len(theirs)):
                if i in taken or their_keys[i] != ours[j] or (rule and theirs[i].get("isAnonymous") is True):
                    continue
                found[names[j]] = theirs[i]
                taken.add(i)
                break
    return found


def _adopt(ours: dict, theirs: dict) -> dict:
    """`ours` with each of its fields as `theirs` has it, where theirs has it
    of the same JSON type (a bool is not an int here)."""
    for k in list(ours):
        if k in theirs and type(theirs[k]) is type(ours[k]):
            ours[k] = theirs[k]
    return ours


def _objects(kind: str, names: list, since: dict, fresh, theirs: list) -> tuple:
    """([objects], {name: id}): `fresh(name, date)` for each name (`since`
    its date by (kind, name)), as theirs where it is theirs, else numbered
    above their ids."""
    found = _match(kind, names, theirs)
    next_id = 1
    for o in theirs:
        if o["id"] >= next_id:
            next_id = o["id"] + 1
    out = []
    ids = {}
    for name in names:
        obj = fresh(name, since[(kind, name)])
        if name in found:
            _adopt(obj, found[name])
        else:
            obj["id"] = next_id
            next_id += 1
        ids[name] = obj["id"]
        out.append(obj)
    return out, ids


def _by_id(objs: list) -> list:
    objs.sort(key=lambda o: o["id"])
    return objs


def backup(plays: list, like=None) -> dict:
    """The import file of `plays`: BG Stats' own backup shape. Without
    `like`, integer ids count from 1 in order of first appearance; every
    RefId is one of them. With `like` (the person's own export), what is
    theirs keeps their ids and uuids (see the module's docstring)."""
    mine = like_of(like) if like is not None else {"players": [], "games": [], "locations": [], "me": None}
    # the names in order of first appearance, each with the earliest date of a play naming it
    titles: list = []
    names: list = []
    since: dict = {}
    count: dict = {}
    for play in plays:
        for key in [("game", play["title"])] + [("player", p["name"]) for p in play["players"]]:
            if key not in since:
                (titles if key[0] == "game" else names).append(key[1])
                since[key] = play["date"]
            elif play["date"] < since[key]:
                since[key] = play["date"]
        for p in play["players"]:
            count[p["name"]] = count.get(p["name"], 0) + 1
    earliest = min([p["date"] for p in plays]) if plays else EARLIEST
    since[("location", LOCATION)] = earliest
    players, player_id = _objects(
        "player",
        names,
        since,
        lambda name, date: {
            "id": 0,
            "uuid": uuid_of("player", name),
            "name": name,
            "isAnonymous": False,
            "modificationDate": date,
        },
        mine["players"],
    )
    games, game_id = _objects(
        "game",
        titles,
        since,
        lambda title, date: {
            "id": 0,
            "uuid": uuid_of("game", title),
            "name": title,
            "modificationDate": date,
            "bggId": 0,
            "highestWins": True,
            "noPoints": False,
            "cooperative": False,
            "usesTeams": False,
            "isBaseGame": 1,  # BG Stats' 0 or 1, not false or true
            "isExpansion": 0,
            "rating": 0,
        },
        mine["games"],
    )
    locations, location_id = _objects(
        "location",
        [LOCATION] if plays else [],
        since,
        lambda name, date: {"id": 0, "uuid": uuid_of("location", name), "name": name, "modificationDate": date},
        mine["locations"],
    )
    # their own player: ours if they played here, else added as theirs
    me = 0
    for o in mine["players"]:
        if mine["me"] is not None and o["id"] == mine["me"]:
            me = o["id"]
            if me not in [p["id"] for p in players]:
                blank = {"id": 0, "uuid": "", "name": "", "isAnonymous": False, "modificationDate": earliest}
                players.append(_adopt(blank, o))
            break
    if not me and names:  # the player in the most plays, the first of them on a tie
        best = names[0]
        for name in names:
            if count[name] > count[best]:
                best = name
        me = player_id[best]
    out_plays: list = []
    for play in plays:
        scores = []
        seat = 0
        for p in play["players"]:
            seat += 1
            name = p["name"]
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
                # entered and last changed when it was played: the play's own date, so a
                # second export of it is the same play to the app, byte for byte
                "entryDate": play["date"],
                "modificationDate": play["date"],
                "durationMin": minutes if minutes is not None else 0,
                "gameRefId": game_id[play["title"]],
                "locationRefId": location_id[LOCATION],
                "comments": comment(play),
                "bggId": 0,  # a play's id on BoardGameGeek: none
                "usesTeams": False,
                "ignored": False,
                "manualWinner": _manual(play),
                "rounds": 0,  # BG Stats' 0: not counted
                "scoringSetting": 0,
                "rating": 0,
                "playImages": "[]",  # a JSON list in a string, as the app writes it
                "expansionPlays": [],
                "importPlayId": 0,
                "nemestatsId": 0,
                "playerScores": scores,
            }
        )
    return {
        "players": _by_id(players),
        "locations": _by_id(locations),
        "games": _by_id(games),
        "plays": out_plays,
        "userInfo": {"meRefId": me},
    }


def backup_text(plays: list, like=None) -> str:
    return dumps(backup(plays, like), 2) + "\n"
