"""The rp2 bench's per-kind rows name the press by what it means: the LCD
board's presses are logged by their keys (up, A, ...), the OLED's by their
meaning, and both must land in the same kinds."""

import json

from usher_devkit.bench import pico


def game(profile: str, log: list) -> dict:
    return {
        "game": "films", "profile": profile, "kind": "files", "commit": "abc1234", "error": "",
        "as_planned": True, "presses": len(log), "boot_free": 240608, "home_free": 135000,
        "least_free": 100000, "peak_alloc": 140000, "ms_median": 50.0,
        "worst": [90.0, log[0][0], log[0][3]], "memory_recoveries": 0, "wall_s": 1.0, "presses_log": log,
    }  # fmt: skip


def test_lcd_keys_and_oled_names_make_the_same_kinds(tmp_path, monkeypatch):
    lcd = [["down", 40.0, 100, "widgets.Menu", "widgets.Menu"], ["A", 90.0, 64800, "widgets.Menu", "newgame.Seats"]]
    oled = [["next", 30.0, 100, "widgets.Menu", "widgets.Menu"], ["ok", 80.0, 1024, "widgets.Menu", "newgame.Seats"]]
    for profile, log in (("lcd114", lcd), ("oled", oled)):
        (tmp_path / ("films-%s-files.json" % profile)).write_text(json.dumps(game(profile, log)))
    monkeypatch.setattr(pico, "GAMES_OUT", str(tmp_path))
    monkeypatch.setattr(pico, "GAMES_BEFORE", str(tmp_path / "none"))
    rows = {name: value for name, value, _ in pico.game_rows()}
    for profile, cursor, opens in (("lcd114", 40, 90), ("oled", 30, 80)):
        pre = "rp2 port, Films, best of three (%s, files): ms per press, " % profile
        assert rows[pre + "cursor move"].startswith("median %d," % cursor), rows
        assert rows[pre + "opens a screen"].startswith("median %d," % opens), rows


def test_a_game_measured_again_says_before_and_now(tmp_path, monkeypatch):
    before, now = tmp_path / "before", tmp_path / "now"
    before.mkdir()
    now.mkdir()
    old = game("lcd114", [["down", 100.0, 19211, "widgets.Menu", "widgets.Menu"]] * 3)
    new = dict(game("lcd114", [["down", 15.0, 19211, "widgets.Menu", "widgets.Menu"]] * 3), commit="def5678")
    (before / "films-lcd114-files.json").write_text(json.dumps(old))
    (now / "films-lcd114-files.json").write_text(json.dumps(new))
    # a game not measured again is left out of the per-kind rows (its commit is the before one)
    (before / "showtime-lcd114-files.json").write_text(json.dumps(dict(old, game="showtime")))
    (now / "showtime-lcd114-files.json").write_text(json.dumps(dict(old, game="showtime")))
    monkeypatch.setattr(pico, "GAMES_OUT", str(now))
    monkeypatch.setattr(pico, "GAMES_BEFORE", str(before))
    rows = {name: value for name, value, _ in pico.game_rows()}
    got = rows["rp2 port, Films, best of three (lcd114, files): ms per press, cursor move"]
    assert got == "before median 100, worst 100 (3 presses); now (at def5678) median 15, worst 15 (3 presses)", got


def test_the_press_profile_plays_the_script_lines_as_the_app_gets_them():
    from usher_devkit.bench.press_profile import events_of

    got = events_of(["ok", "next 3", "shot replay", "long ok", "back"])
    assert got == ["ok", "next", "next", "next", "ok_long", "back"], got


def test_the_press_that_starts_showtimes_scoring_replay_is_its_own_kind():
    assert pico.kind_of("ok", "showtime.turn.Play", "showtime.pages.Between") == "Showtime scoring replay start"
    assert pico.kind_of("ok", "showtime.pages.Between", "showtime.pages.Between") == "Showtime scoring replay step"
    assert pico.kind_of("ok", "showtime.turn.Play", "showtime.turn.Play") == "ok on the same screen"


def test_the_goals_say_met_or_by_how_much_not():
    log = [["down", 20.0, 100, "widgets.Menu", "widgets.Menu"], ["down", 40.0, 100, "widgets.Menu", "widgets.Menu"],
           ["down", 44.0, 100, "widgets.Menu", "widgets.Menu"], ["A", 70.0, 64800, "widgets.Menu", "newgame.Seats"],
           ["A", 300.0, 64800, "showtime.turn.Play", "showtime.pages.Between"],
           ["A", 200.0, 64800, "showtime.setup.Setup", "showtime.turn.Play"]]  # fmt: skip
    rows = dict((n, v) for n, v, _ in pico.goal_rows("x", [game("lcd114", log)]))
    assert rows["x: goal, a cursor move or value change at most 30 ms (median)"] == "not met, 10 ms over: median 40"
    assert rows["x: goal, opening a screen at most 80 ms (median)"] == "not met, 55 ms over: median 135"
    # the replay's start is left out; the game's first screen is not
    got = rows["x: goal, no press but the scoring replay's over 150 ms"]
    assert got == "not met: 1 presses, the slowest showtime.setup.Setup -> showtime.turn.Play 200 ms", got
