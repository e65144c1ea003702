"""Dates on a real Pico: the laptop sets the device's
clock with every hello; a game begun while the clock was never set is marked
in its header and its list entry, and the history dates it from the sync and
`usher show` says so. (The device's side is in tests/portable/test_app_laptop.py.)"""

import json
import os
import sqlite3
import time

from click.testing import CliRunner
from tooling import TESTS
from usher.core.match import Match
from usher.core.record import encode_line
from usher.core.rng import Rng
from usher.games.catalog import load_game
from usher.games.showtime.game import iter_places
from usher_tools.cli import main
from usher_tools.history.export import dated_by, play_date, when
from usher_tools.history.parsing import parse_record
from usher_tools.history.store import History

from host.cli.test_nothing_lost import SCHEMA_1
from host.sync import test_sync as ts

PICO_BOOT = 1609459200  # 2021-01-01: where a Pico's RTC starts after power-on
WIDE = {"COLUMNS": "1000"}  # `usher show` in a wide terminal: its first line whole


def test_every_hello_sends_the_laptops_time_and_zone():
    dev = ts.Device(games=0)
    with dev.client() as c:
        info = c.hello()
    assert info["clock"] is True
    t, tz = dev.link.clock
    assert abs(t - time.time()) < 5
    assert tz == time.localtime(t).tm_gmtoff


def test_a_game_begun_with_the_clock_unset_is_dated_from_the_sync(tmp_path):
    dev = ts.Device(games=0)
    g = load_game("dice")
    setup = g.make_setup([{"name": "Anna", "colour": 0}], {}, {})
    # the Pico's clock after power-on: a plausible date, and a wrong one
    m = Match.start(dev.storage, dev.library.new_name(), g, setup, PICO_BOOT + 600, clock_set=False)
    dev.library.add(m)
    assert m.header["clock"] == "unset"
    db = str(tmp_path / "history.sqlite")
    h = History(db)
    before = int(time.time())
    ts.sync(dev, h)
    row = h.get(ts.DEVICE_ID, m.name)
    h.close()
    assert row["device_view"]["clock"] == "unset"
    assert when(row) >= before  # the sync's time, not 2021
    assert play_date(row).startswith(time.strftime("%Y-%m-%d", time.localtime(row["synced_at"])))
    got = CliRunner().invoke(main, ["games", "--db", db])
    assert "2021-01-01" not in got.output, got.output
    got = CliRunner().invoke(main, ["show", m.name, "--db", db], env=WIDE)
    assert got.exit_code == 0, got.output
    assert "dated by the first sync that brought it: the device's clock was not set" in got.output


def test_a_game_begun_with_the_clock_set_keeps_its_own_date(tmp_path):
    dev = ts.Device(games=1)
    db = str(tmp_path / "history.sqlite")
    h = History(db)
    ts.sync(dev, h)
    row = h.get(ts.DEVICE_ID, "g0001")
    h.close()
    assert "clock" not in row["device_view"]
    assert when(row) == row["created"]
    got = CliRunner().invoke(main, ["show", "g0001", "--db", db])
    assert "clock was not set" not in got.output


# -- the first sync that saw a clock-less game dates it, for good --------
def later(monkeypatch):
    """The laptop's clock, moved on by hand (`ahead[0]` seconds): a sync
    minutes after another without waiting minutes. Every usher module reads
    time.time, so the sync, the history and the device's hello all see it."""
    real = time.time
    ahead = [0]
    monkeypatch.setattr(time, "time", lambda: real() + ahead[0])
    return ahead


def clockless_showtime(dev):
    """A Showtime game begun on a Pico whose clock was never set, with a uid
    as the device gives every new game."""
    g = load_game("showtime")
    setup = g.make_setup([{"name": n, "colour": i} for i, n in enumerate(("Anna", "Ben"))], {"first": None}, {})
    name = dev.library.new_name()
    m = Match.start(dev.storage, name, g, setup, PICO_BOOT + 600, uid=dev.library.new_uid(), clock_set=False)
    dev.library.add(m)
    return m


def play(dev, m, moves, rng):
    """Up to `moves` more moves entered as the buttons would (the record grows on the device)."""
    for _ in range(moves):
        if m.is_over():
            break
        kind = m.game.expects(m.state)[0].kind
        if kind in ("poster", "first"):
            m.submit({"t": kind}, rng)
        else:
            acts = list(iter_places(m.state))
            m.submit(acts[rng.below(len(acts))])
    dev.library.update(m)


def local(t):
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(t))


def test_a_clock_less_game_synced_three_times_as_it_grows_keeps_the_first_syncs_date(tmp_path, monkeypatch):
    """A clock-less game (g0006) synced near its start, mid-game and finished, each
    sync minutes after the last; its date, `usher games` and its BG Stats
    play keep the first sync's time."""
    ahead = later(monkeypatch)
    dev = ts.Device(games=0)
    m = clockless_showtime(dev)
    rng = Rng(3)
    play(dev, m, 6, rng)
    db = str(tmp_path / "history.sqlite")
    h = History(db)
    before = int(time.time())
    ts.sync(dev, h)
    after = int(time.time())
    dates = [play_date(h.get(ts.DEVICE_ID, m.name))]
    assert local(before) <= dates[0] <= local(after)  # the first sync's time, not the Pico's 2021

    ahead[0] = 180  # three minutes on, mid-game
    play(dev, m, 20, rng)
    assert not m.is_over()
    report = ts.sync(dev, h)
    assert ts.by_name(report)[m.name]["action"] == "updated"
    dates.append(play_date(h.get(ts.DEVICE_ID, m.name)))

    ahead[0] = 360  # finished, three minutes later again
    play(dev, m, 1000, rng)
    assert m.is_over()
    report = ts.sync(dev, h)
    assert ts.by_name(report)[m.name]["action"] == "updated"
    row = h.get(ts.DEVICE_ID, m.name)
    h.close()
    assert row["result"]["finished"] and row["status"] == "ok", row["problem"]
    dates.append(play_date(row))
    assert dates == [dates[0]] * 3

    got = CliRunner().invoke(main, ["games", "--json", "--db", db])
    assert [g["date"] for g in json.loads(got.stdout)] == [dates[0]], got.output
    got = CliRunner().invoke(main, ["export", "--db", db, "--format", "bgstats"])
    assert got.exit_code == 0, got.output
    (bg,) = json.loads(got.stdout)["plays"]
    assert bg["playDate"] == dates[0]
    assert bg["comments"].startswith("Dated by the sync (%s): " % dates[0]), bg["comments"]
    got = CliRunner().invoke(main, ["show", m.name, "--db", db], env=WIDE)
    assert "%s  (dated by the first sync that brought it: the device's clock was not set)" % dates[0][:16] in got.output


def clockless_view(uid, name="g0001", **kw):
    v = {"name": name, "game": "dice", "created": 600, "uid": uid, "clock": "unset", "players": ["Anna"]}
    v.update(finished=True, size=3, **kw)
    return v


def test_a_finished_game_sent_back_different_keeps_its_date_and_a_new_game_under_its_name_gets_its_own(
    tmp_path, monkeypatch
):
    ahead = later(monkeypatch)
    h = History(str(tmp_path / "history.sqlite"))
    t0 = int(time.time())
    done = {"finished": True}
    first, _ = h.save_complete("d1", clockless_view("aaaa"), b"one", done, "ok", "")
    assert t0 <= when(first) < t0 + 180
    ahead[0] = 180
    row, note = h.save_complete("d1", clockless_view("aaaa"), b"two", done, "ok", "")
    assert "both kept" in note and row["copy"] == 1
    # the same game (its device, its uid): the copy keeps the date of the first sync that saw it
    assert [(r["copy"], when(r)) for r in h.find("aaaa")] == [(0, when(first)), (1, when(first))]
    ahead[0] = 360  # deleted on the device; the name comes back for a new game, under a new uid
    row, _ = h.save_complete("d1", clockless_view("bbbb"), b"new", done, "ok", "")
    assert when(row) >= t0 + 360 and dated_by(row) == "the sync"

    # usher import dates it the same way: the first import (or sync) that saw it
    ahead[0] = 600
    pre = clockless_view("", name="g0009", imported=int(time.time()))  # a record from before uids
    first, _ = h.save_partial("d2", pre, b"ab")
    ahead[0] = 900
    row, _ = h.save_complete("d2", dict(pre, imported=int(time.time())), b"abc", done, "ok", "")
    assert when(row) == when(first) < t0 + 900 and dated_by(row) == "the import"
    ahead[0] = 1200  # then synced from the device: still dated by that import
    row, _ = h.save_complete("d2", clockless_view("", name="g0009"), b"abcd", done, "ok", "")
    assert when(row) == when(first) and dated_by(row) == "the import"
    h.close()


def test_usher_import_dates_a_clock_less_game_by_the_first_import_that_saw_it(tmp_path, monkeypatch):
    """The page's records handed over twice as the game grew: the second
    import keeps the first one's date, and the BG Stats comment names it."""
    ahead = later(monkeypatch)
    with open(os.path.join(TESTS, "records", "showtime_4p.rec")) as f:
        header, records = parse_record(f.read())
    header = dict(header, created=PICO_BOOT + 600, clock="unset")
    db = str(tmp_path / "history.sqlite")
    path = str(tmp_path / "usher-e9fd1a0609f01142-g0006.log")
    dates = []
    for n, at in ((30, 0), (len(records), 180)):
        ahead[0] = at
        with open(path, "wb") as f:
            f.write(b"".join(encode_line(o) for o in [header] + records[:n]))
        got = CliRunner().invoke(main, ["import", "--db", db, path])
        assert got.exit_code == 0, got.output
        (game,) = json.loads(CliRunner().invoke(main, ["games", "--json", "--db", db]).stdout)
        dates.append(game["date"])
    assert game["finished"] and dates == [dates[0]] * 2
    (bg,) = json.loads(CliRunner().invoke(main, ["export", "--db", db, "--format", "bgstats"]).stdout)["plays"]
    assert bg["playDate"] == dates[0] and bg["comments"].startswith("Dated by the import (%s): " % dates[0])


SCHEMA_2 = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE devices(id TEXT PRIMARY KEY, fw TEXT NOT NULL DEFAULT '', last_sync INTEGER NOT NULL DEFAULT 0);
CREATE TABLE games(
    id INTEGER PRIMARY KEY AUTOINCREMENT, device TEXT NOT NULL, name TEXT NOT NULL, gid TEXT NOT NULL,
    copy INTEGER NOT NULL DEFAULT 0, game TEXT NOT NULL DEFAULT '', created INTEGER NOT NULL DEFAULT 0,
    players TEXT NOT NULL DEFAULT '[]', size INTEGER NOT NULL DEFAULT -1, data BLOB NOT NULL DEFAULT x'',
    complete INTEGER NOT NULL DEFAULT 0, device_view TEXT NOT NULL DEFAULT '{}', result TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL DEFAULT 'partial', problem TEXT NOT NULL DEFAULT '', synced_at INTEGER NOT NULL DEFAULT 0,
    UNIQUE(device, gid, copy));
CREATE TABLE replaced(id INTEGER PRIMARY KEY AUTOINCREMENT, game_id INTEGER NOT NULL, data BLOB NOT NULL,
    status TEXT NOT NULL, problem TEXT NOT NULL, replaced_at INTEGER NOT NULL);
PRAGMA application_id=1431521362;  -- "USHR", as every usher history
INSERT INTO meta VALUES('schema', '2');
"""


def test_an_older_history_s_rows_take_the_earliest_sync_it_kept(tmp_path):
    """A history from before the first sync was kept (schema 2) knows each
    sync's time only as synced_at, the last one: the earliest the file holds
    for a game (its copies, the syncs that archived a cut record) dates it,
    and `usher show` says that date may be a later sync's."""
    path = str(tmp_path / "old.sqlite")
    con = sqlite3.connect(path)
    con.executescript(SCHEMA_2)
    rows = [
        # (id, name, gid, copy, view, synced_at): a game kept twice, one cut and replaced, one imported
        (1, "g0001", "aaaa", 0, {"clock": "unset"}, 1_700_001_000),
        (2, "g0001", "aaaa", 1, {"clock": "unset"}, 1_700_002_000),
        (3, "g0002", "bbbb", 0, {"clock": "unset"}, 1_700_003_000),
        (4, "g0003", "cccc", 0, {"clock": "unset", "imported": 1_700_003_900}, 1_700_004_000),
        (5, "g0004", "dddd", 0, {}, 1_700_005_000),
    ]
    for rid, name, gid, copy, view, at in rows:
        con.execute(
            "INSERT INTO games(id, device, name, gid, copy, game, created, data, complete, device_view, result,"
            " status, synced_at) VALUES(?, 'd1', ?, ?, ?, 'dice', ?, x'00', 1, ?, '{\"finished\": true}', 'ok', ?)",
            (rid, name, gid, copy, 1_700_000_000 if not view else 600, json.dumps(dict(view, name=name)), at),
        )
    con.execute(
        "INSERT INTO replaced(game_id, data, status, problem, replaced_at) VALUES(3, x'01', 'ok', '', ?)",
        (1_700_002_500,),
    )
    con.commit()
    con.close()

    h = History(path)
    got = {r["id"]: (when(r), dated_by(r)) for r in h.all()}
    assert h.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()[0] == "3"
    h.close()
    assert got == {
        1: (1_700_001_000, "the sync"),
        2: (1_700_001_000, "the sync"),  # its first copy was synced earlier
        3: (1_700_002_500, "the sync"),  # a sync replaced its cut record before the last one
        4: (1_700_004_000, "the import"),
        5: (1_700_000_000, ""),  # the device's clock dates it
    }
    out = CliRunner().invoke(main, ["show", "1", "--db", path], env=WIDE).output
    assert "earliest sync this history kept" in out.splitlines()[0], out


def test_a_schema_1_history_s_rows_take_their_sync(tmp_path):
    path = str(tmp_path / "old.sqlite")
    con = sqlite3.connect(path)
    con.executescript(
        SCHEMA_1
        + """
        INSERT INTO games(device, name, game, created, data, complete, status, synced_at)
            VALUES('d1', 'g0001', 'dice', 5, x'00', 1, 'ok', 1700000123);
        """
    )
    con.commit()
    con.close()
    h = History(path)
    row = h.get("d1", "g0001")
    h.close()
    assert (row["gid"], when(row), dated_by(row)) == ("g0001@5", 1_700_000_123, "the sync")
