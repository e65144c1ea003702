"""Nothing lost, no traceback. A game's identity is never reused, a history
that is not ours or is damaged is refused untouched in every command,
unwritable outputs are one line, `usher sync` says which games it did not
bring and exits non-zero, BG Stats plays mark the real start player in BG
Stats' own format."""

import contextlib
import hashlib
import json
import os
import sqlite3

import pytest
from click.testing import CliRunner
from tooling import TESTS
from usher.core.match import Match
from usher.core.rng import Rng
from usher.games.catalog import load_game
from usher.games.showtime.game import iter_places
from usher_tools.cli import common as cli_common
from usher_tools.cli import main
from usher_tools.history.store import History, HistoryError
from usher_tools.link.sync import rescore

from host.sync import test_sync as ts

RECORDS = os.path.join(TESTS, "records")


def run(*args):
    # a wide terminal: each sentence of `show` on one line (test_cli_layout.py checks 80 columns)
    r = CliRunner().invoke(main, list(args), env={"COLUMNS": "1000"})
    return r


def one_line_exit(r, code=1):
    assert r.exit_code == code, (r.exit_code, r.output, r.exception)
    assert isinstance(r.exception, SystemExit), r.exception
    assert "Traceback" not in r.output
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, r.stderr
    return lines[0]


def play_showtime(dev, seed, uid="", created=1764400000, players=("Anna", "Ben")):
    """A whole Showtime game on the device, as its buttons would enter it."""
    g = load_game("showtime")
    setup = g.make_setup([{"name": n, "colour": i} for i, n in enumerate(players)], {"first": None}, {})
    m = Match.start(dev.storage, dev.library.new_name(), g, setup, created=created, uid=uid)
    r = Rng(seed)
    while not m.is_over():
        kind = g.expects(m.state)[0].kind
        if kind in ("poster", "first"):
            m.submit({"t": kind}, r)
        else:
            acts = list(iter_places(m.state))
            m.submit(acts[r.below(len(acts))])
    dev.library.add(m)
    return m


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "history.sqlite")


def sync_into(dev, db):
    h = History(db)
    try:
        return ts.sync(dev, h)
    finally:
        h.close()


# -- a game's identity is never reused ------------------------------------------
def test_delete_then_a_new_game_under_the_same_name_keeps_both(db):
    dev = ts.Device(games=0)
    first = play_showtime(dev, seed=1, uid=dev.library.new_uid())
    assert first.name == "g0001" and first.header["uid"]
    sync_into(dev, db)
    dev.library.delete("g0001")
    second = play_showtime(dev, seed=2, uid=dev.library.new_uid(), created=1764500000)
    assert second.name == "g0001"  # the name comes back, the uid never does
    report = sync_into(dev, db)
    assert [(g["name"], g["action"]) for g in report["games"]] == [("g0001", "new")]
    games = json.loads(run("games", "--db", db, "--json").stdout)
    assert [(g["name"], g["uid"]) for g in games] == [("g0001", first.header["uid"]), ("g0001", second.header["uid"])]
    stats = json.loads(run("stats", "--db", db, "--json").stdout)
    assert stats["titles"][0]["plays"] == 2
    plays = json.loads(run("export", "--db", db, "--format", "bgstats").stdout)["plays"]
    assert len(plays) == 2 and len({p["uuid"] for p in plays}) == 2
    assert len(json.loads(run("export", "--db", db, "--format", "json").stdout)) == 2


def test_a_record_without_uid_under_an_old_name_and_date_keeps_the_finished_game_and_says_so(db):
    """Firmware from before uids: same name, same start time, other content."""
    dev = ts.Device(games=0)
    play_showtime(dev, seed=1)
    sync_into(dev, db)
    old = History(db).get(ts.DEVICE_ID, "g0001")
    dev.library.delete("g0001")
    play_showtime(dev, seed=7)
    report = sync_into(dev, db)
    g = ts.by_name(report)["g0001"]
    assert g["action"] == "kept both" and "both kept" in g["note"], g
    h = History(db)
    rows = h.all()
    assert [r["data"] for r in rows] == [old["data"], dev.log("g0001")]
    assert [r["copy"] for r in rows] == [0, 1]
    h.close()
    again = sync_into(dev, db)  # nothing new: the copy is what the device has
    assert [g["action"] for g in again["games"]] == ["same"]


def test_a_record_without_uid_under_an_old_name_and_another_date_is_a_new_game(db):
    dev = ts.Device(games=0)
    play_showtime(dev, seed=1)
    sync_into(dev, db)
    dev.library.delete("g0001")
    play_showtime(dev, seed=3, created=1764600000)
    report = sync_into(dev, db)
    assert ts.by_name(report)["g0001"]["action"] == "new"
    assert len(History(db).all()) == 2


def test_an_unfinished_game_that_was_cut_is_replaced_and_the_old_bytes_archived(db):
    dev = ts.Device(games=0)
    dev.add_dice(5)
    sync_into(dev, db)
    old = dev.log("g0001")
    dev.storage.files["g0001.log"] = old[: old.index(b"\n") + 1]
    dev.library.open("g0001").submit({"t": "roll", "n": 1}, Rng(9))
    report = sync_into(dev, db)
    assert ts.by_name(report)["g0001"]["action"] == "replaced"
    h = History(db)
    assert len(h.all()) == 1 and [r["data"] for r in h.replaced(h.all()[0]["id"])] == [old]


# a history as usher wrote it before the (device, gid, copy) key: its tables, schema 1
SCHEMA_1 = """
        CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE devices(id TEXT PRIMARY KEY, fw TEXT NOT NULL DEFAULT '', last_sync INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE games(id INTEGER PRIMARY KEY AUTOINCREMENT, device TEXT NOT NULL, name TEXT NOT NULL,
            game TEXT NOT NULL DEFAULT '', created INTEGER NOT NULL DEFAULT 0, players TEXT NOT NULL DEFAULT '[]',
            size INTEGER NOT NULL DEFAULT -1, data BLOB NOT NULL DEFAULT x'', complete INTEGER NOT NULL DEFAULT 0,
            device_view TEXT NOT NULL DEFAULT '{}', result TEXT NOT NULL DEFAULT '{}',
            status TEXT NOT NULL DEFAULT 'partial', problem TEXT NOT NULL DEFAULT '',
            synced_at INTEGER NOT NULL DEFAULT 0, UNIQUE(device, name));
        CREATE TABLE replaced(id INTEGER PRIMARY KEY AUTOINCREMENT, game_id INTEGER NOT NULL, data BLOB NOT NULL,
            status TEXT NOT NULL, problem TEXT NOT NULL, replaced_at INTEGER NOT NULL);
        INSERT INTO meta VALUES('schema', '1');
"""


def test_a_schema_1_history_is_carried_over(tmp_path):
    path = str(tmp_path / "old.sqlite")
    con = sqlite3.connect(path)
    con.executescript(
        SCHEMA_1
        + """
        INSERT INTO games(device, name, game, created, data, complete, status) VALUES('d1', 'g0001', 'dice', 5,
            x'00', 1, 'ok');
        """
    )
    con.commit()
    con.close()
    h = History(path)
    row = h.get("d1", "g0001")
    assert row["gid"] == "g0001@5" and row["copy"] == 0 and row["data"] == b"\x00"
    h.close()


def test_the_device_gives_every_new_game_a_uid_and_lists_it():
    dev = ts.Device(games=0)
    m = play_showtime(dev, seed=1, uid=dev.library.new_uid())
    uid = m.header["uid"]
    assert len(uid) == 12 and int(uid, 16) >= 0 and dev.library.new_uid() != uid
    assert dev.library.find("g0001")["uid"] == uid
    with dev.client() as c:
        c.hello()
        assert c.list_games()[0]["uid"] == uid


# -- a history that is not ours, damaged, or newer ----------------------------------
def make_history(path):
    dev = ts.Device(games=0)
    play_showtime(dev, seed=1, uid="00aa00aa00aa")
    h = History(path)
    ts.sync(dev, h)
    h.close()


def bad_histories(tmp_path):
    good = str(tmp_path / "good.sqlite")
    make_history(good)
    con = sqlite3.connect(good)  # fold the WAL into the file, as a copy would carry it
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    data = open(good, "rb").read()
    out = {}
    out["truncated"] = data[: len(data) // 2]
    out["garbage"] = bytes((i * 37 + 11) % 256 for i in range(8192))
    out["text"] = b"Anna,Ben\n1,2\n" * 50
    out["header-only"] = data[:100]
    newer = str(tmp_path / "newer.sqlite")
    make_history(newer)
    con = sqlite3.connect(newer)
    con.execute("UPDATE meta SET value='9' WHERE key='schema'")
    con.commit()
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    out["newer"] = open(newer, "rb").read()
    return out


COMMANDS = [
    ["games"],
    ["games", "--json"],
    ["show", "g0001"],
    ["stats"],
    ["report", "g0001", "-o", "{tmp}/r.png"],
    ["export"],
    ["export", "--format", "bgstats"],
    ["sync", "--port", "/dev/null-usher"],
    ["delete", "g0001", "--port", "/dev/null-usher"],
]


def test_a_damaged_or_newer_history_is_one_line_and_exit_1_in_every_command(tmp_path):
    for kind, data in bad_histories(tmp_path).items():
        path = tmp_path / ("%s.sqlite" % kind)
        path.write_bytes(data)
        for cmd in COMMANDS:
            args = [a.replace("{tmp}", str(tmp_path)) for a in cmd] + ["--db", str(path)]
            line = one_line_exit(run(*args))
            assert str(path) in line, (kind, cmd, line)
            if kind == "newer":
                assert "newer usher" in line


def digest(path):
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


def test_another_programs_sqlite_file_is_refused_and_left_untouched(tmp_path):
    path = str(tmp_path / "photos.db")
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE photos(id INTEGER PRIMARY KEY, title TEXT)")
    con.execute("INSERT INTO photos(title) VALUES('beach')")
    con.commit()
    con.close()
    before = digest(path)
    for cmd in (["games"], ["stats"], ["export"], ["sync", "--port", "/dev/null-usher"]):
        line = one_line_exit(run(*(cmd + ["--db", path])))
        assert "not an usher history" in line and "untouched" in line
    assert digest(path) == before
    assert not os.path.exists(path + "-wal") and not os.path.exists(path + "-shm")
    con = sqlite3.connect(path)
    assert [r[0] for r in con.execute("SELECT name FROM sqlite_master")] == ["photos"]
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    con.close()
    with pytest.raises(HistoryError):
        History(path)


def test_an_empty_sqlite_file_becomes_a_history(tmp_path):
    path = str(tmp_path / "empty.db")
    sqlite3.connect(path).close()
    History(path).close()
    assert run("games", "--db", path, "--json").exit_code == 0


# -- outputs that cannot be written ------------------------------------------------
def finished_db(db):
    make_history(db)
    return db


def test_unwritable_report_and_export_paths_are_one_line(db, tmp_path):
    finished_db(db)
    line = one_line_exit(run("report", "g0001", "--db", db, "-o", "/nonexistent/x.png"))
    assert "cannot write /nonexistent/x.png" in line
    line = one_line_exit(run("export", "--db", db, "-o", "/dev/full"))
    assert "cannot write /dev/full" in line
    line = one_line_exit(run("export", "--db", db, "--format", "bgstats", "-o", str(tmp_path)))
    assert "cannot write" in line


def test_report_writes_a_jpeg_for_jpg_and_refuses_other_suffixes(db, tmp_path):
    finished_db(db)
    jpg = tmp_path / "night.jpg"
    r = run("report", "g0001", "--db", db, "-o", str(jpg))
    assert r.exit_code == 0, r.output
    assert jpg.read_bytes()[:3] == b"\xff\xd8\xff"  # a JPEG, not a PNG named .jpg
    png = tmp_path / "night.png"
    assert run("report", "g0001", "--db", db, "-o", str(png)).exit_code == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    line = one_line_exit(run("report", "g0001", "--db", db, "-o", str(tmp_path / "night.gif")))
    assert ".jpg" in line and "night.gif" in line


@contextlib.contextmanager
def fake_device(dev):
    """The CLI's device() wired to a device served in this process."""

    @contextlib.contextmanager
    def device(port, timeout):
        with dev.client(timeout=min(timeout, 1.0)) as c:
            yield c

    saved = cli_common.device
    import usher_tools.cli.link as cd

    cd.device = device
    try:
        yield
    finally:
        cd.device = saved


def test_settings_pull_to_an_unwritable_file_is_one_line():
    dev = ts.Device(games=0)
    with fake_device(dev):
        line = one_line_exit(run("settings", "pull", "-o", "/dev/full"))
        assert "cannot write /dev/full" in line
        line = one_line_exit(run("settings", "pull", "-o", "/nonexistent/s.json"))
        assert "cannot write /nonexistent/s.json" in line


# -- sync says which games it did not bring ------------------------------------------
def test_sync_with_a_game_refused_on_the_device_exits_6_and_names_it(db):
    dev = ts.secret_device()
    dev.port.press = "no"
    with fake_device(dev):
        r = run("sync", "--db", db, "--json")
    assert r.exit_code == 6, r.output
    report = json.loads(r.stdout)
    assert [g["name"] for g in report["not_synced"]] == ["g0002"]
    assert "g0002" in r.stderr and "Back was pressed on the device" in r.stderr


def test_sync_with_a_question_nobody_answers_exits_4_and_names_it(db):
    dev = ts.secret_device()
    dev.port.press = ""
    with fake_device(dev):
        r = run("sync", "--db", db, "--wait", "0.3")
    assert r.exit_code == 4, r.output
    assert "1 game(s) not synced: g0002" in r.stderr and "nobody pressed ok" in r.stderr


def test_sync_where_every_game_came_exits_0(db):
    dev = ts.Device(games=2)
    with fake_device(dev):
        r = run("sync", "--db", db)
    assert r.exit_code == 0, r.output


class PausingPort(ts.LinkedPort):
    """After `at` bytes, this process is stopped for `secs` seconds (as by a
    laptop's suspend): the device, whose reads stall meanwhile, drops the
    transfer, and the clock jumps. `times` pauses at most."""

    def __init__(self, link, dev, clock, at, secs=12.0, times=1):
        ts.LinkedPort.__init__(self, link, dev)
        self.clock, self.at, self.step, self.secs, self.times = clock, at, at, secs, times

    def read(self, n=1):
        if self.times and self.read_total >= self.at:
            self.times -= 1
            self.at = self.read_total + self.step
            self.clock.skip += self.secs
            self.link._drop()  # what the device does after 5 s without the host reading
            self.dev.out.clear()
            self.dev.out += b"\n"
        if self.times:
            n = max(1, min(n, self.at - self.read_total))
        return ts.LinkedPort.read(self, n)


class Clock:
    def __init__(self):
        import time

        self.real = time
        self.skip = 0.0

    def monotonic(self):
        return self.real.monotonic() + self.skip

    def __getattr__(self, name):
        return getattr(self.real, name)


def paused_device(monkeypatch, times, at=0):
    import usher_tools.link.client as client_mod

    clock = Clock()
    monkeypatch.setattr(client_mod, "time", clock)
    dev = ts.Device(games=1, rolls=150)
    dev.port = PausingPort(dev.link, dev.serial, clock, at=at or len(dev.log("g0001")) // 3, times=times)
    return dev


def test_a_sync_paused_mid_transfer_resumes_and_completes(monkeypatch, db):
    dev = paused_device(monkeypatch, times=1)
    report = sync_into(dev, db)
    assert ts.by_name(report)["g0001"]["status"] == "ok"
    assert History(db).get(ts.DEVICE_ID, "g0001")["data"] == dev.log("g0001")


def test_a_sync_paused_again_and_again_says_it_was_stopped_not_that_the_device_is_silent(monkeypatch, db):
    dev = paused_device(monkeypatch, times=99, at=1500)  # stopped again after about a chunk each time
    report = sync_into(dev, db)
    g = ts.by_name(report)["g0001"]
    assert g["action"] == "failed" and "usher was stopped for 12 s" in g["problem"], g
    assert "REPL" not in g["problem"]
    assert report["not_synced"] == [g]
    part = History(db).get(ts.DEVICE_ID, "g0001")
    assert part["status"] == "partial" and dev.log("g0001").startswith(part["data"])


# -- BG Stats ------------------------------------------------------------------------
# BG Stats' description of a play pushed to it ("Push plays to BG Stats from
# other apps or websites", bgstatsapp.com/support): an example play in that
# shape, values ours. Every key an export writes must be one of these, with
# the same JSON type.
DOCUMENTED = {
    "sourceName": "Some app",
    "sourcePlayId": "p-17",
    "playDate": "2024-03-09 20:15:00",
    "durationMin": 45,
    "location": "Home",
    "board": "",
    "comments": "",
    "game": {"name": "Some game", "bggId": 1, "sourceGameId": "g-1", "highestWins": True, "noPoints": False},
    "players": [
        {
            "name": "Kim",
            "sourcePlayerId": "u-1",
            "score": 31,
            "winner": True,
            "startPlayer": False,
            "rank": 1,
            "role": "",
        }
    ],
}


def same_shape(ours, doc, where="play"):
    assert isinstance(ours, type(doc)) or (isinstance(doc, int) and isinstance(ours, (int, float))), where
    if isinstance(doc, dict):
        extra = set(ours) - set(doc)
        assert not extra, (where, extra)
        for k in ours:
            same_shape(ours[k], doc[k], where + "." + k)
    elif isinstance(doc, list):
        for i, x in enumerate(ours):
            same_shape(x, doc[0], "%s[%d]" % (where, i))


def synced_record(h, name, path, device="d1"):
    from usher_tools.history.parsing import parse_bytes

    rec = parse_bytes(open(path, "rb").read())
    from usher.core.record import encode_line

    data = b"".join(encode_line(o) for o in [rec.header] + rec.records)
    players = [p["name"] for p in rec.header["setup"]["players"]]
    view = {"name": name, "game": rec.header["game"], "created": 1764400000, "players": players, "size": len(data)}
    view["finished"] = True
    res, status, problem = rescore(data, view)
    h.save_complete(device, view, data, res, status, problem)


def test_bgstats_marks_the_real_start_player_in_the_documented_format(db):
    h = History(db)
    synced_record(h, "g0001", os.path.join(RECORDS, "showtime_4p.rec"))
    synced_record(h, "g0002", os.path.join(RECORDS, "showbiz_4p.rec"))
    h.close()
    from urllib.parse import unquote

    links = run("export", "--db", db, "--format", "bgstats-links").stdout.split()
    prefix = "https://app.bgstatsapp.com/createPlay.html?data="
    assert all(x.startswith(prefix) for x in links)
    plays = [json.loads(unquote(x[len(prefix) :])) for x in links]
    starts = {p["game"]["name"]: [q["name"] for q in p["players"] if q["startPlayer"]] for p in plays}
    # Showtime: Cleo was drawn to start; Showbiz: Dev was the first general agent and picked first
    assert starts == {"Showtime": ["Cleo"], "Showbiz": ["Dev"]}
    for p in plays:
        same_shape(p, DOCUMENTED)
        assert all("winner" in q and "startPlayer" in q for q in p["players"])
    # the import file marks the same start players
    backup = json.loads(run("export", "--db", db, "--format", "bgstats").stdout)
    title = {g["id"]: g["name"] for g in backup["games"]}
    who = {p["id"]: p["name"] for p in backup["players"]}
    starts = {
        title[p["gameRefId"]]: [who[q["playerRefId"]] for q in p["playerScores"] if q["startPlayer"]]
        for p in backup["plays"]
    }
    assert starts == {"Showtime": ["Cleo"], "Showbiz": ["Dev"]}


# -- usher show reads as a score sheet ------------------------------------------------
def test_show_tells_each_game_round_by_round_in_words_and_numbers(db):
    h = History(db)
    synced_record(h, "g0001", os.path.join(RECORDS, "showtime_4p.rec"))
    synced_record(h, "g0002", os.path.join(RECORDS, "showbiz_4p.rec"))
    synced_record(h, "g0003", os.path.join(RECORDS, "dice_two_players.rec"))
    h.close()
    text = run("show", "g0001", "--db", db).stdout
    for words in (
        "Screening 1, poster: romance",
        "Cleo starts (drawn).",
        "Cleo seats Nina (13) in row 4, seat 1.",
        "Ben seats Sophie (11) in row 4, seat 1; Cleo's Nina (13) moves to row 4, seat 2.",
        "row 1 seat 1, Heino of Anna: +1 (seat stars)",
        "After screening 1: Anna",
        "Screening 3",
        "Standings",
    ):
        assert words in text, words
    assert '{"t"' not in text and "place {" not in text  # no raw actions unless asked
    text = run("show", "g0002", "--db", db).stdout
    for words in (
        "Year 1",
        "Dev is the general agent.",
        "Taste of the year: red, blue, blue, white, black, yellow.",
        "Anna, Ben claim (1 ZE each).",
        "Bids revealed: Dev 2, Anna 4, Ben 4; a tie: round 2 among them.",
        "Ben signs black in column 1 for 4 years.",
        "Year 1 scored: Anna",
        "Year 10",
        "End roll",
    ):
        assert words in text, words
    text = run("show", "g0003", "--db", db).stdout
    assert "1. roll 2d6: 3 + 5 = 8" in text and "draw from taste: red" in text
    raw = run("show", "g0001", "--db", db, "--raw").stdout
    assert "place {" in raw
    data = json.loads(run("show", "g0002", "--db", db, "--json").stdout)
    assert data["story"][0]["title"] == "Year 1" and data["actions"][0]["action"].startswith("agent")


def test_show_of_a_game_without_a_teller_falls_back_to_each_action_and_the_scores(db, monkeypatch):
    from host.cli import test_cli as tc

    tc.install(monkeypatch, tc.WithSheet())
    tc.fake_row(db)
    text = run("show", "g0007", "--db", db).stdout
    assert "1. score: pts [3, 5]" in text and "scores: Anna 3, Ben 5" in text
    assert "2. score: pts [4, 1]" in text and "scores: Anna 7, Ben 6" in text
