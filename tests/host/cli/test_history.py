"""The laptop's SQLite history: where it lives, how games are found, and that
nothing synced is ever lost."""

import sqlite3

import pytest
from usher_tools.history import store as hmod
from usher_tools.history.store import History


def view(name="g0001", size=10, **kw):
    v = {
        "name": name,
        "game": "dice",
        "created": 1764400000,
        "players": ["Anna", "Ben"],
        "finished": False,
        "size": size,
    }
    v.update(kw)
    return v


def test_env_var_chooses_the_file(tmp_path, monkeypatch):
    path = str(tmp_path / "x" / "h.sqlite")
    monkeypatch.setenv("USHER_DB", path)
    assert hmod.default_path() == path
    h = History()
    assert h.path == path
    h.close()
    assert (tmp_path / "x" / "h.sqlite").exists()


def test_default_is_in_the_user_data_folder(monkeypatch, tmp_path):
    import platformdirs

    monkeypatch.delenv("USHER_DB", raising=False)
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda app, appauthor=None: str(tmp_path / app))
    assert hmod.default_path() == str(tmp_path / "usher" / "history.sqlite")


def test_partial_then_complete_keeps_one_row(tmp_path):
    h = History(str(tmp_path / "h.sqlite"))
    h.save_partial("dev1", view(), b"abc")
    assert h.get("dev1", "g0001")["status"] == "partial"
    h.save_complete("dev1", view(), b"abcdef", {"game": "dice"}, "ok", "")
    rows = h.all()
    assert len(rows) == 1 and rows[0]["data"] == b"abcdef" and rows[0]["complete"] == 1
    assert h.replaced(rows[0]["id"]) == []  # growing is not replacing


def test_different_bytes_under_the_same_name_archive_the_old_copy(tmp_path):
    h = History(str(tmp_path / "h.sqlite"))
    h.save_complete("dev1", view(), b"first version", {}, "invalid", "action 2: bad")
    h.save_complete("dev1", view(), b"second", {}, "ok", "")
    row = h.get("dev1", "g0001")
    old = h.replaced(row["id"])
    assert [(o["data"], o["status"], o["problem"]) for o in old] == [(b"first version", "invalid", "action 2: bad")]


def test_find_by_id_name_and_device_prefix(tmp_path):
    h = History(str(tmp_path / "h.sqlite"))
    h.save_complete("aaaa1111", view("g0001"), b"x", {}, "ok", "")
    h.save_complete("bbbb2222", view("g0001"), b"y", {}, "ok", "")
    h.save_complete("bbbb2222", view("g0002"), b"z", {}, "ok", "")
    assert len(h.find("g0001")) == 2
    assert [r["data"] for r in h.find("bbbb:g0001")] == [b"y"]
    gid = h.find("g0002")[0]["id"]
    assert h.find(str(gid))[0]["name"] == "g0002"
    assert h.find("g0404") == [] and h.find("999") == []
    assert h.find("%:g0001") == [] and h.find("b_bb:g0001") == []  # no SQL wildcards from the user


def test_history_from_a_newer_usher_is_not_touched(tmp_path):
    path = str(tmp_path / "h.sqlite")
    History(path).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value='99' WHERE key='schema'")
    db.commit()
    db.close()
    with pytest.raises(RuntimeError, match="newer usher"):
        History(path)


def test_reader_sees_committed_partial_bytes_while_a_writer_holds_the_file(tmp_path):
    path = str(tmp_path / "h.sqlite")
    w = History(path)
    w.save_partial("dev1", view(), b"0123")
    r = History(path)
    assert r.get("dev1", "g0001")["data"] == b"0123"
