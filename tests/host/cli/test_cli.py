"""The `usher` commands on the history (games, show, stats, report, export),
their errors without a device, and `--help` everywhere."""

import csv
import io
import json
import sys
import types

import pytest
from click.testing import CliRunner
from usher.core.game import Game
from usher.core.record import encode_line
from usher_tools.cli import main
from usher_tools.history.store import History
from usher_tools.link.sync import rescore

from host.sync import test_sync as ts


def run(*args, env=None):
    return CliRunner().invoke(main, list(args), env=env, catch_exceptions=False)


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "history.sqlite")


def synced(db, games=2):
    dev = ts.Device(games=games)
    h = History(db)
    ts.sync(dev, h)
    h.close()
    return dev


def result(players, finished=True):
    """A re-score result as sync stores it: [(name, score, rank)]."""
    ps = [{"name": n, "score": s, "rank": r} for n, s, r in players]
    winners = [p["name"] for p in ps if p["rank"] == 1] if finished else []
    return {
        "game": "testgame",
        "finished": finished,
        "players": ps,
        "winner": winners[0] if len(winners) == 1 else (winners or None),
    }


def finished_history(db):
    """Hand-made results, so the figures below are worked out by hand."""
    h = History(db)
    plays = [
        ("g0001", "testgame", [("Anna", 30, 1), ("Ben", 20, 2)], True, "ok"),
        ("g0002", "testgame", [("Ben", 25, 1), ("Anna", 10, 2)], True, "ok"),
        ("g0003", "testgame", [("Anna", 15, 1), ("Ben", 15, 1)], True, "ok"),
        ("g0004", "other", [("Cleo", 7, 1)], True, "ok"),
        ("g0005", "testgame", [("Anna", 99, 1), ("Ben", 0, 2)], False, "ok"),
        ("g0006", "testgame", [("Anna", 50, 1), ("Ben", 1, 2)], True, "invalid"),
    ]
    for i, (name, game, ps, fin, status) in enumerate(plays):
        seats = sorted(p[0] for p in ps)
        view = {"name": name, "game": game, "created": 1764400000 + i * 86400, "players": seats, "size": 3}
        res = result(ps, fin)
        res["game"] = game
        h.save_complete("dev1", view, b"...", res, status, "" if status == "ok" else "action 2: bad")
    h.close()


# -- help and errors ------------------------------------------------------------------
@pytest.mark.parametrize(
    "cmd",
    [
        [],
        ["ports"],
        ["sync"],
        ["games"],
        ["show"],
        ["stats"],
        ["report"],
        ["export"],
        ["roster"],
        ["roster", "push"],
        ["roster", "pull"],
        ["settings"],
        ["settings", "push"],
        ["settings", "pull"],
        ["delete"],
        ["score"],
        ["build"],
        ["deploy"],
    ],
)
def test_every_command_has_help(cmd):
    r = run(*(cmd + ["--help"]))
    assert r.exit_code == 0 and "Usage:" in r.output


def test_sync_without_a_pico_says_so_with_exit_code_3(db, monkeypatch):
    monkeypatch.setattr("usher_tools.link.ports.picos", lambda: [])
    r = run("sync", "--db", db)
    assert r.exit_code == 3
    assert "no Pico found" in r.output


def test_sync_on_a_port_that_does_not_exist_is_exit_code_3(db):
    r = run("sync", "--db", db, "--port", "/dev/no-such-usher-port")
    assert r.exit_code == 3 and "no such port /dev/no-such-usher-port" in r.output


class FakePort:
    def __init__(self, device, vid, serial="E6614C311B7A5C2D"):
        self.device, self.vid, self.serial_number, self.description = device, vid, serial, "Board in FS mode"


def test_ports_lists_only_raspberry_pi_vendor_devices(monkeypatch):
    from serial.tools import list_ports

    monkeypatch.setattr(
        list_ports,
        "comports",
        lambda: [FakePort("/dev/no-such-usher-ACM0", 0x2E8A), FakePort("/dev/no-such-usher-USB0", 0x10C4)],
    )
    r = run("ports", "--json")
    assert r.exit_code == 0
    # a port that cannot be opened has no version, and the listing goes on
    assert json.loads(r.output) == [
        {
            "port": "/dev/no-such-usher-ACM0",
            "serial": "E6614C311B7A5C2D",
            "description": "Board in FS mode",
            "version": None,
            "micropython": None,
        }
    ]


def test_ports_without_a_pico_says_so_with_exit_code_3(monkeypatch):
    from serial.tools import list_ports

    monkeypatch.setattr(list_ports, "comports", lambda: [FakePort("/dev/ttyUSB0", 0x10C4)])  # not a Pico
    r = run("ports")
    assert r.exit_code == 3 and "no Pico found" in r.output
    r = run("ports", "--json")
    assert r.exit_code == 3 and json.loads(r.stdout) == [] and "no Pico found" in r.stderr


def test_two_picos_need_a_port_choice(monkeypatch, db):
    from serial.tools import list_ports

    monkeypatch.setattr(
        list_ports, "comports", lambda: [FakePort("/dev/ttyACM0", 0x2E8A), FakePort("/dev/ttyACM1", 0x2E8A)]
    )
    r = run("roster", "pull")
    assert r.exit_code == 3 and "several Picos" in r.output and "--port" in r.output


def test_unknown_game_reference_is_a_clear_error(db):
    synced(db)
    r = run("show", "g0404", "--db", db)
    assert r.exit_code == 1 and "no game 'g0404'" in r.output


# -- games and show ---------------------------------------------------------------------
def test_games_lists_synced_games_as_json(db):
    synced(db, games=2)
    r = run("games", "--db", db, "--json")
    got = json.loads(r.output)
    assert [g["name"] for g in got] == ["g0001", "g0002"]
    assert got[0]["device"] == ts.DEVICE_ID
    assert got[0]["status"] == "ok" and got[0]["finished"] is False
    assert [p["name"] for p in got[0]["players"]] == ["Anna", "Ben"]


def test_db_can_come_from_the_environment(db):
    synced(db, games=1)
    r = run("games", "--json", env={"USHER_DB": db})
    assert [g["name"] for g in json.loads(r.output)] == ["g0001"]


def test_games_table_is_plain_text(db):
    synced(db, games=1)
    r = run("games", "--db", db)
    assert "g0001" in r.output and "Anna, Ben" in r.output and "\x1b[" not in r.output


def test_show_lists_actions_with_undone_ones_marked_and_standings(db):
    dev = ts.Device(games=1, rolls=2)
    dev.library.open("g0001").undo()
    h = History(db)
    ts.sync(dev, h)
    h.close()
    data = json.loads(run("show", "g0001", "--db", db, "--json").output)
    assert [a["undone"] for a in data["actions"]] == [False, True, False]
    assert data["actions"][2]["action"] == "undo"
    assert data["actions"][0]["action"].startswith("roll ")
    assert data["standings"] == [{"rank": 1, "name": "Anna", "score": 0}, {"rank": 1, "name": "Ben", "score": 0}]
    assert data["sheet"] is None  # dice has no per-round table
    text = run("show", "g0001", "--db", db).output
    # dice keeps no score: its rolls counted instead of a table of zeros (which says nothing)
    assert "(undone)" not in text and "1. roll 2d6: " in text and "Standings" not in text
    assert "1 roll, 0 draws" in text.splitlines()
    assert "2 records are undos or undone moves" in text
    raw = run("show", "g0001", "--db", db, "--raw").output
    assert "(undone)" in raw and "1 roll, 0 draws" in raw.splitlines()


class RoundGame(Game):
    """A made-up game for the score-sheet hook: two rounds of points."""

    name = "fakesheet"
    title = "Fake sheet"

    def new(self, setup):
        return {"players": setup["players"], "rounds": []}

    def step(self, state, action):
        state["rounds"].append(list(action["pts"]))

    def is_over(self, state):
        return len(state["rounds"]) == 2

    def scores(self, state):
        return [sum(r[i] for r in state["rounds"]) for i in range(len(state["players"]))]


class WithSheet(RoundGame):
    def score_sheet(self, state):
        names = [p["name"] for p in state["players"]]
        return {"columns": ["Round"] + names, "rows": [[i + 1] + r for i, r in enumerate(state["rounds"])]}


def install(monkeypatch, game, module_hook=None):
    import usher.games.catalog as c

    mod = types.ModuleType("usher.games.fakesheet.game")
    mod.GAME = game
    if module_hook:
        mod.score_sheet = module_hook
    type(game).__module__ = "usher.games.fakesheet.game"
    monkeypatch.setitem(sys.modules, "usher.games.fakesheet", types.ModuleType("usher.games.fakesheet"))
    monkeypatch.setitem(sys.modules, "usher.games.fakesheet.game", mod)
    monkeypatch.setattr(c, "GAMES", c.GAMES + (c.Entry("fakesheet", "Fake", 1, 8),))


def fake_row(db):
    head = {"usher": 1, "game": "fakesheet", "created": 1764400000}
    head["setup"] = {"players": [{"name": "Anna", "colour": 0}, {"name": "Ben", "colour": 1}], "options": {}}
    data = encode_line(head) + encode_line({"t": "score", "pts": [3, 5]}) + encode_line({"t": "score", "pts": [4, 1]})
    view = {"name": "g0007", "game": "fakesheet", "created": 1764400000, "players": ["Anna", "Ben"], "size": len(data)}
    view["finished"] = True
    res, status, problem = rescore(data, view)
    h = History(db)
    h.save_complete("dev1", view, data, res, status, problem)
    h.close()
    return status


def test_show_uses_the_games_score_sheet_method(db, monkeypatch):
    install(monkeypatch, WithSheet())
    assert fake_row(db) == "ok"
    data = json.loads(run("show", "g0007", "--db", db, "--json").output)
    assert data["sheet"] == {"columns": ["Round", "Anna", "Ben"], "rows": [[1, 3, 5], [2, 4, 1]]}
    assert data["standings"][0] == {"rank": 1, "name": "Anna", "score": 7}
    text = run("show", "g0007", "--db", db).output
    assert "Round" in text and "Standings" in text


def test_show_uses_a_module_level_score_sheet(db, monkeypatch):
    def sheet(state):
        return {"columns": ["R", "total"], "rows": [[len(state["rounds"]), 13]], "title": "Totals"}

    install(monkeypatch, RoundGame(), module_hook=sheet)
    fake_row(db)
    data = json.loads(run("show", "g0007", "--db", db, "--json").output)
    assert data["sheet"]["rows"] == [[2, 13]]


def test_malformed_score_sheet_falls_back_to_standings(db, monkeypatch):
    install(monkeypatch, RoundGame(), module_hook=lambda state: {"columns": ["a", "b"], "rows": [[1]]})
    fake_row(db)
    data = json.loads(run("show", "g0007", "--db", db, "--json").output)
    assert data["sheet"] is None and data["standings"][1]["name"] == "Ben"


def test_show_of_a_record_that_cannot_replay_exits_1_and_says_why(db):
    h = History(db)
    data = encode_line(
        {"usher": 1, "game": "dice", "created": 0, "setup": {"players": [], "options": {}, "components": {"bags": {}}}}
    )
    data += encode_line({"t": "roll", "n": 1, "faces": [8]})
    view = {"name": "g0009", "game": "dice", "created": 0, "players": [], "size": len(data)}
    res, status, problem = rescore(data, view)
    h.save_complete("dev1", view, data, res, status, problem)
    h.close()
    r = run("show", "g0009", "--db", db)
    said = " ".join(r.output.split())  # the words, however the terminal's width wraps them
    assert r.exit_code == 1 and "face must be 1-6" in said and "invalid" in said


# -- stats and export -------------------------------------------------------------------
def test_stats_per_title_and_player_worked_by_hand(db):
    finished_history(db)
    s = json.loads(run("stats", "--db", db, "--json").output)
    titles = {t["game"]: t for t in s["titles"]}
    assert titles["testgame"]["plays"] == 3
    assert titles["testgame"]["average"] == round(115 / 6, 2)
    assert (titles["testgame"]["best"], titles["testgame"]["best_by"]) == (30, "Anna")
    assert titles["other"]["plays"] == 1
    rows = {(p["player"], p["game"]): p for p in s["players"]}
    anna = rows[("Anna", "testgame")]
    assert (anna["plays"], anna["wins"], anna["average"], anna["best"]) == (3, 2, round(55 / 3, 2), 30)
    ben = rows[("Ben", "testgame")]
    assert (ben["plays"], ben["wins"], ben["average"], ben["best"]) == (3, 2, 20.0, 25)
    assert (rows[("Cleo", "other")]["wins"], rows[("Cleo", "other")]["best"]) == (1, 7)
    assert s["left_out"] == {"unfinished": 1, "flagged": 1, "partial": 0}
    text = run("stats", "--db", db).output
    assert "left out: 1 unfinished, 1 flagged" in text


def test_export_bgstats_has_the_documented_fields_and_leaves_flagged_games_out(db):
    from urllib.parse import unquote

    from usher_tools.history.bgstats import LINK

    finished_history(db)
    r = CliRunner().invoke(main, ["export", "--db", db, "--format", "bgstats-links"])
    plays = [json.loads(unquote(line[len(LINK) :])) for line in r.stdout.splitlines()]
    assert [p["sourcePlayId"] for p in plays] == ["dev1:g0001", "dev1:g0002", "dev1:g0003", "dev1:g0004"]
    p = plays[0]
    assert p["game"] == {"name": "testgame", "highestWins": True, "noPoints": False, "sourceGameId": "testgame"}
    assert p["location"] == "Usher"
    assert len(p["playDate"]) == 19 and p["playDate"][4] == "-" and p["playDate"][13] == ":"
    # these hand-made rows have no record to tell who started: nobody is marked
    assert p["players"] == [
        {
            "name": "Anna",
            "sourcePlayerId": "Anna",
            "score": 30,
            "winner": True,
            "startPlayer": False,
            "rank": 1,
            "role": "",
        },
        {
            "name": "Ben",
            "sourcePlayerId": "Ben",
            "score": 20,
            "winner": False,
            "startPlayer": False,
            "rank": 2,
            "role": "",
        },
    ]
    tie = plays[2]["players"]
    assert [q["winner"] for q in tie] == [True, True]
    assert "left out of BG Stats: g0006 (invalid" in r.stderr
    # the import file holds the same four plays, and leaves the same game out
    r = CliRunner().invoke(main, ["export", "--db", db, "--format", "bgstats"])
    backup = json.loads(r.stdout)
    assert [len(backup[k]) for k in ("players", "games", "plays")] == [3, 2, 4]
    assert [s["score"] for s in backup["plays"][0]["playerScores"]] == ["30", "20"]
    assert "left out of BG Stats: g0006 (invalid" in r.stderr


def test_export_csv_has_a_row_per_player(db):
    finished_history(db)
    rows = list(csv.DictReader(io.StringIO(run("export", "--db", db, "--format", "csv").output)))
    assert len(rows) == 11  # 2+2+2+1+2+2 players over six games
    first = rows[0]
    assert (first["name"], first["player"], first["score"], first["rank"], first["winner"]) == (
        "g0001",
        "Anna",
        "30",
        "1",
        "1",
    )
    assert {r["status"] for r in rows if r["name"] == "g0006"} == {"invalid"}


def test_export_json_to_a_file(db, tmp_path):
    finished_history(db)
    out = tmp_path / "plays.json"
    run("export", "--db", db, "--format", "json", "-o", str(out))
    games = json.loads(out.read_text())
    assert len(games) == 6 and games[4]["finished"] is False and games[5]["problem"] == "action 2: bad"


# -- report -----------------------------------------------------------------------------
def test_report_writes_a_png_of_the_game(db, tmp_path, monkeypatch):
    from PIL import Image

    install(monkeypatch, WithSheet())
    fake_row(db)
    out = tmp_path / "night.png"
    r = run("report", "g0007", "--db", db, "-o", str(out))
    assert r.exit_code == 0 and str(out) in r.output
    img = Image.open(out)
    assert img.format == "PNG" and img.size == (800, 700)
    colours = img.convert("RGB").getcolors(maxcolors=100000)
    assert colours is not None and len(colours) > 20  # lines, bars and text, not a blank page


def test_report_of_a_dice_game_works_too(db, tmp_path):
    synced(db, games=1)
    out = tmp_path / "d.png"
    assert run("report", "g0001", "--db", db, "-o", str(out)).exit_code == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_sync_warns_when_the_device_runs_an_older_usher():
    from usher_tools.cli.link import device_is_older
    from usher_tools.version import usher_version

    mine = usher_version()
    major, rest = mine.split(".", 1)
    assert device_is_older(mine) == ""
    assert device_is_older("%d.%s" % (int(major) + 1, rest)) == ""
    older = "0.0.0" if mine != "0.0.0" else ""
    if older:
        warning = device_is_older(older)
        assert mine in warning and older in warning and "usher flash" in warning
