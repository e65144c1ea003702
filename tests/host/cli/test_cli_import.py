"""`usher import FILE...`: records from files (as the web page downloads
them) into the laptop's history, re-scored with the firmware's own rules."""

import os

import pytest
from click.testing import CliRunner
from tooling import ROOT
from usher.core.record import encode_line
from usher_tools.cli import main
from usher_tools.history.parsing import parse_record
from usher_tools.history.store import History

DEVICE = "e9fd1a0609f01142"


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def device_log(rec, actions=None):
    with open(os.path.join(ROOT, "tests", "records", rec)) as f:
        header, records = parse_record(f.read())
    if actions is not None:
        records = records[:actions]
    return b"".join(encode_line(o) for o in [header] + records)


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "history.sqlite")


def write(folder, name, data):
    path = folder / name
    path.write_bytes(data)
    return str(path)


def test_help():
    assert run("import", "--help").exit_code == 0
    assert run("web", "--help").exit_code == 0


def test_a_page_download_goes_in_under_its_device_and_name(tmp_path, db):
    data = device_log("showtime_4p.rec")
    path = write(tmp_path, "usher-%s-g0002.log" % DEVICE, data)
    r = run("import", "--db", db, path)
    assert r.exit_code == 0, r.output
    assert "new" in r.output and "g0002" in r.output
    h = History(db)
    row = h.get(DEVICE, "g0002")
    assert row["data"] == data and row["complete"] and row["status"] == "ok"
    assert row["game"] == "showtime" and row["result"]["finished"] and row["players"] == ["Anna", "Ben", "Cleo", "Dan"]
    h.close()
    again = run("import", "--db", db, path)
    assert again.exit_code == 0 and "same" in again.output


def test_a_longer_copy_of_the_same_game_updates_it(tmp_path, db):
    short = write(tmp_path, "usher-%s-g0003.log" % DEVICE, device_log("showbiz_4p.rec", 20))
    assert run("import", "--db", db, short).exit_code == 0
    longer = tmp_path / "later"
    longer.mkdir()
    path = write(longer, "usher-%s-g0003.log" % DEVICE, device_log("showbiz_4p.rec", 60))
    r = run("import", "--db", db, path)
    assert r.exit_code == 0 and "updated" in r.output, r.output
    h = History(db)
    assert len(h.all()) == 1 and not h.replaced(h.get(DEVICE, "g0003")["id"])  # grown, nothing archived
    h.close()


def test_other_file_names_and_the_device_option(tmp_path, db):
    a = write(tmp_path, "g0001.log", device_log("dice_two_players.rec"))
    b = write(tmp_path, "night.log", device_log("showtime_2p.rec"))
    assert run("import", "--db", db, a).exit_code == 0
    assert run("import", "--db", db, "--device", "abcd1234", b).exit_code == 0
    h = History(db)
    assert h.get("import", "g0001") is not None and h.get("abcd1234", "night") is not None
    h.close()


def test_a_damaged_record_is_kept_flagged_and_a_non_record_is_refused(tmp_path, db):
    torn = device_log("dice_two_players.rec") + b'{"t": "roll", "n": 1'
    bad = write(tmp_path, "usher-%s-g0009.log" % DEVICE, torn)
    other = write(tmp_path, "notes.txt", b"shopping list\n")
    r = run("import", "--db", db, bad, other)
    assert r.exit_code == 1 and "notes.txt: not a game record" in r.output
    h = History(db)
    row = h.get(DEVICE, "g0009")
    assert row["status"] == "invalid" and "damaged line" in row["problem"] and row["data"] == torn
    assert h.get("import", "notes") is None
    h.close()


def test_a_hand_written_record_with_comments_goes_in_as_the_device_would_store_it(tmp_path, db):
    text = open(os.path.join(ROOT, "tests", "records", "showtime_4p.rec")).read()
    header, records = parse_record(text)
    comments = [ln for ln in text.splitlines() if ln.lstrip().startswith("#")]
    assert comments and "*" not in text.splitlines()[-1]  # hand-written: comments, no CRCs
    path = write(tmp_path, "night.rec", text.encode())
    r = run("import", "--db", db, path)
    assert r.exit_code == 0, r.output
    assert "new" in r.output and "%d comment lines left out" % len(comments) in r.output
    # the same record without its comments goes in too, and is the same game
    bare = "\n".join(ln for ln in text.splitlines() if not ln.lstrip().startswith("#")) + "\n"
    (tmp_path / "bare").mkdir()
    r2 = run("import", "--db", db, write(tmp_path / "bare", "night.rec", bare.encode()))
    assert r2.exit_code == 0 and "same" in r2.output, r2.output
    h = History(db)
    row = h.get("import", "night")
    want = b"".join(encode_line(o) for o in [dict(header, usher=header.get("usher", 1))] + records)
    assert row["data"] == want and row["complete"] and row["status"] == "ok"
    assert row["result"]["finished"] and row["players"] == [p["name"] for p in header["setup"]["players"]]
    h.close()
    shown = run("show", "--db", db, "night")
    assert shown.exit_code == 0, shown.output


def test_the_same_record_without_its_comments_is_imported(tmp_path, db):
    text = open(os.path.join(ROOT, "tests", "records", "films_match.rec")).read()
    bare = "\n".join(ln for ln in text.splitlines() if not ln.lstrip().startswith("#")) + "\n"
    r = run("import", "--db", db, write(tmp_path, "match.rec", bare.encode()))
    assert r.exit_code == 0 and "new" in r.output and "comment" not in r.output, r.output
    h = History(db)
    header, records = parse_record(text)
    assert h.get("import", "match")["data"] == b"".join(encode_line(o) for o in [header] + records)
    h.close()


def test_a_hand_written_record_the_rules_refuse_says_which_line_and_why(tmp_path, db):
    lines = open(os.path.join(ROOT, "tests", "records", "films_match.rec")).read().splitlines()
    first_bid = next(i for i, ln in enumerate(lines) if '"bid"' in ln)
    lines[first_bid] = lines[first_bid].replace('"weeks":0', '"weeks":100')
    r = run("import", "--db", db, write(tmp_path, "bad.rec", ("\n".join(lines) + "\n").encode()))
    assert r.exit_code == 1
    assert "bad.rec: hand-written record not imported: line %d (action" % (first_bid + 1) in r.output, r.output
    no_setup = write(tmp_path, "head.rec", b'# a header without its setup\n{"game": "films"}\n')
    r = run("import", "--db", db, no_setup)
    assert r.exit_code == 1 and 'line 2: header: needs "game" and "setup"' in r.output, r.output
    h = History(db)
    assert h.all() == []
    h.close()


def test_import_and_sync_re_score_with_one_function_and_say_the_same(tmp_path, db):
    """usher import and usher sync re-score through usher_tools.history.rescore:
    a torn record and one breaking a rule are flagged in the same words."""
    from usher_tools.link.sync import rescore as syncs

    torn = device_log("dice_two_players.rec") + b'{"t": "roll", "n": 1'
    bad_rule = device_log("dice_bad_face.rec")
    for name, data in (("g0011", torn), ("g0012", bad_rule)):
        assert run("import", "--db", db, write(tmp_path, "usher-%s-%s.log" % (DEVICE, name), data)).exit_code == 0
        row = History(db).get(DEVICE, name)
        _, status, problem = syncs(data, {"name": name, "game": "dice", "finished": False})
        assert (row["status"], row["problem"]) == (status, problem) == ("invalid", problem) and problem.startswith(
            "line "
        )
