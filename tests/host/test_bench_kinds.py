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
    rows = {name: value for name, value, _ in pico.game_rows()}
    for profile, cursor, opens in (("lcd114", 40, 90), ("oled", 30, 80)):
        pre = "rp2 port, every full game (%s, files): ms per press, " % profile
        assert rows[pre + "cursor move"].startswith("median %d," % cursor), rows
        assert rows[pre + "opens a screen"].startswith("median %d," % opens), rows
