"""Every game of the firmware's catalog has its entry in every per-game table
of the host and the tests: the score sheet, the full scripted games (and so
the bench and the emulated Pico's memory gate), the 32-bit meter, the
README's pictures, the memory loops, the bad-record tests, the web page and
the manual. A fifth game added to the catalog fails here until it has them
all, rather than drifting out of one of them unseen."""

import os

from tooling import ROOT
from usher_tools.paths import use_firmware

use_firmware()
from usher.games.catalog import GAMES, NAME, TITLE  # noqa: E402

PLAYED = [e[NAME] for e in GAMES if e[NAME] != "dice"]  # the titles with rules and a full game
ALL = [e[NAME] for e in GAMES]


def test_the_score_sheet_tells_every_game():
    from usher_tools.sheet import TELLERS

    assert sorted(TELLERS) == sorted(ALL)


def test_every_title_has_its_full_scripted_game_and_bench_label():
    from usher_tools import bench_wasm, full_games
    from usher_tools.wasm import games as wasm_games

    assert [g for g in PLAYED if g not in full_games.GAMES] == []
    assert sorted(wasm_games.GAMES) == sorted(PLAYED)
    assert [g for g in PLAYED if g not in bench_wasm.LABEL] == []


def test_every_title_has_its_pictures_in_the_manual():
    from usher_tools.screens import PICKS

    assert sorted(PICKS) == sorted(PLAYED)
    with open(os.path.join(ROOT, "docs", "PLAYING.md")) as f:
        manual = f.read()
    for g in PLAYED:
        for shot in PICKS[g]:
            assert "screens/%s-%s-lcd114.png" % (g, shot) in manual, (g, shot)


def test_every_game_is_in_the_memory_loops():
    from usher_tools import memsoak

    ops = set(memsoak.OPS)
    missing = [g for g in ALL if not ops & {g + "_game", g + "_leave", g + "_abandon"}]
    assert missing == [] and all(op in memsoak.WHAT for op in ops)


def test_every_game_has_its_bad_records():
    from test_cli_score_bad import FILES

    assert sorted(FILES) == sorted(ALL)


def test_the_web_page_and_the_manual_name_every_title():
    with open(os.path.join(ROOT, "host_tools", "usher_tools", "web", "page", "index.html")) as f:
        page = f.read()
    with open(os.path.join(ROOT, "docs", "PLAYING.md")) as f:
        manual = f.read()
    titles = [e[TITLE] for e in GAMES if e[NAME] != "dice"]
    assert [t for t in titles if t not in page] == []
    assert [e[TITLE] for e in GAMES if "**%s" % e[TITLE] not in manual] == []
