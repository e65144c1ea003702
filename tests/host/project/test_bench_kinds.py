"""docs/BENCH.md: tables a person can scan, from one run at one commit. The
renderer lays figures out with the board, the deploy and the game as
columns; a partial run or a run a commit landed in never writes BENCH.md;
the full games' figures of another commit are left out, named. And the rp2
bench's per-kind figures name the press by what it means: the LCD board's
presses are logged by their keys (up, A, ...), the OLED's by their meaning,
and both must land in the same kinds."""

import json

import usher_devkit.bench as bench
from usher_devkit.bench import pico
from usher_devkit.bench.render import fig, markdown_table, section, tables

LONGEST_CELL = 60


def game(profile: str, log: list, commit: str = "abc1234", kind: str = "files", name: str = "films") -> dict:
    return {
        "game": name, "profile": profile, "kind": kind, "commit": commit, "error": "",
        "as_planned": True, "presses": len(log), "boot_free": 240608, "home_free": 135000,
        "least_free": 100000, "peak_alloc": 140000, "ms_median": 50.0,
        "worst": [90.0, log[0][0], log[0][3]], "memory_recoveries": 0, "wall_s": 1.0, "presses_log": log,
    }  # fmt: skip


def by(figs: list, table: str, **on) -> dict:
    """{figure: value} of one table's figures measured on `on`."""
    return {f["figure"]: f["value"] for f in figs if f["table"] == table and all(f.get(k) == v for k, v in on.items())}


def assert_short(figs: list) -> None:
    for caption, labels, rows, _ in tables(figs):
        cells = [caption] + labels + [label for label, _, _ in rows] + [c for _, cs, _ in rows for c in cs]
        assert max(len(c) for c in cells) <= LONGEST_CELL, [c for c in cells if len(c) > LONGEST_CELL]


def test_lcd_keys_and_oled_names_make_the_same_kinds(tmp_path, monkeypatch):
    lcd = [["down", 40.0, 100, "widgets.Menu", "widgets.Menu"], ["A", 90.0, 64800, "widgets.Menu", "newgame.Seats"]]
    oled = [["next", 30.0, 100, "widgets.Menu", "widgets.Menu"], ["ok", 80.0, 1024, "widgets.Menu", "newgame.Seats"]]
    for profile, log in (("lcd114", lcd), ("oled", oled)):
        (tmp_path / ("films-%s-files.json" % profile)).write_text(json.dumps(game(profile, log)))
    monkeypatch.setattr(pico, "GAMES_OUT", str(tmp_path))
    figs = pico.game_figures("abc1234")
    for profile, cursor, opens in (("lcd114", 40, 90), ("oled", 30, 80)):
        kinds = by(figs, "Press by kind, all full games", board=profile, deploy="files")
        assert kinds["cursor move"] == "%d / %d (1)" % (cursor, cursor), kinds
        assert kinds["opens a screen"] == "%d / %d (1)" % (opens, opens), kinds
    assert_short(figs)


def test_full_games_of_another_commit_are_left_out_and_named(tmp_path, monkeypatch):
    log = [["down", 15.0, 19211, "widgets.Menu", "widgets.Menu"]] * 3
    (tmp_path / "films-lcd114-files.json").write_text(json.dumps(game("lcd114", log, commit="def5678")))
    old = game("lcd114", [["down", 100.0, 19211, "widgets.Menu", "widgets.Menu"]] * 3, name="showtime")
    (tmp_path / "showtime-lcd114-files.json").write_text(json.dumps(old))
    monkeypatch.setattr(pico, "GAMES_OUT", str(tmp_path))
    figs = pico.game_figures("def5678")
    measured = set(f.get("game") for f in figs if f["table"] != "Full games left out")
    assert measured == {"Films", None}, measured  # None: the per-kind figures, over every game measured
    assert by(figs, "Press by kind, all full games")["cursor move"] == "15 / 15 (3)"
    assert by(figs, "Full games left out", game="Showtime") == {"measured at": "abc1234"}
    assert "100 / 100" not in section("Full games", figs)


def test_the_press_profile_plays_the_script_lines_as_the_app_gets_them():
    from usher_devkit.bench.press_profile import events_of

    got = events_of(["ok", "next 3", "shot replay", "long ok", "back"])
    assert got == ["ok", "next", "next", "next", "ok_long", "back"], got


def test_the_press_that_starts_showtimes_scoring_replay_is_its_own_kind():
    assert pico.kind_of("ok", "showtime.turn.Play", "showtime.pages.Between") == "Showtime scoring replay start"
    assert pico.kind_of("ok", "showtime.pages.Between", "showtime.pages.Between") == "Showtime scoring replay step"
    assert pico.kind_of("ok", "showtime.turn.Play", "showtime.turn.Play") == "ok on the same screen"
    # a new game's first screen is the poster's page, and no replay: it counts as a press like the others
    assert pico.kind_of("ok", "showtime.setup.Setup", "showtime.pages.Between") == "opens a screen"


def test_the_goals_say_met_or_not():
    log = [["down", 20.0, 100, "widgets.Menu", "widgets.Menu"], ["down", 40.0, 100, "widgets.Menu", "widgets.Menu"],
           ["down", 44.0, 100, "widgets.Menu", "widgets.Menu"], ["A", 70.0, 64800, "widgets.Menu", "newgame.Seats"],
           ["A", 300.0, 64800, "showtime.turn.Play", "showtime.pages.Between"],
           ["A", 200.0, 64800, "showtime.setup.Setup", "showtime.turn.Play"]]  # fmt: skip
    figs = {f["figure"]: f for f in pico.goal_figures([game("lcd114", log)], board="lcd114")}
    cursor = figs["cursor move or value change, median"]
    assert (cursor["value"], cursor["goal"], cursor["met"]) == (40, "at most 30", False)
    opening = figs["opening a screen, median"]
    assert (opening["value"], opening["met"]) == (135, False)
    # the replay's start is left out; the game's first screen is not
    slow = figs["presses over 150 ms, the replay's aside"]
    assert (slow["value"], slow["goal"], slow["met"]) == (1, "none", False)
    assert figs["the slowest of those"]["value"] == "200 ms, showtime.setup.Setup"
    # on usher.uf2 nothing is set aside: the replay's start counts (the LCD's press-time goal, docs/BENCH.md)
    on = {"board": "lcd114", "deploy": "frozen"}
    frozen = {f["figure"]: f for f in pico.goal_figures([game("lcd114", log, kind="frozen")], **on)}
    slow = frozen["presses over 150 ms"]
    assert (slow["value"], slow["met"]) == (2, False)
    assert frozen["the slowest of those"]["value"] == "300 ms, showtime.turn.Play"


def sample() -> list:
    """Figures as the rp2 parts make them: two boards, two deploys, five games."""
    out = []
    for deploy in ("files", "frozen"):
        for board in ("lcd114", "oled"):
            for n, g in enumerate(("Showtime", "Showbiz", "Show Manager", "Films", "long session")):
                on = {"deploy": deploy, "board": board, "game": g}
                out.append(fig("Heap, full games", "least free after a press", 90000 + n, "bytes", **on))
                share = "%d%%" % (40 + n)
                out.append(fig("Heap, full games", "least free, of boot", share, "", "at least 25%", n < 4, **on))
            out.append(fig("Press by kind", "cursor move", "31 / 92 (995)", "ms", deploy=deploy, board=board))
    return out


def test_the_board_the_deploy_and_the_game_are_columns_not_labels():
    got = tables(sample())
    heaps = [t for t in got if t[0].startswith("Heap, full games")]
    # 20 columns are too many to scan: a table a deploy and board, the games as columns
    assert [t[0] for t in heaps] == [
        "Heap, full games (files, lcd114)",
        "Heap, full games (files, oled)",
        "Heap, full games (frozen, lcd114)",
        "Heap, full games (frozen, oled)",
    ]
    caption, labels, rows, _ = heaps[0]
    assert labels == ["Showtime", "Showbiz", "Show Manager", "Films", "long session"]
    assert [r[0] for r in rows] == ["least free after a press (bytes)", "least free, of boot"]
    assert rows[0][1] == ["90,000", "90,001", "90,002", "90,003", "90,004"]
    assert rows[1][1][0] == "40% (met)" and rows[1][1][4] == "44% (**not met**)"
    assert rows[1][2] == "at least 25%"
    kinds = [t for t in got if t[0] == "Press by kind"]
    assert kinds and kinds[0][1] == ["files, lcd114", "files, oled", "frozen, lcd114", "frozen, oled"]
    text = markdown_table(labels, rows)
    assert text.splitlines()[0].split("|")[-2].strip() == "goal"
    assert_short(sample())


def test_a_figure_not_measured_on_a_column_shows_a_dash_not_another_runs_value():
    figs = [fig("T", "peak", 1, board="lcd114", deploy="files"), fig("T", "peak", 2, board="oled", deploy="files")]
    figs.append(fig("T", "peak", 3, board="lcd114", deploy="romfs"))
    _, labels, rows, _ = tables(figs)[0]
    assert labels == ["files, lcd114", "files, oled", "romfs, lcd114"]
    figs.append(fig("T", "presses", 36, board="oled", deploy="files"))
    _, _, rows, _ = tables(figs)[0]
    assert rows[1] == ("presses", ["-", "36", "-"], "")


def run(monkeypatch, tmp_path, commits: list, dirty: bool = False) -> None:
    """bench.main with stand-in parts and a stand-in git."""
    revs = iter({"commit": c, "dirty": dirty} for c in commits)
    monkeypatch.setattr(bench, "revision", lambda: next(revs))
    monkeypatch.setattr(bench, "part_figures", lambda module: [fig("T", "figure of " + (module or "build"), 7)])
    monkeypatch.setattr(bench, "micropython_version", lambda: "MicroPython v0")
    monkeypatch.setattr(bench, "BENCH_MD", str(tmp_path / "BENCH.md"))
    monkeypatch.setattr(bench, "BUILD", str(tmp_path / "build"))


def test_a_whole_run_writes_the_whole_file_headed_by_its_commit(tmp_path, monkeypatch):
    (tmp_path / "BENCH.md").write_text("# old\n\n## Carried over\n\n| figure | value |\n| old row | 111 modules |\n")
    run(monkeypatch, tmp_path, ["abc1234", "abc1234"], dirty=True)
    bench.main([])
    text = (tmp_path / "BENCH.md").read_text()
    assert "Carried over" not in text and "111 modules" not in text
    assert "at commit abc1234 with uncommitted changes" in text
    assert [line[3:] for line in text.splitlines() if line.startswith("## ")] == [p[2] for p in bench.PARTS]


def test_a_partial_run_never_writes_bench_md(tmp_path, monkeypatch):
    (tmp_path / "BENCH.md").write_text("as the last whole run left it\n")
    run(monkeypatch, tmp_path, ["abc1234", "abc1234"])
    bench.main(["sync"])
    assert (tmp_path / "BENCH.md").read_text() == "as the last whole run left it\n"
    part = (tmp_path / "build" / "bench-part.md").read_text()
    assert "partial run measured at commit abc1234," in part
    assert [line[3:] for line in part.splitlines() if line.startswith("## ")] == ["Sync over a pty"]


def test_a_run_a_commit_landed_in_never_writes_bench_md(tmp_path, monkeypatch):
    (tmp_path / "BENCH.md").write_text("as the last whole run left it\n")
    run(monkeypatch, tmp_path, ["abc1234", "def5678"])
    bench.main([])
    assert (tmp_path / "BENCH.md").read_text() == "as the last whole run left it\n"
    assert "abc1234" in (tmp_path / "build" / "BENCH.md").read_text()


class Anything(dict):
    """A stand-in measurement: any key, a number (lists of numbers where a
    part takes a median)."""

    def __missing__(self, key):
        if key in ("press_log",):
            return [{"pixels": 8192}, {"pixels": 16384}]
        if key in ("after", "mean_parts"):
            return [1, 2, 3, 4]
        if key in ("marks",):
            return {"boot": 1, "home-synced": 2}
        if key in ("score",):
            return {"finished": True}
        if key in ("script_error", "error", "errors", "why"):
            return ""
        if key in ("reloads", "refused", "recoveries"):
            return 0
        return 3

    def get(self, key, default=None):
        return self[key]


def test_every_part_s_labels_and_cells_stay_short(monkeypatch):
    """Each part's figures, its measurements stood in (the real ones take an
    hour): no label or cell a person must read sideways."""
    from usher_devkit.bench import (
        films,
        full_game,
        install,
        memory,
        meter,
        session,
        show_manager,
        showbiz,
        showtime,
        sync,
        web,
    )

    def stub(*a, **k):
        return Anything()

    monkeypatch.setattr(session, "session", stub)
    monkeypatch.setattr(session, "measure", stub)
    monkeypatch.setattr(showtime, "run_game", stub)
    monkeypatch.setattr(showtime, "press_figures", stub)
    import usher_devkit.players.showtime_person as person

    monkeypatch.setattr(person, "walk_games", stub)
    monkeypatch.setattr(showbiz, "run_game", stub)
    monkeypatch.setattr(show_manager, "run_game", stub)
    monkeypatch.setattr(films, "run_match", stub)
    monkeypatch.setattr(films, "presses", lambda bids: ([4, 5, 6], [5, 20]))
    monkeypatch.setattr(full_game, "run_game", stub)
    monkeypatch.setattr(sync, "bench", stub)
    monkeypatch.setattr(memory.memsoak, "run", stub)
    import usher_devkit.planners.session as planned_session

    monkeypatch.setattr(planned_session, "run_long", stub)
    monkeypatch.setattr(meter.wasm, "firmware_tree", lambda: "tree")
    monkeypatch.setattr(meter.wasm, "heap_after_import", lambda groups: [1000] * len(groups))
    monkeypatch.setattr(bench, "mp_heap_after_import", lambda mods, tree: 1500)
    monkeypatch.setattr(meter.games, "shell_session", stub)
    monkeypatch.setattr(meter.games, "full_game", stub)
    monkeypatch.setattr(meter, "sim_peak", lambda title, profile: 150000)
    monkeypatch.setattr(web, "find_chromium", lambda: True)
    monkeypatch.setattr(web, "measure", stub)
    monkeypatch.setattr(install, "measure", stub)
    for part in (session, showtime, showbiz, show_manager, films, sync, memory, meter, web, install):
        figs = part.figures()
        assert figs and all(set(f) >= {"table", "figure", "value", "unit"} for f in figs), part
        assert_short(figs)
    figs = full_game.figures("films")  # a title with no part of its own
    assert figs and all(set(f) >= {"table", "figure", "value", "unit"} for f in figs)
    assert_short(figs)


def test_the_goals_name_the_screens_whose_cursor_moves_and_value_changes_are_slowest():
    # what stands in the way of the goal (on the OLED: its cursor moves); Show
    # Manager's entries change a number a row: value changes, not cursor moves
    log = [["next", 20.0, 100, "widgets.Menu", "widgets.Menu"], ["next", 26.0, 100, "widgets.Menu", "widgets.Menu"],
           ["next", 94.0, 900, "show_manager.entries.Entries", "show_manager.entries.Entries"],
           ["prev", 49.0, 1034, "show_manager.play.Main", "show_manager.play.Main"],
           ["next", 51.0, 1034, "show_manager.play.Main", "show_manager.play.Main"],
           ["ok", 60.0, 1034, "show_manager.play.Main", "show_manager.play.Main"]]  # fmt: skip
    figs = {f["figure"]: f["value"] for f in pico.goal_figures([game("oled", log)], board="oled")}
    assert figs["cursor move or value change, slowest screen"] == "94 ms, show_manager.entries.Entries (1)", figs
    assert figs["cursor move or value change, next slowest"] == "50 ms, show_manager.play.Main (2)", figs
    assert_short([f for f in pico.goal_figures([game("oled", log)], board="oled")])
    assert pico.kind_of("next", "show_manager.entries.Entries", "show_manager.entries.Entries") == "value change"


def test_a_full_game_on_usher_uf2_counts_its_presses_over_the_bound(tmp_path, monkeypatch):
    log = [["down", 40.0, 100, "widgets.Menu", "widgets.Menu"], ["A", 100.5, 64800, "widgets.Menu", "newgame.Seats"]]
    (tmp_path / "films-lcd114-frozen.json").write_text(json.dumps(game("lcd114", log, kind="frozen")))
    (tmp_path / "films-oled-files.json").write_text(json.dumps(game("oled", log + log)))
    monkeypatch.setattr(pico, "GAMES_OUT", str(tmp_path))
    figs = pico.game_figures("abc1234")
    press = "Press to the end of its redraw, full games"
    row = [f for f in figs if f["table"] == press and f["figure"] == "presses over 100 ms"]
    frozen = [f for f in row if f["deploy"] == "frozen"]
    files = [f for f in row if f["deploy"] == "files"]
    assert [f["value"] for f in frozen] == [1] and [f["value"] for f in files] == [2], row
    assert frozen[0].get("met") is False and files[0].get("goal", "") == "", row  # a goal for usher.uf2 only


def test_the_language_part_sets_the_language_on_the_flash_and_says_both(tmp_path, monkeypatch):
    """English and German on usher.uf2: the German run is told by its own
    flash (settings.json's lang), each figure names its language, the long
    session's English comes from the full games of this commit."""
    from usher_devkit.bench import language

    played = []

    def session(profile, frozen, lang):
        played.append((profile, frozen, lang))
        return {"home_heap": (50000, 190000 if lang == "en" else 189000), "heap_log": [["ok", 60000, 180000]]}

    monkeypatch.setattr(language.pico, "session", session)
    de_long = {
        "heap_log": [["ok", 1, 170000]],
        "as_planned": True,
        "press_times": [["ok", 40.0, 10, 0], ["next", 101.5, 10, 1]],
        "screens": ["home.Home", "widgets.Menu"],
    }
    monkeypatch.setattr(language.pico, "full_game", lambda *a: de_long)
    monkeypatch.setattr(language.pico, "headroom", lambda: {"left": 81920, "ratio": 1.1})
    monkeypatch.setattr(language, "german_bytes", lambda: 4000)
    monkeypatch.setattr(language.pico, "_commit", lambda: "abc1234")
    long_en = game("lcd114", [["A", 50.0, 10, "m", "m"]], kind="frozen", name="long_session")
    (tmp_path / "long_session-lcd114-frozen.json").write_text(json.dumps(long_en))
    monkeypatch.setattr(language.pico, "GAMES_OUT", str(tmp_path))
    monkeypatch.setattr(language.os.path, "exists", lambda p: True)
    figs = language.figures()
    assert played == [("lcd114", True, "en"), ("lcd114", True, "de"), ("oled", True, "en"), ("oled", True, "de")]
    got = by(figs, language.TABLE, board="lcd114")
    assert got["heap free at Home, English"] == 190000 and got["heap free at Home, Deutsch"] == 189000
    assert got["least free, long session, English"] == 100000 and got["least free, long session, Deutsch"] == 170000
    assert got["long session as planned, Deutsch"] == "yes"
    assert got["worst press, long session, Deutsch"] == 102 and got["worst press, on"] == "next on widgets.Menu"
    assert got["presses over 100 ms, Deutsch"] == 1
    assert by(figs, language.TABLE)["German tables, frozen (about)"] == 4400
    assert by(figs, language.TABLE)["firmware area left, English alone (about)"] == 81920 + 4400
    assert_short(figs)


def test_a_german_flash_holds_the_language_and_a_files_deploy_is_refused(tmp_path):
    from usher_tools.emulator.flash import flash_files

    flash = pico._flash(str(tmp_path), "oled", True, 1, "de")
    assert json.loads(flash_files(flash)["data/settings.json"]) == {"lang": "de"}
    english = pico._flash(str(tmp_path / "en"), "oled", True, 1) if (tmp_path / "en").mkdir() is None else ""
    assert "data/settings.json" not in flash_files(english)
    import pytest

    with pytest.raises(ValueError):
        pico._flash(str(tmp_path), "oled", False, 1, "de")


def test_a_full_game_that_passed_at_this_commit_is_not_played_again(tmp_path, monkeypatch):
    """make pico-games goes on where a cut-short run stopped: a game is
    skipped only when it passed every gate at this very commit, on a clean tree."""
    here = {"commit": "abc1234", "dirty": False}
    monkeypatch.setattr(pico, "revision", lambda: dict(here))
    path = tmp_path / "films-oled-frozen.json"
    assert not pico.passed_here(str(path))  # never played
    g = game("oled", [["A", 50.0, 10, "m", "m"]], kind="frozen")
    path.write_text(json.dumps(g))
    assert not pico.passed_here(str(path))  # played, but its gates not (yet) passed
    path.write_text(json.dumps(dict(g, passed=True)))
    assert pico.passed_here(str(path))
    path.write_text(json.dumps(dict(g, passed=True, commit="0ld0ld0")))
    assert not pico.passed_here(str(path))  # another commit's
    path.write_text(json.dumps(dict(g, passed=True, dirty=True)))
    assert not pico.passed_here(str(path))  # measured on changes never committed
    path.write_text(json.dumps(dict(g, passed=True)))
    here["dirty"] = True
    assert not pico.passed_here(str(path))  # this tree differs from the commit now
    path.write_text("{half a fi")
    here["dirty"] = False
    assert not pico.passed_here(str(path))
