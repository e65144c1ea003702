"""The commands that only read the history create nothing
and write nothing: no history there is one line; an empty file, or a file
that is no history, is refused in one line and left byte for byte (an empty
one at 0 bytes); a history is read without a byte of it changed, an older
one's schema carried over in memory only. `usher import` of files that are
no game record makes no history either, and says what each file is."""

import hashlib
import os
import sqlite3

import pytest
from click.testing import CliRunner
from usher_tools.cli import main
from usher_tools.history.store import History

from host.cli.test_cli_import import DEVICE, device_log
from host.sync import test_sync as ts

READERS = [
    ["games"],
    ["games", "--json"],
    ["show", "g0001"],
    ["stats"],
    ["export"],
    ["export", "--format", "bgstats"],
    ["report", "g0001", "-o", "{tmp}/r.png"],
    ["delete", "g0001", "--port", "/dev/nonexistent-usher"],
]


def run(*args):
    return CliRunner().invoke(main, list(args))


def reader(cmd, tmp_path, db):
    return [a.replace("{tmp}", str(tmp_path)) for a in cmd] + ["--db", db]


def files(folder) -> dict:
    return {n: hashlib.sha256((folder / n).read_bytes()).hexdigest() for n in sorted(os.listdir(folder))}


@pytest.mark.parametrize("cmd", READERS, ids=[" ".join(c) for c in READERS])
def test_an_empty_file_is_refused_in_one_line_and_stays_at_0_bytes(tmp_path, cmd):
    db = tmp_path / "empty.db"
    db.write_bytes(b"")
    r = run(*reader(cmd, tmp_path, str(db)))
    assert r.exit_code == 1, r.output
    assert r.output.splitlines() == ["Error: %s is an empty file, not an usher history: left untouched" % db]
    assert db.stat().st_size == 0
    assert os.listdir(tmp_path) == ["empty.db"]  # no -wal, no -shm, no picture


@pytest.mark.parametrize("what", ["text", "empty-sqlite"])
def test_a_file_that_is_no_history_is_refused_and_left_byte_for_byte(tmp_path, what):
    db = tmp_path / "notes.db"
    if what == "text":
        db.write_text("Anna,Ben\n1,2\n")
    else:  # a SQLite file with no table at all (a header page, nothing in it)
        con = sqlite3.connect(str(db))
        con.execute("CREATE TABLE t(x)")
        con.execute("DROP TABLE t")
        con.commit()
        con.close()
    before = files(tmp_path)
    for cmd in READERS:
        r = run(*reader(cmd, tmp_path, str(db)))
        lines = [ln for ln in r.output.splitlines() if ln.strip()]
        assert r.exit_code == 1 and len(lines) == 1 and str(db) in lines[0], (cmd, r.output)
        assert "Traceback" not in r.output
    assert files(tmp_path) == before


def test_reading_a_history_changes_not_a_byte_of_it(tmp_path):
    db = tmp_path / "history.sqlite"
    h = History(str(db))
    ts.sync(ts.Device(games=2), h)
    h.close()
    before = files(tmp_path)
    for cmd in READERS[:-2]:
        r = run(*reader(cmd, tmp_path, str(db)))
        assert r.exit_code == 0, (cmd, r.output)
        (tmp_path / "r.png").unlink(missing_ok=True)
    assert files(tmp_path) == before  # nor a -wal or -shm left beside it


def test_an_older_history_is_read_as_it_is_and_left_for_the_next_sync(tmp_path):
    db = tmp_path / "old.sqlite"
    h = History(str(db))
    ts.sync(ts.Device(games=1), h)
    h.close()
    # as schema 2 left it: no first_seen, no first_by
    con = sqlite3.connect(str(db))
    con.execute("ALTER TABLE games DROP COLUMN first_seen")
    con.execute("ALTER TABLE games DROP COLUMN first_by")
    con.execute("UPDATE meta SET value='2' WHERE key='schema'")
    con.commit()
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    before = files(tmp_path)
    r = run("games", "--json", "--db", str(db))
    assert r.exit_code == 0, r.output
    assert '"g0001"' in r.stdout
    assert files(tmp_path) == before
    # the next sync brings it up to date
    h = History(str(db))
    assert h.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()[0] == "3"
    h.close()


def test_a_firmware_file_or_text_given_to_import_is_named_for_what_it_is_and_makes_no_history(tmp_path):
    uf2 = tmp_path / "usher-0.1.0.uf2"
    uf2.write_bytes((b"UF2\nWQ]\x9e" + bytes(24) + b"\x00" * 476 + b"0o\xb1\n") * 4)
    readme = tmp_path / "README.md"
    readme.write_text("# Usher\n\nUsher keeps score.\n")
    db = tmp_path / "imp.db"
    r = run("import", "--db", str(db), str(uf2), str(readme))
    assert r.exit_code == 1
    assert r.output.splitlines() == [
        "Error: %s is a firmware file (UF2), not a game record: usher flash puts it on a Pico" % uf2,
        "%s: not a game record (line 3 is no record's header: Usher keeps score.)" % readme,
    ]
    assert not db.exists() and sorted(os.listdir(tmp_path)) == ["README.md", "usher-0.1.0.uf2"]
    # a record among them: the history is made for it, and the others are named
    good = tmp_path / ("usher-%s-g0001.log" % DEVICE)
    good.write_bytes(device_log("dice_two_players.rec"))
    r = run("import", "--db", str(db), str(uf2), str(good))
    assert r.exit_code == 1 and "firmware file (UF2)" in r.output
    assert db.exists() and "new  %s:g0001  Dice  ok" % DEVICE[:8] in r.output
