"""BG Stats from `usher export`: the import file read
field by field against the app's backup shape, its uuids stable across
exports, the links and the file the same bytes on the MicroPython VM as on
CPython (the web page runs the module there), each link's QR code decoded
back by an independent decoder (zxing-cpp), and playDate in local time with
a game of an unset clock marked in its comments."""

import datetime
import io
import json
import os
import re
import subprocess
import sys
import time
from urllib.parse import quote as url_quote
from urllib.parse import unquote

import pytest
from click.testing import CliRunner
from PIL import Image
from tooling import ROOT, TESTS, micropython
from usher.core.record import encode_line
from usher_tools.cli import main
from usher_tools.history import bgstats
from usher_tools.history import export as ex
from usher_tools.history.parsing import parse_bytes
from usher_tools.history.store import History
from usher_tools.link.sync import rescore

RECORDS = os.path.join(TESTS, "records")
CREATED = 1764400000  # 2025-11-29 07:06:40 UTC
UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
DATE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def add_record(db, name, rec, created=CREATED, device="d1", imported=0):
    """A record from tests/records into the history, as a sync stores it."""
    parsed = parse_bytes(open(os.path.join(RECORDS, rec), "rb").read())
    data = b"".join(encode_line(o) for o in [parsed.header] + parsed.records)
    players = [p["name"] for p in parsed.header["setup"]["players"]]
    view = {"name": name, "game": parsed.header["game"], "created": created, "players": players, "size": len(data)}
    view["finished"] = True
    if imported:
        view["imported"] = imported  # as usher import keeps its time
    res, status, problem = rescore(data, view)
    h = History(db)
    h.save_complete(device, view, data, res, status, problem)
    h.close()
    return res


GAMES = [
    ("g0001", "showtime_4p.rec"),
    ("g0002", "showbiz_4p.rec"),
    ("g0003", "films_match.rec"),
    ("g0004", "show_manager_4p.rec"),
]


@pytest.fixture
def night(tmp_path):
    db = str(tmp_path / "history.sqlite")
    results = {name: add_record(db, name, rec) for name, rec in GAMES}
    return db, results


def backup_of(db):
    r = run("export", "--db", db, "--format", "bgstats")
    assert r.exit_code == 0, r.output
    return r.stdout


# Every key an object of the file carries, of the JSON type a real BG Stats export
# gives it (docs/BGSTATS.md names the public exports and readers each comes from).
KEYS = {
    "player": {"id": int, "uuid": str, "name": str, "isAnonymous": bool, "modificationDate": str},
    "location": {"id": int, "uuid": str, "name": str, "modificationDate": str},
    "game": {
        "id": int,
        "uuid": str,
        "name": str,
        "modificationDate": str,
        "bggId": int,
        "highestWins": bool,
        "noPoints": bool,
        "cooperative": bool,
        "usesTeams": bool,
        "isBaseGame": int,
        "isExpansion": int,
        "rating": int,
    },
    "play": {
        "id": int,
        "uuid": str,
        "playDate": str,
        "entryDate": str,
        "modificationDate": str,
        "durationMin": int,
        "gameRefId": int,
        "locationRefId": int,
        "comments": str,
        "bggId": int,
        "usesTeams": bool,
        "ignored": bool,
        "manualWinner": bool,
        "rounds": int,
        "scoringSetting": int,
        "rating": int,
        "playImages": str,
        "expansionPlays": list,
        "importPlayId": int,
        "nemestatsId": int,
        "playerScores": list,
    },
    "score": {
        "playerRefId": int,
        "score": str,
        "winner": bool,
        "startPlayer": bool,
        "rank": int,
        "seatOrder": int,
        "newPlayer": bool,
    },
    "userInfo": {"meRefId": int},
}
DATED = {"player": ["modificationDate"], "location": ["modificationDate"], "game": ["modificationDate"]}
DATED["play"] = ["playDate", "entryDate", "modificationDate"]


def typed(obj, kind):
    """Every key of its kind, each of its type (a bool is not an int here),
    its dates as BG Stats writes them."""
    assert isinstance(obj, dict) and set(obj) == set(KEYS[kind]), (kind, sorted(set(obj) ^ set(KEYS[kind])))
    for k, t in KEYS[kind].items():
        assert type(obj[k]) is t, (kind, k, obj[k])
    for k in DATED.get(kind, []):
        assert DATE.match(obj[k]), (kind, k, obj[k])


def shaped(f):
    """The whole file against KEYS: every object, every score, userInfo.meRefId
    naming one of its players; the app's constants where BG Stats writes them."""
    assert set(f) == {"players", "locations", "games", "plays", "userInfo"}
    for kind, key in (("player", "players"), ("location", "locations"), ("game", "games"), ("play", "plays")):
        for o in f[key]:
            typed(o, kind)
    for play in f["plays"]:
        assert play["playImages"] == "[]" and play["expansionPlays"] == [], play
        assert play["entryDate"] == play["modificationDate"] == play["playDate"]  # the play's own date, no clock
        for s in play["playerScores"]:
            typed(s, "score")
    assert all(g["isBaseGame"] == 1 and g["isExpansion"] == 0 for g in f["games"])
    typed(f["userInfo"], "userInfo")
    assert f["userInfo"]["meRefId"] in {p["id"] for p in f["players"]}, f["userInfo"]


def test_the_file_has_the_apps_backup_shape_field_by_field_and_every_ref_resolves(night):
    db, results = night
    f = json.loads(backup_of(db))
    shaped(f)
    for kind, key in (("player", "players"), ("location", "locations"), ("game", "games"), ("play", "plays")):
        objs = f[key]
        assert objs, key
        for o in objs:
            typed(o, kind)
            assert UUID.match(o["uuid"]), o["uuid"]
        ids = [o["id"] for o in objs]
        assert ids == list(range(1, len(objs) + 1))  # integer ids, each once
        assert len({o["uuid"] for o in objs}) == len(objs)
    assert [(x["name"], x["id"]) for x in f["locations"]] == [("Usher", 1)]
    titles = {g["id"]: g for g in f["games"]}
    assert sorted(g["name"] for g in f["games"]) == ["Films", "Show Manager", "Showbiz", "Showtime"]
    assert all(g["bggId"] == 0 and g["highestWins"] and not g["noPoints"] for g in f["games"])
    assert not any(g["cooperative"] or g["usesTeams"] for g in f["games"])
    who = {p["id"]: p["name"] for p in f["players"]}
    assert len(set(who.values())) == len(who)  # one player a name
    places = {x["id"] for x in f["locations"]}
    per_title: dict = {}
    for play in f["plays"]:
        assert play["gameRefId"] in titles and play["locationRefId"] in places
        assert DATE.match(play["playDate"]) and play["durationMin"] >= 0
        assert play["comments"] == ""  # every device clock here was set
        seats = []
        for s in play["playerScores"]:
            typed(s, "score")
            assert s["playerRefId"] in who
            assert re.match(r"^-?\d+$", s["score"]), s["score"]
            assert s["rank"] >= 1 and s["winner"] == (s["rank"] == 1)
            seats.append(s["seatOrder"])
        assert seats == list(range(1, len(seats) + 1))
        assert sum(s["startPlayer"] for s in play["playerScores"]) == 1
        per_title.setdefault(titles[play["gameRefId"]]["name"], []).append(play)
    # a play a game, a Films match a play each of its games; the scores are the replay's
    assert {t: len(p) for t, p in per_title.items()} == {"Showtime": 1, "Showbiz": 1, "Films": 3, "Show Manager": 1}
    # manualWinner only where the winners are not the top scores (a tie the rules broke)
    for play in f["plays"]:
        points = [int(s["score"]) for s in play["playerScores"]]
        top = [p == max(points) for p in points]
        assert play["manualWinner"] == (top != [s["winner"] for s in play["playerScores"]])
    # an object's modificationDate: the earliest play in the file that names it
    for p in f["players"]:
        named = [x["playDate"] for x in f["plays"] if p["id"] in [s["playerRefId"] for s in x["playerScores"]]]
        assert p["modificationDate"] == min(named)
    for g in f["games"]:
        assert g["modificationDate"] == min(x["playDate"] for x in f["plays"] if x["gameRefId"] == g["id"])
    assert f["locations"][0]["modificationDate"] == min(x["playDate"] for x in f["plays"])
    # without --like, "me" is the player in the most plays (Ana: the three games of the Films match)
    assert who[f["userInfo"]["meRefId"]] == "Ana"
    for name, rec in GAMES:
        if rec.startswith("films"):
            continue
        title = {"showtime": "Showtime", "showbiz": "Showbiz", "show_manager": "Show Manager"}[results[name]["game"]]
        (play,) = per_title[title]
        got = {who[s["playerRefId"]]: (s["score"], s["rank"]) for s in play["playerScores"]}
        assert got == {p["name"]: (str(p["score"]), p["rank"]) for p in results[name]["players"]}


def test_a_second_export_gives_the_same_uuids_and_another_history_the_same_for_the_same_play(night, tmp_path):
    db, _ = night
    first = backup_of(db)
    assert backup_of(db) == first  # byte for byte
    # the Show Manager game alone, in another history: its play, game and players keep their uuids
    other = str(tmp_path / "other.sqlite")
    add_record(other, "g0004", "show_manager_4p.rec")
    a, b = json.loads(first), json.loads(backup_of(other))
    ga = {g["name"]: g["uuid"] for g in a["games"]}
    assert [g["uuid"] for g in b["games"]] == [ga["Show Manager"]]
    pa = {p["name"]: p["uuid"] for p in a["players"]}
    assert {p["name"]: p["uuid"] for p in b["players"]} == {n: pa[n] for n in ("A", "B", "C", "D")}
    manager = [
        p["uuid"]
        for p in a["plays"]
        if p["gameRefId"] == next(g["id"] for g in a["games"] if g["name"] == "Show Manager")
    ]
    assert [p["uuid"] for p in b["plays"]] == manager
    assert a["locations"][0]["uuid"] == b["locations"][0]["uuid"]
    # and a different game on another device is a different play
    add_record(other, "g0004", "show_manager_4p.rec", device="d2")
    c = json.loads(backup_of(other))
    assert len({p["uuid"] for p in c["plays"]}) == 2


# -- --like: the person's own BG Stats export -------------------------------------------------
ANNA = "5D9F1C2E-0B7A-4C3D-9E8F-0123456789AB"  # upper case, as the app writes uuids


def their_export():
    """A BG Stats export of the project's own making, as the app writes one:
    an anonymous player, Anna, "cleo" written otherwise, Ben renamed since an
    earlier import of ours (his uuid is ours), their own player (Me, who
    played no game here), a Showtime of theirs with its BoardGameGeek id, a
    location named "usher"; their plays, groups and tags are not read."""
    player = {"isAnonymous": False, "modificationDate": "2024-01-02 03:04:05", "bggUsername": ""}
    return {
        "players": [
            dict(player, id=1, uuid="63861461-539C-489A-8DF4-EFC4B4EDEBEF", name="Anonymous player", isAnonymous=True),
            dict(player, id=5, uuid=ANNA, name="Anna"),
            dict(player, id=8, uuid="2027123C-C10A-454F-AD70-275F14AEFB01", name=" cleo "),
            dict(player, id=9, uuid="A1637A2A-B17E-49F1-B05C-60CCB21B8B31", name="Me"),
            dict(player, id=13, uuid=bgstats.uuid_of("player", "Ben").upper(), name="Benjamin"),
            dict(player, id=20, uuid="F8225F27-DA0D-4EF2-B8E6-879BF23C2CF2", name="Zed"),
        ],
        "games": [
            {
                "id": 4,
                "uuid": "9A6E1B7D-040A-4F86-810A-2B060C8C147A",
                "name": "Showtime",
                "bggId": 4711,
                "rating": 80,
                "isBaseGame": 1,
                "isExpansion": 0,
                "modificationDate": "2023-05-06 07:08:09",
                "highestWins": True,
                "noPoints": False,
                "cooperative": False,
                "usesTeams": False,
                "copies": [],
            },
            {"id": 11, "uuid": "C8F5F1E4-5FF8-4A79-80C8-C91DFBF817C3", "name": "Azul", "bggId": 230802},
        ],
        "locations": [
            {
                "id": 2,
                "uuid": "C5DD463C-A4C4-4BE2-B239-1A78794FDB82",
                "name": "Home",
                "modificationDate": "2022-01-09 18:05:21",
            },
            {
                "id": 6,
                "uuid": "846B3B40-0911-4AD6-98BB-6A8474123E8B",
                "name": "usher",
                "modificationDate": "2022-01-09 18:05:21",
            },
        ],
        "plays": [{"uuid": "E7F78289-A2D9-4D56-BA89-B94AEF56C43F", "gameRefId": 11, "playerScores": []}],
        "groups": [],
        "tags": [],
        "userInfo": {"meRefId": 9, "exportDate": "2025-04-27 22:59:44"},
    }


def like_of(db, export, tmp_path):
    path = tmp_path / "BGStatsExport.json"
    path.write_text(json.dumps(export), encoding="utf-8")
    r = run("export", "--db", db, "--format", "bgstats", "--like", str(path))
    assert r.exit_code == 0, r.output
    return r.stdout


def test_like_keeps_their_players_games_and_location_and_numbers_the_new_above_theirs(night, tmp_path):
    db, _ = night
    export = their_export()
    text = like_of(db, export, tmp_path)
    assert like_of(db, export, tmp_path) == text  # a second export identical, byte for byte
    f = json.loads(text)
    shaped(f)
    by_name = {p["name"]: p for p in f["players"]}
    # theirs, as they have them: Anna; "cleo" (trimmed, case folded); Ben by his uuid, under their name
    theirs = {p["id"]: p for p in export["players"]}
    for ours, their_id in (("Anna", 5), (" cleo ", 8), ("Benjamin", 13)):
        p, t = by_name[ours], theirs[their_id]
        assert (p["id"], p["uuid"], p["modificationDate"]) == (their_id, t["uuid"], t["modificationDate"])
    assert by_name["Anna"]["uuid"] == ANNA
    assert "Cleo" not in by_name and "Ben" not in by_name and "Zed" not in by_name and "Anonymous player" not in by_name
    # their own player is "me", in the file though no game here had them
    assert f["userInfo"]["meRefId"] == 9 and by_name["Me"]["uuid"] == theirs[9]["uuid"]
    # the new get ids above all of theirs, and uuids from their names (as without --like)
    new = [p for p in f["players"] if p["id"] not in theirs]
    assert sorted(p["name"] for p in new) == sorted(["Dan", "Dev", "Ana", "Bo", "A", "B", "C", "D"])
    assert sorted(p["id"] for p in new) == list(range(21, 21 + len(new)))
    assert all(p["uuid"] == bgstats.uuid_of("player", p["name"]) for p in new)
    assert [p["id"] for p in f["players"]] == sorted(p["id"] for p in f["players"])
    # their Showtime with its fields; the other games new, above their 11
    games = {g["name"]: g for g in f["games"]}
    assert (games["Showtime"]["id"], games["Showtime"]["bggId"], games["Showtime"]["rating"]) == (4, 4711, 80)
    assert games["Showtime"]["uuid"] == export["games"][0]["uuid"] and "copies" not in games["Showtime"]
    assert sorted(g["id"] for n, g in games.items() if n != "Showtime") == [12, 13, 14] and "Azul" not in games
    assert [(x["id"], x["name"], x["uuid"]) for x in f["locations"]] == [(6, "usher", export["locations"][1]["uuid"])]
    # every reference resolves, and the plays are the ones without --like, only their references renamed
    plain = json.loads(backup_of(db))
    ids = {k: {o["id"] for o in f[k]} for k in ("players", "games", "locations")}
    assert all(len(f[k]) == len(ids[k]) for k in ids)
    old_name = {p["id"]: p["name"] for p in plain["players"]}
    renamed = {"Ben": "Benjamin", "Cleo": " cleo "}
    for a, b in zip(f["plays"], plain["plays"], strict=True):
        assert a["gameRefId"] in ids["games"] and a["locationRefId"] == 6
        assert a["uuid"] == b["uuid"] and a["playDate"] == b["playDate"]
        names = [renamed.get(old_name[s["playerRefId"]], old_name[s["playerRefId"]]) for s in b["playerScores"]]
        assert [f_name(f, s["playerRefId"]) for s in a["playerScores"]] == names


def f_name(f, player_id):
    (name,) = [p["name"] for p in f["players"] if p["id"] == player_id]
    return name


def test_like_refuses_what_is_not_a_bg_stats_export_in_one_line(night, tmp_path):
    db, _ = night
    cases = {
        "notes.txt": (b"Anna 12, Ben 10\n", "not JSON"),
        "list.json": (b"[1, 2]", "not a JSON object"),
        "other.json": (json.dumps({"players": [], "games": []}).encode(), "no locations list"),
        "bad.json": (
            json.dumps(dict(their_export(), games=[{"name": "Azul"}])).encode(),
            "one of its games has no number for its id",
        ),
        "binary.json": (bytes(range(256)), "not JSON"),
    }
    for name, (data, why) in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        r = run_raw("export", "--db", db, "--format", "bgstats", "--like", str(path))
        assert r.exit_code == 1, (name, r.output)
        assert r.stderr.strip() == "Error: %s is not a BG Stats export: %s" % (path, why), r.stderr
        assert r.stdout == ""
    r = run_raw("export", "--db", db, "--format", "bgstats", "--like", str(tmp_path / "missing.json"))
    assert r.exit_code == 1 and len(r.stderr.strip().splitlines()) == 1 and "cannot read" in r.stderr
    r = run_raw("export", "--db", db, "--format", "csv", "--like", str(tmp_path / "notes.txt"))
    assert r.exit_code == 2 and "--like shapes the BG Stats file" in r.output


def run_raw(*args):
    return CliRunner().invoke(main, list(args))


def test_uuids_are_names_not_chance():
    assert bgstats.uuid_of("player", "Anna") == bgstats.uuid_of("player", "Anna")
    assert bgstats.uuid_of("player", "Anna") != bgstats.uuid_of("player", "Ann")
    assert bgstats.uuid_of("player", "Anna") != bgstats.uuid_of("game", "Anna")
    assert UUID.match(bgstats.uuid_of("play", "d1:3f9a#g2"))


@pytest.fixture
def utc_plus_3():
    old = os.environ.get("TZ")
    os.environ["TZ"] = "XYZ-3"  # POSIX: three hours east of UTC
    time.tzset()
    yield datetime.timezone(datetime.timedelta(hours=3))
    if old is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = old
    time.tzset()


def test_play_date_is_local_time_and_an_unset_clock_is_said_in_the_comments(tmp_path, utc_plus_3):
    db = str(tmp_path / "h.sqlite")
    add_record(db, "g0001", "showbiz_4p.rec")  # the clock set: the game's own start
    add_record(db, "g0002", "showtime_4p.rec", created=0)  # never set: dated by the sync
    h = History(db)
    synced = h.get("d1", "g0002")["synced_at"]
    h.close()
    unset, known = json.loads(backup_of(db))["plays"]  # the history lists the games by start, 0 first
    local = datetime.datetime.fromtimestamp(CREATED, utc_plus_3).strftime("%Y-%m-%d %H:%M:%S")
    assert local.endswith("10:06:40")  # 07:06:40 UTC, three hours on
    assert (known["playDate"], known["comments"]) == (local, "")
    when = datetime.datetime.fromtimestamp(synced, utc_plus_3).strftime("%Y-%m-%d %H:%M:%S")
    assert unset["playDate"] == when
    assert unset["comments"].startswith("Dated by the sync (%s)" % when)
    assert "clock was not set" in unset["comments"]
    links = run("export", "--db", db, "--format", "bgstats-links").stdout.split()
    pushed = [json.loads(unquote(x[len(bgstats.LINK) :])) for x in links]
    assert pushed[0]["comments"] == unset["comments"] and "comments" not in pushed[1]
    assert [p["playDate"] for p in pushed] == [when, local]
    # a game brought by usher import says so
    add_record(db, "g0003", "films_example.rec", created=0, imported=CREATED)
    (imported,) = [p for p in json.loads(backup_of(db))["plays"] if p["comments"].startswith("Dated by the import")]
    assert (
        imported["comments"]
        == "Dated by the import (%s): the device's clock was not set when this game began." % (imported["playDate"])
    )


# -- one module, two runtimes ----------------------------------------------------------------
ODD = [
    {
        "id": "d1:00ff#g2",
        "game": "films",
        "title": "Films",
        "date": "2026-11-28 20:15:00",
        "minutes": 42,
        "dated_by": "the sync",
        "start": "Zoë",
        "players": [
            {"name": "Zoë", "score": 12, "rank": 1, "winner": True},
            {"name": 'Ann "A" & /?#%+~', "score": 12, "rank": 2, "winner": False},
        ],
    },
    {
        "id": "d1:legacy",
        "game": "showtime",
        "title": "Showtime",
        "date": "2026-01-02 03:04:05",
        "minutes": None,
        "dated_by": "",
        "start": None,
        "players": [{"name": "Jörg\\ Ñ", "score": -3, "rank": 1, "winner": True}],
    },
]

VM_SCRIPT = """
import sys, json
sys.path.insert(0, %r)
import bgstats
plays = json.load(open(%r))
like = json.load(open(%r))
sys.stdout.write(bgstats.links_text(plays))
sys.stdout.write("--\\n")
sys.stdout.write(bgstats.backup_text(plays))
all_bytes = %r
sys.stdout.write(bgstats.quote(all_bytes) + "\\n")
sys.stdout.write(bgstats.dumps(all_bytes) + "\\n")
sys.stdout.write(bgstats.backup_text(plays, like))
"""
# names that CPython's str.lower()/strip() would match and MicroPython's would not: --like
# folds A-Z only and trims ASCII spaces only, so both give the same file
ODD_LIKE = {
    "players": [
        {"id": 3, "uuid": "X-1", "name": "ZOË", "isAnonymous": False, "modificationDate": "2020-01-01 00:00:00"},
        {"id": 4, "uuid": "X-2", "name": "\u00a0Jörg\\ Ñ\b\f", "isAnonymous": False},
        {"id": 7, "uuid": bgstats.uuid_of("player", 'Ann "A" & /?#%+~').upper(), "name": "Ann", "isAnonymous": 0},
        {"id": 9, "uuid": "X-9", "name": "Jörg\\ Ñ", "isAnonymous": True},
    ],
    "games": [{"id": 2, "uuid": "X-3", "name": " SHOWTIME\t", "bggId": 1, "rating": 7.5}],
    "locations": [],
    "userInfo": {"meRefId": 4},
}
ALL_BYTES = "".join(chr(c) for c in range(1, 256)) + "€😀"


def test_the_module_gives_the_same_bytes_on_the_micropython_vm(night, tmp_path):
    db, _ = night
    rows = History(db).all()
    plays, _ = ex.bgstats_plays(rows)
    plays = plays + ODD
    src = tmp_path / "plays.json"
    src.write_text(json.dumps(plays), encoding="utf-8")
    script = tmp_path / "vm.py"
    folder = os.path.join(ROOT, "host_tools", "usher_tools", "history")
    like = tmp_path / "like.json"
    like.write_text(json.dumps(ODD_LIKE), encoding="utf-8")
    script.write_text(VM_SCRIPT % (folder, str(src), str(like), ALL_BYTES), encoding="utf-8")
    vm = micropython([str(script)], heap="1M")
    assert vm.returncode == 0, vm.stderr + vm.stdout
    here = bgstats.links_text(plays) + "--\n" + bgstats.backup_text(plays) + bgstats.quote(ALL_BYTES) + "\n"
    here += bgstats.dumps(ALL_BYTES) + "\n"  # every character of a name, the same JSON on both
    liked = bgstats.backup_text(plays, ODD_LIKE)
    assert vm.stdout == here + liked
    assert json.loads(bgstats.dumps(ALL_BYTES)) == ALL_BYTES
    # ZOË is not Zoë, a no-break space is not trimmed, an anonymous player never matched by name;
    # Ann by her uuid (ours), Showtime trimmed and folded; their float rating not taken for our int
    got = json.loads(liked)
    kept = {p["name"]: p["id"] for p in got["players"] if p["id"] in (3, 4, 7, 9)}
    assert kept == {"Ann": 7, "\u00a0Jörg\\ Ñ\b\f": 4}  # 4: their own player, in the file as theirs
    assert (got["userInfo"]["meRefId"], got["games"][0]["id"], got["games"][0]["rating"]) == (4, 2, 0)
    assert "Zoë" in [p["name"] for p in got["players"]] and "Jörg\\ Ñ" in [p["name"] for p in got["players"]]
    # and what CPython's own tools say of it: urllib's quote, json's reading
    assert bgstats.quote(ALL_BYTES) == url_quote(ALL_BYTES)
    links = bgstats.links_text(plays).split()
    assert [json.loads(unquote(x[len(bgstats.LINK) :])) for x in links] == [bgstats.push(p) for p in plays]
    assert json.loads(bgstats.backup_text(plays)) == bgstats.backup(plays)
    # the CLI writes exactly what the module gives
    assert run("export", "--db", db, "--format", "bgstats-links").stdout == bgstats.links_text(plays[:-2])
    assert backup_of(db) == bgstats.backup_text(plays[:-2])


ROWPLAY_SCRIPT = """
import sys, json
sys.path.insert(0, %r)
import rowplay
cases = json.load(open(%r))
seen = set()
out = []
for c in cases:
    r = c["row"]
    pid = rowplay.play_id(r, seen)
    ps = rowplay.players_of(r)
    mins = rowplay.minutes(int(r.get("created") or 0), c["actions"])
    facts = {"game": r["game"], "title": r["game"], "date": "d", "minutes": mins, "dated_by": ""}
    out.append([pid, ps, mins, [rowplay.play(pid, facts, ps, "s", p) for p in c["parts"]]])
sys.stdout.write(json.dumps(out))
"""


def test_a_row_becomes_the_same_plays_on_the_micropython_vm(night, tmp_path):
    """history/rowplay.py, the row-to-play steps `usher export` and the web
    page's VM (web/vm/webplays.py) share, gives on MicroPython what it
    gives on CPython (the same script run by both): ids (a legacy name's first game, a second copy),
    players, minutes (a clock never set), a Films match's plays."""
    from usher_tools.history.plays import plays as plays_of_row

    db, _ = night
    rows = History(db).all()
    legacy = dict(rows[0], name="old", gid="old@%d" % CREATED, copy=0)
    unset = dict(rows[1], created=5, copy=2, result={"finished": False})
    cases = []
    for r in rows + [legacy, legacy, unset]:
        keep = {k: r[k] for k in ("device", "gid", "name", "created", "copy", "game", "result", "players")}
        actions = parse_bytes(r["data"]).records
        parts = [None] + (plays_of_row(r) if r["game"] == "films" else [])
        cases.append({"row": keep, "actions": actions, "parts": parts})
    timed = [{"t": "x", "at": CREATED + 125}, {"t": "x", "at": CREATED + 2999}, {"t": "x", "at": "late"}, 7]
    cases.append({"row": cases[0]["row"], "actions": timed, "parts": [None]})
    src = tmp_path / "cases.json"
    src.write_text(json.dumps(cases), encoding="utf-8")
    script = tmp_path / "vm.py"
    folder = os.path.join(ROOT, "host_tools", "usher_tools", "history")
    script.write_text(ROWPLAY_SCRIPT % (folder, str(src)), encoding="utf-8")
    vm = micropython([str(script)], heap="1M")
    assert vm.returncode == 0, vm.stderr + vm.stdout
    py = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert py.returncode == 0, py.stderr
    here = json.loads(py.stdout)
    assert json.loads(vm.stdout) == here
    ids = [h[0] for h in here]
    assert ids[-4:-2] == ["d1:old", "d1:old@%d" % CREATED]  # only a legacy name's first game keeps DEVICE:NAME
    assert ids[-2].endswith("#2") and here[-2][2] is None and here[-2][1][0]["score"] is None
    assert here[-1][2] == 50 and here[-1][3][0]["minutes"] == 50
    films = [h for h in here if h[3][0]["game"] == "films"][0]
    assert [p["id"].rsplit("#", 1)[-1] for p in films[3][1:]] == ["g1", "g2", "g3"][: len(films[3]) - 1]
    assert len(films[3]) > 2 and films[3][1]["players"] != films[3][0]["players"]


# -- QR codes ----------------------------------------------------------------------------------
def decode(image):
    import zxingcpp

    found = zxingcpp.read_barcodes(image)
    return [(b.format.name if hasattr(b.format, "name") else str(b.format), b.text) for b in found]


def text_to_image(text):
    """The terminal's half blocks as pixels: a drawn half light, else dark
    (a dark terminal), 4 pixels a module."""
    lines = [line for line in text.split("\n") if line]
    w, h = max(len(line) for line in lines), len(lines) * 2
    img = Image.new("L", (w, h), 0)
    top = {"█": (1, 1), "▀": (1, 0), "▄": (0, 1), " ": (0, 0)}
    for y, line in enumerate(lines):
        for x, ch in enumerate(line):
            a, b = top[ch]
            img.putpixel((x, 2 * y), 255 * a)
            img.putpixel((x, 2 * y + 1), 255 * b)
    return img.resize((w * 4, h * 4), Image.NEAREST)


def test_qr_png_files_decode_back_to_their_links(night, tmp_path):
    db, _ = night
    out = tmp_path / "qr"
    r = run("export", "--db", db, "--format", "bgstats-links", "--qr", "-o", str(out))
    assert r.exit_code == 0, r.output
    links = (out / "links.txt").read_text().split()
    assert links == run("export", "--db", db, "--format", "bgstats-links").stdout.split()
    pngs = [os.path.basename(p) for p in r.stdout.split()]
    # named by the game, so the next sync's plays never shift them
    assert pngs == [
        "g0001-showtime.png",
        "g0002-showbiz.png",
        "g0003-films-game-1.png",
        "g0003-films-game-2.png",
        "g0003-films-game-3.png",
        "g0004-show-manager.png",
    ]
    assert sorted(p for p in os.listdir(out) if p.endswith(".png")) == sorted(pngs)
    for png, link in zip(pngs, links, strict=True):
        got = decode(Image.open(out / png))
        assert [t for _, t in got] == [link], png
        assert "QR" in got[0][0]


def test_qr_in_the_terminal_decodes_back_to_its_link(night):
    db, _ = night
    # a terminal wide enough for these codes (test_cli_layout.py: one of 80 columns)
    r = CliRunner().invoke(
        main,
        ["export", "--db", db, "--format", "bgstats-links", "--qr"],
        env={"COLUMNS": "130"},
        catch_exceptions=False,
    )
    assert r.exit_code == 0, r.output
    blocks = r.stdout.split("\n\n")
    links = run("export", "--db", db, "--format", "bgstats-links").stdout.split()
    chunks = [b for b in blocks if b.strip()]
    assert len(chunks) == len(links) == 6
    date = json.loads(run("games", "--db", db, "--json").stdout)[0]["date"][:16]
    captions = ["g0001  Showtime", "g0002  Showbiz"] + ["g0003  Films, game %d of the match" % k for k in (1, 2, 3)]
    for chunk, link, caption in zip(chunks, links, captions + ["g0004  Show Manager"], strict=True):
        first, rest = chunk.split("\n", 1)
        assert first == "%s  %s" % (caption, date)  # which game each code is, above it
        assert set(rest) <= set("█▀▄ \n")
        assert [t for _, t in decode(text_to_image(rest))] == [link]


def longest_names(n):
    """n players with the longest names the device takes (16 characters),
    each outside ASCII (two bytes of UTF-8, six characters in a link): the
    longest link a game of n players can make."""
    return [chr(ord("A") + i) + "ÄÖÜßéèêëàáâãäåç" for i in range(n)]


def manager_play(names, game="show_manager", title="Show Manager"):
    return {
        "id": "e6614103e7311a2b:5f2c9a1b3d4e6f7012345678#2",
        "game": game,
        "title": title,
        "date": "2026-11-28 20:15:00",
        "minutes": 123,
        "dated_by": "the sync",
        "start": names[0],
        "players": [{"name": n, "score": 100 + i, "rank": i + 1, "winner": i == 0} for i, n in enumerate(names)],
    }


def test_a_four_player_show_manager_link_fits_a_qr_code_even_with_the_longest_names():
    play = manager_play(longest_names(4))
    link = bgstats.link(play)
    assert len(link) < ex.QR_MAX
    code = ex.qr_code(link)
    assert code is not None
    buf = io.BytesIO()
    code.save(buf, kind="png", scale=4, border=4)
    buf.seek(0)
    assert [t for _, t in decode(Image.open(buf))] == [link]


def test_a_link_too_long_for_a_qr_code_is_one_line_and_the_link_stays(tmp_path):
    # Showbiz takes 8 players: with the longest names that is more than a QR code holds
    names = longest_names(8)
    assert all(len(n) == 16 for n in names)
    assert len(bgstats.link(manager_play(names, "showbiz", "Showbiz"))) > ex.QR_MAX
    db = str(tmp_path / "h.sqlite")
    h = History(db)
    view = {"name": "g0009", "game": "showbiz", "created": CREATED, "players": names, "size": 3}
    ps = [{"name": n, "score": 100 - i, "rank": i + 1} for i, n in enumerate(names)]
    res = {"game": "showbiz", "finished": True, "players": ps, "winner": [names[0]]}
    h.save_complete("d1", view, b"...", res, "ok", "")
    h.close()
    r = CliRunner().invoke(main, ["export", "--db", db, "--format", "bgstats-links", "--qr"])
    assert r.exit_code == 0
    (line,) = r.stderr.strip().splitlines()
    assert line.startswith("no QR code for d1:") and "a QR code holds 2953" in line and "--format bgstats" in line
    assert r.stdout.strip() == run("export", "--db", db, "--format", "bgstats-links").stdout.strip()
    out = tmp_path / "qr"
    r = CliRunner().invoke(main, ["export", "--db", db, "--format", "bgstats-links", "--qr", "-o", str(out)])
    assert r.exit_code == 0 and r.stderr.strip() == line
    assert (
        os.listdir(out) == ["links.txt"]
        and (out / "links.txt").read_text() == r.stdout + run("export", "--db", db, "--format", "bgstats-links").stdout
    )


def test_qr_is_for_links_only_and_a_file_is_no_folder(tmp_path, night):
    db, _ = night
    r = CliRunner().invoke(main, ["export", "--db", db, "--qr"])
    assert r.exit_code == 2 and "--qr draws BG Stats links" in r.output
    f = tmp_path / "a-file"
    f.write_text("x")
    r = CliRunner().invoke(main, ["export", "--db", db, "--format", "bgstats-links", "--qr", "-o", str(f)])
    assert r.exit_code == 1 and "it is a file, not a folder" in r.stderr and "Traceback" not in r.output
    assert f.read_text() == "x"


def test_export_help_says_which_format_is_which_and_how_the_app_opens_it():
    text = " ".join(run("export", "--help").output.split())
    for words in ("bgstats the BG Stats import file", "bgstats-links one link a play", "--qr", "scan", "local time"):
        assert words in text, words
